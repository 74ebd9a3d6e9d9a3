import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bpToRate,
  countryDefaultInForce,
  grossFromNet,
  isInForce,
  lineAmounts,
  MAX_RATE_BP,
  netFromGross,
  orderAmounts,
  priceInclVat,
  rateStatus,
  rateToBp,
  resolveRateInForce,
  toGross,
  vatOfGross,
  vatOfNet,
  type RateRecord,
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

// ---------------------------------------------------------------------------------------------
// Rates in force, and amounts that reconcile (property-based: fast-check).

const rateArb = (id: number) =>
  fc.record({
    id: fc.constant(id),
    rate_bp: fc.integer({ min: 0, max: MAX_RATE_BP }),
    country_code: fc.constantFrom('TN', 'FR'),
    is_active: fc.constantFrom(0, 1),
    is_default: fc.constantFrom(0, 1),
    effective_from: fc
      .integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2040, 0, 1) })
      .map((t) => new Date(t).toISOString()),
    span: fc.option(fc.integer({ min: 0, max: 20 * 365 * 86_400_000 }), { nil: null }),
    successor_id: fc.option(fc.integer({ min: 1, max: 6 }), { nil: null }),
  });
const ratesArb = fc.tuple(...[1, 2, 3, 4, 5, 6].map(rateArb)).map(
  (list) =>
    new Map<number, RateRecord>(
      list.map(({ span, ...r }) => [
        r.id,
        {
          ...r,
          effective_to:
            span === null ? null : new Date(Date.parse(r.effective_from) + span).toISOString(),
        },
      ]),
    ),
);
const instantArb = fc
  .integer({ min: Date.UTC(1999, 0, 1), max: Date.UTC(2061, 0, 1) })
  .map((t) => new Date(t));

describe('rateStatus', () => {
  const base: RateRecord = {
    id: 1,
    rate_bp: 1900,
    country_code: 'TN',
    is_active: 1,
    is_default: 0,
    effective_from: '2018-01-01T00:00:00.000Z',
    effective_to: '2026-12-31T23:59:59.999Z',
    successor_id: null,
  };
  it('is in force between the inclusive bounds of an active rate', () => {
    expect(rateStatus(base, new Date('2018-01-01T00:00:00.000Z'))).toBe('in_force');
    expect(rateStatus(base, new Date('2026-12-31T23:59:59.999Z'))).toBe('in_force');
    expect(rateStatus(base, new Date('2017-12-31T23:59:59.999Z'))).toBe('scheduled');
    expect(rateStatus(base, new Date('2027-01-01T00:00:00.000Z'))).toBe('expired');
    expect(rateStatus({ ...base, is_active: 0 }, new Date('2020-01-01'))).toBe('inactive');
    expect(rateStatus({ ...base, effective_to: null }, new Date('2099-01-01'))).toBe('in_force');
    // Offsets are instants, not text: 01:00+01:00 is midnight UTC.
    expect(
      rateStatus(
        { ...base, effective_from: '2018-01-01T01:00:00+01:00' },
        new Date('2018-01-01T00:00:00.000Z'),
      ),
    ).toBe('in_force');
  });
});

describe('resolveRateInForce (property)', () => {
  it('only ever returns a rate in force, reached from the assigned one along successors', () => {
    fc.assert(
      fc.property(ratesArb, fc.integer({ min: 1, max: 7 }), instantArb, (rates, start, at) => {
        const resolved = resolveRateInForce(start, rates, at);
        // The chain as walked by hand.
        const chain: RateRecord[] = [];
        const seen = new Set<number>();
        for (let id: number | null = start; id !== null && !seen.has(id);) {
          seen.add(id);
          const r = rates.get(id);
          if (!r) break;
          chain.push(r);
          id = r.successor_id;
        }
        const firstInForce = chain.find((r) => rateStatus(r, at) === 'in_force') ?? null;
        expect(resolved).toBe(firstInForce);
        if (resolved) expect(isInForce(resolved, at)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it("finds a country's default in force, never a rate out of force or of another country", () => {
    fc.assert(
      fc.property(ratesArb, fc.constantFrom('TN', 'FR', 'US'), instantArb, (rates, c, at) => {
        const d = countryDefaultInForce(rates, c, at);
        if (d === null) {
          for (const r of rates.values()) {
            if (r.country_code === c && r.is_default === 1) {
              const res = resolveRateInForce(r.id, rates, at);
              expect(res === null || res.country_code !== c).toBe(true);
            }
          }
        } else {
          expect(isInForce(d, at)).toBe(true);
          expect(d.country_code).toBe(c);
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('lineAmounts and orderAmounts (property)', () => {
  const lineArb = fc.record({
    price: fc.oneof(
      fc.integer({ min: 0, max: 3_000 }),
      fc.integer({ min: 0, max: 1_000_000_000 }),
      fc.constantFrom(1_005, 1_006, 333, 10_000, 5, 995),
    ),
    includesVat: fc.boolean(),
    rateBp: fc.oneof(
      fc.integer({ min: 0, max: MAX_RATE_BP }),
      fc.constantFrom(0, 700, 1300, 1900, 2000, 1999),
    ),
    quantity: fc.integer({ min: 1, max: 999 }),
    reverseCharge: fc.boolean(),
  });

  it('charges a price entered incl. VAT exactly as shown, and every line adds up', () => {
    fc.assert(
      fc.property(lineArb, (l) => {
        const a = lineAmounts(l.price, l.includesVat, l.rateBp, l.quantity, l.reverseCharge);
        expect(a.totalInclVat).toBe(a.totalPrice + a.vatAmount);
        expect(a.vatAmount).toBeGreaterThanOrEqual(0);
        if (l.reverseCharge) {
          expect([a.rateBp, a.vatAmount]).toEqual([0, 0]);
          expect(a.totalPrice).toBe(a.unitPrice * l.quantity);
        } else if (l.includesVat) {
          // The gross price shown (priceInclVat) is the unit price charged, for any quantity.
          expect(a.unitPriceInclVat).toBe(
            priceInclVat({ base_price: l.price, price_includes_vat: true }, l.rateBp),
          );
          expect(a.totalInclVat).toBe(l.price * l.quantity);
          expect(a.vatAmount).toBe(vatOfGross(l.price * l.quantity, l.rateBp));
        } else {
          expect(a.unitPriceInclVat).toBe(
            priceInclVat({ base_price: l.price, price_includes_vat: false }, l.rateBp),
          );
          expect(a.totalPrice).toBe(l.price * l.quantity);
          expect(a.vatAmount).toBe(vatOfNet(l.price * l.quantity, l.rateBp));
        }
      }),
      { numRuns: 2_000 },
    );
  });

  it('makes Σ lines = subtotal + VAT and total = subtotal + VAT + shipping − discount', () => {
    fc.assert(
      fc.property(
        fc.array(lineArb, { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: MAX_RATE_BP }),
        fc.boolean(),
        (lines, shipping, shippingRate, reverseCharge) => {
          const priced = lines.map((l) =>
            lineAmounts(l.price, l.includesVat, l.rateBp, l.quantity, reverseCharge),
          );
          const o = orderAmounts(priced, shipping, reverseCharge ? 0 : shippingRate);
          const sumIncl = priced.reduce((s, p) => s + p.totalInclVat, 0);
          expect(sumIncl).toBe(o.subtotal + o.vatAmount - o.shippingVatAmount);
          expect(o.shippingVatAmount).toBe(reverseCharge ? 0 : vatOfNet(shipping, shippingRate));
          expect(o.totalAmount).toBe(
            o.subtotal + o.vatAmount + o.shippingAmount - o.discountAmount,
          );
          if (reverseCharge) expect(o.vatAmount).toBe(0);
        },
      ),
      { numRuns: 1_000 },
    );
  });

  it('charges 1.005 entered incl. 19 % as 1.005 (not 1.006)', () => {
    expect(lineAmounts(1_005, true, 1900, 1)).toEqual({
      rateBp: 1900,
      unitPrice: 845,
      unitPriceInclVat: 1_005,
      totalPrice: 845,
      vatAmount: 160,
      totalInclVat: 1_005,
    });
    expect(lineAmounts(10_000, true, 1900, 3).totalInclVat).toBe(30_000);
  });
});
