import { Link } from 'wouter';
import { figureColumn, serverTable, textColumn, type Column } from '@/components/list-screen';
import { paths } from '@/lib/paths';
import type { MovementRow } from './movement-rows';

/** When, the change, the stock on both sides, why, who and the order: every table of movements. */
const MOVEMENT_COLUMNS: readonly Column<MovementRow>[] = [
  textColumn('Date', (row) => row.when, { width: '11.5rem' }),
  figureColumn(
    'Change',
    (row) => (
      <span className="cell-strong" data-testid="movement-change" data-direction={row.direction}>
        {row.change}
      </span>
    ),
    { width: '5rem' },
  ),
  figureColumn('Before', (row) => row.before, { width: '5rem' }),
  figureColumn('After', (row) => row.after, { width: '5rem' }),
  textColumn('Reason', (row) => row.reason, { tone: 'muted' }),
  textColumn('By', (row) => row.by, { width: '9rem' }),
  {
    header: 'Order',
    width: '10.5rem',
    cell: (row) =>
      row.order ? (
        <Link href={paths.orders.detail(row.order.id)} className="row-action">
          {row.order.number}
        </Link>
      ) : (
        '-'
      ),
  },
];

/** One variant's movements (its stock history). */
export const VariantMovementsTable = serverTable<MovementRow>({
  rowKey: (row) => row.id,
  columns: MOVEMENT_COLUMNS,
  emptyText: 'No stock movements yet',
  label: 'Stock movements',
  testId: 'stock-history-scroll',
  minW: '52rem',
});

const [date, ...rest] = MOVEMENT_COLUMNS;

/** The movements of every variant: the ledger, with what each concerned. */
export const LedgerTable = serverTable<MovementRow>({
  rowKey: (row) => row.id,
  columns: [
    date!,
    textColumn('Variant', (row) => row.title, { tone: 'strong' }),
    textColumn('SKU', (row) => row.sku, { width: '9rem', tone: 'muted' }),
    ...rest,
  ],
  emptyText: 'No stock movements found',
  label: 'Inventory ledger',
  testId: 'ledger-scroll',
  minW: '76rem',
});
