import { Tag } from '@chakra-ui/react';
import { useMemo } from 'react';
import type { OrderSummary } from '@generated/model';
import { ListScreen, useListSearch, UnavailableState } from '@/components/list-screen';
import { UNKNOWN_EMAIL, normaliseEmail } from './customer-key';
import { filterOrderRows, toOrderRows } from './order-rows';
import { OrdersTable } from './OrdersTable';

export interface OrdersListViewProps {
  /** The orders (newest first); undefined until loaded. */
  orders: readonly OrderSummary[] | undefined;
  loading: boolean;
  /** The orders could not be loaded (the container toasts 'Failed to load orders'). */
  failed?: boolean;
  onRetry?: () => void;
  /** `?email=`: only this customer's orders (shipping e-mail, case-insensitive). */
  email?: string | null;
  /** Removes the e-mail filter. */
  onClearEmail?: () => void;
  /** Initial search text (stories). */
  initialSearch?: string;
}

/** The orders list of /admin/orders (docs/product.md §2): search by order number, e-mail filter, table. */
export function OrdersListView({
  orders,
  loading,
  failed = false,
  onRetry,
  email = null,
  onClearEmail,
  initialSearch = '',
}: OrdersListViewProps) {
  const rows = useMemo(() => toOrderRows(orders ?? []), [orders]);
  const { box, query, searching } = useListSearch(initialSearch);
  const emailFilter = email?.trim() ? email.trim() : null;
  const shown = useMemo(
    () => filterOrderRows(rows, { search: query, email: emailFilter }),
    [rows, query, emailFilter],
  );

  return (
    <ListScreen
      title="Orders"
      description="View and manage customer orders"
      search={{ placeholder: 'Search by order number...', label: 'Search by order number', ...box }}
      filters={
        emailFilter && (
          <Tag.Root
            size="lg"
            variant="outline"
            alignSelf={{ base: 'flex-start', sm: 'center' }}
            maxW="full"
            data-testid="email-filter"
          >
            <Tag.Label>
              Customer:{' '}
              {normaliseEmail(emailFilter) === UNKNOWN_EMAIL ? 'unknown (no e-mail)' : emailFilter}
            </Tag.Label>
            {onClearEmail && (
              <Tag.EndElement>
                <Tag.CloseTrigger aria-label="Remove customer filter" onClick={onClearEmail} />
              </Tag.EndElement>
            )}
          </Tag.Root>
        )
      }
      count={
        orders && {
          noun: ['order', 'orders'],
          shown,
          all: rows,
          filtered: searching || emailFilter !== null,
        }
      }
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
      <OrdersTable rows={shown} />
    </ListScreen>
  );
}
