import type { ListVariantsParams } from '@generated/model';
import { searchParam } from '@/components/list-screen';
import { VARIANTS_PAGE_SIZE } from './constants';

export type StatusFilter = 'all' | 'active' | 'inactive';
export type StockFilter = 'all' | 'low' | 'out';

/** The manager's filters; `search` is what the box holds (the request uses it debounced). */
export interface VariantFilters {
  search: string;
  status: StatusFilter;
  stock: StockFilter;
}

export const NO_FILTERS: VariantFilters = { search: '', status: 'all', stock: 'all' };

export function hasActiveFilters({ search, status, stock }: VariantFilters): boolean {
  return search.trim() !== '' || status !== 'all' || stock !== 'all';
}

/** GET /admin/variants/ query of the manager (docs/product.md §7): only the filters in use are sent. */
export function listParams(
  productId: number,
  { search, status, stock }: VariantFilters,
  page: number,
): ListVariantsParams {
  const params: ListVariantsParams = {
    product_id: productId,
    page,
    page_size: VARIANTS_PAGE_SIZE,
  };
  const text = searchParam(search);
  if (text) params.search = text;
  if (status !== 'all') params.is_active = status === 'active';
  if (stock === 'low') params.low_stock_only = true;
  if (stock === 'out') params.out_of_stock_only = true;
  return params;
}
