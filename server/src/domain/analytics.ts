// The shop's analytics (#35, docs/product.md §10.30): the periods and buckets of the reports, and
// the recount of the sales reports from plain rows. Pure: no database, no HTTP. The server's
// reports (services/reports/sales.ts) read daily roll-ups the database keeps (migration 038) and
// fold them with the functions below; the mocks and the tests feed them plain orders and lines;
// so one rule gives one figure everywhere.
//
// Rules:
// - A period is two shop days, both included; it may not end after today, start after it ends
//   nor span more than 366 days (the 422 texts below; the books' two texts are reused).
// - Buckets: a day, a week (Monday to Sunday) or a calendar month of the shop, the first and last
//   clipped to the period; every bucket is present, zeros included.
// - An order is a sale on the shop day of its placement (orders.created_at in the shop's time
//   zone) unless its status is credited (contract/order-status.ts): an order cancelled or
//   refunded later leaves the day it was placed.
// - Refunds are the refund payments (negative order payments, not removed) by the day they were
//   paid (received_on, already a shop day), counted as a positive amount of money paid back.
import type { Schemas } from '../api/types';
import { statusesWhere, type OrderStatus } from '../../../contract/order-status';
import { periodRefusal, shopDayOf, type ShopDay } from './books';
import { decimal, type CsvValue } from './csv';
import { fromMillimes } from './money';
import { zoneClock } from './zone-clock';

export type ReportInterval = Schemas['ReportInterval'];

// ---------------------------------------------------------------------------------------------
// Periods and buckets

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** The 422 texts of an analytics period beyond the books' two (from after to, too long). */
export const PERIOD_PROBLEMS = {
  notADay: 'from and to must be days of the calendar (YYYY-MM-DD)',
  toAfterToday: 'to must not be after today',
} as const;

/** Milliseconds of a day's UTC midnight, or null when it is not a day of the calendar. */
function dayMs(day: string): number | null {
  const m = DAY.exec(day);
  if (!m) return null;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return new Date(ms).toISOString().slice(0, 10) === day ? ms : null;
}

const isoDay = (ms: number): ShopDay => new Date(ms).toISOString().slice(0, 10);

/** The day `delta` days from `day` (calendar arithmetic). */
export function addDays(day: ShopDay, delta: number): ShopDay {
  const ms = dayMs(day);
  if (ms === null) throw new RangeError(`Not a day: ${day}`);
  return isoDay(ms + delta * DAY_MS);
}

/**
 * Why a period cannot be reported, with the parameter at fault, or null when it can. `today` is
 * the shop's day now.
 */
export function periodFault(
  from: string,
  to: string,
  today: ShopDay,
): { field: 'from' | 'to'; detail: string } | null {
  if (dayMs(from) === null) return { field: 'from', detail: PERIOD_PROBLEMS.notADay };
  if (dayMs(to) === null) return { field: 'to', detail: PERIOD_PROBLEMS.notADay };
  if (to > today) return { field: 'to', detail: PERIOD_PROBLEMS.toAfterToday };
  const refusal = periodRefusal(from, to);
  return refusal ? { field: refusal.field, detail: refusal.text } : null;
}

/** The 422 detail of a period that cannot be reported, or null when it can. */
export function periodProblem(from: string, to: string, today: ShopDay): string | null {
  return periodFault(from, to, today)?.detail ?? null;
}

/** A bucket of a report: its first and last shop days, both included. */
export interface Bucket {
  start: ShopDay;
  end: ShopDay;
}

/** The first day of the bucket holding `day` (Monday of its week, or the 1st of its month). */
function bucketStartOf(ms: number, interval: ReportInterval): number {
  if (interval === 'day') return ms;
  const d = new Date(ms);
  if (interval === 'week') return ms - ((d.getUTCDay() + 6) % 7) * DAY_MS;
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
}

/** The first day of the bucket after the one starting at `start`. */
function nextBucketStart(start: number, interval: ReportInterval): number {
  if (interval === 'day') return start + DAY_MS;
  if (interval === 'week') return start + 7 * DAY_MS;
  const d = new Date(start);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
}

/**
 * The buckets of a period, in order: days, weeks (Monday to Sunday) or calendar months, the
 * first and the last clipped to the period. Empty when from is after to.
 */
export function periodBuckets(from: string, to: string, interval: ReportInterval): Bucket[] {
  const first = dayMs(from);
  const last = dayMs(to);
  if (first === null || last === null) throw new RangeError(`Not a period: ${from} – ${to}`);
  const buckets: Bucket[] = [];
  for (let start = bucketStartOf(first, interval); start <= last;) {
    const next = nextBucketStart(start, interval);
    buckets.push({
      start: isoDay(Math.max(start, first)),
      end: isoDay(Math.min(next - DAY_MS, last)),
    });
    start = next;
  }
  return buckets;
}

/** The index of the bucket holding `day`, or −1 outside them (buckets are in order). */
export function bucketIndexOf(buckets: readonly Bucket[], day: ShopDay): number {
  let lo = 0;
  let hi = buckets.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const b = buckets[mid]!;
    if (day < b.start) hi = mid - 1;
    else if (day > b.end) lo = mid + 1;
    else return mid;
  }
  return -1;
}

// ---------------------------------------------------------------------------------------------
// What counts as a sale

const CREDITED: ReadonlySet<OrderStatus> = new Set(statusesWhere('credited'));

/** An order of this status is earned: counted as a sale on the day it was placed. */
export const isEarned = (status: OrderStatus): boolean => !CREDITED.has(status);

// ---------------------------------------------------------------------------------------------
// The shop's days as instants (the roll-ups' calendar)

/** The first and the last year of the shop's calendar the database holds (shop_days). */
const CALENDAR_YEARS = { first: 2000, last: 2100 } as const;

/** A shop day and the instant it starts, as ISO text in UTC (how orders.created_at is stored). */
export interface DayStart {
  day: ShopDay;
  starts_at: string;
}

/**
 * The start of every day of the years, in order: what books.ts dayStart gives for each (same
 * two-step offset rule, so a day that starts at 01:00 after a skipped midnight starts there),
 * with one formatter for the whole run: making one per day (dayStart) would cost seconds.
 */
export function shopDayStarts(
  timeZone: string,
  years: { first: number; last: number } = CALENDAR_YEARS,
): DayStart[] {
  const clock = zoneClock(timeZone);
  const offset = (at: number) => {
    const p = clock(new Date(at));
    const local =
      Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day)) +
      ((Number(p.hour) * 60 + Number(p.minute)) * 60 + Number(p.second)) * 1000;
    return local - (at - (((at % 1000) + 1000) % 1000));
  };
  const out: DayStart[] = [];
  // Offsets change a few times a year at most: a month that starts and ends at one offset is
  // taken as one offset throughout (two calls instead of two a day: 36,890 days took 0.6 s,
  // every time the shop's time zone changed); a month with a change is computed day by day.
  for (let year = years.first; year <= years.last; year++) {
    for (let month = 0; month < 12; month++) {
      const start = Date.UTC(year, month, 1);
      const next = Date.UTC(year, month + 1, 1);
      const steady = offset(start);
      const same = offset(next) === steady && offset(start - steady) === steady;
      for (let wall = start; wall < next; wall += DAY_MS) {
        const startsAt = same ? wall - steady : wall - offset(wall - offset(wall));
        out.push({ day: isoDay(wall), starts_at: new Date(startsAt).toISOString() });
      }
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Sales over time

/** A period of a report: its first and last shop days and the size of its buckets. */
export interface SalesPeriod {
  from: ShopDay;
  to: ShopDay;
  interval: ReportInterval;
}

/** The earned orders of one shop day, summed (a day of the roll-ups, or of a recount). */
export interface DaySales {
  day: ShopDay;
  order_count: number;
  /** Millimes: Σ total_amount. */
  gross: number;
  vat: number;
  stamp_duty: number;
  discounts: number;
  shipping: number;
}

/** The money paid back on one shop day (millimes, positive: Σ of −amount of refund payments). */
export interface DayRefunds {
  day: ShopDay;
  refunds: number;
}

type Figures = Omit<DaySales, 'day'> & { refunds: number };

const noFigures = (): Figures => ({
  order_count: 0,
  gross: 0,
  vat: 0,
  stamp_duty: 0,
  discounts: 0,
  shipping: 0,
  refunds: 0,
});

function addFigures(into: Figures, day: Partial<Figures>) {
  into.order_count += day.order_count ?? 0;
  into.gross += day.gross ?? 0;
  into.vat += day.vat ?? 0;
  into.stamp_duty += day.stamp_duty ?? 0;
  into.discounts += day.discounts ?? 0;
  into.shipping += day.shipping ?? 0;
  into.refunds += day.refunds ?? 0;
}

/** gross ÷ count rounded half away from zero to the millime; 0 without orders. */
function averageOrder(gross: number, count: number): number {
  if (count === 0) return 0;
  return Math.sign(gross) * Math.round(Math.abs(gross) / count);
}

/** The contract's figures: net = gross − VAT − stamp duties; amounts as Money. */
function salesFigures(f: Figures): Schemas['SalesFigures'] {
  return {
    order_count: f.order_count,
    gross: fromMillimes(f.gross),
    net: fromMillimes(f.gross - f.vat - f.stamp_duty),
    vat: fromMillimes(f.vat),
    discounts: fromMillimes(f.discounts),
    shipping: fromMillimes(f.shipping),
    refunds: fromMillimes(f.refunds),
    average_order: fromMillimes(averageOrder(f.gross, f.order_count)),
  };
}

/**
 * The sales report from daily figures (the days outside the period are ignored): every bucket
 * of the period, zeros included, and the totals.
 */
export function salesReportFromDays(
  days: readonly DaySales[],
  refunds: readonly DayRefunds[],
  period: SalesPeriod,
  timeZone: string,
): Schemas['SalesReport'] {
  const buckets = periodBuckets(period.from, period.to, period.interval);
  const sums = buckets.map(noFigures);
  const totals = noFigures();
  const add = (day: ShopDay, figures: Partial<Figures>) => {
    const at = bucketIndexOf(buckets, day);
    if (at < 0) return;
    addFigures(sums[at]!, figures);
    addFigures(totals, figures);
  };
  for (const d of days) add(d.day, d);
  for (const r of refunds) add(r.day, { refunds: r.refunds });
  return {
    from: period.from,
    to: period.to,
    interval: period.interval,
    time_zone: timeZone,
    buckets: buckets.map((b, i) => ({ ...b, ...salesFigures(sums[i]!) })),
    totals: salesFigures(totals),
  };
}

/** An order as the sales reports read it (amounts in millimes, created_at ISO in UTC). */
export interface SaleOrder {
  id: number;
  status: OrderStatus;
  payment_method: string;
  created_at: string;
  total_amount: number;
  vat_amount: number;
  stamp_duty_amount: number | null;
  discount_amount: number;
  shipping_amount: number;
  shipping_vat_amount?: number;
}

/** An order payment as the refunds read it (a refund is a negative amount). */
export interface SalePayment {
  amount: number;
  received_on: ShopDay;
  removed_at: string | null;
}

/** The earned orders by shop day (the recount of the roll-ups, from plain orders). */
function daySalesOf(orders: readonly SaleOrder[], timeZone: string): DaySales[] {
  const byDay = new Map<ShopDay, DaySales>();
  for (const o of orders) {
    if (!isEarned(o.status)) continue;
    const day = shopDayOf(o.created_at, timeZone);
    const d = byDay.get(day) ?? {
      day,
      order_count: 0,
      gross: 0,
      vat: 0,
      stamp_duty: 0,
      discounts: 0,
      shipping: 0,
    };
    d.order_count += 1;
    d.gross += o.total_amount;
    d.vat += o.vat_amount;
    d.stamp_duty += o.stamp_duty_amount ?? 0;
    d.discounts += o.discount_amount;
    d.shipping += o.shipping_amount;
    byDay.set(day, d);
  }
  return [...byDay.values()].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
}

/** The money paid back by day: the refund payments (negative, not removed), as positive sums. */
function dayRefundsOf(payments: readonly SalePayment[]): DayRefunds[] {
  const byDay = new Map<ShopDay, number>();
  for (const p of payments) {
    if (p.amount >= 0 || p.removed_at !== null) continue;
    byDay.set(p.received_on, (byDay.get(p.received_on) ?? 0) - p.amount);
  }
  return [...byDay].map(([day, refunds]) => ({ day, refunds }));
}

/** The sales report recounted from plain orders and payments. */
export function salesReportOf(
  orders: readonly SaleOrder[],
  payments: readonly SalePayment[],
  period: SalesPeriod,
  timeZone: string,
): Schemas['SalesReport'] {
  return salesReportFromDays(
    daySalesOf(orders, timeZone),
    dayRefundsOf(payments),
    period,
    timeZone,
  );
}

// ---------------------------------------------------------------------------------------------
// Lines: best sellers and categories

/** An order line as the reports read it (amounts in millimes). */
export interface SaleLine {
  order_id: number;
  product_id: number | null;
  variant_id: number | null;
  product_name: string;
  variant_title: string | null;
  product_sku: string | null;
  quantity: number;
  total_price: number;
  discount_amount: number;
}

/** The catalogue now: a product's name and category, a variant's title and SKU. */
export interface Catalogue {
  product(id: number): { name: string; category_id: number | null } | undefined;
  variant(id: number): { title: string | null; sku: string | null } | undefined;
  category(id: number): { name: string } | undefined;
}

/**
 * The sales of one product or variant in one key of the roll-up (product_sales_daily, or a
 * recount's line): ids null for deleted ones, with their name, title and SKU as sold.
 */
export interface ItemSales {
  product_id: number | null;
  variant_id: number | null;
  product_name: string;
  variant_title: string | null;
  sku: string | null;
  units: number;
  /** Millimes: Σ total_price − discount_amount. */
  revenue: number;
}

/** Net revenue of a line: after its share of the discount, excl. VAT. */
const lineRevenue = (l: Pick<SaleLine, 'total_price' | 'discount_amount'>) =>
  l.total_price - l.discount_amount;

/**
 * A line as an item of the best sellers: the catalogue's name, title and SKU now while the
 * product or variant exists, as sold otherwise.
 */
function itemOfLine(line: SaleLine, catalogue: Catalogue): ItemSales {
  const product = line.product_id === null ? undefined : catalogue.product(line.product_id);
  const variant = line.variant_id === null ? undefined : catalogue.variant(line.variant_id);
  return {
    product_id: product ? line.product_id : null,
    variant_id: variant ? line.variant_id : null,
    product_name: product?.name ?? line.product_name,
    // As sold, an empty title or SKU is none (the roll-up keys write none as '').
    variant_title: variant ? variant.title : line.variant_title || null,
    sku: variant ? variant.sku : line.product_sku || null,
    units: line.quantity,
    revenue: lineRevenue(line),
  };
}

/** More units first, then more revenue, then the smaller id (deleted ones last, by name). */
function bestFirst<T extends { units: number; revenue: number; name: string }>(
  id: (t: T) => readonly (number | null)[],
) {
  return (a: T, b: T): number => {
    if (a.units !== b.units) return b.units - a.units;
    if (a.revenue !== b.revenue) return b.revenue - a.revenue;
    const ia = id(a);
    const ib = id(b);
    for (let i = 0; i < ia.length; i += 1) {
      const x = ia[i] ?? null;
      const y = ib[i] ?? null;
      if (x === y) continue;
      if (x === null) return 1;
      if (y === null) return -1;
      return x - y;
    }
    return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
  };
}

/** The best sellers from items (one per roll-up key or line): products and variants, `limit` each. */
export function topProductsFromItems(
  items: readonly ItemSales[],
  period: { from: ShopDay; to: ShopDay },
  limit: number,
): Schemas['TopProducts'] {
  type Sum = ItemSales & { name: string };
  const products = new Map<string, Sum>();
  const variants = new Map<string, Sum>();
  const add = (into: Map<string, Sum>, key: string, item: ItemSales) => {
    const sum = into.get(key);
    if (sum) {
      sum.units += item.units;
      sum.revenue += item.revenue;
    } else {
      into.set(key, { ...item, name: `${item.product_name}\u0000${item.variant_title ?? ''}` });
    }
  };
  for (const item of items) {
    // A deleted product is told apart by its name as sold; a deleted variant by its title and SKU.
    const product = item.product_id ?? `sold:${item.product_name}`;
    add(products, String(product), item);
    const variant = item.variant_id ?? `sold:${item.variant_title ?? ''}\u0000${item.sku ?? ''}`;
    add(variants, `${product}\u0000${variant}`, item);
  }
  const ranked = (sums: Map<string, Sum>, id: (s: Sum) => (number | null)[]) =>
    [...sums.values()]
      .filter((s) => s.units !== 0 || s.revenue !== 0)
      .sort(bestFirst(id))
      .slice(0, limit);
  return {
    from: period.from,
    to: period.to,
    products: ranked(products, (s) => [s.product_id]).map((s) => ({
      product_id: s.product_id,
      product_name: s.product_name,
      units: s.units,
      revenue: fromMillimes(s.revenue),
    })),
    variants: ranked(variants, (s) => [s.product_id, s.variant_id]).map((s) => ({
      product_id: s.product_id,
      product_name: s.product_name,
      variant_id: s.variant_id,
      variant_title: s.variant_title,
      sku: s.sku,
      units: s.units,
      revenue: fromMillimes(s.revenue),
    })),
  };
}

/** The earned orders of a period with their lines (the recount's input). */
function earnedIn(
  orders: readonly SaleOrder[],
  period: { from: ShopDay; to: ShopDay },
  timeZone: string,
): Map<number, SaleOrder> {
  const out = new Map<number, SaleOrder>();
  for (const o of orders) {
    const day = shopDayOf(o.created_at, timeZone);
    if (isEarned(o.status) && day >= period.from && day <= period.to) out.set(o.id, o);
  }
  return out;
}

/** The best sellers recounted from plain orders and lines. */
export function topProductsOf(
  orders: readonly SaleOrder[],
  lines: readonly SaleLine[],
  catalogue: Catalogue,
  period: { from: ShopDay; to: ShopDay },
  limit: number,
  timeZone: string,
): Schemas['TopProducts'] {
  const earned = earnedIn(orders, period, timeZone);
  const items = lines.filter((l) => earned.has(l.order_id)).map((l) => itemOfLine(l, catalogue));
  return topProductsFromItems(items, period, limit);
}

/** One category's sales (millimes), before the contract's writing. */
export interface CategorySalesSum {
  category_id: number | null;
  category_name: string | null;
  order_count: number;
  units: number;
  revenue: number;
}

/** One payment method's earned orders (millimes). */
export interface MethodSalesSum {
  payment_method: string;
  order_count: number;
  gross: number;
}

/** The breakdown in the contract's order: the largest revenue / gross first, then by key. */
export function salesBreakdownFrom(
  categories: readonly CategorySalesSum[],
  methods: readonly MethodSalesSum[],
  period: { from: ShopDay; to: ShopDay },
): Schemas['SalesBreakdown'] {
  const byCategory = categories
    .filter((c) => c.order_count > 0)
    .sort(
      (a, b) =>
        b.revenue - a.revenue ||
        (a.category_id ?? Number.MAX_SAFE_INTEGER) - (b.category_id ?? Number.MAX_SAFE_INTEGER),
    );
  const byMethod = methods
    .filter((m) => m.order_count > 0)
    .sort(
      (a, b) =>
        b.gross - a.gross ||
        (a.payment_method < b.payment_method ? -1 : a.payment_method > b.payment_method ? 1 : 0),
    );
  return {
    from: period.from,
    to: period.to,
    by_category: byCategory.map((c) => ({
      category_id: c.category_id,
      category_name: c.category_name,
      order_count: c.order_count,
      units: c.units,
      revenue: fromMillimes(c.revenue),
    })),
    by_payment_method: byMethod.map((m) => ({
      payment_method: m.payment_method,
      order_count: m.order_count,
      gross: fromMillimes(m.gross),
    })),
  };
}

/** The category a line counts in now: its product's, null when deleted or without one. */
function categoryOfLine(
  line: Pick<SaleLine, 'product_id'>,
  catalogue: Catalogue,
): { category_id: number | null; category_name: string | null } {
  const product = line.product_id === null ? undefined : catalogue.product(line.product_id);
  const id = product?.category_id ?? null;
  const category = id === null ? undefined : catalogue.category(id);
  return category
    ? { category_id: id, category_name: category.name }
    : { category_id: null, category_name: null };
}

/** The breakdown recounted from plain orders and lines. */
export function salesBreakdownOf(
  orders: readonly SaleOrder[],
  lines: readonly SaleLine[],
  catalogue: Catalogue,
  period: { from: ShopDay; to: ShopDay },
  timeZone: string,
): Schemas['SalesBreakdown'] {
  const earned = earnedIn(orders, period, timeZone);
  const categories = new Map<string, CategorySalesSum & { orders: Set<number> }>();
  for (const line of lines) {
    if (!earned.has(line.order_id)) continue;
    const category = categoryOfLine(line, catalogue);
    const key = String(category.category_id);
    const sum = categories.get(key) ?? {
      ...category,
      order_count: 0,
      units: 0,
      revenue: 0,
      orders: new Set<number>(),
    };
    sum.orders.add(line.order_id);
    sum.order_count = sum.orders.size;
    sum.units += line.quantity;
    sum.revenue += lineRevenue(line);
    categories.set(key, sum);
  }
  const methods = new Map<string, MethodSalesSum>();
  for (const o of earned.values()) {
    const m = methods.get(o.payment_method) ?? {
      payment_method: o.payment_method,
      order_count: 0,
      gross: 0,
    };
    m.order_count += 1;
    m.gross += o.total_amount;
    methods.set(o.payment_method, m);
  }
  return salesBreakdownFrom(
    [...categories.values()].map(({ orders: _orders, ...c }) => c),
    [...methods.values()],
    period,
  );
}

// ---------------------------------------------------------------------------------------------
// The CSV files' rows (the server streams them, the mocks write the same)

/** The sales file's columns: one row per bucket. */
export const SALES_COLUMNS = [
  'start',
  'end',
  'order_count',
  'gross',
  'net',
  'vat',
  'discounts',
  'shipping',
  'refunds',
  'average_order',
] as const;

export const salesRows = (report: Schemas['SalesReport']): CsvValue[][] =>
  report.buckets.map((b) => [
    b.start,
    b.end,
    b.order_count,
    decimal(b.gross),
    decimal(b.net),
    decimal(b.vat),
    decimal(b.discounts),
    decimal(b.shipping),
    decimal(b.refunds),
    decimal(b.average_order),
  ]);

/** The breakdown file's columns: the categories, then the payment methods. */
export const SALES_BREAKDOWN_COLUMNS = [
  'breakdown',
  'key',
  'name',
  'order_count',
  'units',
  'amount',
] as const;

/** A category's key is its id (empty for null), a method's its code; amount: revenue or gross. */
export const salesBreakdownRows = (b: Schemas['SalesBreakdown']): CsvValue[][] => [
  ...b.by_category.map((c) => [
    'category',
    c.category_id,
    c.category_name,
    c.order_count,
    c.units,
    decimal(c.revenue),
  ]),
  ...b.by_payment_method.map((m) => [
    'payment_method',
    m.payment_method,
    m.payment_method,
    m.order_count,
    null,
    decimal(m.gross),
  ]),
];

/** The best sellers file's columns: the products, then the variants. */
export const TOP_PRODUCTS_COLUMNS = [
  'level',
  'product_id',
  'variant_id',
  'product_name',
  'variant_title',
  'sku',
  'units',
  'revenue',
] as const;

export const topProductsRows = (t: Schemas['TopProducts']): CsvValue[][] => [
  ...t.products.map((p) => [
    'product',
    p.product_id,
    null,
    p.product_name,
    null,
    null,
    p.units,
    decimal(p.revenue),
  ]),
  ...t.variants.map((v) => [
    'variant',
    v.product_id,
    v.variant_id,
    v.product_name,
    v.variant_title,
    v.sku,
    v.units,
    decimal(v.revenue),
  ]),
];
