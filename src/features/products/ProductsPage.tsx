import { lazy, Suspense, useCallback, useState } from 'react';
import { useSearch } from 'wouter';
import type {
  ListAdminProductsParams,
  Product,
  ProductBulkEditAction,
  ProductSort,
} from '@generated/model';
import { exportProducts } from '@generated/clients/exports/exports';
import { useListAdminCategories } from '@generated/hooks/categories/categories';
import {
  bulkEditProducts,
  deleteProduct,
  getListAdminProductsKey,
} from '@generated/hooks/products/products';
import {
  BulkEditDialog,
  categoryOptions,
  useBulkEdit,
  type BulkEditTarget,
} from '@/features/bulk-edit';
import {
  useFilteredList,
  useKeyedSelection,
  useListExport,
  useListSort,
} from '@/components/list-screen';
import { withToasts } from '@/components/ui/notify';
import { usePermission } from '@/lib/auth/permissions';
import { serverMessage } from '@/lib/http';
import type { Page } from '@/lib/swr/paged-list';
import { noun, t } from './messages';
import {
  filtersFromSearch,
  hasFilters,
  productParams,
  type ProductFilters,
} from './product-filters';
import { ProductsListView } from './ProductsListView';

// The import (drop zone, report table) loads when it is first opened.
const ProductImport = lazy(async () => ({
  default: (await import('./import/ProductImport')).ProductImport,
}));

/**
 * Product list (/admin/products): the server searches (name, slug, brand), filters (category,
 * status, stock state), sorts and pages the products; the categories (inactive ones included, so a product in a soft-deleted category still
 * shows its name) give the category names. Deletes on confirmation; edits the selected products
 * in bulk.
 */
const PRODUCTS_BULK: BulkEditTarget<ProductBulkEditAction> = {
  noun,
  send: bulkEditProducts,
  inheritVatRate: false,
  // A price change moves every variant's price too (#26): the dialog shows what first.
  preview: (body) => bulkEditProducts({ ...body, dry_run: true }),
};

export function ProductsPage() {
  // createProduct, updateProduct, deleteProduct, bulkEditProducts, importProducts.
  const canEdit = usePermission('products:write');
  const search = useSearch();
  const sorting = useListSort<string, ProductSort>();
  const sort = sorting.param;
  const {
    view,
    list: products,
    query,
    params,
  } = useFilteredList<Product, ListAdminProductsParams, ProductFilters>({
    keyOf: getListAdminProductsKey,
    // A link may set the stock filter (the dashboard's To do).
    initialFilters: () => filtersFromSearch(search),
    paramsOf: (text, filters) => productParams(text, filters, sort),
    isFiltered: (text, filters) => text.trim() !== '' || hasFilters(filters),
    unfiltered: {},
    sorting,
  });
  const categories = useListAdminCategories();
  const { mutate } = products;
  const { csv, exportList } = useListExport(exportProducts, params, {
    noun,
    fallbackName: 'products.csv',
    failure: t('exportFailed'),
  });
  const handleExport = useCallback(() => exportList({ label: t('title') }), [exportList]);

  // The selection belongs to one search, filter and order: changing them starts over.
  const { selectedIds, setSelectedIds, deselect } = useKeyedSelection(JSON.stringify(params));
  const bulk = useBulkEdit(PRODUCTS_BULK, selectedIds, setSelectedIds, mutate);

  const handleDelete = useCallback(
    async (product: Product) => {
      const deleted = await withToasts(() => deleteProduct(product.id), {
        success: t('deleted'),
        failure: t('deleteFailed'),
        errorMessage: (_, failure) => failure,
      });
      if (!deleted) return;
      // A deleted product leaves the selection too (a bulk edit would not find it).
      deselect((id) => id === product.id);
      // Drop the row at once, then reload the list from the server.
      await mutate(
        (pages?: Page<Product>[]) =>
          pages?.map((page) => ({
            ...page,
            items: page.items.filter((p) => p.id !== product.id),
          })),
        { revalidate: true },
      );
    },
    [mutate, deselect],
  );

  const [importing, setImporting] = useState(false);
  // Once opened it stays rendered, so that it can play its closing animation.
  const [importOpened, setImportOpened] = useState(false);
  const openImport = useCallback(() => {
    setImporting(true);
    setImportOpened(true);
  }, []);
  const closeImport = useCallback(() => setImporting(false), []);
  const { reload } = products;
  const handleImported = useCallback(() => void reload(), [reload]);

  return (
    <>
      <ProductsListView
        {...view}
        query={query}
        categories={categories.error ? undefined : categories.data}
        categoriesLoading={categories.isLoading}
        loadError={products.error ? serverMessage(products.error, t('loadFailed')) : null}
        onDelete={handleDelete}
        csv={csv}
        onExport={handleExport}
        onImport={openImport}
        canEdit={canEdit}
        selectedIds={selectedIds}
        onSelectionChange={setSelectedIds}
        onBulkAction={bulk.open}
        bulkDialog={
          <BulkEditDialog {...bulk.dialog} categories={categoryOptions(categories.data)} />
        }
      />
      {importOpened && (
        <Suspense fallback={null}>
          <ProductImport open={importing} onClose={closeImport} onApplied={handleImported} />
        </Suspense>
      )}
    </>
  );
}
