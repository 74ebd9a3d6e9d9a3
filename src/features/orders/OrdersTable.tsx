import { Link } from 'wouter';
import type { OrderRow } from './order-display';
import { EyeSvg } from '@/components/icons';
import { VirtualTable, type VirtualColumn } from './VirtualTable';

const COLUMNS: readonly VirtualColumn<OrderRow>[] = [
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
      <Link href={`/admin/orders/${row.id}`} className="row-action">
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
    <VirtualTable
      rows={rows}
      columns={COLUMNS}
      rowKey={rowKey}
      label="Orders"
      emptyText={EMPTY_ORDERS}
      minW="59rem"
      testId="orders-scroll"
    />
  );
}

export const EMPTY_ORDERS = 'No orders found';
