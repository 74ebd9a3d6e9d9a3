import { preload, type Cache, type ScopedMutator } from 'swr';
import { httpClient } from '@/lib/http';

/*
 * The server-side lists (docs/product.md §7): one request per page of `PAGE_SIZE` rows, the total
 * of matching rows in the X-Total-Count header. The generated functions resolve to the body only,
 * so the pages are fetched here with the same axios instance (same token, refresh and error
 * normalisation), from the generated SWR keys: `[url, params]`. Kept out of ./index.ts, which the
 * entry chunk imports, so that axios stays out of it.
 */

/** Rows per request: the list loads the next page as its table scrolls near the end. */
export const PAGE_SIZE = 100;

export interface PageParams {
  skip: number;
  limit: number;
}

/** A generated SWR key: `getListAdminProductsKey(params)`. */
export type PageKey = readonly [url: string, ...params: object[]];

/**
 * One page of a list and the number of rows matching its filters; `capped`: more rows match
 * than `total` (the server stops counting a search at 1,000: X-Total-Count-Capped).
 */
export interface Page<T> {
  items: T[];
  total: number;
  capped?: boolean;
}

/** The X-Total-Count header; `fallback` when the server did not send a number. */
export function totalCount(header: unknown, fallback: number): number {
  const total = typeof header === 'string' && /^\d+$/.test(header.trim()) ? Number(header) : NaN;
  return Number.isSafeInteger(total) ? total : fallback;
}

/** The SWR fetcher of a page key. */
export async function fetchPage<T>([url, params]: PageKey): Promise<Page<T>> {
  const response = await httpClient.get<T[]>(url, { params });
  const items = response.data;
  const total = totalCount(response.headers['x-total-count'], items.length);
  return response.headers['x-total-count-capped'] === 'true'
    ? { items, total, capped: true }
    : { items, total };
}

/** The params of page `index` (0-based). */
export const pageParams = (index: number): PageParams => ({
  skip: index * PAGE_SIZE,
  limit: PAGE_SIZE,
});

/**
 * Starts the first request of a list before its screen mounts (the route table calls it while the
 * screen's code loads); the screen's useServerList then takes that request over.
 */
export function preloadFirstPage<P extends object>(
  keyOf: (params: P & PageParams) => PageKey,
  params: P,
): void {
  // The hook that takes the request sees its failure; this only keeps it from being unhandled.
  preload(keyOf({ ...params, ...pageParams(0) }), fetchPage).catch(() => undefined);
}

/**
 * Applies `update` to every cached row of the lists at `url` (each page, and each list made of
 * pages) without asking the server: a list shown again reflects a change made elsewhere.
 */
export async function updateCachedRows<T>(
  cache: Cache,
  mutate: ScopedMutator,
  url: string,
  update: (row: T) => T,
): Promise<void> {
  // SWR's keys hold the URL as a JSON string: the quotes keep `/orders/5` out.
  const marker = JSON.stringify(url);
  const patchPage = (page?: Page<T>) => page && { ...page, items: page.items.map(update) };
  await Promise.all(
    [...cache.keys()]
      .filter((key) => key.includes(marker))
      .map((key) =>
        key.startsWith(INFINITE_PREFIX)
          ? mutate(key, (pages?: Page<T>[]) => pages?.map((page) => patchPage(page)!), {
              revalidate: false,
            })
          : mutate(key, patchPage, { revalidate: false }),
      ),
  );
}

/** The prefix of SWR's keys of useSWRInfinite lists. */
const INFINITE_PREFIX = '$inf$';
