import { useEffect } from 'react';
import { unstable_serialize, useSWRConfig, type Cache, type Middleware, type State } from 'swr';

/** docs/product.md §9: query data that no mounted component uses is dropped 60 s later. */
export const CACHE_GC_MS = 60_000;

/**
 * SWR cache with a garbage-collection time, like TanStack Query's gcTime. SWR itself keeps every
 * entry forever and does not tell the cache who is using a key, so `retainKeys` (below) counts the
 * mounted hooks per key: an entry is deleted `gcMs` after its last user unmounted (or after it
 * was written while nobody used it), unless a user came back in between.
 */
export class GcCache implements Cache {
  private readonly entries = new Map<string, State>();
  private readonly users = new Map<string, number>();
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();

  constructor(private readonly gcMs: number = CACHE_GC_MS) {}

  keys(): IterableIterator<string> {
    return this.entries.keys();
  }

  get(key: string): State | undefined {
    return this.entries.get(key);
  }

  set(key: string, value: State): void {
    this.entries.set(key, value);
    if (!this.users.get(key)) this.schedule(key);
  }

  delete(key: string): void {
    this.entries.delete(key);
    this.cancel(key);
  }

  /** A hook using `key` mounted: keep its entry. */
  retain(key: string): void {
    this.users.set(key, (this.users.get(key) ?? 0) + 1);
    this.cancel(key);
  }

  /** A hook using `key` unmounted (or moved to another key): start the countdown at 0 users. */
  release(key: string): void {
    const left = (this.users.get(key) ?? 1) - 1;
    if (left > 0) return void this.users.set(key, left);
    this.users.delete(key);
    if (this.entries.has(key)) this.schedule(key);
  }

  private schedule(key: string): void {
    this.cancel(key);
    this.timers.set(
      key,
      setTimeout(() => {
        this.timers.delete(key);
        if (!this.users.get(key)) this.entries.delete(key);
      }, this.gcMs),
    );
  }

  private cancel(key: string): void {
    const timer = this.timers.get(key);
    if (timer !== undefined) clearTimeout(timer);
    this.timers.delete(key);
  }
}

/**
 * Keeps the entries of these serialized keys while the calling component is mounted (for keys
 * that no useSWR call names, such as the pages of a useSWRInfinite list).
 */
export function useRetainedKeys(keys: readonly string[]): void {
  const { cache } = useSWRConfig();
  // One string, so that an equal list of keys does not re-run the effect.
  const joined = keys.filter(Boolean).join('\n');
  useEffect(() => {
    if (!joined || !(cache instanceof GcCache)) return;
    const retained = joined.split('\n');
    for (const key of retained) cache.retain(key);
    return () => {
      for (const key of retained) cache.release(key);
    };
  }, [cache, joined]);
}

/** SWR middleware telling a GcCache which keys mounted hooks use (no-op with any other cache). */
export const retainKeys: Middleware = (useSWRNext) => (key, fetcher, config) => {
  // The same string SWR uses as the cache key; '' for a disabled (null) key.
  useRetainedKeys([unstable_serialize(key)]);
  return useSWRNext(key, fetcher, config);
};
