import { Link } from 'wouter';
import { EyeSvg } from '@/components/icons';
import {
  badgeColumn,
  figureColumn,
  serverTable,
  textColumn,
  type Column,
} from '@/components/list-screen';
import { paths } from '@/lib/paths';
import type { OrderRow } from './order-display';

const COLUMNS: readonly Column<OrderRow>[] = [
  textColumn('Order Number', (row) => row.orderNumber, { width: '10.5rem', tone: 'strong' }),
  textColumn('Customer', (row) => row.customer),
  badgeColumn('Status', (row) => row.status, { width: '7rem', testId: 'order-status' }),
  textColumn('Payment', (row) => row.payment, { width: '10.5rem', tone: 'muted' }),
  figureColumn('Total', (row) => row.total, { width: '8.5rem', sortKey: 'total_amount' }),
  { header: 'Date', width: '7rem', cell: (row) => row.date, sortKey: 'created_at' },
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

/** The orders table (docs/product.md §2), virtualised, loading further pages as it scrolls. */
export const OrdersTable = serverTable<OrderRow>({
  columns: COLUMNS,
  rowKey: (row) => row.id,
  label: 'Orders',
  emptyText: 'No orders found',
  minW: '59rem',
  testId: 'orders-scroll',
});
