import { useMemo } from 'react';
import { Link } from 'wouter';
import {
  DataTable,
  figureColumn,
  textColumn,
  type Column,
  type ServerTableProps,
} from '@/components/list-screen';
import { usePermission } from '@/lib/auth/permissions';
import { paths } from '@/lib/paths';
import { t, useT } from './messages';
import type { MovementRow } from './movement-rows';

type MovementsTableProps = { rows: readonly MovementRow[] } & ServerTableProps;

const rowKey = (row: MovementRow) => row.id;

/** A table column's text on up to two lines (`.cell-lines`) instead of one cut line. */
const onTwoLines = (
  column: Column<MovementRow>,
  text: (row: MovementRow) => string,
  tone: 'cell-muted' | 'cell-strong',
): Column<MovementRow> => ({
  ...column,
  cell: (row) => (
    <span className={`cell-lines ${tone}`} title={text(row)}>
      {text(row)}
    </span>
  ),
});

/**
 * When, the change, the stock on both sides, why, who and the order: every table of movements.
 * `about` (the ledger's variant and SKU) goes after the date. Headers are read when built: a
 * language change re-mounts the tables.
 */
function movementColumns(
  about: readonly Column<MovementRow>[],
  linkOrders: boolean,
): Column<MovementRow>[] {
  // On a phone's card (Column.card): the variant heads the ledger's cards, the date a history's.
  const ledger = about.length > 0;
  return [
    textColumn(t('date'), (row) => row.when, {
      width: '9.5rem',
      card: ledger ? 'meta' : 'title',
    }),
    ...about,
    figureColumn(
      t('change'),
      (row) => (
        <span className="cell-strong" data-testid="movement-change" data-direction={row.direction}>
          {row.change}
        </span>
      ),
      { width: '4.5rem', card: 'value' },
    ),
    figureColumn(t('before'), (row) => row.before, { width: '4.5rem' }),
    figureColumn(t('after'), (row) => row.after, { width: '4.5rem', card: 'meta' }),
    // The width the others leave, on two lines: a reason is a sentence an admin wrote.
    onTwoLines(
      textColumn(t('reason'), (row) => row.reason, {
        tone: 'muted',
        card: ledger ? 'meta' : 'subtitle',
      }),
      (row) => row.reason,
      'cell-muted',
    ),
    textColumn(t('by'), (row) => row.by, { width: '7.5rem', card: 'meta' }),
    {
      header: t('order'),
      card: 'meta',
      width: '11rem', // an order number's button, padding included
      cell: (row) =>
        !row.order ? (
          '-'
        ) : linkOrders ? (
          <Link href={paths.orders.detail(row.order.id)} className="row-link">
            {row.order.number}
          </Link>
        ) : (
          // An admin who may not read orders sees which order it was, without a way in.
          <span className="cell-nowrap">{row.order.number}</span>
        ),
    },
  ];
}

/**
 * A table of movements: one variant's (its stock history), or every variant's (the ledger, with
 * what each concerned).
 */
export function MovementsTable({
  ledger = false,
  ...props
}: MovementsTableProps & { ledger?: boolean }) {
  const t = useT();
  const linkOrders = usePermission('orders:read');
  const columns = useMemo(
    () =>
      movementColumns(
        ledger
          ? [
              onTwoLines(
                textColumn(t('variant'), (row) => row.title, { tone: 'strong', card: 'title' }),
                (row) => row.title,
                'cell-strong',
              ),
              textColumn(t('sku'), (row) => row.sku, {
                width: '9.5rem',
                tone: 'muted',
                card: 'subtitle',
              }),
            ]
          : [],
        linkOrders,
      ),
    [ledger, t, linkOrders],
  );
  return (
    <DataTable
      {...props}
      rowKey={rowKey}
      columns={columns}
      emptyText={ledger ? t('noMovementsFound') : t('noMovementsYet')}
      label={ledger ? t('ledger') : t('stockMovements')}
      testId={ledger ? 'ledger-scroll' : 'stock-history-scroll'}
      // The ledger fits a 1366 px screen beside the sidebar, the history its dialog (#26).
      minW={ledger ? '60rem' : '46rem'}
    />
  );
}
