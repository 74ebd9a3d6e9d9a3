import { useMemo } from 'react';
import type { StockMovementEntry } from '@generated/model';
import {
  ExportMenu,
  ExportProgress,
  ListScreen,
  serverListOrUnavailable,
  type CsvExport,
  type ExportChoice,
  type FilteredListViewProps,
} from '@/components/list-screen';
import type { LedgerFilters } from './ledger-filters';
import { LedgerFiltersBar, type LedgerFiltersBarProps } from './LedgerFiltersBar';
import { MovementsTable } from './MovementsTable';
import { noun, useT } from './messages';
import { toMovementRows } from './movement-rows';

/**
 * The movements in `list` (the container toasts 'Failed to load the inventory ledger' on a
 * failure); `search` is the reason filter: text the reason contains.
 */
export interface InventoryLedgerViewProps
  extends
    FilteredListViewProps<StockMovementEntry, LedgerFilters>,
    Pick<LedgerFiltersBarProps, 'admins' | 'products'> {
  /** The CSV export under way, if any. */
  csv: CsvExport;
  /** Exports the ledger as it is filtered. */
  onExport: (choice: ExportChoice) => void;
}

/** The inventory ledger (/admin/inventory/ledger): every stock movement, newest first. */
export function InventoryLedgerView({
  list,
  search,
  filters,
  onFiltersChange,
  csv,
  onExport,
  ...choices
}: InventoryLedgerViewProps) {
  const t = useT();
  const { rows: movements, table } = list;
  const states = serverListOrUnavailable(list, noun, t('unavailable'), 'ledger-unavailable');
  const rows = useMemo(() => toMovementRows(movements ?? []), [movements]);
  const actions = useMemo(
    () => (
      <ExportMenu
        // The ledger's one file: one row per movement.
        choices={[{ value: 'movements', label: t('exportMovements') }]}
        onExport={onExport}
        csv={csv}
      />
    ),
    [onExport, t, csv],
  );

  return (
    <ListScreen
      title={t('title')}
      description={t('subtitle')}
      actions={actions}
      notice={<ExportProgress {...csv} />}
      search={{ placeholder: t('reasonPlaceholder'), label: t('reasonLabel'), ...search }}
      filters={<LedgerFiltersBar filters={filters} onChange={onFiltersChange} {...choices} />}
      {...states}
      loadingText={t('loading')}
    >
      <MovementsTable ledger rows={rows} {...table} />
    </ListScreen>
  );
}
