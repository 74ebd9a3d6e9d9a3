import { useState, type ReactNode } from 'react';
import { Router, useLocation, useSearch } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { AppProvider } from '@/app/provider';
import { UnsavedChangesProvider } from '@/components/unsaved-changes';

/** Renders the current location for play functions: `data-testid="location"`. */
function LocationProbe() {
  const [location] = useLocation();
  const search = useSearch();
  return (
    <output data-testid="location" hidden>
      {search ? `${location}?${search}` : location}
    </output>
  );
}

/**
 * What every story renders in: the app's providers (Chakra, toaster, a fresh SWR cache), a
 * wouter memory location starting at `parameters.route` and, as in the app, the unsaved-changes
 * guard.
 */
export function StoryShell({ route, children }: { route: string; children: ReactNode }) {
  const [memory] = useState(() => memoryLocation({ path: route, record: true }));
  return (
    <AppProvider>
      <Router hook={memory.hook} searchHook={memory.searchHook}>
        <UnsavedChangesProvider>
          {children}
          <LocationProbe />
        </UnsavedChangesProvider>
      </Router>
    </AppProvider>
  );
}
