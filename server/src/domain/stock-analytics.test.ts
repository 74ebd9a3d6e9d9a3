// The returns and stock reports' rules (#35) on plain rows: days of cover and its rounding, the
// windows of shop days, the reports' orders and what counts.
import { describe, expect, it } from 'vitest';
import {
  daysOfCover,
  lowStockReportOf,
  returnsReportOf,
  slowMoversOf,
  stockValuationOf,
  windowStart,
  type SaleLineRow,
  type StockVariantRow,
} from './stock-analytics';

const variant = (id: number, values: Partial<StockVariantRow> = {}): StockVariantRow => ({
  variant_id: id,
  product_id: 100 + id,
  product_name: `Product ${id}`,
  variant_title: null,
  sku: `SKU-${id}`,
  category_id: 1,
  category_name: 'Lamps',
  stock_quantity: 10,
  low_stock_threshold: 5,
  cost_price: 1_000,
  track_inventory: true,
  is_active: true,
  ...values,
});

const line = (variant_id: number, quantity: number, day: string, status = 'delivered') =>
  ({ variant_id, quantity, day, status }) as SaleLineRow;

describe('days of cover', () => {
  it('is stock ÷ the daily average of 30 days, half up to one decimal', () => {
    expect(daysOfCover(3, 9)).toBe(10);
    expect(daysOfCover(4, 7)).toBe(17.1); // 17.142…
    expect(daysOfCover(1, 8)).toBe(3.8); // 3.75 exactly: up
    expect(daysOfCover(1, 24)).toBe(1.3); // 1.25 exactly: up
    expect(daysOfCover(5, 1)).toBe(150);
  });

  it('is 0 out of stock (backorders too) and null without a sale', () => {
    expect(daysOfCover(0, 12)).toBe(0);
    expect(daysOfCover(-2, 12)).toBe(0);
    expect(daysOfCover(0, 0)).toBe(0);
    expect(daysOfCover(3, 0)).toBeNull();
  });
});

describe('windows of shop days', () => {
  it('ends today, today included', () => {
    expect(windowStart('2026-11-30', 1)).toBe('2026-11-30');
    expect(windowStart('2026-11-30', 30)).toBe('2026-11-01');
    expect(windowStart('2026-03-01', 2)).toBe('2026-02-28');
  });
});

describe('returns', () => {
  it('count on their shop day in the zone, credited VAT included, products by units', () => {
    const report = returnsReportOf(
      [
        {
          created_at: '2026-10-31T23:30:00.000Z',
          total_amount: 23_800,
          lines: [{ product_id: 7, product_name: 'Rug', quantity: 2, total_price: 20_000 }],
        },
        {
          created_at: '2026-10-31T22:59:59.999Z',
          total_amount: 1_190,
          lines: [{ product_id: null, product_name: 'Gone', quantity: 1, total_price: 1_000 }],
        },
        // Outside the period: left out of the products too.
        {
          created_at: '2026-11-03T10:00:00.000Z',
          total_amount: 5_000,
          lines: [{ product_id: 9, product_name: 'Lamp', quantity: 9, total_price: 4_000 }],
        },
      ],
      { from: '2026-10-31', to: '2026-11-01', interval: 'day' },
      'Africa/Tunis',
    );
    expect(report.buckets).toEqual([
      { start: '2026-10-31', end: '2026-10-31', return_count: 1, units: 1, amount: '1.190' },
      { start: '2026-11-01', end: '2026-11-01', return_count: 1, units: 2, amount: '23.800' },
    ]);
    expect(report.totals).toEqual({ return_count: 2, units: 3, amount: '24.990' });
    expect(report.products).toEqual([
      { product_id: 7, product_name: 'Rug', units: 2, revenue: '20.000' },
      { product_id: null, product_name: 'Gone', units: 1, revenue: '1.000' },
    ]);
  });
});

describe('stock', () => {
  const variants = [
    variant(1, { stock_quantity: 3, cost_price: 2_500 }),
    variant(2, { stock_quantity: 4, cost_price: null }),
    variant(3, { stock_quantity: 6, is_active: false }),
    variant(4, { stock_quantity: 6, track_inventory: false }),
    variant(5, { stock_quantity: 0 }),
    variant(6, { stock_quantity: -1 }),
    variant(7, { stock_quantity: 2, cost_price: 1_000, category_id: null, category_name: null }),
  ];

  it('values the active, tracked variants in stock; those without cost are counted apart', () => {
    expect(stockValuationOf(variants, '2026-11-30T10:00:00.000Z')).toEqual({
      as_of: '2026-11-30T10:00:00.000Z',
      units: 9,
      cost_value: '9.500',
      variants_without_cost: 1,
      by_category: [
        {
          category_id: 1,
          category_name: 'Lamps',
          units: 7,
          cost_value: '7.500',
          variants_without_cost: 1,
        },
        {
          category_id: null,
          category_name: null,
          units: 2,
          cost_value: '2.000',
          variants_without_cost: 0,
        },
      ],
    });
  });

  it('lists slow movers by value at cost (none last) with their last earned sale', () => {
    const lines = [
      line(1, 1, '2026-10-01'),
      line(1, 1, '2026-11-20', 'cancelled'),
      line(7, 1, '2026-11-01'),
      line(2, 5, '2026-11-29', 'refunded'),
    ];
    const report = slowMoversOf(variants, lines, { days: 30, limit: 50, today: '2026-11-30' });
    expect(report.since).toBe('2026-11-01');
    expect(report.items.map((i) => [i.variant_id, i.cost_value, i.last_sold_on])).toEqual([
      [1, '7.500', '2026-10-01'],
      [2, null, null],
    ]);
    expect(report.total).toBe(2);
    expect(slowMoversOf(variants, lines, { days: 31, limit: 1, today: '2026-11-30' })).toEqual({
      days: 31,
      since: '2026-10-31',
      total: 2,
      items: [expect.objectContaining({ variant_id: 1 })],
    });
  });

  it('lists low stock by days of cover, out of stock first and no sale last', () => {
    const lines = [
      line(1, 9, '2026-11-01'),
      line(1, 100, '2026-10-31'), // before the 30 days
      line(7, 2, '2026-11-30'),
      line(7, 50, '2026-11-30', 'cancelled'),
    ];
    const report = lowStockReportOf(variants, lines, { limit: 50, today: '2026-11-30' });
    expect(report.items.map((i) => [i.variant_id, i.units_sold_30_days, i.days_of_cover])).toEqual([
      [6, 0, 0],
      [5, 0, 0],
      [1, 9, 10],
      [7, 2, 30],
      [2, 0, null],
    ]);
    expect(report.total).toBe(5);
  });
});
