import { Button } from '@chakra-ui/react';
import { useMemo } from 'react';
import type { Remittance } from '@generated/model';
import { BackLink } from '@/components/layout/BackLink';
import {
  DataTable,
  figureColumn,
  ListScreen,
  serverListOrUnavailable,
  textColumn,
  type Column,
  type ServerListState,
} from '@/components/list-screen';
import { paths } from '@/lib/paths';
import { NewRemittanceDialog, type NewRemittanceDialogProps } from './NewRemittanceDialog';
import { toRemittanceRows, type RemittanceRow } from './remittance-rows';
import { remittanceNoun, t, useT } from './messages';

export interface RemittancesViewProps {
  list: ServerListState<Remittance>;
  /** Opens New remittance; without it (no payments:write) the button is not offered. */
  onNew?: (() => void) | undefined;
  dialog: NewRemittanceDialogProps;
}

const columns = (): readonly Column<RemittanceRow>[] => [
  textColumn(t('columnCarrier'), (row) => row.carrier, { tone: 'strong', card: 'title' }),
  textColumn(t('columnReceivedOn'), (row) => row.receivedOn, { width: '8rem', card: 'subtitle' }),
  textColumn(t('columnReference'), (row) => row.reference, { width: '10rem', card: 'meta' }),
  figureColumn(t('columnOrders'), (row) => row.orders, { width: '5.5rem', card: 'meta' }),
  figureColumn(t('columnGross'), (row) => row.gross, { width: '8.5rem', card: 'meta' }),
  figureColumn(t('columnFee'), (row) => row.fee, { width: '7.5rem', card: 'meta' }),
  figureColumn(t('columnWithheld'), (row) => row.withheld, { width: '7.5rem', card: 'meta' }),
  figureColumn(t('columnNet'), (row) => row.net, { width: '8.5rem', card: 'value' }),
];
const rowKey = (row: RemittanceRow) => row.id;

/**
 * The cash-on-delivery remittances of /admin/orders/remittances (docs/product.md §10.22): what
 * each carrier collected, kept and paid, newest first; New remittance records one.
 */
export function RemittancesView({ list, onNew, dialog }: RemittancesViewProps) {
  const t = useT();
  const states = serverListOrUnavailable(
    list,
    remittanceNoun,
    t('remittancesUnavailable'),
    'remittances-unavailable',
  );
  const rows = useMemo(() => toRemittanceRows(list.rows ?? []), [list.rows]);
  const table = useMemo(
    () => ({
      columns: columns(),
      rowKey,
      label: t('remittancesLabel'),
      emptyText: t('noRemittances'),
      minW: '56rem',
    }),
    [t],
  );
  return (
    <>
      <BackLink href={paths.orders.list}>{t('backToOrders')}</BackLink>
      <ListScreen
        title={t('remittancesTitle')}
        description={t('remittancesDescription')}
        actions={onNew && <Button onClick={onNew}>{t('newRemittance')}</Button>}
        {...states}
        loadingText={t('loadingRemittances')}
      >
        <DataTable rows={rows} {...table} {...list.table} />
      </ListScreen>
      {onNew && <NewRemittanceDialog {...dialog} />}
    </>
  );
}
