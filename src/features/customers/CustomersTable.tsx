import { Link } from 'wouter';
import { DataTable, type Column } from '@/components/list-screen';
import type { CustomerRow } from './customer-display';

const COLUMNS: readonly Column<CustomerRow>[] = [
  {
    header: 'Email',
    cell: (row) => (
      <span className="cell-text cell-strong" title={row.email}>
        {row.email}
      </span>
    ),
  },
  {
    header: 'Type',
    width: '7rem',
    cell: (row) => (
      <span className="badge" data-variant={row.badge} data-testid="customer-type">
        {row.type}
      </span>
    ),
  },
  { header: 'Country', width: '4.5rem', cell: (row) => row.country },
  {
    header: 'VAT Number',
    width: '8.5rem',
    cell: (row) => (
      <span className="cell-text cell-muted" title={row.vatNumber}>
        {row.vatNumber}
      </span>
    ),
  },
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

/** The customers table (spec §2), virtualised like the orders one. */
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
