import { Alert } from '@chakra-ui/react';
import { useMemo } from 'react';
import type { CustomerOverview } from '@generated/model';
import {
  ListScreen,
  UnavailableState,
  type ServerCount,
  type ServerTableProps,
} from '@/components/list-screen';
import type { SearchInputProps } from '@/components/list-screen/states';
import { toCustomerRows } from './customer-display';
import { CustomersTable } from './CustomersTable';

const AGGREGATION_NOTICE =
  'Customer data is aggregated from orders. The API does not currently provide a dedicated customer management endpoint. For detailed customer information, please check individual orders.';

export interface CustomersViewProps {
  /** The customers loaded so far, in the list's order; undefined until loaded. */
  customers: readonly CustomerOverview[] | undefined;
  /** How many customers match, of how many (X-Total-Count). */
  count: ServerCount | null;
  loading: boolean;
  /** The orders could not be loaded (the container toasts 'Failed to load customer data'). */
  failed?: boolean;
  onRetry?: () => void;
  search: Pick<SearchInputProps, 'value' | 'onChange'>;
  /** Paging and sorting of the table. */
  table: ServerTableProps;
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
  customers,
  count,
  loading,
  failed = false,
  onRetry,
  search,
  table,
}: CustomersViewProps) {
  const rows = useMemo(() => toCustomerRows(customers ?? []), [customers]);

  return (
    <ListScreen
      title="Customers"
      description="Customers who have placed orders"
      notice={NOTICE}
      search={{
        placeholder: 'Search by email, type or country...',
        label: 'Search customers',
        ...search,
      }}
      count={count && { noun: ['customer', 'customers'], ...count }}
      error={
        failed &&
        !customers && (
          <UnavailableState
            text="The customer data could not be loaded."
            onRetry={onRetry}
            testId="customers-unavailable"
          />
        )
      }
      loading={loading || !customers}
      loadingText="Loading customers..."
    >
      <CustomersTable rows={rows} {...table} />
    </ListScreen>
  );
}
