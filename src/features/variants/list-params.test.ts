import { describe, expect, it } from 'vitest';
import { hasActiveFilters, listParams, NO_FILTERS } from './list-params';

describe('listParams', () => {
  it('asks for page 1 of 10 of the product without filters', () => {
    expect(listParams(3, NO_FILTERS, 1)).toEqual({ product_id: 3, page: 1, page_size: 10 });
  });

  it('sends the trimmed search, is_active and the stock flag in use', () => {
    expect(listParams(3, { search: ' cml ', status: 'inactive', stock: 'low' }, 2)).toEqual({
      product_id: 3,
      page: 2,
      page_size: 10,
      search: 'cml',
      is_active: false,
      low_stock_only: true,
    });
    expect(listParams(3, { search: '', status: 'active', stock: 'out' }, 1)).toMatchObject({
      is_active: true,
      out_of_stock_only: true,
    });
  });
});

describe('hasActiveFilters', () => {
  it('is false only when nothing filters the list', () => {
    expect(hasActiveFilters(NO_FILTERS)).toBe(false);
    expect(hasActiveFilters({ ...NO_FILTERS, search: '  ' })).toBe(false);
    expect(hasActiveFilters({ ...NO_FILTERS, search: 'x' })).toBe(true);
    expect(hasActiveFilters({ ...NO_FILTERS, stock: 'out' })).toBe(true);
  });
});
