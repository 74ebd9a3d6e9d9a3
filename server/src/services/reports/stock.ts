// The stock reports (#35, docs/product.md §10.30): stock valuation at cost, slow movers and low
// stock with days of cover. The rules and the reports' orders are domain/stock-analytics.ts's;
// this file reads what they need, fast at any size:
//
// - stock valuation: one aggregate over the variants (the catalogue, not the orders), by category;
// - low stock: the variants at or below their threshold, and their units sold in earned orders
//   over the window from the daily roll-up of sold lines (product_sales_daily, kept by the
//   triggers of migration 038 on the shop days of its calendar), by variant and day (the index
//   of migration 040): a few rows per variant, whatever the number of orders;
// - slow movers: the in-stock variants without a roll-up row of an earned sale in the window
//   (one index probe per variant), sorted and cut in SQL with the domain's order
//   (compareSlowMovers), counted in the same query; then the last earned sale of the page's
//   variants only.
//
// A roll-up row whose lines went back to 0 (its order moved status or day) is no sale.
import { sql } from 'kysely';
import type { Schemas } from '../../api/types';
import { statusesWhere } from '../../../../contract/order-status';
import { shopDay, type ShopDay } from '../../domain/books';
import type { CsvSeparator } from '../../domain/csv';
import {
  COVER_WINDOW_DAYS,
  LOW_STOCK_COLUMNS,
  SLOW_MOVERS_COLUMNS,
  STOCK_VALUATION_COLUMNS,
  lowStockReportFrom,
  lowStockRow,
  slowMover,
  slowMoverRow,
  stockValuationFrom,
  stockValuationRow,
  windowStart,
  type StockVariantRow,
} from '../../domain/stock-analytics';
import { csvStream, type CsvDownload, type CsvExport } from '../platform/csv-export';
import { shopTimeZone } from '../platform/shop-settings';
import type { ReportContext } from './documents';
import { ensureSalesCalendar } from './sales';

/** Orders in these statuses are not earned: their lines are no sale. */
const CREDITED = statusesWhere('credited');

/**
 * The shop's time zone and its day now, the roll-ups counting that zone's days (rebuilt first
 * when a time zone was written around the settings service: services/reports/sales.ts).
 */
async function shopToday(ctx: ReportContext): Promise<{ timeZone: string; today: ShopDay }> {
  const timeZone = await shopTimeZone(ctx.db);
  await ensureSalesCalendar(ctx.db, timeZone);
  return { timeZone, today: shopDay(ctx.now(), timeZone) };
}

// ---------------------------------------------------------------------------------------------
// Stock valuation

/** getStockValuation: the counted variants' units and value, by category, in one aggregate. */
export async function getStockValuation(ctx: ReportContext): Promise<Schemas['StockValuation']> {
  const rows = await ctx.db
    .selectFrom('variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .leftJoin('categories as c', 'c.id', 'p.category_id')
    .select([
      'p.category_id',
      'c.name as category_name',
      sql<string | number>`sum(v.stock_quantity)`.as('units'),
      sql<
        string | number
      >`sum(case when v.cost_price is null then 0 else v.stock_quantity * v.cost_price end)`.as(
        'cost_value',
      ),
      sql<string | number>`sum(case when v.cost_price is null then 1 else 0 end)`.as(
        'variants_without_cost',
      ),
    ])
    .where('v.is_active', '=', 1)
    .where('v.track_inventory', '=', 1)
    .where('v.stock_quantity', '>', 0)
    .groupBy(['p.category_id', 'c.name'])
    .execute();
  return stockValuationFrom(
    rows.map((r) => ({
      category_id: r.category_id === null ? null : Number(r.category_id),
      category_name: r.category_name,
      units: Number(r.units),
      cost_value: Number(r.cost_value),
      variants_without_cost: Number(r.variants_without_cost),
    })),
    ctx.now().toISOString(),
  );
}

/** exportStockValuationCsv: one row per category, as stock-valuation.csv. */
export async function exportStockValuationCsv(
  ctx: ReportContext,
  separator: CsvSeparator,
): Promise<CsvDownload> {
  const { by_category } = await getStockValuation(ctx);
  return csvFile(
    'stock-valuation.csv',
    {
      total: by_category.length,
      columns: STOCK_VALUATION_COLUMNS,
      pages: [by_category.map(stockValuationRow)],
    },
    separator,
  );
}

// ---------------------------------------------------------------------------------------------
// The variants as the reports read them

function variantRows(ctx: ReportContext) {
  return ctx.db
    .selectFrom('variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select([
      'v.id as variant_id',
      'v.product_id',
      'p.name as product_name',
      'p.category_id',
      'v.variant_title',
      'v.sku',
      'v.stock_quantity',
      'v.low_stock_threshold',
      'v.cost_price',
    ]);
}

type VariantRead = Awaited<ReturnType<ReturnType<typeof variantRows>['execute']>>[number];

/** A variant read as the domain takes it. */
function stockVariantRow(r: VariantRead): StockVariantRow {
  return {
    variant_id: Number(r.variant_id),
    product_id: Number(r.product_id),
    product_name: r.product_name,
    variant_title: r.variant_title,
    sku: r.sku,
    category_id: r.category_id === null ? null : Number(r.category_id),
    category_name: null,
    stock_quantity: Number(r.stock_quantity),
    low_stock_threshold: Number(r.low_stock_threshold),
    cost_price: r.cost_price === null ? null : Number(r.cost_price),
    // Every row read here passed the reports' filters on these two.
    track_inventory: true,
    is_active: true,
  };
}

/** Roll-up rows `s` of earned sales from `since` to `today` (both shop days included). */
const earnedSales = (since: ShopDay, today: ShopDay) =>
  sql`s.lines > 0 and s.day >= ${since} and s.day <= ${today}
    and s.status not in (${sql.join(CREDITED)})`;

// ---------------------------------------------------------------------------------------------
// Slow movers

export interface SlowMoversQuery {
  days: number;
  limit: number;
}

/** getSlowMovers. */
export async function getSlowMovers(
  ctx: ReportContext,
  query: SlowMoversQuery,
): Promise<Schemas['SlowMovers']> {
  const { today } = await shopToday(ctx);
  const since = windowStart(today, query.days);
  // compareSlowMovers' order: the value at cost (none last), the units, the id.
  const rows = await variantRows(ctx)
    .select(sql<string | number>`count(*) over ()`.as('total'))
    .where('v.is_active', '=', 1)
    .where('v.track_inventory', '=', 1)
    .where('v.stock_quantity', '>', 0)
    .where(
      sql<boolean>`not exists (select 1 from product_sales_daily s
        where s.variant_key = v.id and ${earnedSales(since, today)})`,
    )
    .orderBy(sql`case when v.cost_price is null then 1 else 0 end`)
    .orderBy(sql`v.stock_quantity * v.cost_price`, 'desc')
    .orderBy('v.stock_quantity', 'desc')
    .orderBy('v.id')
    .limit(query.limit)
    .execute();
  const ids = rows.map((r) => Number(r.variant_id));
  // The last earned sale of the page's variants: none of them sold in the window, so it is older.
  const last =
    ids.length === 0
      ? { rows: [] }
      : await sql<{ variant_key: number | string; day: ShopDay }>`select s.variant_key,
            max(s.day) as day from product_sales_daily s
          where s.variant_key in (${sql.join(ids)}) and ${earnedSales('0000-01-01', today)}
          group by s.variant_key`.execute(ctx.db);
  const lastDay = new Map(last.rows.map((l) => [Number(l.variant_key), l.day]));
  return {
    days: query.days,
    since,
    total: Number(rows[0]?.total ?? 0),
    items: rows.map((r) =>
      slowMover(stockVariantRow(r), lastDay.get(Number(r.variant_id)) ?? null),
    ),
  };
}

/** exportSlowMoversCsv: one row per variant, as slow-movers.csv. */
export async function exportSlowMoversCsv(
  ctx: ReportContext,
  query: SlowMoversQuery,
  separator: CsvSeparator,
): Promise<CsvDownload> {
  const { items } = await getSlowMovers(ctx, query);
  return csvFile(
    'slow-movers.csv',
    { total: items.length, columns: SLOW_MOVERS_COLUMNS, pages: [items.map(slowMoverRow)] },
    separator,
  );
}

// ---------------------------------------------------------------------------------------------
// Low stock

/** getLowStockReport. */
export async function getLowStockReport(
  ctx: ReportContext,
  query: { limit: number },
): Promise<Schemas['LowStockReport']> {
  const { today } = await shopToday(ctx);
  const since = windowStart(today, COVER_WINDOW_DAYS);
  const low = (
    await variantRows(ctx)
      .where('v.is_active', '=', 1)
      .where('v.track_inventory', '=', 1)
      .whereRef('v.stock_quantity', '<=', 'v.low_stock_threshold')
      .execute()
  ).map(stockVariantRow);
  // The same variants, joined rather than listed: there may be more than a query's parameters.
  const sold =
    low.length === 0
      ? { rows: [] }
      : await sql<{ variant_key: number | string; units: number | string }>`select
            s.variant_key, sum(s.units) as units
          from variants v join product_sales_daily s on s.variant_key = v.id
          where v.is_active = 1 and v.track_inventory = 1
            and v.stock_quantity <= v.low_stock_threshold and ${earnedSales(since, today)}
          group by s.variant_key`.execute(ctx.db);
  const units = new Map(sold.rows.map((s) => [Number(s.variant_key), Number(s.units)]));
  return lowStockReportFrom(low, units, query.limit);
}

/** exportLowStockReportCsv: one row per variant, as low-stock.csv. */
export async function exportLowStockReportCsv(
  ctx: ReportContext,
  query: { limit: number },
  separator: CsvSeparator,
): Promise<CsvDownload> {
  const { items } = await getLowStockReport(ctx, query);
  return csvFile(
    'low-stock.csv',
    { total: items.length, columns: LOW_STOCK_COLUMNS, pages: [items.map(lowStockRow)] },
    separator,
  );
}

function csvFile(fileName: string, file: CsvExport, separator: CsvSeparator): CsvDownload {
  return { fileName, total: file.total, body: csvStream(file, separator) };
}
