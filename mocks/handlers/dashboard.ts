import type {
  AdminRole,
  AuditEntry,
  DashboardCount,
  DashboardStats,
  DashboardSummary,
  OrderPayment,
  OrderSummary,
  RecentActivity,
  ShopSettings,
  Variant,
} from '@generated/model';
import { auditEntries, orders, products, variants } from '../fixtures';
import { statsOf } from '../fixtures/customers';
import { orderPayments } from '../fixtures/payments';
import { shopSettings } from '../fixtures/settings';
import { salesReportOf } from '../../server/src/domain/analytics';
import { periodBounds, shopDayOf } from '../../server/src/domain/books';
import {
  dashboardPeriods,
  dashboardQueryFault,
  DASHBOARD_PERIODS,
  isUnpaidCashOnDelivery,
  mergeActivity,
  TO_CONFIRM,
  TO_SHIP,
  type DashboardPeriodQuery,
  type ShopPeriod,
} from '../../server/src/domain/dashboard-period';
import { stockState } from '../../server/src/domain/inventory';
import { toMillimes } from '../../server/src/domain/money';
import { can } from '../../server/src/domain/roles';
import { saleOrderOf, salePaymentOf } from './analytics-common';
import { endpoint, json } from './endpoint';
import { queryRefusal } from './reports';

// The dashboard over a period and Recent Activity computed from the fixtures with the server's
// own rules (server/src/domain/dashboard-period.ts, analytics.ts, inventory.ts): the mock and the
// server count the same days and the same orders. The mock world's today is the shop day of the
// latest fixture order, so "today" and "the last 7 days" hold orders; a story that wants other
// figures hands its own to the factory.

/** The shop day of the fixtures' latest order: the mock world's today. */
const MOCK_TODAY = shopDayOf(
  orders.reduce((latest, o) => (o.created_at > latest ? o.created_at : latest), ''),
  shopSettings.time_zone,
);

/** Each customer's first order (orders grouped by shipping e-mail, as customer_overview does). */
function firstOrders(list: readonly OrderSummary[]): string[] {
  const first = new Map<string, string>();
  for (const o of list) {
    const key = o.shipping_address.email.trim().toLowerCase() || 'unknown';
    const seen = first.get(key);
    if (seen === undefined || o.created_at < seen) first.set(key, o.created_at);
  }
  return [...first.values()];
}

export interface DashboardWorld {
  orders: readonly OrderSummary[];
  products: readonly { created_at: string }[];
  variants: readonly Variant[];
  payments: readonly OrderPayment[];
  settings: ShopSettings;
  today: string;
}

export const dashboardFixtures: DashboardWorld = {
  orders,
  products,
  variants,
  payments: orderPayments,
  settings: shopSettings,
  today: MOCK_TODAY,
};

/**
 * The summary of a period of `world` (the server's getDashboardSummary, recounted); throws on a
 * query the server refuses (dashboardQueryFault).
 */
export function summaryOf(world: DashboardWorld, q: DashboardPeriodQuery): DashboardSummary {
  const zone = world.settings.time_zone;
  const checked = dashboardQueryFault(q, world.today);
  if ('fault' in checked) throw new RangeError(checked.fault.detail);
  const { period, previous_period } = dashboardPeriods(q.period, world.today, checked.custom);
  const customers = firstOrders(world.orders);
  const inPeriod = (p: ShopPeriod) => {
    const { start, end } = periodBounds(p.from, p.to, zone);
    const within = (at: string) =>
      Date.parse(at) >= start.getTime() && Date.parse(at) < end.getTime();
    return {
      products: world.products.filter((x) => within(x.created_at)).length,
      orders: world.orders.filter((o) => within(o.created_at)).length,
      customers: customers.filter(within).length,
    };
  };
  const [now, before] = [inPeriod(period), inPeriod(previous_period)];
  const count = (total: number, key: keyof typeof now): DashboardCount => ({
    total,
    period: now[key],
    previous_period: before[key],
  });
  const sold = world.orders.map(saleOrderOf);
  const paid = world.payments.map(salePaymentOf);
  const sales = salesReportOf(sold, paid, { ...period, interval: 'day' }, zone);
  const previousSales = salesReportOf(sold, paid, { ...previous_period, interval: 'day' }, zone);
  const tracked = world.variants.filter((v) => v.is_active && v.track_inventory);
  const inStatus = (statuses: readonly string[]) =>
    world.orders.filter((o) => statuses.includes(o.status)).length;
  return {
    period,
    previous_period,
    time_zone: zone,
    products: count(world.products.length, 'products'),
    orders: count(world.orders.length, 'orders'),
    customers: count(customers.length, 'customers'),
    revenue: {
      total: statsOf(world.products, world.orders).revenue,
      period: sales.totals.gross,
      previous_period: previousSales.totals.gross,
    },
    sales: sales.buckets.map((b) => ({
      day: b.start,
      order_count: b.order_count,
      revenue: b.gross,
    })),
    todo: {
      to_confirm: inStatus(TO_CONFIRM),
      to_ship: inStatus(TO_SHIP),
      unpaid_cash_on_delivery: world.orders.filter((o) =>
        isUnpaidCashOnDelivery({ ...o, balance_due: toMillimes(o.balance_due) }),
      ).length,
      low_stock: tracked.filter((v) => stockState(v) === 'low_stock').length,
      out_of_stock: tracked.filter((v) => stockState(v) === 'out_of_stock').length,
      invoice_settings_missing: [...world.settings.missing_for_invoices],
    },
  };
}

/** Recent Activity of these orders and entries for `role` (the latest first, `limit` in all). */
export function activityOf(
  list: readonly OrderSummary[],
  entries: readonly AuditEntry[],
  role: AdminRole,
  limit: number,
): RecentActivity {
  return mergeActivity(list, can(role, 'audit:read') ? entries : [], limit);
}

export const dashboard = {
  /** GET /admin/stats/: the figures (default: those of the product and order fixtures). */
  stats: endpoint(
    'get',
    '/admin/stats/',
    (stats: DashboardStats = statsOf(products, orders)) =>
      () =>
        json(stats),
  ),
  /**
   * GET /admin/dashboard/summary: the period of the query over `world` (default: the fixtures,
   * today being MOCK_TODAY), with the server's 422s; or `summary` as given.
   */
  summary: endpoint(
    'get',
    '/admin/dashboard/summary',
    (world: DashboardWorld | DashboardSummary = dashboardFixtures) =>
      ({ url }) => {
        if (!('today' in world)) return json(world);
        const params = url.searchParams;
        const named = params.get('period') ?? 'today';
        const period = DASHBOARD_PERIODS.find((p) => p === named);
        if (!period) return queryRefusal('period', 'must be one of the allowed values');
        const q = {
          period,
          from: params.get('from') ?? undefined,
          to: params.get('to') ?? undefined,
        };
        const checked = dashboardQueryFault(q, world.today);
        if ('fault' in checked) return queryRefusal(checked.fault.field, checked.fault.detail);
        return json(summaryOf(world, q));
      },
  ),
  /**
   * GET /admin/dashboard/activity?limit: the fixtures' orders and, for a `role` with audit:read,
   * the audit entries; or `activity` as given.
   */
  activity: endpoint(
    'get',
    '/admin/dashboard/activity',
    (activity?: RecentActivity, role: AdminRole = 'super_admin') =>
      ({ url }) =>
        json(
          activity ??
            activityOf(orders, auditEntries, role, Number(url.searchParams.get('limit') ?? 10)),
        ),
  ),
};
