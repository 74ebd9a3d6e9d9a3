import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { activateLocale, DEFAULT_LOCALE, storedLocale } from './lib/i18n';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

async function start(container: HTMLElement) {
  // Loaded on demand like the screens that call the API (the landing page does not).
  if (import.meta.env.VITE_API_BASE_URL) {
    const { configureHttpClient } = await import('./lib/http');
    configureHttpClient({ baseURL: import.meta.env.VITE_API_BASE_URL });
  }
  // `npm run dev:mock`: the API is answered in the browser by MSW (mocks/). The import is dynamic
  // and behind a build-time constant, so production bundles contain no mocks.
  if (import.meta.env.VITE_MOCK === '1') {
    const { startMockWorker } = await import('../mocks/browser');
    await startMockWorker();
  }
  // French or Arabic: their catalogue before the first paint (English needs none).
  const locale = storedLocale();
  if (locale !== DEFAULT_LOCALE) await activateLocale(locale, { remember: false });
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start(root);
