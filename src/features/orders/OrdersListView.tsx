import { Tag } from '@chakra-ui/react';
import { useMemo } from 'react';
import type { OrderSummary } from '@generated/model';
import {
  ListScreen,
  UnavailableState,
  type ServerCount,
  type ServerTableProps,
} from '@/components/list-screen';
import type { SearchInputProps } from '@/components/list-screen/states';
import { UNKNOWN_EMAIL, normaliseEmail } from './customer-key';
import { OrderFiltersBar } from './OrderFiltersBar';
import type { OrderFilters } from './order-filters';
import { toOrderRows } from './order-rows';
import { OrdersTable } from './OrdersTable';

export interface OrdersListViewProps {
  /** The orders loaded so far, in the list's order; undefined until loaded. */
  orders: readonly OrderSummary[] | undefined;
  /** How many orders match, of how many (X-Total-Count). */
  count: ServerCount | null;
  loading: boolean;
  /** The orders could not be loaded (the container toasts 'Failed to load orders'). */
  failed?: boolean;
  onRetry?: () => void;
  /** Paging and sorting of the table. */
  table: ServerTableProps;
  search: Pick<SearchInputProps, 'value' | 'onChange'>;
  filters: OrderFilters;
  onFiltersChange: (filters: OrderFilters) => void;
  /** `?email=`: only this customer's orders (shipping e-mail, case-insensitive). */
  email?: string | null;
  /** Removes the e-mail filter. */
  onClearEmail?: () => void;
}

/**
 * The orders list of /admin/orders (docs/product.md §2): search by order number, customer name or
 * e-mail, filters by status, payment method and dates, the e-mail filter, the table.
 */
export function OrdersListView({
  orders,
  count,
  loading,
  failed = false,
  onRetry,
  table,
  search,
  filters,
  onFiltersChange,
  email = null,
  onClearEmail,
}: OrdersListViewProps) {
  const rows = useMemo(() => toOrderRows(orders ?? []), [orders]);

  return (
    <ListScreen
      title="Orders"
      description="View and manage customer orders"
      search={{
        placeholder: 'Search by order number...',
        label: 'Search by order number',
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
                Customer: {normaliseEmail(email) === UNKNOWN_EMAIL ? 'unknown (no e-mail)' : email}
              </Tag.Label>
              {onClearEmail && (
                <Tag.EndElement>
                  <Tag.CloseTrigger aria-label="Remove customer filter" onClick={onClearEmail} />
                </Tag.EndElement>
              )}
            </Tag.Root>
          )}
        </>
      }
      count={count && { noun: ['order', 'orders'], ...count }}
      error={
        failed &&
        !orders && (
          <UnavailableState
            text="The orders could not be loaded."
            onRetry={onRetry}
            testId="orders-unavailable"
          />
        )
      }
      loading={loading || !orders}
      loadingText="Loading orders..."
    >
      <OrdersTable rows={rows} {...table} />
    </ListScreen>
  );
}
