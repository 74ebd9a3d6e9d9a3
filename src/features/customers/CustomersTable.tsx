import { Link } from 'wouter';
import { badgeColumn, DataTable, textColumn, type Column } from '@/components/list-screen';
import type { CustomerRow } from './customer-display';

const COLUMNS: readonly Column<CustomerRow>[] = [
  textColumn('Email', (row) => row.email, { tone: 'strong' }),
  badgeColumn('Type', (row) => row.type, { width: '7rem', testId: 'customer-type' }),
  { header: 'Country', width: '4.5rem', cell: (row) => row.country },
  textColumn('VAT Number', (row) => row.vatNumber, { width: '8.5rem', tone: 'muted' }),
  { header: 'Orders', width: '4.5rem', align: 'end', cell: (row) => row.orders },
  { header: 'Total Spent', width: '8.5rem', align: 'end', cell: (row) => row.totalSpent },
  { header: 'Last Order', width: '7rem', cell: (row) => row.lastOrder },
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

/** The customers table (docs/product.md §2), virtualised like the orders one. */
export function CustomersTable({ rows }: { rows: readonly CustomerRow[] }) {
  return (
    <DataTable
      rows={rows}
      columns={COLUMNS}
      rowKey={rowKey}
      label="Customers"
      emptyText="No customers found"
      minW="59rem"
      testId="customers-scroll"
    />
  );
}
