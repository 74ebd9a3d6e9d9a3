import { describe, expect, it } from 'vitest';
import { filtersFromSearch, hasFilters, NO_FILTERS, productParams } from './product-filters';

describe('productParams', () => {
  it('sends nothing for the filters left at all', () => {
    expect(productParams('', NO_FILTERS, undefined)).toEqual({
      search: undefined,
      category_id: undefined,
      is_active: undefined,
      stock_state: undefined,
      sort: undefined,
    });
    expect(hasFilters(NO_FILTERS)).toBe(false);
  });

  it('sends the category id, the status as is_active and the stock state, with the search', () => {
    expect(
      productParams(' sac ', { category: '5', status: 'inactive', stock: 'low_stock' }, '-stock'),
    ).toEqual({
      search: 'sac',
      category_id: 5,
      is_active: false,
      stock_state: 'low_stock',
      sort: '-stock',
    });
    expect(productParams('', { ...NO_FILTERS, status: 'active' }, undefined).is_active).toBe(true);
    expect(hasFilters({ ...NO_FILTERS, stock: 'not_tracked' })).toBe(true);
  });
});

describe('filtersFromSearch', () => {
  it("starts from a link's stock state (the dashboard's To do), a known one only", () => {
    expect(filtersFromSearch('?stock_state=out_of_stock')).toEqual({
      ...NO_FILTERS,
      stock: 'out_of_stock',
    });
    expect(filtersFromSearch('?stock_state=empty')).toEqual(NO_FILTERS);
    expect(filtersFromSearch('')).toEqual(NO_FILTERS);
  });
});
