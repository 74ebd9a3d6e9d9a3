import type { ListAdminProductsParams, ProductSort, ProductStockState } from '@generated/model';
import { searchParam } from '@/components/list-screen';

/** The toolbar's filters of the products list; '' is 'all'. */
export interface ProductFilters {
  /** A category's id, as the select's value. */
  category: string;
  status: 'active' | 'inactive' | '';
  stock: ProductStockState | '';
}

export const NO_FILTERS: ProductFilters = { category: '', status: '', stock: '' };

/** Some filter narrows the list (the empty list then offers Clear filters). */
export const hasFilters = (filters: ProductFilters): boolean =>
  Object.values(filters).some(Boolean);

/**
 * The list operation's params (and the export's: the file holds what the list shows). Filters
 * left at 'all' are not sent.
 */
export function productParams(
  query: string,
  filters: ProductFilters,
  sort: ProductSort | undefined,
): ListAdminProductsParams {
  return {
    search: searchParam(query),
    category_id: filters.category ? Number(filters.category) : undefined,
    is_active: filters.status ? filters.status === 'active' : undefined,
    stock_state: filters.stock || undefined,
    sort,
  };
}
