// The analytics' pure rules (domain/analytics.ts): the period's 422 texts, the buckets (days,
// Monday-to-Sunday weeks, calendar months, clipped) and the recount of the sales reports.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  bucketIndexOf,
  periodBuckets,
  periodProblem,
  salesBreakdownOf,
  salesReportOf,
  shopDayStarts,
  topProductsOf,
  type Catalogue,
  type SaleLine,
  type SaleOrder,
} from './analytics';
import { dayStart } from './books';

describe('periodProblem', () => {
  it('accepts a period ending today and refuses the others with their texts', () => {
    expect(periodProblem('2026-11-01', '2026-11-30', '2026-11-30')).toBeNull();
    expect(periodProblem('2026-11-01', '2026-12-01', '2026-11-30')).toBe(
      'to must not be after today',
    );
    expect(periodProblem('2026-11-10', '2026-11-09', '2026-11-30')).toBe(
      'from must not be after to',
    );
    expect(periodProblem('2025-11-29', '2026-11-30', '2026-11-30')).toBe(
      'The period must not be longer than 366 days',
    );
    expect(periodProblem('2025-11-30', '2026-11-30', '2026-11-30')).toBeNull();
    expect(periodProblem('2026-02-30', '2026-03-01', '2026-11-30')).toBe(
      'from and to must be days of the calendar (YYYY-MM-DD)',
    );
  });
});

describe('periodBuckets', () => {
  it('cuts days, weeks from Monday to Sunday and months, clipped to the period', () => {
    expect(periodBuckets('2026-11-28', '2026-12-01', 'day')).toEqual([
      { start: '2026-11-28', end: '2026-11-28' },
      { start: '2026-11-29', end: '2026-11-29' },
      { start: '2026-11-30', end: '2026-11-30' },
      { start: '2026-12-01', end: '2026-12-01' },
    ]);
    // 2026-11-04 is a Wednesday; 2026-11-09 and 2026-11-16 are Mondays.
    expect(periodBuckets('2026-11-04', '2026-11-17', 'week')).toEqual([
      { start: '2026-11-04', end: '2026-11-08' },
      { start: '2026-11-09', end: '2026-11-15' },
      { start: '2026-11-16', end: '2026-11-17' },
    ]);
    expect(periodBuckets('2024-01-31', '2024-03-02', 'month')).toEqual([
      { start: '2024-01-31', end: '2024-01-31' },
      { start: '2024-02-01', end: '2024-02-29' },
      { start: '2024-03-01', end: '2024-03-02' },
    ]);
  });

  it('covers every day of any period exactly once, in order, within its bucket', () => {
    const dayArb = fc.integer({ min: 0, max: 3000 }).map((n) => addDays('2020-01-01', n));
    fc.assert(
      fc.property(
        dayArb,
        fc.integer({ min: 0, max: 400 }),
        fc.constantFrom('day' as const, 'week' as const, 'month' as const),
        (from, length, interval) => {
          const to = addDays(from, length);
          const buckets = periodBuckets(from, to, interval);
          expect(buckets[0]!.start).toBe(from);
          expect(buckets.at(-1)!.end).toBe(to);
          for (let i = 1; i < buckets.length; i += 1) {
            expect(buckets[i]!.start).toBe(addDays(buckets[i - 1]!.end, 1));
          }
          for (const b of buckets) {
            const startDay = new Date(`${b.start}T00:00:00Z`);
            const endDay = new Date(`${b.end}T00:00:00Z`);
            if (interval === 'day') expect(b.end).toBe(b.start);
            if (interval === 'week') {
              // A bucket starts on a Monday unless it is the first, ends on a Sunday unless last.
              if (b.start !== from) expect(startDay.getUTCDay()).toBe(1);
              if (b.end !== to) expect(endDay.getUTCDay()).toBe(0);
            }
            if (interval === 'month') {
              expect(b.end.slice(0, 7)).toBe(b.start.slice(0, 7));
              if (b.start !== from) expect(b.start.slice(8)).toBe('01');
              if (b.end !== to) expect(addDays(b.end, 1).slice(8)).toBe('01');
            }
          }
          const probe = addDays(from, Math.floor(length / 2));
          const at = bucketIndexOf(buckets, probe);
          expect(buckets[at]!.start <= probe && probe <= buckets[at]!.end).toBe(true);
          expect(bucketIndexOf(buckets, addDays(to, 1))).toBe(-1);
        },
      ),
    );
  });
});

describe('shopDayStarts', () => {
  it('gives books.ts dayStart for every day, across the changes of offset', () => {
    for (const zone of ['Africa/Tunis', 'Europe/Paris', 'America/Sao_Paulo', 'UTC']) {
      const starts = shopDayStarts(zone, { first: 2006, last: 2008 });
      expect(starts).toHaveLength(366 + 365 + 365);
      for (const { day, starts_at } of starts) {
        expect(starts_at).toBe(dayStart(day, zone).toISOString());
      }
    }
    // Tunis kept summer time in 2006–2008: 1 July starts at 22:00 UTC the day before.
    const tunis = shopDayStarts('Africa/Tunis', { first: 2007, last: 2007 });
    expect(tunis.find((d) => d.day === '2007-07-01')?.starts_at).toBe('2007-06-30T22:00:00.000Z');
  });
});

describe('the recount', () => {
  const order = (over: Partial<SaleOrder>): SaleOrder => ({
    id: 1,
    status: 'pending',
    payment_method: 'card',
    created_at: '2026-10-31T23:30:00.000Z',
    total_amount: 39_330,
    vat_amount: 6_120,
    stamp_duty_amount: 1_000,
    discount_amount: 0,
    shipping_amount: 7_000,
    ...over,
  });

  it('counts an order on its shop day, leaves credited ones out and refunds on the day paid', () => {
    const report = salesReportOf(
      [
        order({}),
        order({ id: 2, total_amount: 10_001, vat_amount: 0, stamp_duty_amount: null }),
        order({ id: 3, status: 'cancelled' }),
      ],
      [
        { amount: -5_000, received_on: '2026-11-02', removed_at: null },
        { amount: -7_000, received_on: '2026-11-02', removed_at: '2026-11-02T10:00:00.000Z' },
        { amount: 9_000, received_on: '2026-11-02', removed_at: null },
      ],
      { from: '2026-11-01', to: '2026-11-02', interval: 'day' },
      'Africa/Tunis',
    );
    expect(report.buckets).toEqual([
      {
        start: '2026-11-01',
        end: '2026-11-01',
        order_count: 2,
        gross: '49.331',
        net: '42.211',
        vat: '6.120',
        discounts: '0.000',
        shipping: '14.000',
        refunds: '0.000',
        // 49.331 / 2 = 24.6655, half away from zero.
        average_order: '24.666',
      },
      {
        start: '2026-11-02',
        end: '2026-11-02',
        order_count: 0,
        gross: '0.000',
        net: '0.000',
        vat: '0.000',
        discounts: '0.000',
        shipping: '0.000',
        refunds: '5.000',
        average_order: '0.000',
      },
    ]);
    expect(report.totals).toMatchObject({ order_count: 2, gross: '49.331', refunds: '5.000' });
  });

  it('ranks the best sellers by units, then revenue, then id, a deleted product named as sold', () => {
    const line = (over: Partial<SaleLine>): SaleLine => ({
      order_id: 1,
      product_id: 1,
      variant_id: 11,
      product_name: 'Old name',
      variant_title: null,
      product_sku: null,
      quantity: 1,
      total_price: 10_000,
      discount_amount: 0,
      ...over,
    });
    const catalogue: Catalogue = {
      product: (id) =>
        ({ 1: { name: 'Shirt', category_id: 5 }, 2: { name: 'Belt', category_id: null } })[id],
      variant: (id) => ({ 11: { title: null, sku: 'SH' }, 21: { title: null, sku: 'BE' } })[id],
      category: (id) => (id === 5 ? { name: 'Linen' } : undefined),
    };
    const lines = [
      line({ quantity: 2, total_price: 20_000, discount_amount: 1_000 }),
      line({ product_id: 2, variant_id: 21, quantity: 2, total_price: 20_000 }),
      line({
        product_id: null,
        variant_id: null,
        product_name: 'Scarf',
        product_sku: 'SC',
        quantity: 3,
      }),
    ];
    const top = topProductsOf(
      [order({})],
      lines,
      catalogue,
      { from: '2026-11-01', to: '2026-11-01' },
      2,
      'Africa/Tunis',
    );
    expect(top.products).toEqual([
      { product_id: null, product_name: 'Scarf', units: 3, revenue: '10.000' },
      // Two units each: the belt's 20.000 beats the shirt's 19.000.
      { product_id: 2, product_name: 'Belt', units: 2, revenue: '20.000' },
    ]);
    const breakdown = salesBreakdownOf(
      [order({})],
      lines,
      catalogue,
      { from: '2026-11-01', to: '2026-11-01' },
      'Africa/Tunis',
    );
    // The largest revenue first: the belt (no category) and the scarf (deleted), then Linen.
    expect(breakdown.by_category).toEqual([
      { category_id: null, category_name: null, order_count: 1, units: 5, revenue: '30.000' },
      { category_id: 5, category_name: 'Linen', order_count: 1, units: 2, revenue: '19.000' },
    ]);
  });
});
