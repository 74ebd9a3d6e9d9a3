import { useCallback, useMemo, useRef, useState } from 'react';
import useSWR, { unstable_serialize } from 'swr';
import useSWRInfinite, { unstable_serialize as infiniteKey } from 'swr/infinite';
import { useFailureToast } from '@/components/ui/notify';
import { useRetainedKeys } from '@/lib/swr/gc-cache';
import type { ServerTableProps, SortState } from './DataTable';
import { SEARCH_MAX_LENGTH } from './states';
import {
  fetchPage,
  pageParams,
  PAGE_SIZE,
  type Page,
  type PageKey,
  type PageParams,
} from '@/lib/swr/paged-list';

export interface ServerListOptions<P extends object> {
  /** The generated SWR key function of the list operation (`getListAdminOrdersKey`). */
  keyOf: (params: P & PageParams) => PageKey;
  /** Search, filters and sort sent with every page; undefined ones are not sent. */
  params: P;
  /**
   * The params of the same list unfiltered, when a search or filter is applied: their total
   * is the 'of 12' of '3 of 12 orders'. Null when nothing is filtered.
   */
  unfiltered: P | null;
  /** Toasted when the list cannot be loaded ('Failed to load orders'); none when omitted. */
  failureToast?: string;
  /** The order the table shows and changes (useListSort); its `param` is in `params`. */
  sorting?: Pick<ReturnType<typeof useListSort>, 'sort' | 'onSortChange'>;
}

/** What a list screen's view shows of a server-side list. */
export interface ServerListState<T> {
  /** The rows loaded so far, in the list's order; undefined until the first page is there. */
  rows: T[] | undefined;
  /** How many rows match, of how many (X-Total-Count); null while unknown. */
  count: ServerCount | null;
  /** Nothing to show yet (new params keep the previous rows while they load). */
  isLoading: boolean;
  /** The list could not be loaded. */
  failed: boolean;
  /** Reloads every page shown. */
  reload: () => Promise<unknown>;
  /** The DataTable's props: total, busy state, next page near the end, sorting. */
  table: ServerTableProps;
}

/** How many rows match, of how many there are (the count of ListScreen). */
interface ServerCount {
  shown: number;
  all: number;
  filtered: boolean;
  /** More than `shown` rows match: the server stopped counting there (X-Total-Count-Capped). */
  capped: boolean;
}

/**
 * A list the server searches, filters, sorts and pages: the first page (`PAGE_SIZE` rows) at
 * once, the next one when the table scrolls near its end (`table.onEndReached`), one request per
 * page. While new params load, the previous rows stay (the table is marked busy). Give the
 * DataTable `{...table}`; `count` is the ListScreen's.
 */
export function useServerList<T, P extends object>({
  keyOf,
  params,
  unfiltered,
  failureToast,
  sorting,
}: ServerListOptions<P>) {
  // Called by SWR with no arguments too (serialising the hook's key): that is the first page.
  const getKey = (index: number | undefined, previous: Page<T> | null) =>
    previous && previous.items.length < PAGE_SIZE
      ? null
      : keyOf({ ...params, ...pageParams(index ?? 0) });
  const list = useSWRInfinite<Page<T>, unknown>(getKey, fetchPage, {
    // Loading a page never asks for the first one again.
    revalidateFirstPage: false,
    keepPreviousData: true,
  });
  const { data: pages, size, setSize, isValidating } = list;

  const unfilteredKey = unfiltered && keyOf({ ...unfiltered, ...pageParams(0) });
  const whole = useSWR<Page<T>, unknown>(unfilteredKey, fetchPage);

  // The pages and the list made of them are cache entries no useSWR call names.
  const firstKey = getKey(0, null);
  const listKey = infiniteKey(() => firstKey);
  useRetainedKeys([
    listKey,
    ...Array.from({ length: size }, (_, index) => unstable_serialize(getKey(index, null))),
  ]);

  const failed = Boolean(list.error);
  useFailureToast(failed && failureToast !== undefined, failureToast ?? '');

  const rows = useMemo(() => pages?.flatMap((page) => page.items), [pages]);
  const total = pages?.[0]?.total;
  const capped = pages?.[0]?.capped === true;
  const all = unfiltered ? whole.data?.total : total;
  const count: ServerCount | null =
    total === undefined || all === undefined
      ? null
      : { shown: total, all, filtered: unfiltered !== null, capped };

  // A capped total is a floor: the list goes on while the last page was full.
  const canLoadMore =
    !isValidating &&
    pages !== undefined &&
    pages.length === size &&
    rows !== undefined &&
    total !== undefined &&
    (capped ? pages[pages.length - 1]?.items.length === PAGE_SIZE : rows.length < total);
  // The size asked for last: a second call before the re-render must not ask for the page again.
  const asked = useRef({ listKey, size });
  const loadMore = useCallback(() => {
    if (!canLoadMore || (asked.current.listKey === listKey && asked.current.size > size)) return;
    asked.current = { listKey, size: size + 1 };
    void setSize(size + 1);
  }, [canLoadMore, listKey, setSize, size]);

  return {
    rows,
    count,
    isLoading: list.isLoading && !pages,
    failed,
    reload: () => list.mutate(),
    table: {
      // Unknown past a capped count: the table counts the rows it has.
      total: capped ? undefined : total,
      loading: isValidating,
      onEndReached: loadMore,
      ...sorting,
      // A new search, filter or order starts at the top.
      scrollKey: firstKey ? unstable_serialize(firstKey) : undefined,
    },
    error: list.error,
    isValidating,
    mutate: list.mutate,
  } satisfies ServerListState<T> & Record<string, unknown>;
}

/** A sort order the screen holds; `param` is what the server is sent (none for the default). */
export function useListSort<K extends string, S extends string = string>(initial?: SortState<K>) {
  const [sort, setSort] = useState<SortState<K> | undefined>(initial);
  const isDefault =
    !sort ||
    (initial !== undefined && sort.key === initial.key && sort.direction === initial.direction);
  const param = isDefault
    ? undefined
    : ((sort.direction === 'desc' ? `-${sort.key}` : sort.key) as S);
  return { sort, onSortChange: setSort as (sort: SortState) => void, param };
}

/** The search text as the server takes it: trimmed, at most 100 characters, none when empty. */
export function searchParam(query: string): string | undefined {
  const text = query.trim().slice(0, SEARCH_MAX_LENGTH);
  return text || undefined;
}
