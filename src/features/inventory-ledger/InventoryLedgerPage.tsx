import { useCallback, useMemo, useState } from 'react';
import type { ListStockMovementsParams, StockMovementEntry } from '@generated/model';
import { exportStockMovements } from '@generated/clients/exports/exports';
import { useListAdminProducts } from '@generated/hooks/products/products';
import {
  getListStockMovementsKey,
  useListStockMovementAdmins,
} from '@generated/hooks/variants/variants';
import {
  useCsvExport,
  useListSearch,
  useServerList,
  type ExportChoice,
  type FilterOption,
} from '@/components/list-screen';
import { isLedgerFiltered, ledgerParams, NO_LEDGER_FILTERS } from './ledger-filters';
import { InventoryLedgerView } from './InventoryLedgerView';

/** The product filter's choices: the first products by name (a shop's catalogue at most). */
const PRODUCT_CHOICES = { sort: 'name', limit: 1000 } as const;

const withAll = (label: string, options: FilterOption<string>[]) => [
  { value: '', label },
  ...options,
];

/**
 * The inventory ledger (/admin/inventory/ledger): the server filters and pages the movements;
 * the CSV export holds what the list shows. A load failure is toasted.
 */
export function InventoryLedgerPage() {
  const { box, query } = useListSearch('', { debounce: true });
  const [filters, setFilters] = useState(NO_LEDGER_FILTERS);
  const params = useMemo(() => ledgerParams(query, filters), [query, filters]);
  const list = useServerList<StockMovementEntry, ListStockMovementsParams>({
    keyOf: getListStockMovementsKey,
    params,
    unfiltered: isLedgerFiltered(query, filters) ? {} : null,
    failureToast: 'Failed to load the inventory ledger',
  });
  const { data: admins } = useListStockMovementAdmins();
  const { data: products } = useListAdminProducts(PRODUCT_CHOICES);
  const adminOptions = useMemo(
    () =>
      withAll(
        'All admins',
        (admins ?? []).map((a) => ({ value: String(a.id), label: a.username })),
      ),
    [admins],
  );
  const productOptions = useMemo(
    () =>
      withAll(
        'All products',
        (products ?? []).map((p) => ({ value: String(p.id), label: p.name })),
      ),
    [products],
  );
  const csv = useCsvExport({
    noun: ['movement', 'movements'],
    fallbackName: 'stock-movements.csv',
    failure: 'Failed to export the inventory ledger',
  });
  const { start } = csv;
  const handleExport = useCallback(
    ({ label }: ExportChoice) =>
      void start(label, (options) => exportStockMovements(params, options)),
    [start, params],
  );

  return (
    <InventoryLedgerView
      list={list}
      reason={box}
      filters={filters}
      onChange={setFilters}
      admins={adminOptions}
      products={productOptions}
      csv={csv}
      onExport={handleExport}
    />
  );
}
