import { UnsavedChangesProvider } from '@/components/unsaved-changes';
import { AppProvider } from './provider';
import { AppRoutes } from './routes';

export function App() {
  return (
    <AppProvider>
      {/* Inside the (browser) router: guards every navigation against losing unsaved changes. */}
      <UnsavedChangesProvider>
        <AppRoutes />
      </UnsavedChangesProvider>
    </AppProvider>
  );
}
