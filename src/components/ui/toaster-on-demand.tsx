import { lazy, Suspense, useSyncExternalStore } from 'react';

// The toaster (Chakra's toast machine) is loaded by the first toast, not with every page: the
// sign-in page, for one, shows none until an attempt is over.
let loading: Promise<typeof import('./toaster')> | undefined;
const listeners = new Set<() => void>();

/** The toaster store, loaded (and the toaster mounted) on first use. */
export function loadToaster(): Promise<typeof import('./toaster')> {
  if (!loading) {
    loading = import('./toaster');
    for (const listener of listeners) listener();
  }
  return loading;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const isLoading = () => loading !== undefined;

const Toaster = lazy(async () => ({ default: (await loadToaster()).Toaster }));

/** The app's toaster, mounted once something was toasted. */
export function ToasterOnDemand() {
  const wanted = useSyncExternalStore(subscribe, isLoading, () => false);
  return wanted ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
