import { Alert } from '@chakra-ui/react';
import { useMemo } from 'react';
import type { CustomerOverview } from '@generated/model';
import { Link } from 'wouter';
import { badgeColumn, figureColumn, serverTable, textColumn } from '@/components/list-screen';
import { ListScreen, UnavailableState } from '@/components/list-screen';
import type { Column, ServerListState } from '@/components/list-screen';
import type { SearchInputProps } from '@/components/list-screen/states';
import { toCustomerRows, type CustomerRow } from './customer-display';

const COLUMNS: readonly Column<CustomerRow>[] = [
  textColumn('Email', (row) => row.email, { tone: 'strong', sortKey: 'email' }),
  badgeColumn('Type', (row) => row.type, { width: '7rem', testId: 'customer-type' }),
  { header: 'Country', width: '4.5rem', cell: (row) => row.country },
  textColumn('VAT Number', (row) => row.vatNumber, { width: '8.5rem', tone: 'muted' }),
  figureColumn('Orders', (row) => row.orders, { width: '4.5rem', sortKey: 'order_count' }),
  figureColumn('Total Spent', (row) => row.totalSpent, { width: '8.5rem', sortKey: 'total_spent' }),
  { header: 'Last Order', width: '7rem', cell: (row) => row.lastOrder, sortKey: 'last_order_date' },
  {
    header: 'Actions',
    width: '7.5rem',
    align: 'end',
    cell: (row) => (
      <Link href={row.href} className="row-action">
        View Orders
      </Link>
    ),
  },
];

/** The customers table (docs/product.md §2), virtualised, loading further pages as it scrolls. */
const CustomersTable = serverTable<CustomerRow>({
  rowKey: (row) => row.email,
  columns: COLUMNS,
  emptyText: 'No customers found',
  label: 'Customers',
  testId: 'customers-scroll',
  minW: '59rem',
});

const AGGREGATION_NOTICE =
  'Customer data is aggregated from orders. The API does not currently provide a dedicated customer management endpoint. For detailed customer information, please check individual orders.';

export interface CustomersViewProps {
  /** The customers (the container toasts 'Failed to load customer data' on a failure). */
  list: ServerListState<CustomerOverview>;
  search: Pick<SearchInputProps, 'value' | 'onChange'>;
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
  list: { rows: customers, count, isLoading, failed, reload, table },
  search,
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
            onRetry={() => void reload()}
            testId="customers-unavailable"
          />
        )
      }
      loading={isLoading || !customers}
      loadingText="Loading customers..."
    >
      <CustomersTable rows={rows} {...table} />
    </ListScreen>
  );
}
