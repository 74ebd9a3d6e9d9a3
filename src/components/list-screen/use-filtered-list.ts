import { useState } from 'react';
import { useListSearch } from './ListScreen';
import type { SearchInputProps } from './states';
import { useServerList, type ServerListOptions, type ServerListState } from './use-server-list';

export interface FilteredListOptions<P extends object, F> extends Omit<
  ServerListOptions<P>,
  'params' | 'unfiltered'
> {
  /** The filters before the admin picks any (a function: read once, e.g. from the URL). */
  initialFilters: F | (() => F);
  /** What the list sends for the search (once the typing paused) and the filters. */
  paramsOf: (search: string, filters: F) => P;
  /** The search or the filters narrow the list: its count then says '3 of 12'. */
  isFiltered: (search: string, filters: F) => boolean;
  /** The params of the whole list, whose total is the 'of 12' (usually `{}`). */
  unfiltered: P;
}

/** What the view of such a list screen takes: the list, the search box and the filters. */
export interface FilteredListViewProps<T, F> {
  list: ServerListState<T>;
  search: Pick<SearchInputProps, 'value' | 'onChange'>;
  filters: F;
  onFiltersChange: (filters: F) => void;
}

/**
 * The wiring of a list screen that the server searches and filters (the orders, the inventory
 * ledger): a search box the server follows once the typing paused, the filters' state, and the
 * server list asked with both. Returns the view's props (`view`), and the query, filters and
 * params the list was asked with, for what the screen does beside it (its export, its selection).
 */
export function useFilteredList<T, P extends object, F>({
  initialFilters,
  paramsOf,
  isFiltered,
  unfiltered,
  ...listOptions
}: FilteredListOptions<P, F>): {
  view: FilteredListViewProps<T, F>;
  list: ReturnType<typeof useServerList<T, P>>;
  query: string;
  filters: F;
  params: P;
} {
  const { box, query } = useListSearch('', { debounce: true });
  const [filters, setFilters] = useState<F>(initialFilters);
  const params = paramsOf(query, filters);
  const list = useServerList<T, P>({
    ...listOptions,
    params,
    unfiltered: isFiltered(query, filters) ? unfiltered : null,
  });
  const view: FilteredListViewProps<T, F> = {
    list,
    search: box,
    filters,
    onFiltersChange: setFilters,
  };
  return { view, list, query, filters, params };
}
