import { useCallback } from 'react';
import { useLocation, useSearch } from 'wouter';
import type {
  ExportOrdersRows,
  ListAdminOrdersParams,
  OrderSort,
  OrderSummary,
} from '@generated/model';
import { exportOrders } from '@generated/clients/exports/exports';
import { getListAdminOrdersKey } from '@generated/hooks/orders/orders';
import {
  useCsvExport,
  useFilteredList,
  useListSort,
  type ExportChoice,
} from '@/components/list-screen';
import { usePermission } from '@/lib/auth/permissions';
import { paths } from '@/lib/paths';
import { useOrdersBulk } from './bulk';
import { orderExportParams } from './export-params';
import {
  filtersFromSearch,
  isFiltered,
  orderParams,
  type OrderFilters,
  type OrderQuery,
} from './order-filters';
import { OrdersListView } from './OrdersListView';
import { RecordRemittanceAction } from './payments';
import { noun, useT } from './messages';

/** The list's default order (the server's): newest first, shown on the Date column. */
const DEFAULT_ORDER_SORT = { key: 'created_at', direction: 'desc' } as const;

/**
 * Orders list (/admin/orders[?email=…]): the server searches, filters, sorts and pages the
 * orders; a load failure is toasted.
 */
export function OrdersPage() {
  const t = useT();
  const search = useSearch();
  const email = new URLSearchParams(search).get('email')?.trim() || null;
  const [, navigate] = useLocation();
  const canWrite = usePermission('orders:write');
  const sorting = useListSort<string, OrderSort>(DEFAULT_ORDER_SORT);
  const sort = sorting.param;
  // What the list asks for: the search and filters of the moment, with the e-mail and the order.
  const wanted = (text: string, chosen: OrderFilters): OrderQuery => ({
    search: text,
    email,
    filters: chosen,
    sort,
  });
  const { view, list, query, filters, params } = useFilteredList<
    OrderSummary,
    ListAdminOrdersParams,
    OrderFilters
  >({
    keyOf: getListAdminOrdersKey,
    initialFilters: () => filtersFromSearch(search),
    paramsOf: (text, chosen) => orderParams(wanted(text, chosen)),
    isFiltered: (text, chosen) => isFiltered(wanted(text, chosen)),
    unfiltered: {},
    failureToast: t('loadFailedToast'),
    sorting,
  });
  // The bulk actions' selection belongs to one search, filter set and order.
  const selectionKey = JSON.stringify(params);
  const csv = useCsvExport({
    noun,
    fallbackName: 'orders.csv',
    failure: t('exportFailedToast'),
  });
  const { start } = csv;
  // The file holds what the list shows: the same search, filters and order.
  const handleExport = useCallback(
    ({ value, label }: ExportChoice<ExportOrdersRows>) => {
      const params = orderExportParams({ search: query, email, filters, sort }, value);
      void start(label, (options, separator) => exportOrders({ ...params, separator }, options));
    },
    [start, query, email, filters, sort],
  );

  const bulk = useOrdersBulk({
    selectionKey,
    canWrite,
    sort,
    csv,
    reload: list.reload,
    // Once a remittance is recorded, the rows show their new payment status, none ticked.
    actions: ({ ids, clear }) => (
      <RecordRemittanceAction
        selectedIds={ids}
        rows={list.rows}
        onRecorded={() => {
          clear();
          void list.reload();
        }}
      />
    ),
  });

  return (
    <OrdersListView
      {...view}
      email={email}
      onClearEmail={() => navigate(paths.orders.list)}
      csv={csv}
      onExport={handleExport}
      selection={bulk.selection}
      bulk={
        <>
          {bulk.bar}
          {bulk.dialog}
        </>
      }
    />
  );
}
