import { Button } from '@chakra-ui/react';
import { useMemo } from 'react';
import { Link } from 'wouter';
import type { Category, Product } from '@generated/model';
import { PlusIcon } from '@/components/icons';
import {
  ConfirmDialog,
  DataTable,
  ListScreen,
  useListSearch,
  LoadErrorState,
  RowActions,
  StatusBadge,
  textColumn,
  useDeleteConfirmation,
  type Column,
} from '@/components/list-screen';
import { paths } from '@/lib/paths';
import { filterByName, toProductRows, type ProductRow } from './product-rows';

const EMPTY_TEXT = 'No products found. Add your first product!';

export interface ProductsListViewProps {
  /** The admin products; undefined until loaded. */
  products: readonly Product[] | undefined;
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
}

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
    textColumn('Name', (row) => row.name, { tone: 'strong' }),
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
    { header: 'Price', width: '9rem', align: 'end', cell: (row) => row.price },
    { header: 'Variants', width: '6rem', align: 'end', cell: (row) => row.variants },
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
}: ProductsListViewProps) {
  const { box, query, searching } = useListSearch('', { immediate: true });
  const remove = useDeleteConfirmation<Product>(onDelete);
  const columns = useMemo(() => productColumns(remove.ask), [remove.ask]);

  const rows = useMemo(() => toProductRows(products ?? [], categories), [products, categories]);
  // Filtered on every keystroke, synchronously: with the rows virtualised this is a few ms, and
  // measured faster end to end than deferring it (useDeferredValue added a frame).
  const shown = useMemo(() => filterByName(rows, query), [rows, query]);

  return (
    <ListScreen
      title="Products"
      description="Manage your product catalogue"
      actions={ADD_PRODUCT}
      search={{ placeholder: 'Search products...', label: 'Search products', ...box }}
      count={products && { noun: ['product', 'products'], shown, all: rows, filtered: searching }}
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
        <ConfirmDialog {...remove.dialog} title="Delete Product" onConfirm={() => remove.confirm()}>
          Are you sure you want to delete &quot;{remove.target?.name}&quot;? This action cannot be
          undone.
        </ConfirmDialog>
      }
    >
      <DataTable
        rows={shown}
        columns={columns}
        rowKey={rowKey}
        label="Products"
        emptyText={
          searching && rows.length > 0 ? `No products match "${query.trim()}".` : EMPTY_TEXT
        }
        minW="52rem"
        stickyFirstColumn
        scrollKey={query}
        testId="products-scroll"
      />
    </ListScreen>
  );
}
