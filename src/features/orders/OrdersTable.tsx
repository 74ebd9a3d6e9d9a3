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
import { t } from './messages';

const columns = (): readonly Column<OrderRow>[] => [
  textColumn(t('columnOrderNumber'), (row) => row.orderNumber, {
    width: '10.5rem',
    tone: 'strong',
    card: 'title',
  }),
  textColumn(t('columnCustomer'), (row) => row.customer, { card: 'subtitle' }),
  badgeColumn(t('columnStatus'), (row) => row.status, {
    width: '7rem',
    testId: 'order-status',
    card: 'badge',
  }),
  {
    header: t('columnPayment'),
    width: '10.5rem',
    // Two lines rather than one cut: « PAIEMENT À LA LIVRAISON » is longer than the column.
    cell: (row) => (
      <span className="cell-lines cell-muted" title={row.payment} data-testid="order-payment">
        {row.payment}
      </span>
    ),
  },
  {
    header: t('columnVatReview'),
    width: '11rem',
    card: 'meta',
    cell: (row) =>
      row.vatReview && (
        <span className="badge" data-variant={row.vatReview.badge} data-testid="vat-review">
          {row.vatReview.text}
        </span>
      ),
  },
  figureColumn(t('columnTotal'), (row) => row.total, {
    width: '8.5rem',
    sortKey: 'total_amount',
    card: 'value',
  }),
  {
    header: t('columnDate'),
    width: '7rem',
    cell: (row) => row.date,
    sortKey: 'created_at',
    card: 'meta',
  },
  {
    header: t('columnActions'),
    width: '6rem',
    card: 'actions',
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
export const OrdersTable = serverTable<OrderRow>(() => ({
  columns: columns(),
  rowKey: (row) => row.id,
  label: t('tableLabel'),
  emptyText: t('emptyText'),
  minW: '70rem',
  testId: 'orders-scroll',
}));
