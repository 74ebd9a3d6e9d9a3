import { Link } from 'wouter';
import {
  badgeColumn,
  DataTable,
  textColumn,
  type Column,
  type ServerTableProps,
} from '@/components/list-screen';
import type { CustomerRow } from './customer-display';

const COLUMNS: readonly Column<CustomerRow>[] = [
  { ...textColumn('Email', (row: CustomerRow) => row.email, { tone: 'strong' }), sortKey: 'email' },
  badgeColumn('Type', (row) => row.type, { width: '7rem', testId: 'customer-type' }),
  { header: 'Country', width: '4.5rem', cell: (row) => row.country },
  textColumn('VAT Number', (row) => row.vatNumber, { width: '8.5rem', tone: 'muted' }),
  {
    header: 'Orders',
    width: '4.5rem',
    align: 'end',
    cell: (row) => row.orders,
    sortKey: 'order_count',
  },
  {
    header: 'Total Spent',
    width: '8.5rem',
    align: 'end',
    cell: (row) => row.totalSpent,
    sortKey: 'total_spent',
  },
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

const rowKey = (row: CustomerRow) => row.email;

/** The customers table (docs/product.md §2), virtualised, loading further pages as it scrolls. */
export function CustomersTable({
  rows,
  ...server
}: { rows: readonly CustomerRow[] } & ServerTableProps) {
  return (
    <DataTable
      rows={rows}
      {...server}
      columns={COLUMNS}
      rowKey={rowKey}
      label="Customers"
      emptyText="No customers found"
      minW="59rem"
      testId="customers-scroll"
    />
  );
}
