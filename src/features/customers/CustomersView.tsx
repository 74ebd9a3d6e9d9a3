import { Alert } from '@chakra-ui/react';
import { useMemo } from 'react';
import type { CustomerOverview } from '@generated/model';
import { Link } from 'wouter';
import { badgeColumn, figureColumn, serverTable, textColumn } from '@/components/list-screen';
import { ListScreen, serverListOrUnavailable } from '@/components/list-screen';
import type { Column, ServerListState } from '@/components/list-screen';
import type { SearchInputProps } from '@/components/list-screen/states';
import { toCustomerRows, type CustomerRow } from './customer-display';
import { noun, t, useT } from './messages';

const columns = (): readonly Column<CustomerRow>[] => [
  // The e-mail opens the customer's page (getAdminCustomer by the row's key).
  {
    ...textColumn(t('columnEmail'), (row) => row.email, {
      tone: 'strong',
      sortKey: 'email',
      card: 'title',
    }),
    cell: (row) => (
      <Link href={row.detailHref} className="cell-text cell-strong" title={row.email}>
        {row.email}
      </Link>
    ),
  },
  badgeColumn(t('columnType'), (row) => row.type, {
    width: '7rem',
    testId: 'customer-type',
    card: 'badge',
  }),
  { header: t('columnCountry'), width: '4.5rem', cell: (row) => row.country },
  textColumn(t('columnVatNumber'), (row) => row.vatNumber, { width: '8.5rem', tone: 'muted' }),
  figureColumn(t('columnOrders'), (row) => row.orders, {
    width: '4.5rem',
    sortKey: 'order_count',
    card: 'meta',
  }),
  figureColumn(t('columnTotalSpent'), (row) => row.totalSpent, {
    width: '8.5rem',
    sortKey: 'total_spent',
    card: 'value',
  }),
  {
    header: t('columnLastOrder'),
    width: '7rem',
    card: 'meta',
    cell: (row) => row.lastOrder,
    sortKey: 'last_order_date',
  },
  {
    header: t('columnActions'),
    width: '8.5rem', // the French 'Commandes' too: on a narrow screen this pinned column is all there is of it
    align: 'end',
    card: 'actions',
    cell: (row) => (
      <Link href={row.href} className="row-action">
        {t('viewOrders')}
      </Link>
    ),
  },
];

/** The customers table (docs/product.md §2), virtualised, loading further pages as it scrolls. */
const CustomersTable = serverTable<CustomerRow>(() => ({
  rowKey: (row) => row.email,
  columns: columns(),
  emptyText: t('emptyText'),
  label: t('tableLabel'),
  testId: 'customers-scroll',
  minW: '59rem',
}));

export interface CustomersViewProps {
  /** The customers (the container toasts 'Failed to load customer data' on a failure). */
  list: ServerListState<CustomerOverview>;
  search: Pick<SearchInputProps, 'value' | 'onChange'>;
}

function Notice() {
  const t = useT();
  return (
    <Alert.Root status="info" mb="4" data-testid="customers-notice">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Description>{t('notice')}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

/** The read-only customers overview of /admin/customers (docs/product.md §2). */
export function CustomersView({ list, search }: CustomersViewProps) {
  const t = useT();
  const { rows: customers, table } = list;
  const states = serverListOrUnavailable(list, noun, t('unavailable'), 'customers-unavailable');
  const rows = useMemo(() => toCustomerRows(customers ?? []), [customers]);
  const notice = useMemo(() => <Notice />, []);

  return (
    <ListScreen
      title={t('title')}
      description={t('description')}
      notice={notice}
      search={{
        placeholder: t('searchPlaceholder'),
        label: t('searchLabel'),
        ...search,
      }}
      {...states}
      loadingText={t('loading')}
    >
      <CustomersTable rows={rows} {...table} />
    </ListScreen>
  );
}
