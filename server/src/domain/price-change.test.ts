import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_MILLIMES } from './money';
import {
  applyPriceChange,
  changedPrice,
  parsePercent,
  priceChange,
  priceIssue,
} from './price-change';

const percent = (value: string) => priceChange({ unit: 'percent', value });

describe('price changes of a bulk edit', () => {
  it('sets, adds an amount, or adds a percentage rounded half-up to the millime', () => {
    expect(applyPriceChange(priceChange({ type: 'set_price', price: '12.5' }), 1)).toBe(12_500);
    expect(applyPriceChange(priceChange({ unit: 'amount', value: '-1.250' }), 10_000)).toBe(8_750);
    expect(applyPriceChange(percent('10'), 12_345)).toBe(13_580); // 13579.5 → up
    expect(applyPriceChange(percent('-10'), 12_345)).toBe(11_111); // 11110.5 → up
    expect(applyPriceChange(percent('0.01'), 10_000)).toBe(10_001);
    expect(applyPriceChange(percent('-100'), 10_000)).toBe(0);
  });

  it('refuses a percentage outside -100..1000 or with more than 2 decimals', () => {
    expect(() => parsePercent('-100.01')).toThrow(RangeError);
    expect(() => parsePercent('1000.01')).toThrow(RangeError);
    expect(() => parsePercent('1.005')).toThrow(RangeError);
    expect(parsePercent('1000')).toBe(100_000n);
  });

  it('refuses a shift to 0 or below, but lets a set price be 0 and a free price stay free', () => {
    expect(changedPrice(percent('-100'), 10_000)).toBe('price would be 0');
    expect(changedPrice(priceChange({ unit: 'amount', value: '-10' }), 10_000)).toBe(
      'price would be 0',
    );
    expect(changedPrice(priceChange({ unit: 'amount', value: '-10.001' }), 10_000)).toBe(
      'price would be negative',
    );
    expect(changedPrice(priceChange({ type: 'set_price', price: '0' }), 10_000)).toBe(0);
    expect(changedPrice(percent('10'), 0)).toBe(0);
    expect(changedPrice(percent('10'), 59_900)).toBe(65_890);
  });

  it('names a price that cannot be stored', () => {
    expect(priceIssue(-1)).toBe('price would be negative');
    expect(priceIssue(MAX_MILLIMES + 1)).toBe('price would exceed 999999999.999');
    expect(priceIssue(0)).toBeNull();
    expect(priceIssue(MAX_MILLIMES)).toBeNull();
  });

  it('shifts by a percentage to within half a millime of the exact value, ties up', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: MAX_MILLIMES }),
        fc.integer({ min: -10_000, max: 100_000 }),
        (millimes, hundredths) => {
          const value = (hundredths / 100).toFixed(2);
          const shifted = applyPriceChange(percent(value), millimes);
          // exact = millimes × (10000 + hundredths) / 10000; compare ×10000 in BigInt.
          const exact = BigInt(millimes) * BigInt(10_000 + hundredths);
          const error = BigInt(shifted) * 10_000n - exact; // in 1/10000 millime
          expect(error > -5_000n && error <= 5_000n).toBe(true);
        },
      ),
    );
  });
});
