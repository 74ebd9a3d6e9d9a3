import { Button, Flex, Input, InputGroup, Spinner, Tag, Text } from '@chakra-ui/react';
import { memo, useDeferredValue, useMemo, useState } from 'react';
import type { OrderSummary } from '@generated/model';
import { PageHeader } from '@/components/layout/PageHeader';
import { UNKNOWN_EMAIL, normaliseEmail } from '@/features/customers/customer-key';
import { SearchIcon } from '@/components/icons';
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

const count = (n: number) => n.toLocaleString('en-US');
const plural = (n: number) => `${count(n)} ${n === 1 ? 'order' : 'orders'}`;

/** The orders list of /admin/orders (spec §2): search by order number, e-mail filter, table. */
export function OrdersListView({
  orders,
  loading,
  failed = false,
  onRetry,
  email = null,
  onClearEmail,
  initialSearch = '',
}: OrdersListViewProps) {
  const [search, setSearch] = useState(initialSearch);
  const rows = useMemo(() => toOrderRows(orders ?? []), [orders]);
  // Typing stays immediate: the table follows at a lower priority.
  const query = useDeferredValue(search);
  const emailFilter = email?.trim() ? email.trim() : null;
  const shown = useMemo(
    () => filterOrderRows(rows, { search: query, email: emailFilter }),
    [rows, query, emailFilter],
  );
  const filtered = shown.length !== rows.length || query.trim() !== '' || emailFilter !== null;

  return (
    <>
      <OrdersHeader />
      <Flex
        gap="3"
        mb="4"
        direction={{ base: 'column', md: 'row' }}
        align={{ base: 'stretch', md: 'center' }}
        wrap="wrap"
      >
        <InputGroup startElement={<SearchIcon boxSize="4" color="fg.muted" />} maxW={{ md: 'sm' }}>
          <Input
            type="search"
            placeholder="Search by order number..."
            aria-label="Search by order number"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </InputGroup>
        {emailFilter && (
          <Tag.Root
            size="lg"
            variant="outline"
            alignSelf={{ base: 'flex-start', md: 'center' }}
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
        )}
        {orders && (
          <Text
            fontSize="sm"
            color="fg.muted"
            role="status"
            data-testid="order-count"
            ms={{ md: 'auto' }}
          >
            {filtered ? `${count(shown.length)} of ${plural(rows.length)}` : plural(rows.length)}
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
          data-testid="orders-unavailable"
        >
          <Text>The orders could not be loaded.</Text>
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
          <Text>Loading orders...</Text>
        </Flex>
      ) : (
        <OrdersTable rows={shown} />
      )}
    </>
  );
}

/** The title; memoised, as it never changes while the search box is typed in. */
const OrdersHeader = memo(function OrdersHeader() {
  return <PageHeader title="Orders" description="View and manage customer orders" />;
});
