import { Link } from 'wouter';
import { EyeSvg } from '@/components/icons';
import { useState } from 'react';
import {
  DataTable,
  figureColumn,
  textColumn,
  type Column,
  type RowSelection,
  type ServerTableProps,
} from '@/components/list-screen';
import { paths } from '@/lib/paths';
import type { OrderRow } from './order-display';
import { t } from './messages';
import { t as paymentT } from './payments/messages';

const columns = (): readonly Column<OrderRow>[] => [
  textColumn(t('columnOrderNumber'), (row) => row.orderNumber, {
    width: '10rem',
    tone: 'strong',
    card: 'title',
  }),
  textColumn(t('columnCustomer'), (row) => row.customer, { card: 'subtitle' }),
  {
    header: t('columnStatus'),
    width: '10rem',
    card: 'badge',
    // The VAT number review sits under the status it holds back (an invoice waits for it)
    // rather than in a column of its own that is empty on most rows: the table then fits
    // beside the sidebar at 1280 px.
    cell: (row) => (
      <span className="cell-badges">
        <span className="badge" data-variant={row.badge} data-testid="order-status">
          {row.status}
        </span>
        {/* A space, so the cell reads "pending VAT number to confirm", not one word. */}
        {row.vatReview && ' '}
        {row.vatReview && (
          <span className="badge" data-variant={row.vatReview.badge} data-testid="vat-review">
            {row.vatReview.text}
          </span>
        )}
      </span>
    ),
  },
  {
    header: t('columnPayment'),
    width: '9.5rem',
    // Two lines rather than one cut: « PAIEMENT À LA LIVRAISON » is longer than the column.
    cell: (row) => (
      <span className="cell-lines cell-muted" title={row.payment} data-testid="order-payment">
        {row.payment}
      </span>
    ),
  },
  {
    header: paymentT('columnPaymentStatus'),
    width: '8.5rem',
    // On a phone, a line of its own ('Payment status Partially paid').
    card: 'meta',
    cell: (row) => (
      <span className="badge" data-variant={row.paymentStatus.badge} data-testid="payment-status">
        {row.paymentStatus.text}
      </span>
    ),
  },
  figureColumn(t('columnTotal'), (row) => row.total, {
    width: '8rem',
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
    width: '5.5rem',
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

/** The table's fixed props, made once per mount in the language of the moment. */
const fixedProps = () => ({
  columns: columns(),
  rowKey: (row: OrderRow) => row.id,
  label: t('tableLabel'),
  emptyText: t('emptyText'),
  minW: '60rem',
  testId: 'orders-scroll',
});

/**
 * The orders table (docs/product.md §2), virtualised, loading further pages as it scrolls; with
 * `selection`, a checkbox per row for the bulk actions (bulk/use-orders-bulk.tsx).
 */
export function OrdersTable({
  rows,
  selection,
  ...server
}: {
  rows: readonly OrderRow[];
  selection?: RowSelection<OrderRow> | undefined;
} & ServerTableProps) {
  const [fixed] = useState(fixedProps);
  return <DataTable {...fixed} {...server} rows={rows} selection={selection} />;
}
