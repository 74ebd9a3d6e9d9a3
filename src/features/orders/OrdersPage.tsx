import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { ListAdminOrdersParams, OrderSort, OrderSummary } from '@generated/model';
import { getListAdminOrdersKey } from '@generated/hooks/orders/orders';
import { useListSearch, useListSort, useServerList } from '@/components/list-screen';
import { paths } from '@/lib/paths';
import { isFiltered, NO_FILTERS, orderParams, type OrderQuery } from './order-filters';
import { OrdersListView } from './OrdersListView';

/** The list's default order (the server's): newest first, shown on the Date column. */
const DEFAULT_ORDER_SORT = { key: 'created_at', direction: 'desc' } as const;

/**
 * Orders list (/admin/orders[?email=…]): the server searches, filters, sorts and pages the
 * orders; a load failure is toasted.
 */
export function OrdersPage() {
  const email = new URLSearchParams(useSearch()).get('email')?.trim() || null;
  const [, navigate] = useLocation();
  const { box, query } = useListSearch('', { debounce: true });
  const [filters, setFilters] = useState(NO_FILTERS);
  const sorting = useListSort<string, OrderSort>(DEFAULT_ORDER_SORT);
  const wanted: OrderQuery = { search: query, email, filters, sort: sorting.param };
  const list = useServerList<OrderSummary, ListAdminOrdersParams>({
    keyOf: getListAdminOrdersKey,
    params: orderParams(wanted),
    unfiltered: isFiltered(wanted) ? {} : null,
    failureToast: 'Failed to load orders',
    sorting,
  });

  return (
    <OrdersListView
      list={list}
      search={box}
      filters={filters}
      onFiltersChange={setFilters}
      email={email}
      onClearEmail={() => navigate(paths.orders.list)}
    />
  );
}
