import { UnsavedChangesProvider } from '@/components/unsaved-changes';
import { RootProvider } from './root-provider';
import { AppRoutes } from './routes';

export function App() {
  return (
    <RootProvider>
      {/* Inside the (browser) router: guards every navigation against losing unsaved changes. */}
      <UnsavedChangesProvider>
        <AppRoutes />
      </UnsavedChangesProvider>
    </RootProvider>
  );
}
