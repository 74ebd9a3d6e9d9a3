import { Alert, Button, Flex, Input, InputGroup, Spinner, Text } from '@chakra-ui/react';
import { memo, useDeferredValue, useMemo, useState } from 'react';
import type { OrderSummary } from '@generated/model';
import { PageHeader } from '@/components/layout/PageHeader';
import { SearchIcon } from '@/components/icons';
import { aggregateCustomers, filterCustomers } from './aggregate-customers';
import { toCustomerRows } from './customer-display';
import { CustomersTable } from './CustomersTable';

export const AGGREGATION_NOTICE =
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

const count = (n: number) => n.toLocaleString('en-US');
const plural = (n: number) => `${count(n)} ${n === 1 ? 'customer' : 'customers'}`;

/** The read-only customers overview of /admin/customers (spec §2). */
export function CustomersView({
  orders,
  loading,
  failed = false,
  onRetry,
  initialSearch = '',
}: CustomersViewProps) {
  const [search, setSearch] = useState(initialSearch);
  const customers = useMemo(() => aggregateCustomers(orders ?? []), [orders]);
  const rows = useMemo(() => toCustomerRows(customers), [customers]);
  const query = useDeferredValue(search);
  const shown = useMemo(() => {
    const wanted = new Set(filterCustomers(customers, query));
    return wanted.size === customers.length ? rows : rows.filter((r) => wanted.has(r.customer));
  }, [customers, rows, query]);
  const searching = query.trim() !== '';

  return (
    <>
      <CustomersHeader />
      <Alert.Root status="info" mb="4" data-testid="customers-notice">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Description>{AGGREGATION_NOTICE}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
      <Flex
        gap="3"
        mb="4"
        direction={{ base: 'column', sm: 'row' }}
        align={{ base: 'stretch', sm: 'center' }}
        justify="space-between"
      >
        <InputGroup startElement={<SearchIcon boxSize="4" color="fg.muted" />} maxW={{ sm: 'sm' }}>
          <Input
            type="search"
            placeholder="Search by email, type or country..."
            aria-label="Search customers"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </InputGroup>
        {orders && (
          <Text fontSize="sm" color="fg.muted" role="status" data-testid="customer-count">
            {searching ? `${count(shown.length)} of ${plural(rows.length)}` : plural(rows.length)}
          </Text>
        )}
      </Flex>

      {failed && !orders ? (
        <Flex
          direction="column"
          align="center"
          gap="3"
          py="10"
          borderWidth="1px"
          rounded="md"
          color="fg.muted"
          data-testid="customers-unavailable"
        >
          <Text>The customer data could not be loaded.</Text>
          {onRetry && (
            <Button size="sm" variant="outline" onClick={onRetry}>
              Retry
            </Button>
          )}
        </Flex>
      ) : loading || !orders ? (
        <Flex
          role="status"
          align="center"
          justify="center"
          gap="3"
          py="10"
          borderWidth="1px"
          rounded="md"
          color="fg.muted"
        >
          <Spinner size="sm" />
          <Text>Loading customers...</Text>
        </Flex>
      ) : (
        <CustomersTable rows={shown} />
      )}
    </>
  );
}

const CustomersHeader = memo(function CustomersHeader() {
  return <PageHeader title="Customers" description="Customers who have placed orders" />;
});
