import { Alert, Button, Flex, Input, InputGroup, Spinner, Text } from '@chakra-ui/react';
import { memo, useCallback, useMemo, useState } from 'react';
import { Link } from 'wouter';
import type { Category, Product } from '@generated/model';
import { PageHeader } from '@/components/layout/PageHeader';
import { DeleteProductDialog } from './DeleteProductDialog';
import { PlusIcon, SearchIcon } from '@/components/icons';
import { filterByName, toProductRows } from './product-rows';
import { ProductsTable } from './ProductsTable';

export const EMPTY_TEXT = 'No products found. Add your first product!';

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

const count = (n: number) => n.toLocaleString('en-US');

/** The product list of /admin/products (spec §2): search, table, delete confirmation. */
export function ProductsListView({
  products,
  categories,
  loading,
  loadError = null,
  onRetry,
  retrying = false,
  onDelete,
}: ProductsListViewProps) {
  const [search, setSearch] = useState('');
  const [target, setTarget] = useState<Product | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const rows = useMemo(() => toProductRows(products ?? [], categories), [products, categories]);
  // Filtered on every keystroke, synchronously: with the rows virtualised this is a few ms, and
  // measured faster end to end than deferring it (useDeferredValue added a frame).
  const shown = useMemo(() => filterByName(rows, search), [rows, search]);

  const askDelete = useCallback((product: Product) => {
    setTarget(product);
    setDialogOpen(true);
  }, []);

  const cancelDelete = useCallback(() => setDialogOpen(false), []);
  const confirmDelete = useCallback(() => {
    if (!target) return;
    setDeleting(true);
    void Promise.resolve(onDelete(target))
      .catch(() => undefined) // the container reports failures
      .finally(() => {
        setDeleting(false);
        setDialogOpen(false);
      });
  }, [target, onDelete]);

  const searching = search.trim() !== '';
  return (
    <>
      <ProductsHeader />
      <Flex
        gap="3"
        mb="4"
        direction={{ base: 'column', sm: 'row' }}
        align={{ base: 'stretch', sm: 'center' }}
        justify="space-between"
      >
        <InputGroup startElement={<SearchIcon boxSize="4" />} maxW={{ sm: 'sm' }}>
          <Input
            type="search"
            placeholder="Search products..."
            aria-label="Search products"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </InputGroup>
        {products && (
          <Text fontSize="sm" color="fg.muted" role="status" data-testid="product-count">
            {searching
              ? `${count(shown.length)} of ${count(rows.length)} products`
              : `${count(rows.length)} ${rows.length === 1 ? 'product' : 'products'}`}
          </Text>
        )}
      </Flex>

      {loadError && !products ? (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Failed to load products</Alert.Title>
            {loadError !== 'Failed to load products' && (
              <Alert.Description>{loadError}</Alert.Description>
            )}
          </Alert.Content>
          {onRetry && (
            <Button
              size="sm"
              variant="outline"
              onClick={onRetry}
              loading={retrying}
              alignSelf="center"
            >
              Retry
            </Button>
          )}
        </Alert.Root>
      ) : loading || !products ? (
        <Flex
          role="status"
          align="center"
          justify="center"
          gap="3"
          py="10"
          borderWidth="1px"
          rounded="md"
          color="fg.muted"
        >
          <Spinner size="sm" />
          <Text>Loading products...</Text>
        </Flex>
      ) : (
        <ProductsTable
          rows={shown}
          emptyText={
            searching && rows.length > 0 ? `No products match "${search.trim()}".` : EMPTY_TEXT
          }
          onDelete={askDelete}
          scrollKey={search}
        />
      )}

      <DeleteProductDialog
        open={dialogOpen}
        productName={target?.name ?? ''}
        pending={deleting}
        onCancel={cancelDelete}
        onConfirm={confirmDelete}
      />
    </>
  );
}

/** Title and 'Add Product'; memoised, as it never changes while the search box is typed in. */
const ProductsHeader = memo(function ProductsHeader() {
  return (
    <PageHeader
      title="Products"
      description="Manage your product catalogue"
      actions={
        <Button asChild>
          <Link href="/admin/products/new">
            <PlusIcon />
            Add Product
          </Link>
        </Button>
      }
    />
  );
});
