import { Link } from 'wouter';
import {
  badgeColumn,
  figureColumn,
  serverTable,
  textColumn,
  type Column,
} from '@/components/list-screen';
import type { CustomerRow } from './customer-display';

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
export const CustomersTable = serverTable<CustomerRow>({
  rowKey: (row) => row.email,
  columns: COLUMNS,
  emptyText: 'No customers found',
  label: 'Customers',
  testId: 'customers-scroll',
  minW: '59rem',
});
