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

/**
 * When, the change, the stock on both sides, why, who and the order: every table of movements.
 * `about` (the ledger's variant and SKU) goes after the date. Headers are read when built: a
 * language change re-mounts the tables.
 */
function movementColumns(
  about: readonly Column<MovementRow>[],
  linkOrders: boolean,
): Column<MovementRow>[] {
  return [
    textColumn(t('date'), (row) => row.when, { width: '11.5rem' }),
    ...about,
    figureColumn(
      t('change'),
      (row) => (
        <span className="cell-strong" data-testid="movement-change" data-direction={row.direction}>
          {row.change}
        </span>
      ),
      { width: '5rem' },
    ),
    figureColumn(t('before'), (row) => row.before, { width: '5rem' }),
    figureColumn(t('after'), (row) => row.after, { width: '5rem' }),
    textColumn(t('reason'), (row) => row.reason, { tone: 'muted' }),
    textColumn(t('by'), (row) => row.by, { width: '9rem' }),
    {
      header: t('order'),
      width: '11.5rem', // an order number's button, padding included
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
              textColumn(t('variant'), (row) => row.title, { tone: 'strong' }),
              textColumn(t('sku'), (row) => row.sku, { width: '9rem', tone: 'muted' }),
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
      minW={ledger ? '76rem' : '52rem'}
    />
  );
}
