import { useCallback } from 'react';
import type { Product } from '@generated/model';
import { useListAdminCategories } from '@generated/hooks/categories/categories';
import { deleteProduct, useListAdminProducts } from '@generated/hooks/products/products';
import { withToasts } from '@/components/ui/notify';
import { serverMessage } from '@/lib/http';
import { LIST_PARAMS } from '@/lib/list-params';
import { ProductsListView } from './ProductsListView';

/**
 * Product list (/admin/products): loads products and categories (inactive ones included, so a
 * product in a soft-deleted category still shows its name), deletes on confirmation.
 */
export function ProductsPage() {
  const products = useListAdminProducts(LIST_PARAMS);
  const categories = useListAdminCategories();
  const { mutate } = products;

  const handleDelete = useCallback(
    async (product: Product) => {
      const deleted = await withToasts(() => deleteProduct(product.id), {
        success: 'Product deleted successfully',
        failure: 'Failed to delete product',
        errorMessage: (_, failure) => failure,
      });
      if (!deleted) return;
      // Drop the row at once, then reload the list from the server.
      await mutate((current) => current?.filter((p) => p.id !== product.id), {
        revalidate: true,
      });
    },
    [mutate],
  );

  return (
    <ProductsListView
      products={products.data}
      categories={categories.error ? undefined : categories.data}
      loading={products.isLoading || categories.isLoading}
      loadError={products.error ? serverMessage(products.error, 'Failed to load products') : null}
      onRetry={() => void products.mutate()}
      retrying={products.isValidating}
      onDelete={handleDelete}
    />
  );
}
