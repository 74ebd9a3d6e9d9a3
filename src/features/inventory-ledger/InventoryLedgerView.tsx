import { useMemo } from 'react';
import type { StockMovementEntry } from '@generated/model';
import {
  ExportMenu,
  ExportProgress,
  ListScreen,
  UnavailableState,
  type CsvExport,
  type ExportChoice,
  type ServerListState,
} from '@/components/list-screen';
import type { SearchInputProps } from '@/components/list-screen/states';
import { LedgerFiltersBar, type LedgerFiltersBarProps } from './LedgerFiltersBar';
import { LedgerTable } from './MovementsTable';
import { toMovementRows } from './movement-rows';

/** The ledger's one file: one row per movement. */
const LEDGER_EXPORTS: readonly ExportChoice[] = [
  { value: 'movements', label: 'One row per movement' },
];

export interface InventoryLedgerViewProps extends LedgerFiltersBarProps {
  /** The movements (the container toasts 'Failed to load the inventory ledger' on a failure). */
  list: ServerListState<StockMovementEntry>;
  /** The reason filter: text the reason contains. */
  reason: Pick<SearchInputProps, 'value' | 'onChange'>;
  /** The CSV export under way, if any. */
  csv: CsvExport;
  /** Exports the ledger as it is filtered. */
  onExport: (choice: ExportChoice) => void;
}

/** The inventory ledger (/admin/inventory/ledger): every stock movement, newest first. */
export function InventoryLedgerView({
  list: { rows: movements, count, isLoading, failed, reload, table },
  reason,
  csv,
  onExport,
  ...filters
}: InventoryLedgerViewProps) {
  const rows = useMemo(() => toMovementRows(movements ?? []), [movements]);
  const exporting = csv.progress !== null;
  const actions = useMemo(
    () => <ExportMenu choices={LEDGER_EXPORTS} onExport={onExport} busy={exporting} />,
    [onExport, exporting],
  );

  return (
    <ListScreen
      title="Inventory Ledger"
      description="Every change of stock: when, who, why and the order behind it"
      actions={actions}
      notice={<ExportProgress {...csv} />}
      search={{ placeholder: 'Filter by reason...', label: 'Filter by reason', ...reason }}
      filters={<LedgerFiltersBar {...filters} />}
      count={count && { noun: ['movement', 'movements'], ...count }}
      error={
        failed &&
        !movements && (
          <UnavailableState
            text="The inventory ledger could not be loaded."
            onRetry={() => void reload()}
            testId="ledger-unavailable"
          />
        )
      }
      loading={isLoading || !movements}
      loadingText="Loading inventory ledger..."
    >
      <LedgerTable rows={rows} {...table} />
    </ListScreen>
  );
}
