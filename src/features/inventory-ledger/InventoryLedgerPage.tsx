import { useMemo } from 'react';
import type { ListStockMovementsParams, StockMovementEntry } from '@generated/model';
import { exportStockMovements } from '@generated/clients/exports/exports';
import { useListAdminProducts } from '@generated/hooks/products/products';
import {
  getListStockMovementsKey,
  useListStockMovementAdmins,
} from '@generated/hooks/variants/variants';
import { useFilteredList, useListExport, type FilterOption } from '@/components/list-screen';
import {
  isLedgerFiltered,
  ledgerParams,
  NO_LEDGER_FILTERS,
  type LedgerFilters,
} from './ledger-filters';
import { InventoryLedgerView } from './InventoryLedgerView';
import { noun, useT } from './messages';

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
  const t = useT();
  // The search box is the reason filter: text the movement's reason contains.
  const { view, params } = useFilteredList<
    StockMovementEntry,
    ListStockMovementsParams,
    LedgerFilters
  >({
    keyOf: getListStockMovementsKey,
    initialFilters: NO_LEDGER_FILTERS,
    paramsOf: ledgerParams,
    isFiltered: isLedgerFiltered,
    unfiltered: {},
    failureToast: t('loadFailed'),
  });
  const { data: admins } = useListStockMovementAdmins();
  const { data: products } = useListAdminProducts(PRODUCT_CHOICES);
  const adminOptions = useMemo(
    () =>
      withAll(
        t('allAdmins'),
        (admins ?? []).map((a) => ({ value: String(a.id), label: a.username })),
      ),
    [admins, t],
  );
  const productOptions = useMemo(
    () =>
      withAll(
        t('allProducts'),
        (products ?? []).map((p) => ({ value: String(p.id), label: p.name })),
      ),
    [products, t],
  );
  const { csv, exportList } = useListExport(exportStockMovements, params, {
    noun,
    fallbackName: 'stock-movements.csv',
    failure: t('exportFailed'),
  });

  return (
    <InventoryLedgerView
      {...view}
      admins={adminOptions}
      products={productOptions}
      csv={csv}
      onExport={exportList}
    />
  );
}
