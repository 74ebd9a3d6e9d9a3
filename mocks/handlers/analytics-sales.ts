// The sales reports of the analytics (#35) over the fixtures, with the server's own rules
// (server/src/domain/analytics.ts): the fixture orders, their lines and the refund payments
// recounted as the server's roll-ups count them, so the mock and the server cannot disagree on
// a figure. A story that wants other figures hands its own report to the factory.
import {
  SALES_BREAKDOWN_COLUMNS,
  SALES_COLUMNS,
  salesBreakdownOf,
  salesBreakdownRows,
  salesReportOf,
  salesRows,
  TOP_PRODUCTS_COLUMNS,
  topProductsOf,
  topProductsRows,
  type Catalogue,
  type SaleLine,
  type SaleOrder,
} from '../../server/src/domain/analytics';
import { toMillimes } from '../../server/src/domain/money';
import { categories, orderDetails, products, variants } from '../fixtures';
import { orderPayments } from '../fixtures/payments';
import {
  periodReport,
  saleOrderOf,
  salePaymentOf,
  timeZone,
  type Period,
} from './analytics-common';

/** The fixture orders as the reports read them (millimes). */
const saleOrders = (): SaleOrder[] => orderDetails.map(saleOrderOf);

/** The fixture orders' lines (millimes). */
const saleLines = (): SaleLine[] =>
  orderDetails.flatMap((o) =>
    o.items.map((i) => ({
      order_id: o.id,
      product_id: i.product_id,
      variant_id: i.variant_id,
      product_name: i.product_name,
      variant_title: i.variant_title,
      product_sku: i.product_sku,
      quantity: i.quantity,
      total_price: toMillimes(i.total_price),
      discount_amount: toMillimes(i.discount_amount),
    })),
  );

/** The fixture payments (refunds are the negative ones). */
const salePayments = () => orderPayments.map(salePaymentOf);

/** The fixture catalogue now. */
const catalogue: Catalogue = {
  product: (id) => products.find((p) => p.id === id),
  variant: (id) => {
    const v = variants.find((x) => x.id === id);
    return v && { title: v.variant_title, sku: v.sku };
  },
  category: (id) => categories.find((c) => c.id === id),
};

const fixtureSales = (p: Period) => salesReportOf(saleOrders(), salePayments(), p, timeZone());
const fixtureBreakdown = (p: Period) =>
  salesBreakdownOf(saleOrders(), saleLines(), catalogue, p, timeZone());
const fixtureTop = (p: Period) =>
  topProductsOf(saleOrders(), saleLines(), catalogue, p, p.limit, timeZone());

const sales = periodReport('/admin/reports/sales', 'sales', fixtureSales, {
  columns: SALES_COLUMNS,
  rows: salesRows,
});
const breakdown = periodReport(
  '/admin/reports/sales-breakdown',
  'sales-breakdown',
  fixtureBreakdown,
  {
    columns: SALES_BREAKDOWN_COLUMNS,
    rows: salesBreakdownRows,
  },
);
const top = periodReport('/admin/reports/top-products', 'top-products', fixtureTop, {
  columns: TOP_PRODUCTS_COLUMNS,
  rows: topProductsRows,
});

export const analyticsSales = {
  /** GET /admin/reports/sales?from&to&interval → sales over time (422 for a bad period) */
  sales: sales.report,
  /** GET /admin/reports/sales.csv → sales-<from>-<to>.csv */
  salesCsv: sales.csv,
  /** GET /admin/reports/sales-breakdown?from&to → by category and by payment method */
  salesBreakdown: breakdown.report,
  /** GET /admin/reports/sales-breakdown.csv → sales-breakdown-<from>-<to>.csv */
  salesBreakdownCsv: breakdown.csv,
  /** GET /admin/reports/top-products?from&to&limit → the best sellers */
  topProducts: top.report,
  /** GET /admin/reports/top-products.csv → top-products-<from>-<to>.csv */
  topProductsCsv: top.csv,
};
