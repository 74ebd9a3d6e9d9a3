import { Button } from '@chakra-ui/react';
import { useMemo, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { Category, Product } from '@generated/model';
import { ImageSvg, PlusIcon, WarningSvg } from '@/components/icons';
import { BulkActionBar, type BulkActionKind } from '@/features/bulk-edit';
import {
  ConfirmDialog,
  DataTable,
  ExportMenu,
  ExportProgress,
  figureColumn,
  ListScreen,
  LoadErrorState,
  rowActionsColumn,
  StatusBadge,
  textColumn,
  useDeleteConfirmation,
  type Column,
  type CsvExport,
  type FilteredListViewProps,
  type RowSelection,
} from '@/components/list-screen';
import { paths } from '@/lib/paths';
import { noun, useT } from './messages';
import { hasFilters, NO_FILTERS, type ProductFilters } from './product-filters';
import { ProductFiltersBar } from './ProductFiltersBar';
import { STOCK_TEXT, toProductRows, type ProductRow } from './product-rows';

/**
 * The admin products in `list` (pages of the server's list, its count, paging and sorting), the
 * search box in `search`, and the category, status and stock filters (sent to the server like
 * the search).
 */
export interface ProductsListViewProps extends FilteredListViewProps<Product, ProductFilters> {
  /** The query the server was sent (what the search box said once the typing paused). */
  query: string;
  /** The categories (for their names); undefined when they could not be loaded. */
  categories: readonly Category[] | undefined;
  categoriesLoading: boolean;
  /** Why the products could not be loaded (shown instead of the table, with a retry), else null. */
  loadError?: string | null;
  /** Deletes the product; the dialog closes once it settles (the container reports the outcome). */
  onDelete: (product: Product) => Promise<unknown>;
  /** The CSV export under way, if any. */
  csv: CsvExport;
  /** Exports the products as searched and sorted. */
  onExport: () => void;
  /** The ids of the selected products (bulk edit). */
  selectedIds: ReadonlySet<number>;
  onSelectionChange: (ids: Set<number>) => void;
  /** Opens the dialog of a bulk action for the selected products. */
  onBulkAction: (kind: BulkActionKind) => void;
  /** The bulk action's dialog. */
  bulkDialog?: ReactNode;
  /** Opens the CSV import. */
  onImport: () => void;
  /**
   * The admin may write products (products:write): Add, Import, the selection for bulk edits and
   * each row's edit and delete. Without it the list is read-only (search, sort, export).
   */
  canEdit?: boolean;
}

const PRODUCT_BULK_ACTIONS: readonly BulkActionKind[] = [
  'set_price',
  'shift_price',
  'set_stock',
  'adjust_stock',
  'set_status',
  'set_category',
  'set_vat_rate',
];

function productColumns(
  t: ReturnType<typeof useT>,
  askDelete: (product: Product) => void,
  canEdit: boolean,
): Column<ProductRow>[] {
  const columns: Column<ProductRow>[] = [
    textColumn(t('columnName'), (row) => row.name, {
      tone: 'strong',
      sortKey: 'name',
      card: 'title',
    }),
    {
      header: t('columnImage'),
      width: '3.5rem',
      card: 'media',
      // Decorative beside the name: no alt text to read twice.
      cell: (row) =>
        row.thumbnail ? (
          <img className="thumb" src={row.thumbnail} alt="" loading="lazy" />
        ) : (
          <span className="thumb" data-testid="thumb-placeholder">
            <ImageSvg aria-hidden />
          </span>
        ),
    },
    {
      header: t('columnSku'),
      width: '6.5rem',
      cell: (row) =>
        row.sku !== null ? (
          <span className="cell-text cell-small" title={row.sku}>
            {row.sku}
          </span>
        ) : (
          <span
            className="cell-text cell-muted"
            title={row.perVariant ? t('skuPerVariant') : t('noSku')}
          >
            —
          </span>
        ),
    },
    textColumn(t('columnCategory'), (row) => row.category ?? '—', {
      width: '7rem',
      card: 'subtitle',
      missing: (row) => !row.category,
      title: (row) => row.category ?? t('categoriesNotLoaded'),
    }),
    figureColumn(t('columnPrice'), (row) => row.price, {
      // A range of prices ("45.000 – 49.000 TND") whole.
      width: '9rem',
      sortKey: 'base_price',
      card: 'value',
    }),
    figureColumn(t('columnStock'), (row) => <StockMark stock={row.stock} />, {
      width: '8.5rem',
      sortKey: 'stock',
      card: 'meta',
    }),
    figureColumn(t('columnVariants'), (row) => row.variants, { width: '5rem' }),
    {
      header: t('columnStatus'),
      width: '5.5rem',
      card: 'badge',
      cell: (row) => <StatusBadge active={row.active} />,
    },
  ];
  if (!canEdit) return columns;
  return [
    ...columns,
    rowActionsColumn(t('columnActions'), (row) => ({
      name: row.name,
      edit: paths.products.edit(row.id),
      onDelete: () => askDelete(row.product),
    })),
  ];
}

/**
 * The summed stock in its state's colour, as the variants list shows it: a warning icon when low
 * or out of stock, 'Out of stock' spelt out, 'Not tracked' when no variant counts stock.
 */
function StockMark({ stock: { figure, state } }: { stock: ProductRow['stock'] }) {
  const t = useT();
  if (figure === null)
    return (
      <span className="stock" data-state="not_tracked">
        {t('notTracked')}
      </span>
    );
  const warning = state === 'low_stock' || state === 'out_of_stock';
  return (
    <span className="stock" data-state={state} title={warning ? t(STOCK_TEXT[state]) : undefined}>
      {warning && <WarningSvg role="img" aria-label={t(STOCK_TEXT[state])} aria-hidden={false} />}
      {figure}
      {state === 'out_of_stock' && ` · ${t('outOfStock')}`}
    </span>
  );
}

const rowKey = (row: ProductRow) => row.id;

/**
 * The product list of /admin/products (docs/product.md §2): search, filters (category, status,
 * stock), table, delete confirmation.
 */
export function ProductsListView({
  list,
  categories,
  categoriesLoading,
  loadError = null,
  onDelete,
  search,
  query,
  filters,
  onFiltersChange,
  csv,
  onExport,
  selectedIds,
  onSelectionChange,
  onBulkAction,
  bulkDialog,
  onImport,
  canEdit = true,
}: ProductsListViewProps) {
  const t = useT();
  const { rows: products, count, table } = list;
  const remove = useDeleteConfirmation<Product>(onDelete);
  const columns = useMemo(() => productColumns(t, remove.ask, canEdit), [t, remove.ask, canEdit]);

  const rows = useMemo(() => toProductRows(products ?? [], categories), [products, categories]);
  const selection = useMemo<RowSelection<ProductRow>>(
    () => ({
      selected: selectedIds,
      onChange: (ids) => onSelectionChange(new Set([...ids].map(Number))),
      rowLabel: (row) => t('selectRow', { name: row.name }),
      allLabel: t('selectAll'),
    }),
    [selectedIds, onSelectionChange, t],
  );
  const searching = query.trim() !== '';
  const filtered = hasFilters(filters);
  const actions = useMemo(
    () => (
      <>
        {canEdit && (
          <Button variant="outline" onClick={onImport}>
            {t('importCsv')}
          </Button>
        )}
        <ExportMenu
          choices={[{ value: 'products', label: t('exportProducts') }]}
          onExport={onExport}
          csv={csv}
        />
        {canEdit && (
          <Button asChild>
            <Link href={paths.products.create}>
              <PlusIcon />
              {t('addProduct')}
            </Link>
          </Button>
        )}
      </>
    ),
    [onExport, onImport, t, canEdit, csv],
  );

  return (
    <ListScreen
      title={t('title')}
      description={t('description')}
      actions={actions}
      notice={
        <>
          <ExportProgress {...csv} />
          {selectedIds.size > 0 && (
            <BulkActionBar
              label={t('selected', { count: selectedIds.size })}
              kinds={PRODUCT_BULK_ACTIONS}
              onAction={onBulkAction}
              mb="4"
            >
              <Button size="sm" variant="outline" onClick={() => onSelectionChange(new Set())}>
                {t('clearSelection')}
              </Button>
            </BulkActionBar>
          )}
        </>
      }
      search={{ placeholder: t('searchPlaceholder'), label: t('searchLabel'), ...search }}
      filters={
        <ProductFiltersBar filters={filters} onChange={onFiltersChange} categories={categories} />
      }
      count={count && { noun, ...count }}
      error={
        loadError &&
        !products && (
          <LoadErrorState
            title={t('loadFailed')}
            message={loadError}
            onRetry={() => void list.reload()}
            // The table's busy state: a reload of the pages is under way.
            retrying={table.loading}
          />
        )
      }
      loading={list.isLoading || categoriesLoading || !products}
      loadingText={t('loading')}
      footer={
        <>
          {bulkDialog}
          <ConfirmDialog
            {...remove.dialog}
            title={t('deleteTitle')}
            onConfirm={() => remove.confirm()}
          >
            {t('deleteConfirm', { name: remove.target?.name })}
          </ConfirmDialog>
        </>
      }
    >
      <DataTable
        rows={rows}
        {...table}
        columns={columns}
        rowKey={rowKey}
        label={t('title')}
        emptyText={
          searching && count?.all
            ? t('noMatch', { query: query.trim() })
            : filtered
              ? t('noMatchFilters')
              : t('empty')
        }
        onClearFilters={filtered ? () => onFiltersChange(NO_FILTERS) : undefined}
        minW="60rem"
        stickyFirstColumn
        selection={canEdit ? selection : undefined}
        testId="products-scroll"
      />
    </ListScreen>
  );
}
