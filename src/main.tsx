import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { configureHttpClient } from './lib/http';

if (import.meta.env.VITE_API_BASE_URL)
  configureHttpClient({ baseURL: import.meta.env.VITE_API_BASE_URL });

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
