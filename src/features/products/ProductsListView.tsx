import { Button } from '@chakra-ui/react';
import { useMemo, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { Category, Product } from '@generated/model';
import { PlusIcon } from '@/components/icons';
import { BulkActionBar, type BulkActionKind } from '@/components/bulk-edit';
import {
  ConfirmDialog,
  DataTable,
  ExportMenu,
  ExportProgress,
  figureColumn,
  ListScreen,
  LoadErrorState,
  RowActions,
  StatusBadge,
  textColumn,
  useDeleteConfirmation,
  type Column,
  type CsvExport,
  type RowSelection,
  type ServerCount,
  type ServerTableProps,
} from '@/components/list-screen';
import type { SearchInputProps } from '@/components/list-screen/states';
import { paths } from '@/lib/paths';
import { toProductRows, type ProductRow } from './product-rows';

const EMPTY_TEXT = 'No products found. Add your first product!';

export interface ProductsListViewProps {
  /** The admin products loaded so far (pages of the server's list); undefined until loaded. */
  products: readonly Product[] | undefined;
  /** How many products match the search, of how many (X-Total-Count). */
  count: ServerCount | null;
  /** The categories (for their names); undefined when they could not be loaded. */
  categories: readonly Category[] | undefined;
  loading: boolean;
  /** Why the products could not be loaded (shown instead of the table), else null. */
  loadError?: string | null;
  onRetry?: () => void;
  /** A retry is under way. */
  retrying?: boolean;
  /** Deletes the product; the dialog closes once it settles (the container reports the outcome). */
  onDelete: (product: Product) => Promise<unknown>;
  /** The search box (typed text) and the query the server was sent. */
  search: Pick<SearchInputProps, 'value' | 'onChange'>;
  query: string;
  /** Paging and sorting of the table. */
  table: ServerTableProps;
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

const PRODUCT_EXPORTS = [{ value: 'products', label: 'Products with variants' }];

const ADD_PRODUCT = (
  <Button asChild>
    <Link href={paths.products.create}>
      <PlusIcon />
      Add Product
    </Link>
  </Button>
);

function productColumns(askDelete: (product: Product) => void): Column<ProductRow>[] {
  return [
    textColumn('Name', (row) => row.name, { tone: 'strong', sortKey: 'name' }),
    {
      header: 'Category',
      width: '11rem',
      cell: (row) => (
        <span
          className={row.category ? 'cell-text' : 'cell-text cell-muted'}
          title={row.category ?? 'Categories could not be loaded'}
        >
          {row.category ?? '—'}
        </span>
      ),
    },
    figureColumn('Price', (row) => row.price, { width: '9rem', sortKey: 'base_price' }),
    figureColumn('Variants', (row) => row.variants, { width: '6rem' }),
    { header: 'Status', width: '7rem', cell: (row) => <StatusBadge active={row.active} /> },
    {
      header: 'Actions',
      width: '6rem',
      align: 'end',
      cell: (row) => (
        <RowActions
          name={row.name}
          edit={paths.products.edit(row.id)}
          onDelete={() => askDelete(row.product)}
        />
      ),
    },
  ];
}

const rowKey = (row: ProductRow) => row.id;

/** The product list of /admin/products (docs/product.md §2): search, table, delete confirmation. */
export function ProductsListView({
  products,
  categories,
  loading,
  loadError = null,
  onRetry,
  retrying = false,
  onDelete,
  count,
  search,
  query,
  table,
  csv,
  onExport,
  selectedIds,
  onSelectionChange,
  onBulkAction,
  bulkDialog,
  onImport,
}: ProductsListViewProps) {
  const remove = useDeleteConfirmation<Product>(onDelete);
  const columns = useMemo(() => productColumns(remove.ask), [remove.ask]);

  const rows = useMemo(() => toProductRows(products ?? [], categories), [products, categories]);
  const selection = useMemo<RowSelection<ProductRow>>(
    () => ({
      selected: selectedIds,
      onChange: (ids) => onSelectionChange(new Set([...ids].map(Number))),
      rowLabel: (row) => `Select ${row.name}`,
      allLabel: 'Select all products',
    }),
    [selectedIds, onSelectionChange],
  );
  const searching = query.trim() !== '';
  const exporting = csv.progress !== null;
  const actions = useMemo(
    () => (
      <>
        <Button variant="outline" onClick={onImport}>
          Import CSV
        </Button>
        <ExportMenu choices={PRODUCT_EXPORTS} onExport={onExport} busy={exporting} />
        {ADD_PRODUCT}
      </>
    ),
    [onExport, exporting, onImport],
  );

  return (
    <ListScreen
      title="Products"
      description="Manage your product catalogue"
      actions={actions}
      notice={
        <>
          <ExportProgress {...csv} />
          {selectedIds.size > 0 && (
            <BulkActionBar
              label={`${selectedIds.size} selected`}
              kinds={PRODUCT_BULK_ACTIONS}
              onAction={onBulkAction}
              mb="4"
            >
              <Button size="sm" variant="outline" onClick={() => onSelectionChange(new Set())}>
                Clear Selection
              </Button>
            </BulkActionBar>
          )}
        </>
      }
      search={{ placeholder: 'Search products...', label: 'Search products', ...search }}
      count={count && { noun: ['product', 'products'], ...count }}
      error={
        loadError &&
        !products && (
          <LoadErrorState
            title="Failed to load products"
            message={loadError}
            onRetry={onRetry}
            retrying={retrying}
          />
        )
      }
      loading={loading || !products}
      loadingText="Loading products..."
      footer={
        <>
          {bulkDialog}
          <ConfirmDialog
            {...remove.dialog}
            title="Delete Product"
            onConfirm={() => remove.confirm()}
          >
            Are you sure you want to delete &quot;{remove.target?.name}&quot;? This action cannot be
            undone.
          </ConfirmDialog>
        </>
      }
    >
      <DataTable
        rows={rows}
        {...table}
        columns={columns}
        rowKey={rowKey}
        label="Products"
        emptyText={searching && count?.all ? `No products match "${query.trim()}".` : EMPTY_TEXT}
        minW="52rem"
        stickyFirstColumn
        selection={selection}
        testId="products-scroll"
      />
    </ListScreen>
  );
}
