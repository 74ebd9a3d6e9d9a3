import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canAdjust,
  isStockCounted,
  productStock,
  productStockState,
  stockState,
  type StockFields,
} from './inventory';

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

describe('productStock', () => {
  const stockFields: fc.Arbitrary<StockFields> = fc.record({
    track_inventory: fc.constantFrom<boolean | number>(true, false, 1, 0),
    stock_quantity: fc.integer({ min: -20, max: 40 }),
    low_stock_threshold: fc.integer({ min: 0, max: 10 }),
  });
  const variants = fc.array(stockFields, { maxLength: 8 });
  const tracked = (vs: StockFields[]) => vs.filter((v) => stockState(v) !== 'not_tracked');

  it('is not_tracked, with no quantity, exactly when no variant tracks inventory', () => {
    fc.assert(
      fc.property(variants, (vs) => {
        const { quantity, state } = productStock(vs);
        expect(state === 'not_tracked').toBe(tracked(vs).length === 0);
        expect(quantity === null).toBe(tracked(vs).length === 0);
      }),
    );
  });

  it('sums the quantities of the tracked variants only', () => {
    fc.assert(
      fc.property(variants, (vs) => {
        const counted = tracked(vs);
        fc.pre(counted.length > 0);
        expect(productStock(vs).quantity).toBe(
          counted.reduce((sum, v) => sum + v.stock_quantity, 0),
        );
      }),
    );
  });

  it('is out_of_stock iff every tracked variant is out; low_stock iff not all out and any low or out', () => {
    fc.assert(
      fc.property(variants, (vs) => {
        const states = tracked(vs).map(stockState);
        fc.pre(states.length > 0);
        const state = productStockState(vs);
        const allOut = states.every((s) => s === 'out_of_stock');
        expect(state === 'out_of_stock').toBe(allOut);
        expect(state === 'low_stock').toBe(!allOut && states.some((s) => s !== 'in_stock'));
        expect(state === 'in_stock').toBe(states.every((s) => s === 'in_stock'));
      }),
    );
  });

  it('does not depend on the order of the variants', () => {
    fc.assert(
      fc.property(variants, fc.nat(), (vs, shift) => {
        const k = vs.length === 0 ? 0 : shift % vs.length;
        const rotated = [...vs.slice(k), ...vs.slice(0, k)];
        expect(productStock(rotated)).toEqual(productStock(vs));
      }),
    );
  });

  it.each([
    [[], null, 'not_tracked'],
    [[{ track_inventory: false, stock_quantity: 9, low_stock_threshold: 5 }], null, 'not_tracked'],
    [[{ track_inventory: true, stock_quantity: 0, low_stock_threshold: 5 }], 0, 'out_of_stock'],
    [
      [
        { track_inventory: true, stock_quantity: -2, low_stock_threshold: 5 },
        { track_inventory: true, stock_quantity: 0, low_stock_threshold: 5 },
      ],
      -2,
      'out_of_stock',
    ],
    [
      [
        { track_inventory: true, stock_quantity: 0, low_stock_threshold: 5 },
        { track_inventory: true, stock_quantity: 40, low_stock_threshold: 5 },
      ],
      40,
      'low_stock',
    ],
    [
      [
        { track_inventory: true, stock_quantity: 6, low_stock_threshold: 5 },
        { track_inventory: false, stock_quantity: 0, low_stock_threshold: 5 },
      ],
      6,
      'in_stock',
    ],
  ] as const)('%j -> %s, %s', (vs, quantity, state) => {
    expect(productStock(vs)).toEqual({ quantity, state });
  });
});

describe('isStockCounted', () => {
  const v = (over: Partial<Parameters<typeof isStockCounted>[1]> = {}) => ({
    track_inventory: 1,
    stock_quantity: 3,
    low_stock_threshold: 5,
    is_active: 1,
    is_default: 0,
    ...over,
  });
  it("counts a simple product's variant and a product with variants' own active tracked variants", () => {
    expect(isStockCounted({ has_variants: 0 }, v({ is_default: 1 }))).toBe(true);
    expect(isStockCounted({ has_variants: false }, v())).toBe(true);
    expect(isStockCounted({ has_variants: true }, v())).toBe(true);
  });
  it('leaves out inactive and untracked variants, and a default variant left behind', () => {
    expect(isStockCounted({ has_variants: 1 }, v({ is_default: 1 }))).toBe(false);
    expect(isStockCounted({ has_variants: 1 }, v({ is_active: 0 }))).toBe(false);
    expect(isStockCounted({ has_variants: 0 }, v({ is_default: 1, track_inventory: false }))).toBe(
      false,
    );
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
