import { Tag } from '@chakra-ui/react';
import { useMemo, type ReactNode } from 'react';
import type { ExportOrdersRows, OrderSummary } from '@generated/model';
import {
  ExportMenu,
  ExportProgress,
  ListScreen,
  serverListOrUnavailable,
  type CsvExport,
  type ExportChoice,
  type FilteredListViewProps,
  type RowSelection,
} from '@/components/list-screen';
import { UNKNOWN_EMAIL, normaliseEmail } from './customer-key';
import { orderExports } from './export-params';
import { OrderFiltersBar } from './OrderFiltersBar';
import type { OrderFilters } from './order-filters';
import type { OrderRow } from './order-display';
import { toOrderRows } from './order-rows';
import { OrdersTable } from './OrdersTable';
import { StaffOrderActions } from './draft-orders/StaffOrderActions';
import { RemittancesLink } from './payments';
import { useT } from './messages';

/** The orders in `list` (the container toasts 'Failed to load orders' on a failure). */
export interface OrdersListViewProps extends FilteredListViewProps<OrderSummary, OrderFilters> {
  /** `?email=`: only this customer's orders (shipping e-mail, case-insensitive). */
  email?: string | null;
  /** Removes the e-mail filter. */
  onClearEmail?: () => void;
  /** The CSV export under way, if any. */
  csv: CsvExport;
  /** Exports the list as it is filtered and sorted. */
  onExport: (choice: ExportChoice<ExportOrdersRows>) => void;
  /** The rows' checkboxes for the bulk actions (bulk/use-orders-bulk.tsx); none without. */
  selection?: RowSelection<OrderRow> | undefined;
  /** The bulk actions' bar (shown while rows are selected) and their dialogs. */
  bulk?: ReactNode;
}

/**
 * The orders list of /admin/orders (docs/product.md §2): search by order number, customer name or
 * e-mail, filters by status, payment method and dates, the e-mail filter, the table.
 */
export function OrdersListView({
  list,
  search,
  filters,
  onFiltersChange,
  email = null,
  onClearEmail,
  csv,
  onExport,
  selection,
  bulk,
}: OrdersListViewProps) {
  const t = useT();
  const { rows: orders, table } = list;
  const states = serverListOrUnavailable(
    list,
    csv.noun,
    t('listUnavailable'),
    'orders-unavailable',
  );
  const rows = useMemo(() => toOrderRows(orders ?? []), [orders]);
  const choices = useMemo(() => orderExports(), []);
  const actions = useMemo(
    () => (
      <>
        <ExportMenu choices={choices} onExport={onExport} csv={csv} />
        <RemittancesLink />
        <StaffOrderActions />
      </>
    ),
    [choices, onExport, csv],
  );

  return (
    <ListScreen
      title={t('listTitle')}
      description={t('listDescription')}
      actions={actions}
      notice={
        <>
          <ExportProgress {...csv} />
          {bulk}
        </>
      }
      search={{
        placeholder: t('searchPlaceholder'),
        label: t('searchLabel'),
        ...search,
      }}
      filters={
        <>
          <OrderFiltersBar filters={filters} onChange={onFiltersChange} />
          {email && (
            <Tag.Root
              size="lg"
              variant="outline"
              alignSelf={{ base: 'flex-start', sm: 'center' }}
              maxW="full"
              data-testid="email-filter"
            >
              <Tag.Label>
                {t('customerFilter', {
                  email: normaliseEmail(email) === UNKNOWN_EMAIL ? t('unknownCustomer') : email,
                })}
              </Tag.Label>
              {onClearEmail && (
                <Tag.EndElement>
                  <Tag.CloseTrigger aria-label={t('removeCustomerFilter')} onClick={onClearEmail} />
                </Tag.EndElement>
              )}
            </Tag.Root>
          )}
        </>
      }
      {...states}
      loadingText={t('loadingOrders')}
    >
      <OrdersTable rows={rows} {...table} selection={selection} />
    </ListScreen>
  );
}
