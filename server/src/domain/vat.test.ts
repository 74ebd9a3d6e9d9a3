import { describe, expect, it } from 'vitest';
import {
  bpToRate,
  grossFromNet,
  netFromGross,
  priceInclVat,
  rateToBp,
  toGross,
  vatOfGross,
  vatOfNet,
} from './vat';

describe('rateToBp / bpToRate', () => {
  it.each([
    [19, 1900],
    [19.5, 1950],
    ['7', 700],
    ['13.25', 1325],
    [0, 0],
    [100, 10000],
    ['19.500', 1950],
  ])('%j -> %i bp', (rate, bp) => {
    expect(rateToBp(rate)).toBe(bp);
  });

  it.each([19.555, '19.001', -1, '-0.01', 100.01, 101, 'x', Number.NaN])('rejects %j', (rate) => {
    expect(() => rateToBp(rate)).toThrow(RangeError);
  });

  it('converts back', () => {
    expect(bpToRate(1950)).toBe(19.5);
    expect(bpToRate(1900)).toBe(19);
    expect(bpToRate(1)).toBe(0.01);
    expect(() => bpToRate(10001)).toThrow(RangeError);
    expect(() => bpToRate(19.5)).toThrow(RangeError);
  });
});

describe('grossFromNet', () => {
  it('computes simple cases', () => {
    expect(grossFromNet(10000, 1900)).toBe(11900);
    expect(grossFromNet(12345, 0)).toBe(12345);
    expect(grossFromNet(12345, 10000)).toBe(24690);
  });

  it('rounds exact halves up where floating point rounds down', () => {
    // 50 × 1.13 = 56.5 exactly, but 50 * 1.13 in binary floating point is 56.49999…
    expect(Math.round(50 * (1 + 1300 / 10000))).toBe(56);
    expect(grossFromNet(50, 1300)).toBe(57);
    expect(grossFromNet(25, 1000)).toBe(28); // 27.5
    expect(grossFromNet(12345, 1900)).toBe(14691); // 14690.55
  });

  it('rounds below the half down', () => {
    expect(grossFromNet(1, 1900)).toBe(1); // 1.19
    expect(grossFromNet(3, 1900)).toBe(4); // 3.57
  });

  it('rounds negative halves away from zero (refunds mirror sales)', () => {
    expect(grossFromNet(-50, 1300)).toBe(-57);
    expect(grossFromNet(-25, 1000)).toBe(-28);
  });

  it('handles large amounts exactly', () => {
    expect(grossFromNet(5_000_000_000_000_001, 1900)).toBe(5_950_000_000_000_001);
    expect(() => grossFromNet(Number.MAX_SAFE_INTEGER, 1900)).toThrow(RangeError);
  });

  it('rejects bad inputs', () => {
    expect(() => grossFromNet(1.5, 1900)).toThrow(RangeError);
    expect(() => grossFromNet(100, -1)).toThrow(RangeError);
    expect(() => grossFromNet(100, 10001)).toThrow(RangeError);
  });
});

describe('netFromGross / vatOfNet / vatOfGross', () => {
  it('inverts grossFromNet', () => {
    expect(netFromGross(11900, 1900)).toBe(10000);
    expect(netFromGross(14691, 1900)).toBe(12345); // 12345.378…
    expect(netFromGross(777, 0)).toBe(777);
  });

  it('rounds exact halves up', () => {
    expect(netFromGross(1, 10000)).toBe(1); // 0.5
    expect(netFromGross(3, 10000)).toBe(2); // 1.5
    expect(netFromGross(-3, 10000)).toBe(-2);
  });

  it('computes VAT of a net amount', () => {
    expect(vatOfNet(10000, 1900)).toBe(1900);
    expect(vatOfNet(50, 1300)).toBe(7); // 6.5
    expect(vatOfNet(12345, 0)).toBe(0);
    expect(vatOfNet(12345, 10000)).toBe(12345);
  });

  it('splits a gross amount into net + vat exactly', () => {
    for (const gross of [1, 57, 999, 14691, 123456789]) {
      for (const bp of [0, 700, 1300, 1900, 1950, 10000]) {
        expect(netFromGross(gross, bp) + vatOfGross(gross, bp)).toBe(gross);
      }
    }
  });
});

describe('priceInclVat', () => {
  it('keeps a gross base price', () => {
    expect(priceInclVat({ base_price: 11900, price_includes_vat: true }, 1900)).toBe(11900);
    expect(priceInclVat({ base_price: 11900, price_includes_vat: 1 }, 1900)).toBe(11900);
  });

  it('adds VAT to a net base price', () => {
    expect(priceInclVat({ base_price: 10000, price_includes_vat: false }, 1900)).toBe(11900);
    expect(priceInclVat({ base_price: 50, price_includes_vat: 0 }, 1300)).toBe(57);
  });

  it('toGross works for variant prices', () => {
    expect(toGross(25, false, 1000)).toBe(28);
    expect(toGross(25, true, 1000)).toBe(25);
    expect(() => toGross(25, true, 20000)).toThrow(RangeError);
  });
});
