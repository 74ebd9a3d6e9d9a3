// The sales reports (#35, docs/product.md §10.30): sales over time, by category and payment
// method, and the best sellers, with their CSV files. They read the daily roll-ups the database
// keeps in the same transaction as every order write (migration 038: sales_daily,
// product_sales_daily), a few rows per day of the period whatever the number of orders, and
// fold them with domain/analytics.ts, which the mocks and the tests' recount also use.
//
// - Earned orders: the roll-ups keep every status; the reports keep those not credited.
// - Refunds: the refund payments (negative, not removed) by received_on, a shop day, through the
//   index on received_on (refunds are few).
// - By category: units and revenue from the lines' roll-up, each product in its category now;
//   the number of orders with a line in a category cannot be summed from per-product figures
//   (an order with two products of one category would count twice), so it is summed from
//   category_orders_daily (migration 048: per shop day and category, the sales among
//   order_categories' rows of migration 045, one per order and category of its lines), at most
//   366 days × the categories whatever the number of orders.
// - Best sellers: ranked and cut in SQL (getTopProducts), the first `limit` keys only named.
// - Product figures over long periods (best sellers, units and revenue by category): whole
//   quarters from the quarterly roll-up (migration 049), other whole months from the monthly one
//   (046), the days at the period's edges from the daily one (productSalesOf).
import { sql, type RawBuilder } from 'kysely';
import type { Schemas } from '../../api/types';
import type { Db } from '../../db/database';
import { invalid } from '../../api/problem';
import {
  addDays,
  periodBuckets,
  periodFault,
  SALES_BREAKDOWN_COLUMNS,
  SALES_COLUMNS,
  salesBreakdownFrom,
  salesBreakdownRows,
  salesReportFromDays,
  salesRows,
  TOP_PRODUCTS_COLUMNS,
  topProductsFromItems,
  topProductsRows,
  type DaySales,
  type ItemSales,
  type SalesPeriod,
} from '../../domain/analytics';
import { shopDay, type ShopDay } from '../../domain/books';
import type { CsvSeparator } from '../../domain/csv';
import { statusesWhere } from '../../../../contract/order-status';
import { rebuildSalesRollups } from '../../db/migrations/038_sales_rollups';
import { skuOf, variantTitleOf } from '../catalogue/sellable-lines';
import { csvStream, type CsvDownload } from '../platform/csv-export';
import { shopTimeZone } from '../platform/shop-settings';
import type { ReportContext } from './documents';

/** The credited statuses: their orders are not sales (contract/order-status.ts). */
const CREDITED = statusesWhere('credited');

/** The credited statuses as an SQL list: `status not in (...)` keeps the sales. */
const creditedList = sql.join(CREDITED.map((s) => sql`${s}`));

/** A period of shop days. */
export interface ShopPeriod {
  from: ShopDay;
  to: ShopDay;
}

/**
 * The product roll-up's rows of a period's earned orders, as `p` (product_key, variant_key,
 * sold_name, sold_title, sold_sku, units, revenue): its whole calendar quarters from
 * product_sales_quarterly (migration 049), its other whole months from product_sales_monthly
 * (046), the days of the partial months at its edges from product_sales_daily. Each quarterly
 * row is the sum of its months' rows and each monthly row of its days', so grouping these rows
 * by any of the keys gives what grouping the period's daily rows gives, from at most about ten
 * rows per key in a year instead of 365. The months are domain/analytics.ts's (periodBuckets,
 * as the sales by month).
 */
function productSalesOf(period: ShopPeriod): RawBuilder<unknown> {
  const columns = sql`product_key, variant_key, sold_name, sold_title, sold_sku, units, revenue`;
  const earned = sql`status not in (${creditedList})`;
  const days = (from: ShopDay, to: ShopDay) => sql`select ${columns} from product_sales_daily
    where day >= ${from} and day <= ${to} and ${earned}`;
  // Whole months are consecutive: only the first and the last bucket can be partial.
  const whole = periodBuckets(period.from, period.to, 'month').filter(
    (b) => b.start.endsWith('-01') && addDays(b.end, 1).endsWith('-01'),
  );
  const first = whole[0];
  const last = whole[whole.length - 1];
  if (!first || !last) return days(period.from, period.to);
  const months = whole.map((b) => b.start.slice(0, 7));
  // The monthly and quarterly roll-ups hold the sales only (046 leaves the credited out).
  const monthsFrom = (i: number, j: number) => sql`select ${columns} from product_sales_monthly
    where month >= ${months[i]} and month <= ${months[j]}`;
  // A whole quarter: a month that starts one, with the two after it in the period.
  const quarters = months.flatMap((m, i) =>
    QUARTER_START.test(m) && i + 2 < months.length ? [i] : [],
  );
  const q1 = quarters[0];
  const qn = quarters[quarters.length - 1];
  const parts: RawBuilder<unknown>[] = [];
  if (q1 === undefined || qn === undefined) parts.push(monthsFrom(0, months.length - 1));
  else {
    parts.push(sql`select ${columns} from product_sales_quarterly
      where quarter >= ${months[q1]} and quarter <= ${months[qn]}`);
    if (q1 > 0) parts.push(monthsFrom(0, q1 - 1));
    if (qn + 3 < months.length) parts.push(monthsFrom(qn + 3, months.length - 1));
  }
  if (period.from < first.start) parts.push(days(period.from, addDays(first.start, -1)));
  if (period.to > last.end) parts.push(days(addDays(last.end, 1), period.to));
  return sql.join(parts, sql` union all `);
}

/** The first months of the calendar quarters ('YYYY-MM'), as migration 049 keys them. */
const QUARTER_START = /-(01|04|07|10)$/;

/**
 * The shop's time zone and the period checked against today (422 with the parameter at fault
 * and domain/analytics.ts's text).
 */
export async function analyticsPeriod(ctx: ReportContext, period: ShopPeriod): Promise<string> {
  const timeZone = await shopTimeZone(ctx.db);
  const fault = periodFault(period.from, period.to, shopDay(ctx.now(), timeZone));
  if (fault) throw invalid(['query', fault.field], fault.detail);
  await ensureSalesCalendar(ctx.db, timeZone);
  return timeZone;
}

/**
 * Makes sure the roll-ups count the days of `timeZone`: rebuilt (migration 038) when the
 * calendar they were made for is another, which only a time zone written around the settings
 * service leaves (it rebuilds them itself). The conditional update takes the calendar's row, so
 * concurrent reports rebuild once.
 */
export async function ensureSalesCalendar(db: Db, timeZone: string): Promise<void> {
  const { rows } = await sql<{ time_zone: string }>`select time_zone from shop_calendar`.execute(
    db,
  );
  if (rows[0]?.time_zone === timeZone) return;
  await db.transaction().execute(async (trx) => {
    const claimed = await sql`update shop_calendar set time_zone = ${timeZone}
      where id = 1 and time_zone <> ${timeZone}`.execute(trx);
    if (Number(claimed.numAffectedRows ?? 0) > 0) await rebuildSalesRollups(trx, timeZone);
  });
}

/** Sums of bigint columns arrive as text on PostgreSQL (numeric): numbers here. */
const n = (value: number | string | null): number => Number(value ?? 0);

/**
 * Sales over time from the roll-ups (no period check: the dashboard passes its own periods).
 * `timeZone` is the shop's, whose days the roll-ups count.
 */
export async function salesReport(
  db: Db,
  period: SalesPeriod,
  timeZone: string,
): Promise<Schemas['SalesReport']> {
  type Row = Record<Exclude<keyof DaySales, 'day'>, number | string> & { day: string };
  await ensureSalesCalendar(db, timeZone);
  const [days, refunds] = await Promise.all([
    sql<Row>`select day, sum(order_count) as order_count, sum(gross) as gross, sum(vat) as vat,
        sum(stamp_duty) as stamp_duty, sum(discounts) as discounts, sum(shipping) as shipping
      from sales_daily
      where day >= ${period.from} and day <= ${period.to} and status not in (${creditedList})
      group by day`.execute(db),
    sql<{ day: string; refunds: number | string }>`select received_on as day,
        -sum(amount) as refunds
      from order_payments
      where received_on >= ${period.from} and received_on <= ${period.to}
        and amount < 0 and removed_at is null
      group by received_on`.execute(db),
  ]);
  return salesReportFromDays(
    days.rows.map((r) => ({
      day: r.day,
      order_count: n(r.order_count),
      gross: n(r.gross),
      vat: n(r.vat),
      stamp_duty: n(r.stamp_duty),
      discounts: n(r.discounts),
      shipping: n(r.shipping),
    })),
    refunds.rows.map((r) => ({ day: r.day, refunds: n(r.refunds) })),
    period,
    timeZone,
  );
}

/** getSalesReport: the period checked, then salesReport in the shop's time zone. */
export async function getSalesReport(
  ctx: ReportContext,
  period: SalesPeriod,
): Promise<Schemas['SalesReport']> {
  const timeZone = await analyticsPeriod(ctx, period);
  return salesReport(ctx.db, period, timeZone);
}

/** exportSalesReportCsv: one row per bucket, as sales-<from>-<to>.csv. */
export async function exportSalesReportCsv(
  ctx: ReportContext,
  period: SalesPeriod,
  separator: CsvSeparator,
): Promise<CsvDownload> {
  const rows = salesRows(await getSalesReport(ctx, period));
  return {
    fileName: `sales-${period.from}-${period.to}.csv`,
    total: rows.length,
    body: csvStream({ total: rows.length, columns: SALES_COLUMNS, pages: [rows] }, separator),
  };
}

/** getSalesBreakdown: by category (as categorised now) and by payment method. */
export async function getSalesBreakdown(
  ctx: ReportContext,
  period: ShopPeriod,
): Promise<Schemas['SalesBreakdown']> {
  await analyticsPeriod(ctx, period);
  const inPeriod = sql`p.day >= ${period.from} and p.day <= ${period.to}
    and p.status not in (${creditedList})`;
  type Category = { category_id: number | null; category_name: string | null };
  // Units and revenue: summed per product first, so that each product's category is looked up
  // once, not once per day and status (half the time at 200,000 orders).
  const [figures, orders, methods] = await Promise.all([
    sql<Category & { units: number | string; revenue: number | string }>`
      select c.id as category_id, c.name as category_name,
        sum(s.units) as units, sum(s.revenue) as revenue
      from (select p.product_key, sum(p.units) as units, sum(p.revenue) as revenue
          from (${productSalesOf(period)}) p
          group by p.product_key) s
        left join products pr on pr.id = s.product_key
        left join categories c on c.id = pr.category_id
      group by c.id, c.name`.execute(ctx.db),
    sql<{ category_id: number | null; order_count: number | string }>`
      select c.id as category_id, sum(d.orders) as order_count
      from category_orders_daily d
        left join categories c on c.id = d.category_key
      where d.day >= ${period.from} and d.day <= ${period.to}
      group by c.id`.execute(ctx.db),
    sql<{ payment_method: string; order_count: number | string; gross: number | string }>`
      select payment_method, sum(order_count) as order_count, sum(gross) as gross
      from sales_daily p
      where ${inPeriod}
      group by payment_method`.execute(ctx.db),
  ]);
  const ordersOf = new Map(orders.rows.map((r) => [r.category_id, n(r.order_count)]));
  return salesBreakdownFrom(
    figures.rows.map((r) => ({
      category_id: r.category_id,
      category_name: r.category_name,
      order_count: ordersOf.get(r.category_id) ?? 0,
      units: n(r.units),
      revenue: n(r.revenue),
    })),
    methods.rows.map((r) => ({
      payment_method: r.payment_method,
      order_count: n(r.order_count),
      gross: n(r.gross),
    })),
    period,
  );
}

/** exportSalesBreakdownCsv: the categories then the methods, as sales-breakdown-<from>-<to>.csv. */
export async function exportSalesBreakdownCsv(
  ctx: ReportContext,
  period: ShopPeriod,
  separator: CsvSeparator,
): Promise<CsvDownload> {
  const rows = salesBreakdownRows(await getSalesBreakdown(ctx, period));
  return {
    fileName: `sales-breakdown-${period.from}-${period.to}.csv`,
    total: rows.length,
    body: csvStream(
      { total: rows.length, columns: SALES_BREAKDOWN_COLUMNS, pages: [rows] },
      separator,
    ),
  };
}

/** A best-sellers' row: a roll-up key's sums, named from the catalogue now or as sold. */
interface TopRow {
  product_key: number;
  variant_key: number;
  sold_name: string;
  sold_title: string;
  sold_sku: string;
  product_name: string | null;
  variant_title: string | null;
  sku: string | null;
  is_default: number | null;
  variant_found: number | null;
  units: number | string;
  revenue: number | string;
}

/** A row of the roll-up as domain/analytics.ts sums it. */
function itemOf(r: TopRow): ItemSales {
  const product = r.product_name !== null;
  const variant = r.variant_found !== null;
  return {
    product_id: product ? Number(r.product_key) : null,
    variant_id: variant ? Number(r.variant_key) : null,
    product_name: r.product_name ?? r.sold_name,
    // The roll-up keeps '' for "none" in its keys; the report writes null.
    // A simple product's hidden variant is written as the order lines write it (no title).
    variant_title: variant
      ? variantTitleOf({
          is_default: Number(r.is_default ?? 0),
          variant_title: r.variant_title ?? '',
        })
      : r.sold_title || null,
    sku: variant ? skuOf({ sku: r.sku ?? '' }) : r.sold_sku || null,
    units: n(r.units),
    revenue: n(r.revenue),
  };
}

/**
 * getTopProducts: the best sellers ranked in SQL, `limit` products and `limit` variants.
 *
 * Both come from one grouped read of the period's roll-up rows (productSalesOf: whole months
 * from the monthly roll-up, the edge days from the daily one), each level ordered as
 * domain/analytics.ts's bestFirst orders (more units, more revenue, the smaller id, deleted ones
 * last by their name as sold) and cut at `limit`; only those rows are named from the catalogue and come back, and
 * topProductsFromItems writes them. The keys: a product is its id (product_key), or 0 and its
 * name as sold when deleted; a variant adds its id, or 0 and its title and SKU as sold. A key
 * that is not 0 names a row of the catalogue (the foreign keys set a deleted one's lines null,
 * which moves their figures to 0). Names are compared as code points on PostgreSQL too
 * (collate "C"), as the JS comparison does, so the cut keeps the same deleted products.
 */
export async function getTopProducts(
  ctx: ReportContext,
  query: ShopPeriod & { limit: number },
): Promise<Schemas['TopProducts']> {
  await analyticsPeriod(ctx, query);
  const bytes = sql.raw(ctx.dialect === 'postgres' ? ' collate "C"' : '');
  const rows = productSalesOf(query);
  // One grouped read of the period's rows per variant key (by_variant); the products are summed
  // from it (a product key is a prefix of its variants' keys, so the sums are the same), which
  // halves the work of a long period. Each level is ordered and cut, then named.
  const ranked = await sql<TopRow & { level: number }>`with by_variant as (
      select p.product_key, p.variant_key, p.sold_name, p.sold_title, p.sold_sku,
        sum(p.units) as units, sum(p.revenue) as revenue
      from (${rows}) p
      group by p.product_key, p.variant_key, p.sold_name, p.sold_title, p.sold_sku
      having sum(p.units) <> 0 or sum(p.revenue) <> 0)
    select t.level, t.product_key, t.variant_key, t.sold_name, t.sold_title, t.sold_sku,
      pr.name as product_name, v.variant_title, v.sku, v.is_default, v.id as variant_found,
      t.units, t.revenue
    from (
      select 1 as level, a.product_key, 0 as variant_key, a.sold_name, '' as sold_title,
        '' as sold_sku, a.units, a.revenue
      from (select product_key, sold_name, sum(units) as units, sum(revenue) as revenue
        from by_variant
        group by product_key, sold_name
        having sum(units) <> 0 or sum(revenue) <> 0
        order by units desc, revenue desc, product_key = 0, product_key, sold_name${bytes}
        limit ${query.limit}) a
      union all
      select 2 as level, b.product_key, b.variant_key, b.sold_name, b.sold_title, b.sold_sku,
        b.units, b.revenue
      from (select * from by_variant
        order by units desc, revenue desc, product_key = 0, product_key, variant_key = 0,
          variant_key, sold_name${bytes}, sold_title${bytes}, sold_sku${bytes}
        limit ${query.limit}) b) t
      left join products pr on pr.id = t.product_key
      left join variants v on v.id = t.variant_key`.execute(ctx.db);
  const products = ranked.rows.filter((r) => Number(r.level) === 1);
  const variants = ranked.rows.filter((r) => Number(r.level) === 2);
  return {
    ...topProductsFromItems(products.map(itemOf), query, query.limit),
    variants: topProductsFromItems(variants.map(itemOf), query, query.limit).variants,
  };
}

/** exportTopProductsCsv: the products then the variants, as top-products-<from>-<to>.csv. */
export async function exportTopProductsCsv(
  ctx: ReportContext,
  query: ShopPeriod & { limit: number },
  separator: CsvSeparator,
): Promise<CsvDownload> {
  const rows = topProductsRows(await getTopProducts(ctx, query));
  return {
    fileName: `top-products-${query.from}-${query.to}.csv`,
    total: rows.length,
    body: csvStream(
      { total: rows.length, columns: TOP_PRODUCTS_COLUMNS, pages: [rows] },
      separator,
    ),
  };
}
