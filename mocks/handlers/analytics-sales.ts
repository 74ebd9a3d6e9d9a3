// The sales reports of the analytics (#35) over the fixtures, with the server's own rules
// (server/src/domain/analytics.ts): the fixture orders, their lines and the refund payments
// recounted as the server's roll-ups count them, so the mock and the server cannot disagree on
// a figure. A story that wants other figures hands its own report to the factory.
import type { SalesBreakdown, SalesReport, TopProducts } from '@generated/model';
import {
  periodFault,
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
  type ReportInterval,
  type SaleLine,
  type SaleOrder,
} from '../../server/src/domain/analytics';
import { shopDayOf } from '../../server/src/domain/books';
import { toMillimes } from '../../server/src/domain/money';
import { categories, orderDetails, products, variants } from '../fixtures';
import { orderPayments } from '../fixtures/payments';
import { shopSettings } from '../fixtures/settings';
import { endpoint, json, now } from './endpoint';
import { csvAnswer, queryRefusal } from './reports';

const timeZone = () => shopSettings.time_zone;
const today = () => shopDayOf(now(), timeZone());

/** The fixture orders as the reports read them (millimes). */
const saleOrders = (): SaleOrder[] =>
  orderDetails.map((o) => ({
    id: o.id,
    status: o.status,
    payment_method: o.payment_method,
    created_at: o.created_at,
    total_amount: toMillimes(o.total_amount),
    vat_amount: toMillimes(o.vat_amount),
    stamp_duty_amount: toMillimes(o.stamp_duty_amount),
    discount_amount: toMillimes(o.discount_amount),
    shipping_amount: toMillimes(o.shipping_amount),
  }));

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
const salePayments = () =>
  orderPayments.map((p) => ({
    amount: toMillimes(p.amount),
    received_on: p.received_on,
    removed_at: p.removed_at,
  }));

/** The fixture catalogue now. */
const catalogue: Catalogue = {
  product: (id) => products.find((p) => p.id === id),
  variant: (id) => {
    const v = variants.find((x) => x.id === id);
    return v && { title: v.variant_title, sku: v.sku };
  },
  category: (id) => categories.find((c) => c.id === id),
};

const INTERVALS: readonly string[] = ['day', 'week', 'month'];

/** The period of the query, or the server's 422 for it. */
function periodOf(url: URL) {
  const from = url.searchParams.get('from') ?? '';
  const to = url.searchParams.get('to') ?? '';
  const interval = url.searchParams.get('interval') ?? 'day';
  const fault = periodFault(from, to, today());
  if (fault) return { refusal: queryRefusal(fault.field, fault.detail) };
  if (!INTERVALS.includes(interval)) return { refusal: json({ detail: 'Validation error' }, 422) };
  const limit = Number(url.searchParams.get('limit') ?? 10) || 10;
  return { period: { from, to, interval: interval as ReportInterval, limit } };
}

type Period = NonNullable<ReturnType<typeof periodOf>['period']>;

const fixtureSales = (p: Period) => salesReportOf(saleOrders(), salePayments(), p, timeZone());
const fixtureBreakdown = (p: Period) =>
  salesBreakdownOf(saleOrders(), saleLines(), catalogue, p, timeZone());
const fixtureTop = (p: Period) =>
  topProductsOf(saleOrders(), saleLines(), catalogue, p, p.limit, timeZone());

export const analyticsSales = {
  /** GET /admin/reports/sales?from&to&interval → sales over time (422 for a bad period) */
  sales: endpoint('get', '/admin/reports/sales', (data?: SalesReport) => ({ url }) => {
    const { refusal, period } = periodOf(url);
    return refusal ?? json(data ?? fixtureSales(period));
  }),
  /** GET /admin/reports/sales.csv → sales-<from>-<to>.csv */
  salesCsv: endpoint('get', '/admin/reports/sales.csv', () => ({ url }) => {
    const { refusal, period } = periodOf(url);
    return (
      refusal ??
      csvAnswer(
        url,
        `sales-${period.from}-${period.to}.csv`,
        SALES_COLUMNS,
        salesRows(fixtureSales(period)),
      )
    );
  }),
  /** GET /admin/reports/sales-breakdown?from&to → by category and by payment method */
  salesBreakdown: endpoint(
    'get',
    '/admin/reports/sales-breakdown',
    (data?: SalesBreakdown) =>
      ({ url }) => {
        const { refusal, period } = periodOf(url);
        return refusal ?? json(data ?? fixtureBreakdown(period));
      },
  ),
  /** GET /admin/reports/sales-breakdown.csv → sales-breakdown-<from>-<to>.csv */
  salesBreakdownCsv: endpoint('get', '/admin/reports/sales-breakdown.csv', () => ({ url }) => {
    const { refusal, period } = periodOf(url);
    return (
      refusal ??
      csvAnswer(
        url,
        `sales-breakdown-${period.from}-${period.to}.csv`,
        SALES_BREAKDOWN_COLUMNS,
        salesBreakdownRows(fixtureBreakdown(period)),
      )
    );
  }),
  /** GET /admin/reports/top-products?from&to&limit → the best sellers */
  topProducts: endpoint('get', '/admin/reports/top-products', (data?: TopProducts) => ({ url }) => {
    const { refusal, period } = periodOf(url);
    return refusal ?? json(data ?? fixtureTop(period));
  }),
  /** GET /admin/reports/top-products.csv → top-products-<from>-<to>.csv */
  topProductsCsv: endpoint('get', '/admin/reports/top-products.csv', () => ({ url }) => {
    const { refusal, period } = periodOf(url);
    return (
      refusal ??
      csvAnswer(
        url,
        `top-products-${period.from}-${period.to}.csv`,
        TOP_PRODUCTS_COLUMNS,
        topProductsRows(fixtureTop(period)),
      )
    );
  }),
};
