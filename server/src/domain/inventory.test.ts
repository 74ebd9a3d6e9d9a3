import { describe, expect, it } from 'vitest';
import { canAdjust, stockState } from './inventory';

describe('stockState', () => {
  const v = (
    stock_quantity: number,
    track_inventory: boolean | number = true,
    low_stock_threshold = 5,
  ) => ({
    stock_quantity,
    track_inventory,
    low_stock_threshold,
  });

  it.each([
    [v(0), 'out_of_stock'],
    [v(-3), 'out_of_stock'],
    [v(1), 'low_stock'],
    [v(5), 'low_stock'],
    [v(6), 'in_stock'],
    [v(0, false), 'not_tracked'],
    [v(100, 0), 'not_tracked'],
    [v(3, 1), 'low_stock'],
    [v(1, true, 0), 'in_stock'],
  ])('%j -> %s', (fields, state) => {
    expect(stockState(fields)).toBe(state);
  });
});

describe('canAdjust', () => {
  it('allows removing stock down to zero only', () => {
    expect(canAdjust(5, -5, false)).toBe(true);
    expect(canAdjust(5, -6, false)).toBe(false);
    expect(canAdjust(0, -1, 0)).toBe(false);
  });

  it('allows going negative with backorders', () => {
    expect(canAdjust(0, -10, true)).toBe(true);
    expect(canAdjust(0, -10, 1)).toBe(true);
  });

  it('always allows adding stock, even from a negative level', () => {
    expect(canAdjust(-5, 2, false)).toBe(true);
    expect(canAdjust(0, 0, false)).toBe(true);
  });

  it('rejects non-integers', () => {
    expect(() => canAdjust(1, 0.5, false)).toThrow(RangeError);
  });
});
