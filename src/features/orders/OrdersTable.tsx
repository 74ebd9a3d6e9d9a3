import { Link } from 'wouter';
import { EyeSvg } from '@/components/icons';
import { useMemo } from 'react';
import {
  badgeColumn,
  DataTable,
  figureColumn,
  textColumn,
  type Column,
  type ServerTableProps,
} from '@/components/list-screen';
import { paths } from '@/lib/paths';
import type { OrderRow } from './order-display';
import { t } from './messages';

// Built when the table is (the language of the moment): a language switch re-mounts the screen.
const columns = (): readonly Column<OrderRow>[] => [
  textColumn(t('columnOrderNumber'), (row) => row.orderNumber, {
    width: '10.5rem',
    tone: 'strong',
  }),
  textColumn(t('columnCustomer'), (row) => row.customer),
  badgeColumn(t('columnStatus'), (row) => row.status, { width: '7rem', testId: 'order-status' }),
  textColumn(t('columnPayment'), (row) => row.payment, { width: '10.5rem', tone: 'muted' }),
  figureColumn(t('columnTotal'), (row) => row.total, { width: '8.5rem', sortKey: 'total_amount' }),
  { header: t('columnDate'), width: '7rem', cell: (row) => row.date, sortKey: 'created_at' },
  {
    header: t('columnActions'),
    width: '6rem',
    align: 'end',
    cell: (row) => (
      <Link href={paths.orders.detail(row.id)} className="row-action">
        <EyeSvg />
        {t('view')}
      </Link>
    ),
  },
];

/** The orders table (docs/product.md §2), virtualised, loading further pages as it scrolls. */
export function OrdersTable({ rows, ...server }: { rows: readonly OrderRow[] } & ServerTableProps) {
  const columnList = useMemo(() => columns(), []);
  return (
    <DataTable
      {...server}
      rows={rows}
      columns={columnList}
      rowKey={rowKey}
      label={t('tableLabel')}
      emptyText={t('emptyText')}
      minW="59rem"
      testId="orders-scroll"
    />
  );
}

const rowKey = (row: OrderRow) => row.id;
