import { Alert } from '@chakra-ui/react';
import { useMemo } from 'react';
import type { OrderSummary } from '@generated/model';
import { ListScreen, useListSearch, UnavailableState } from '@/components/list-screen';
import { aggregateCustomers, filterCustomers } from './aggregate-customers';
import { toCustomerRows } from './customer-display';
import { CustomersTable } from './CustomersTable';

const AGGREGATION_NOTICE =
  'Customer data is aggregated from orders. The API does not currently provide a dedicated customer management endpoint. For detailed customer information, please check individual orders.';

export interface CustomersViewProps {
  /** The orders the customers are derived from; undefined until loaded. */
  orders: readonly OrderSummary[] | undefined;
  loading: boolean;
  /** The orders could not be loaded (the container toasts 'Failed to load customer data'). */
  failed?: boolean;
  onRetry?: () => void;
  /** Initial search text (stories). */
  initialSearch?: string;
}

const NOTICE = (
  <Alert.Root status="info" mb="4" data-testid="customers-notice">
    <Alert.Indicator />
    <Alert.Content>
      <Alert.Description>{AGGREGATION_NOTICE}</Alert.Description>
    </Alert.Content>
  </Alert.Root>
);

/** The read-only customers overview of /admin/customers (docs/product.md §2). */
export function CustomersView({
  orders,
  loading,
  failed = false,
  onRetry,
  initialSearch = '',
}: CustomersViewProps) {
  const { box, query, searching } = useListSearch(initialSearch);
  const customers = useMemo(() => aggregateCustomers(orders ?? []), [orders]);
  const rows = useMemo(() => toCustomerRows(customers), [customers]);
  const shown = useMemo(() => {
    const wanted = new Set(filterCustomers(customers, query));
    return wanted.size === customers.length ? rows : rows.filter((r) => wanted.has(r.customer));
  }, [customers, rows, query]);

  return (
    <ListScreen
      title="Customers"
      description="Customers who have placed orders"
      notice={NOTICE}
      search={{
        placeholder: 'Search by email, type or country...',
        label: 'Search customers',
        ...box,
      }}
      count={orders && { noun: ['customer', 'customers'], shown, all: rows, filtered: searching }}
      error={
        failed &&
        !orders && (
          <UnavailableState
            text="The customer data could not be loaded."
            onRetry={onRetry}
            testId="customers-unavailable"
          />
        )
      }
      loading={loading || !orders}
      loadingText="Loading customers..."
    >
      <CustomersTable rows={shown} />
    </ListScreen>
  );
}
