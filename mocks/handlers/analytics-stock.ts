// The returns and stock reports of the analytics (#35) over the fixtures, with the server's own
// rules (server/src/domain/stock-analytics.ts): the stock valuation, the slow movers and the low
// stock of the fixture variants and the lines of the fixture orders, so the mock and the server
// cannot disagree on a figure. The fixtures record no returns: the returns report is all zeros
// unless a story hands its own report to the factory.
import type { LowStockReport, SlowMovers, StockValuation } from '@generated/model';
import { shopDayOf } from '../../server/src/domain/books';
import { toMillimes } from '../../server/src/domain/money';
import {
  LOW_STOCK_COLUMNS,
  lowStockReportOf,
  lowStockRow,
  RETURNS_COLUMNS,
  returnsReportOf,
  returnsRow,
  SLOW_MOVERS_COLUMNS,
  slowMoverRow,
  slowMoversOf,
  STOCK_VALUATION_COLUMNS,
  stockValuationOf,
  stockValuationRow,
  type SaleLineRow,
  type StockVariantRow,
} from '../../server/src/domain/stock-analytics';
import { categories, orderDetails, products, variants } from '../fixtures';
import { periodReport, timeZone, today, type Period } from './analytics-common';
import { endpoint, json, now } from './endpoint';
import { csvAnswer } from './reports';

/** The fixture variants as the reports read them (a product's name and category now). */
function stockRows(): StockVariantRow[] {
  return variants.flatMap((v) => {
    const product = products.find((p) => p.id === v.product_id);
    if (!product) return [];
    const category = categories.find((c) => c.id === product.category_id);
    return [
      {
        variant_id: v.id,
        product_id: v.product_id,
        product_name: product.name,
        variant_title: v.variant_title,
        sku: v.sku,
        category_id: category ? category.id : null,
        category_name: category ? category.name : null,
        stock_quantity: v.stock_quantity,
        low_stock_threshold: v.low_stock_threshold,
        cost_price: v.cost_price === null ? null : Number(toMillimes(v.cost_price)),
        track_inventory: v.track_inventory,
        is_active: v.is_active,
      },
    ];
  });
}

/** The fixture orders' lines, each on its order's shop day with its order's status. */
const saleLines = (): SaleLineRow[] =>
  orderDetails.flatMap((o) =>
    o.items.map((i) => ({
      variant_id: i.variant_id,
      quantity: i.quantity,
      day: shopDayOf(o.created_at, timeZone()),
      status: o.status,
    })),
  );

const numberOf = (url: URL, name: string, fallback: number) =>
  Number(url.searchParams.get(name) ?? fallback) || fallback;

const fixtureReturns = (period: Period) => returnsReportOf([], period, timeZone());
const returns = periodReport('/admin/reports/returns', 'returns', fixtureReturns, {
  columns: RETURNS_COLUMNS,
  rows: (report) => report.buckets.map(returnsRow),
});
const fixtureValuation = () => stockValuationOf(stockRows(), now());
const fixtureSlowMovers = (url: URL) =>
  slowMoversOf(stockRows(), saleLines(), {
    days: numberOf(url, 'days', 90),
    limit: numberOf(url, 'limit', 50),
    today: today(),
  });
const fixtureLowStock = (url: URL) =>
  lowStockReportOf(stockRows(), saleLines(), { limit: numberOf(url, 'limit', 50), today: today() });

export const analyticsStock = {
  /** GET /admin/reports/returns?from&to&interval → the returns report (422 for a bad period) */
  returns: returns.report,
  /** GET /admin/reports/returns.csv → returns-<from>-<to>.csv */
  returnsCsv: returns.csv,
  /** GET /admin/reports/stock-valuation → the fixture variants' stock at cost */
  stockValuation: endpoint(
    'get',
    '/admin/reports/stock-valuation',
    (data?: StockValuation) => () => json(data ?? fixtureValuation()),
  ),
  /** GET /admin/reports/stock-valuation.csv → stock-valuation.csv */
  stockValuationCsv: endpoint(
    'get',
    '/admin/reports/stock-valuation.csv',
    () =>
      ({ url }) =>
        csvAnswer(
          url,
          'stock-valuation.csv',
          STOCK_VALUATION_COLUMNS,
          fixtureValuation().by_category.map(stockValuationRow),
        ),
  ),
  /** GET /admin/reports/slow-movers?days&limit → the slow movers */
  slowMovers: endpoint(
    'get',
    '/admin/reports/slow-movers',
    (data?: SlowMovers) =>
      ({ url }) =>
        json(data ?? fixtureSlowMovers(url)),
  ),
  /** GET /admin/reports/slow-movers.csv → slow-movers.csv */
  slowMoversCsv: endpoint(
    'get',
    '/admin/reports/slow-movers.csv',
    () =>
      ({ url }) =>
        csvAnswer(
          url,
          'slow-movers.csv',
          SLOW_MOVERS_COLUMNS,
          fixtureSlowMovers(url).items.map(slowMoverRow),
        ),
  ),
  /** GET /admin/reports/low-stock?limit → the low-stock variants with their days of cover */
  lowStock: endpoint(
    'get',
    '/admin/reports/low-stock',
    (data?: LowStockReport) =>
      ({ url }) =>
        json(data ?? fixtureLowStock(url)),
  ),
  /** GET /admin/reports/low-stock.csv → low-stock.csv */
  lowStockCsv: endpoint(
    'get',
    '/admin/reports/low-stock.csv',
    () =>
      ({ url }) =>
        csvAnswer(
          url,
          'low-stock.csv',
          LOW_STOCK_COLUMNS,
          fixtureLowStock(url).items.map(lowStockRow),
        ),
  ),
};
