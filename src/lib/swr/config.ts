import type { SWRConfiguration } from 'swr';
import { GcCache, retainKeys } from './gc-cache';

/**
 * Data-fetching defaults of docs/product.md §9: nothing is refetched on focus, on reconnect or when a screen
 * mounts with cached data (screens revalidate explicitly after a change), and unused data is
 * dropped after 60 s. A client error (4xx other than 408/429) is not retried.
 */
export const swrDefaults: SWRConfiguration = {
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  revalidateIfStale: false,
  errorRetryCount: 2,
  shouldRetryOnError: (error: unknown) => {
    // Read structurally (ApiError has `status`): importing the HTTP layer here would put axios in
    // the entry chunk, which the landing page does not need.
    const status = (error as { status?: unknown } | null)?.status;
    return !(
      typeof status === 'number' &&
      status >= 400 &&
      status < 500 &&
      status !== 408 &&
      status !== 429
    );
  },
  use: [retainKeys],
};

/** A fresh cache per SWRConfig mount (SWR calls the provider once). */
export const gcCacheProvider = () => new GcCache();
