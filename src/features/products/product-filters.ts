import {
  ProductStockState,
  type ListAdminProductsParams,
  type ProductSort,
} from '@generated/model';
import { searchParam } from '@/components/list-screen';

/** The toolbar's filters of the products list; '' is 'all'. */
export interface ProductFilters {
  /** A category's id, as the select's value. */
  category: string;
  status: 'active' | 'inactive' | '';
  stock: ProductStockState | '';
}

export const NO_FILTERS: ProductFilters = { category: '', status: '', stock: '' };

/**
 * The filters a link to the list sets: a stock state (`?stock_state=low_stock`, the dashboard's
 * To do, #35); one the list does not know is 'all'. Other filters start as 'all'.
 */
export function filtersFromSearch(search: string): ProductFilters {
  const named = new URLSearchParams(search).get('stock_state');
  return { ...NO_FILTERS, stock: Object.values(ProductStockState).find((s) => s === named) ?? '' };
}

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
