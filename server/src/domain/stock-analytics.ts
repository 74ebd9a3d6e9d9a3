// The returns and stock reports of the shop's analytics (#35, docs/product.md §10.30): the
// recount of each report from plain rows, days of cover and the reports' orders. Pure: no
// database, no HTTP. The server (services/reports/returns.ts, stock.ts) reads the rows with
// indexed queries and folds them with these functions; the mocks and the tests feed them every
// row; so one rule gives one figure everywhere. Periods and buckets are domain/analytics.ts's.
//
// Rules:
// - A return counts on the shop day it was recorded (order_returns.created_at in the shop's time
//   zone), whatever its order's status: the goods came back that day. Its amount is what it
//   credits, VAT included (total_amount); a product's figure is its lines' units and their
//   amount excl. VAT (total_price), under the product as sold (deleted: product_id null, named
//   as sold).
// - Stock counts the variants that are active, track inventory and hold stock (above zero).
//   Their units are all counted; only those with a cost price are valued (stock × cost_price);
//   the others are counted apart (variants_without_cost). A category is the product's now.
// - A sale is an order line of an earned order (domain/analytics.ts isEarned) on the shop day
//   the order was placed. "The last N shop days" end today, today included: since = today − N + 1.
// - Slow movers: in stock (as above) and no earned sale since `since`; the largest value at
//   cost first (those without a cost price last), then the most units, then the variant id.
// - Low stock: active, tracked and stock at or below the low-stock threshold (out of stock
//   included). Days of cover = stock ÷ (units sold in the last 30 shop days ÷ 30), rounded half
//   up to one decimal; 0 when out of stock (stock ≤ 0); null without a sale in those 30 days.
//   The fewest days first (null last), then the least stock, then the variant id.
import type { Schemas } from '../api/types';
import type { OrderStatus } from '../../../contract/order-status';
import { addDays, bucketIndexOf, isEarned, periodBuckets, type ReportInterval } from './analytics';
import { shopDayOf, type ShopDay } from './books';
import { decimal, type CsvValue } from './csv';
import { fromMillimes } from './money';

type ReturnsFigures = Schemas['ReturnsFigures'];
type ProductSales = Schemas['ProductSales'];

/** The most products a returns report lists (the contract's maxItems). */
const RETURNED_PRODUCTS_LISTED = 20;

/** The window of the low-stock report's sales, in shop days (today included). */
export const COVER_WINDOW_DAYS = 30;

// ---------------------------------------------------------------------------------------------
// Returns

/** A returned line: the order item's product as sold, units and amount excl. VAT (millimes). */
interface ReturnLineRow {
  product_id: number | null;
  product_name: string;
  quantity: number;
  total_price: number;
}

/** A return: when it was recorded (ISO instant), what it credits VAT incl. (millimes), lines. */
export interface ReturnRow {
  created_at: string;
  total_amount: number;
  lines: readonly ReturnLineRow[];
}

/** A returned product's figures in millimes, before they are written as money. */
interface ReturnedProduct {
  product_id: number | null;
  product_name: string;
  units: number;
  amount: number;
}

interface Tally {
  return_count: number;
  units: number;
  amount: number;
}

const figures = (t: Tally): ReturnsFigures => ({
  return_count: t.return_count,
  units: t.units,
  amount: fromMillimes(t.amount),
});

/** The products returned most: units, then amount, then id (deleted last), then name. */
function topReturnedProducts(
  products: readonly ReturnedProduct[],
  limit = RETURNED_PRODUCTS_LISTED,
): ProductSales[] {
  return [...products]
    .sort(
      (a, b) =>
        b.units - a.units ||
        b.amount - a.amount ||
        (a.product_id ?? Number.MAX_SAFE_INTEGER) - (b.product_id ?? Number.MAX_SAFE_INTEGER) ||
        a.product_name.localeCompare(b.product_name),
    )
    .slice(0, limit)
    .map((p) => ({
      product_id: p.product_id,
      product_name: p.product_name,
      units: p.units,
      revenue: fromMillimes(p.amount),
    }));
}

/** The key a returned line is counted under: its product, or its name once deleted. */
const productKey = (line: Pick<ReturnLineRow, 'product_id' | 'product_name'>) =>
  line.product_id === null ? `name:${line.product_name}` : `id:${line.product_id}`;

/** Every returned product's figures over `returns`, by product (see productKey). */
function returnedProducts(returns: readonly ReturnRow[]): ReturnedProduct[] {
  const byKey = new Map<string, ReturnedProduct>();
  for (const r of returns) {
    for (const line of r.lines) {
      const key = productKey(line);
      const p = byKey.get(key) ?? {
        product_id: line.product_id,
        product_name: line.product_name,
        units: 0,
        amount: 0,
      };
      p.units += line.quantity;
      p.amount += line.total_price;
      byKey.set(key, p);
    }
  }
  return [...byKey.values()];
}

/**
 * The returns report of a period from the returns recorded in it (others are left out by their
 * shop day): buckets as getSalesReport's, the totals and the products returned most.
 */
export function returnsReportOf(
  returns: readonly ReturnRow[],
  period: { from: ShopDay; to: ShopDay; interval: ReportInterval },
  timeZone: string,
): Schemas['ReturnsReport'] {
  const buckets = periodBuckets(period.from, period.to, period.interval);
  const tallies: Tally[] = buckets.map(() => ({ return_count: 0, units: 0, amount: 0 }));
  const totals: Tally = { return_count: 0, units: 0, amount: 0 };
  const counted: ReturnRow[] = [];
  for (const r of returns) {
    const tally = tallies[bucketIndexOf(buckets, shopDayOf(r.created_at, timeZone))];
    if (!tally) continue;
    counted.push(r);
    const units = r.lines.reduce((s, l) => s + l.quantity, 0);
    for (const t of [tally, totals]) {
      t.return_count += 1;
      t.units += units;
      t.amount += r.total_amount;
    }
  }
  return {
    from: period.from,
    to: period.to,
    interval: period.interval,
    buckets: buckets.map((b, i) => ({ ...b, ...figures(tallies[i]!) })),
    totals: figures(totals),
    products: topReturnedProducts(returnedProducts(counted)),
  };
}

/** The CSV of a returns report, one row per bucket. */
export const RETURNS_COLUMNS = ['start', 'end', 'return_count', 'units', 'amount'] as const;

export const returnsRow = (b: Schemas['ReturnsBucket']): CsvValue[] => [
  b.start,
  b.end,
  b.return_count,
  b.units,
  decimal(b.amount),
];

// ---------------------------------------------------------------------------------------------
// Stock

/** A variant as the stock reports read it (money in millimes). */
export interface StockVariantRow {
  variant_id: number;
  product_id: number;
  product_name: string;
  variant_title: string | null;
  sku: string | null;
  category_id: number | null;
  category_name: string | null;
  stock_quantity: number;
  low_stock_threshold: number;
  cost_price: number | null;
  track_inventory: boolean;
  is_active: boolean;
}

/** The variant holds stock the reports count: active, tracked, above zero. */
const isCountedStock = (v: StockVariantRow): boolean =>
  v.is_active && v.track_inventory && v.stock_quantity > 0;

/** A category's stock before it is written: units, value in millimes, variants without cost. */
export interface CategoryStock {
  category_id: number | null;
  category_name: string | null;
  units: number;
  cost_value: number;
  variants_without_cost: number;
}

/** The categories' stock in the report's order: the largest value, the most units, the id (none last). */
export function stockValuationFrom(
  categories: readonly CategoryStock[],
  asOf: string,
): Schemas['StockValuation'] {
  const sorted = [...categories].sort(
    (a, b) =>
      b.cost_value - a.cost_value ||
      b.units - a.units ||
      (a.category_id ?? Number.MAX_SAFE_INTEGER) - (b.category_id ?? Number.MAX_SAFE_INTEGER),
  );
  const sum = (pick: (c: CategoryStock) => number) => sorted.reduce((s, c) => s + pick(c), 0);
  return {
    as_of: asOf,
    units: sum((c) => c.units),
    cost_value: fromMillimes(sum((c) => c.cost_value)),
    variants_without_cost: sum((c) => c.variants_without_cost),
    by_category: sorted.map((c) => ({ ...c, cost_value: fromMillimes(c.cost_value) })),
  };
}

/** The stock valuation recounted from every variant. */
export function stockValuationOf(
  variants: readonly StockVariantRow[],
  asOf: string,
): Schemas['StockValuation'] {
  const byCategory = new Map<number | null, CategoryStock>();
  for (const v of variants) {
    if (!isCountedStock(v)) continue;
    const c = byCategory.get(v.category_id) ?? {
      category_id: v.category_id,
      category_name: v.category_name,
      units: 0,
      cost_value: 0,
      variants_without_cost: 0,
    };
    c.units += v.stock_quantity;
    if (v.cost_price === null) c.variants_without_cost += 1;
    else c.cost_value += v.stock_quantity * v.cost_price;
    byCategory.set(v.category_id, c);
  }
  return stockValuationFrom([...byCategory.values()], asOf);
}

/** The CSV of a stock valuation, one row per category. */
export const STOCK_VALUATION_COLUMNS = [
  'category_id',
  'category_name',
  'units',
  'cost_value',
  'variants_without_cost',
] as const;

export const stockValuationRow = (c: Schemas['CategoryStockValue']): CsvValue[] => [
  c.category_id,
  c.category_name,
  c.units,
  decimal(c.cost_value),
  c.variants_without_cost,
];

// ---------------------------------------------------------------------------------------------
// Sales of a variant

/** An order line as the stock reports read it: its variant, units, order's shop day and status. */
export interface SaleLineRow {
  variant_id: number | null;
  quantity: number;
  day: ShopDay;
  status: OrderStatus;
}

/** The first shop day of "the last `days` shop days" ending `today` (today included). */
export const windowStart = (today: ShopDay, days: number): ShopDay => addDays(today, 1 - days);

/** Each variant's last earned sale day (variants never sold in an earned order are absent). */
function lastEarnedSales(lines: readonly SaleLineRow[]): Map<number, ShopDay> {
  const last = new Map<number, ShopDay>();
  for (const l of lines) {
    if (l.variant_id === null || !isEarned(l.status)) continue;
    const seen = last.get(l.variant_id);
    if (seen === undefined || l.day > seen) last.set(l.variant_id, l.day);
  }
  return last;
}

/** Each variant's units in earned orders placed from `since` to `today` (both included). */
function earnedUnitsSince(
  lines: readonly SaleLineRow[],
  since: ShopDay,
  today: ShopDay,
): Map<number, number> {
  const units = new Map<number, number>();
  for (const l of lines) {
    if (l.variant_id === null || !isEarned(l.status) || l.day < since || l.day > today) continue;
    units.set(l.variant_id, (units.get(l.variant_id) ?? 0) + l.quantity);
  }
  return units;
}

const stockVariant = (v: StockVariantRow): Schemas['StockVariant'] => ({
  variant_id: v.variant_id,
  product_id: v.product_id,
  product_name: v.product_name,
  variant_title: v.variant_title,
  sku: v.sku,
  stock_quantity: v.stock_quantity,
});

/** stock × cost_price in millimes, or null without a cost price. */
const costValueOf = (v: Pick<StockVariantRow, 'stock_quantity' | 'cost_price'>) =>
  v.cost_price === null ? null : v.stock_quantity * v.cost_price;

/** A slow mover as the report writes it. */
export function slowMover(v: StockVariantRow, lastSoldOn: ShopDay | null): Schemas['SlowMover'] {
  const value = costValueOf(v);
  return {
    ...stockVariant(v),
    cost_value: value === null ? null : fromMillimes(value),
    last_sold_on: lastSoldOn,
  };
}

/** The slow movers' order: the largest value at cost (none last), the most units, the id. */
function compareSlowMovers(a: StockVariantRow, b: StockVariantRow): number {
  const va = costValueOf(a);
  const vb = costValueOf(b);
  if (va !== vb) {
    if (va === null) return 1;
    if (vb === null) return -1;
    return vb - va;
  }
  return b.stock_quantity - a.stock_quantity || a.variant_id - b.variant_id;
}

/** The slow movers recounted from every variant and every order line. */
export function slowMoversOf(
  variants: readonly StockVariantRow[],
  lines: readonly SaleLineRow[],
  query: { days: number; limit: number; today: ShopDay },
): Schemas['SlowMovers'] {
  const since = windowStart(query.today, query.days);
  const last = lastEarnedSales(lines.filter((l) => l.day <= query.today));
  const slow = variants
    .filter((v) => isCountedStock(v) && !((last.get(v.variant_id) ?? '') >= since))
    .sort(compareSlowMovers);
  return {
    days: query.days,
    since,
    total: slow.length,
    items: slow.slice(0, query.limit).map((v) => slowMover(v, last.get(v.variant_id) ?? null)),
  };
}

/** The columns every stock report's CSV row starts with: the variant it is about, its stock. */
const VARIANT_COLUMNS = [
  'variant_id',
  'product_id',
  'product_name',
  'variant_title',
  'sku',
  'stock_quantity',
] as const;

const variantCells = (
  v: Pick<Schemas['LowStockVariant'] & Schemas['SlowMover'], (typeof VARIANT_COLUMNS)[number]>,
): CsvValue[] => [
  v.variant_id,
  v.product_id,
  v.product_name,
  v.variant_title,
  v.sku,
  v.stock_quantity,
];

/** The CSV of the slow movers, one row per variant. */
export const SLOW_MOVERS_COLUMNS = [...VARIANT_COLUMNS, 'cost_value', 'last_sold_on'] as const;

export const slowMoverRow = (m: Schemas['SlowMover']): CsvValue[] => [
  ...variantCells(m),
  m.cost_value === null ? null : decimal(m.cost_value),
  m.last_sold_on,
];

// ---------------------------------------------------------------------------------------------
// Low stock

/** The variant is listed as low stock: active, tracked, stock at or below its threshold. */
const isLowStock = (v: StockVariantRow): boolean =>
  v.is_active && v.track_inventory && v.stock_quantity <= v.low_stock_threshold;

/**
 * Days of cover: stock ÷ (units ÷ 30), rounded half up to one decimal, in integers (stock × 300
 * ÷ units tenths) so no binary fraction moves a half; 0 out of stock; null without a sale.
 */
export function daysOfCover(stock: number, unitsSold: number): number | null {
  if (stock <= 0) return 0;
  if (unitsSold <= 0) return null;
  const tenths = Math.floor((2 * stock * COVER_WINDOW_DAYS * 10 + unitsSold) / (2 * unitsSold));
  return tenths / 10;
}

/** A low-stock variant as the report writes it. */
function lowStockVariant(v: StockVariantRow, unitsSold: number): Schemas['LowStockVariant'] {
  return {
    ...stockVariant(v),
    low_stock_threshold: v.low_stock_threshold,
    units_sold_30_days: unitsSold,
    days_of_cover: daysOfCover(v.stock_quantity, unitsSold),
  };
}

/** The low-stock order: the fewest days of cover (null last), the least stock, the variant id. */
function compareLowStock(a: Schemas['LowStockVariant'], b: Schemas['LowStockVariant']): number {
  if (a.days_of_cover !== b.days_of_cover) {
    if (a.days_of_cover === null) return 1;
    if (b.days_of_cover === null) return -1;
    return a.days_of_cover - b.days_of_cover;
  }
  return a.stock_quantity - b.stock_quantity || a.variant_id - b.variant_id;
}

/** The low-stock report from the listed variants and their units sold in the window. */
export function lowStockReportFrom(
  variants: readonly StockVariantRow[],
  unitsSold: ReadonlyMap<number, number>,
  limit: number,
): Schemas['LowStockReport'] {
  const items = variants
    .filter(isLowStock)
    .map((v) => lowStockVariant(v, unitsSold.get(v.variant_id) ?? 0))
    .sort(compareLowStock);
  return { total: items.length, items: items.slice(0, limit) };
}

/** The low-stock report recounted from every variant and every order line. */
export function lowStockReportOf(
  variants: readonly StockVariantRow[],
  lines: readonly SaleLineRow[],
  query: { limit: number; today: ShopDay },
): Schemas['LowStockReport'] {
  const since = windowStart(query.today, COVER_WINDOW_DAYS);
  return lowStockReportFrom(variants, earnedUnitsSince(lines, since, query.today), query.limit);
}

/** The CSV of the low-stock report, one row per variant. */
export const LOW_STOCK_COLUMNS = [
  ...VARIANT_COLUMNS,
  'low_stock_threshold',
  'units_sold_30_days',
  'days_of_cover',
] as const;

export const lowStockRow = (v: Schemas['LowStockVariant']): CsvValue[] => [
  ...variantCells(v),
  v.low_stock_threshold,
  v.units_sold_30_days,
  v.days_of_cover,
];
