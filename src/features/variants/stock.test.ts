import { describe, expect, it } from 'vitest';
import { variants } from '@mocks/fixtures';
import { isAtOrBelowThreshold, pageStats, stockState } from './stock';

const v = (stock_quantity: number, low_stock_threshold = 5, track_inventory = true) => ({
  stock_quantity,
  low_stock_threshold,
  track_inventory,
});

describe('stockState (docs/product.md §4)', () => {
  it('is out of stock when tracked and the quantity is 0 (or below after backorders)', () => {
    expect(stockState(v(0))).toBe('out_of_stock');
    expect(stockState(v(-2))).toBe('out_of_stock');
  });
  it('is low when tracked, above 0 and at or below the threshold', () => {
    expect(stockState(v(1))).toBe('low_stock');
    expect(stockState(v(5))).toBe('low_stock');
    expect(stockState(v(6))).toBe('in_stock');
    expect(stockState(v(20, 20))).toBe('low_stock');
  });
  it('is not tracked whatever the quantity when inventory is not tracked', () => {
    expect(stockState(v(0, 5, false))).toBe('not_tracked');
    expect(stockState(v(3, 5, false))).toBe('not_tracked');
  });
  it('a threshold of 0 never makes a positive stock low', () => {
    expect(stockState(v(1, 0))).toBe('in_stock');
  });
});

describe('isAtOrBelowThreshold (warning icon)', () => {
  it('holds for low and out of stock, not for fine or untracked stock', () => {
    expect(isAtOrBelowThreshold(v(5))).toBe(true);
    expect(isAtOrBelowThreshold(v(0))).toBe(true);
    expect(isAtOrBelowThreshold(v(6))).toBe(false);
    expect(isAtOrBelowThreshold(v(0, 5, false))).toBe(false);
  });
});

describe('pageStats (tiles over the current page)', () => {
  it('counts active, low and out of stock variants of the page', () => {
    // Bag: Camel 12 (fine), Noir 3 (low), Cognac 0 inactive (out).
    expect(pageStats(variants.filter((x) => x.product_id === 1))).toEqual({
      active: 2,
      lowStock: 1,
      outOfStock: 1,
    });
  });
  it('does not count untracked variants as out of stock', () => {
    expect(pageStats(variants.filter((x) => x.id === 9))).toEqual({
      active: 1,
      lowStock: 0,
      outOfStock: 0,
    });
  });
  it('is all zeros for an empty page', () => {
    expect(pageStats([])).toEqual({ active: 0, lowStock: 0, outOfStock: 0 });
  });
});
