import { Link } from 'wouter';
import { EyeSvg } from '@/components/icons';
import { DataTable, type Column } from '@/components/list-screen';
import { paths } from '@/lib/paths';
import type { OrderRow } from './order-display';

const COLUMNS: readonly Column<OrderRow>[] = [
  {
    header: 'Order Number',
    width: '10.5rem',
    cell: (row) => (
      <span className="cell-text cell-strong" title={row.orderNumber}>
        {row.orderNumber}
      </span>
    ),
  },
  {
    header: 'Customer',
    cell: (row) => (
      <span className="cell-text" title={row.customer}>
        {row.customer}
      </span>
    ),
  },
  {
    header: 'Status',
    width: '7rem',
    cell: (row) => (
      <span className="badge" data-variant={row.badge} data-testid="order-status">
        {row.status}
      </span>
    ),
  },
  {
    header: 'Payment',
    width: '10.5rem',
    cell: (row) => (
      <span className="cell-text cell-muted" title={row.payment}>
        {row.payment}
      </span>
    ),
  },
  { header: 'Total', width: '8.5rem', align: 'end', cell: (row) => row.total },
  { header: 'Date', width: '7rem', cell: (row) => row.date },
  {
    header: 'Actions',
    width: '6rem',
    align: 'end',
    cell: (row) => (
      <Link href={paths.orders.detail(row.id)} className="row-action">
        <EyeSvg />
        View
      </Link>
    ),
  },
];

const rowKey = (row: OrderRow) => row.id;

/** The orders table (spec §2), virtualised: smooth with the 1,000 orders the list loads. */
export function OrdersTable({ rows }: { rows: readonly OrderRow[] }) {
  return (
    <DataTable
      rows={rows}
      columns={COLUMNS}
      rowKey={rowKey}
      label="Orders"
      emptyText="No orders found"
      minW="59rem"
      testId="orders-scroll"
    />
  );
}
