import { useState } from 'react';
import { useSWRConfig } from 'swr';
import type { StockAdjustment, Variant, VariantBulkEditAction } from '@generated/model';
import { updateProduct } from '@generated/hooks/products/products';
import {
  adjustVariantStock,
  bulkDeleteVariants,
  bulkEditVariants,
  createVariant,
  deleteVariant,
  duplicateVariant,
  getListVariantsKey,
  listVariants,
  updateVariant,
  useListVariants,
} from '@generated/hooks/variants/variants';
import { useListVatRates } from '@generated/hooks/vatrates/vatrates';
import { useKeyedSelection } from '@/components/list-screen';
import { notify } from '@/components/ui/notify';
import { BulkEditDialog, useBulkEdit, type BulkEditTarget } from '@/features/bulk-edit';
import { serverMessage } from '@/lib/http';
import { StockHistoryDialog } from '@/features/inventory-ledger';
import { AdjustStockDialog } from './AdjustStockDialog';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { duplicateSku, SEARCH_DEBOUNCE_MS } from './constants';
import { hasActiveFilters, listParams, NO_FILTERS, type VariantFilters } from './list-params';
import { useDebouncedValue } from '@/lib/hooks/use-debounced-value';
import {
  emptyVariantValues,
  toCreatePayload,
  toUpdatePayload,
  type VariantFormValues,
} from './variant-form';
import { VariantFormDialog } from './VariantFormDialog';
import { VariantsManagerView } from './VariantsManagerView';
import { noun, useT } from './messages';

export interface VariantsManagerProps {
  productId: number;
}

const LIST_URL = getListVariantsKey()[0];
const isListKey = (key: unknown) => Array.isArray(key) && key[0] === LIST_URL;

/** The bar offers the products' actions but Set Category. */
const VARIANTS_BULK: BulkEditTarget<VariantBulkEditAction> = {
  noun,
  send: bulkEditVariants,
  inheritVatRate: true,
};

type DeleteTarget = { kind: 'one'; variant: Variant } | { kind: 'selected'; ids: number[] };

/**
 * The variants manager of the product edit form (docs/product.md §2, §4): the list with its filters and the
 * calls behind each action. has_variants follows the variants from here too (docs/product.md §4).
 */
export function VariantsManager({ productId }: VariantsManagerProps) {
  const t = useT();
  const { mutate: mutateCache } = useSWRConfig();
  const [filters, setFilters] = useState<VariantFilters>(NO_FILTERS);
  const typed = filters.search.trim();
  const debounced = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  // Clearing the box (or Clear Filters) shows the whole list at once.
  const search = typed === '' ? '' : debounced;
  const applied: VariantFilters = { ...filters, search };
  const filtered = hasActiveFilters(applied);

  // Page and selection belong to one filter state: changing the filters starts over (page 1,
  // nothing selected) without an effect.
  const filterKey = JSON.stringify([productId, search, filters.status, filters.stock]);
  const [pageState, setPageState] = useState({ key: filterKey, page: 1 });
  const page = pageState.key === filterKey ? pageState.page : 1;
  const setPage = (next: number) => setPageState({ key: filterKey, page: Math.max(1, next) });
  const { selectedIds, setSelectedIds, deselect } = useKeyedSelection(`${filterKey}#${page}`);

  const params = listParams(productId, applied, page);
  const list = useListVariants(params, { swr: { keepPreviousData: true } });
  const data = list.data;
  const vatRates = useListVatRates({ is_active: true });

  const [form, setForm] = useState<{ open: boolean; variant: Variant | null }>({
    open: false,
    variant: null,
  });
  const [adjust, setAdjust] = useState<{ open: boolean; variant: Variant | null }>({
    open: false,
    variant: null,
  });
  const [history, setHistory] = useState<{ open: boolean; variant: Variant | null }>({
    open: false,
    variant: null,
  });
  const [confirm, setConfirm] = useState<{ open: boolean; target: DeleteTarget | null }>({
    open: false,
    target: null,
  });
  const [deleting, setDeleting] = useState(false);
  const [busyIds, setBusyIds] = useState<ReadonlySet<number>>(new Set());

  /**
   * Reloads this page and drops the other cached pages (they reload when shown). Never throws: a
   * failed reload leaves the list as it was.
   */
  const refresh = async () => {
    const current = JSON.stringify(getListVariantsKey(params));
    try {
      await Promise.all([
        list.mutate(),
        mutateCache((key) => isListKey(key) && JSON.stringify(key) !== current, undefined, {
          revalidate: false,
        }),
      ]);
    } catch {
      // SWR keeps the previous data and its error state.
    }
  };

  /**
   * How many variants the product has: the list's total when nothing filters it, else asked
   * for (null when that fails: the server keeps has_variants right anyway).
   */
  const productTotal = async (): Promise<number | null> => {
    if (data && !filtered) return data.total;
    try {
      return (await listVariants({ product_id: productId, page: 1, page_size: 1 })).total;
    } catch {
      return null;
    }
  };

  /** PATCH product {has_variants} (docs/product.md §4); the server does the same, so a failure is ignored. */
  const setHasVariants = async (hasVariants: boolean) => {
    try {
      await updateProduct(productId, { has_variants: hasVariants });
    } catch {
      // The server keeps has_variants in line with the variants itself.
    }
  };

  const saveVariant = async (values: VariantFormValues) => {
    const editing = form.variant;
    try {
      if (editing) {
        await updateVariant(editing.id, toUpdatePayload(values));
        notify.success(t('success'), t('variantUpdated'));
      } else {
        const before = await productTotal();
        await createVariant(productId, toCreatePayload(values));
        notify.success(t('success'), t('variantCreated'));
        if (before === 0) await setHasVariants(true);
      }
      setForm((state) => ({ ...state, open: false }));
      await refresh();
    } catch (error) {
      notify.error(t('error'), serverMessage(error, t('saveFailed')));
    }
  };

  const duplicate = async (variant: Variant) => {
    setBusyIds((ids) => new Set(ids).add(variant.id));
    try {
      await duplicateVariant(variant.id, { new_sku: duplicateSku(variant.sku) });
      notify.success(t('success'), t('variantDuplicated'));
      await setHasVariants(true);
      await refresh();
    } catch (error) {
      notify.error(t('error'), serverMessage(error, t('duplicateFailed')));
    } finally {
      setBusyIds((ids) => {
        const next = new Set(ids);
        next.delete(variant.id);
        return next;
      });
    }
  };

  const adjustStock = async (body: StockAdjustment) => {
    const variant = adjust.variant;
    if (!variant) return;
    try {
      await adjustVariantStock(variant.id, body);
      notify.success(t('success'), t('stockAdjusted'));
      setAdjust((state) => ({ ...state, open: false }));
      await refresh();
    } catch (error) {
      notify.error(t('error'), serverMessage(error, t('adjustFailed')));
    }
  };

  const confirmDelete = async () => {
    const target = confirm.target;
    if (!target) return;
    const ids = target.kind === 'one' ? [target.variant.id] : target.ids;
    setDeleting(true);
    try {
      const before = await productTotal();
      if (target.kind === 'one') {
        await deleteVariant(target.variant.id);
        notify.success(t('success'), t('variantDeleted'));
      } else {
        await bulkDeleteVariants({ ids });
        notify.success(t('success'), t('variantsDeleted', { count: ids.length }));
      }
      // The last remaining variant, or as many selected as the product has (docs/product.md §4).
      if (before !== null && ids.length >= before) await setHasVariants(false);
      setConfirm((state) => ({ ...state, open: false }));
      const remainingOnPage = (data?.items ?? []).filter((v) => !ids.includes(v.id)).length;
      deselect((id) => ids.includes(id));
      if (remainingOnPage === 0 && page > 1) setPage(page - 1);
      await refresh();
    } catch (error) {
      notify.error(
        t('error'),
        serverMessage(error, target.kind === 'one' ? t('deleteOneFailed') : t('deleteManyFailed')),
      );
    } finally {
      setDeleting(false);
    }
  };

  const bulk = useBulkEdit(VARIANTS_BULK, selectedIds, setSelectedIds, refresh);

  const target = confirm.target;
  return (
    <>
      <VariantsManagerView
        data={data}
        loadError={list.error ? serverMessage(list.error, t('loadFailed')) : null}
        onRetry={() => void list.mutate()}
        filters={filters}
        onFiltersChange={setFilters}
        filtered={filtered}
        onClearFilters={() => setFilters(NO_FILTERS)}
        selectedIds={selectedIds}
        onSelectionChange={setSelectedIds}
        onPageChange={setPage}
        onAdd={() => setForm({ open: true, variant: null })}
        onEdit={(variant) => setForm({ open: true, variant })}
        onDuplicate={(variant) => void duplicate(variant)}
        onAdjustStock={(variant) => setAdjust({ open: true, variant })}
        onShowHistory={(variant) => setHistory({ open: true, variant })}
        onDelete={(variant) => setConfirm({ open: true, target: { kind: 'one', variant } })}
        onDeleteSelected={() =>
          setConfirm({ open: true, target: { kind: 'selected', ids: [...selectedIds] } })
        }
        onBulkAction={bulk.open}
        busyIds={busyIds}
      />
      <BulkEditDialog {...bulk.dialog} />
      <VariantFormDialog
        open={form.open}
        variant={form.variant}
        vatRates={vatRates.data}
        // A new variant goes after the existing ones (positions count from 0).
        initialValues={emptyVariantValues(data && !filtered ? data.total : 0)}
        onSubmit={saveVariant}
        onClose={() => setForm((state) => ({ ...state, open: false }))}
      />
      <AdjustStockDialog
        open={adjust.open}
        variant={adjust.variant}
        onSubmit={adjustStock}
        onClose={() => setAdjust((state) => ({ ...state, open: false }))}
      />
      <StockHistoryDialog
        open={history.open}
        variant={history.variant}
        onClose={() => setHistory((state) => ({ ...state, open: false }))}
      />
      <ConfirmDialog
        open={confirm.open}
        title={target?.kind === 'selected' ? t('deleteVariants') : t('deleteVariant')}
        busy={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setConfirm((state) => ({ ...state, open: false }))}
      >
        {target?.kind === 'selected'
          ? t('confirmDeleteMany', { count: target.ids.length })
          : t('confirmDeleteOne', {
              title: target?.variant.variant_title ?? '',
              sku: target?.variant.sku ?? '',
            })}
      </ConfirmDialog>
    </>
  );
}
