// The dashboard's figures.
// - getDashboardStats (the brief's four all-time cards): read in one statement (one snapshot on
//   both databases) from the counters that triggers keep (row-counts.ts), so they cost the same
//   at any table size, and the number of customers: the rows of customer_overview (one per
//   customer, not per order).
// - getDashboardSummary (#35, docs/product.md "Dashboard"): the cards over a period of shop days
//   and the previous one (domain/dashboard-period.ts), the period's sales day by day and its
//   revenue from the daily roll-ups of the sales report (services/reports/sales.ts), and the To
//   do. Every figure is a counter, a roll-up or a range of an index: nothing reads every order.
// - getRecentActivity: the latest orders as the orders list presents them and, for the roles
//   that may read the audit log, its latest entries as the log presents them, merged.
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { invalid } from '../../api/problem';
import { money } from '../../api/present';
import type { Schemas } from '../../api/types';
import type { AppContext } from '../../context';
import { UNPAID_CASH_ON_DELIVERY } from '../../db/migrations/041_customer_first_order';
import type { AdminRole } from '../../domain/roles';
import { periodBounds, shopDay } from '../../domain/books';
import {
  dashboardPeriods,
  dashboardQueryFault,
  mergeActivity,
  TO_CONFIRM,
  TO_SHIP,
  type DashboardPeriodQuery,
  type ShopPeriod,
} from '../../domain/dashboard-period';
import { missingForInvoices } from '../../domain/invoice-identity';
import { can } from '../../domain/roles';
import { disabledWebhooks } from '../webhooks/endpoints';
import { stockStateSql } from '../inventory/inventory-status';
import { presentAuditEntry } from '../platform/audit';
import { counterSql } from '../platform/row-counts';
import { loadShopSettings } from '../platform/shop-settings';
import { salesReport } from '../reports/sales';
import { listAdminOrders } from './orders';
import { statusesWhere } from '../../../../contract/order-status';

/** The revenue of orders whose sale is undone (credited: cancelled, refunded) is not earned. */
const NOT_EARNED = statusesWhere('credited').map((status) => `revenue:${status}` as const);

export async function dashboardStats(db: Db): Promise<Schemas['DashboardStats']> {
  const { rows } = await sql<
    Record<
      'product_count' | 'customer_count' | 'order_count' | 'revenue' | 'not_earned',
      number | string | null
    >
  >`select
      ${counterSql('products')} as product_count,
      (select count(*) from customer_overview) as customer_count,
      ${counterSql('orders:')} as order_count,
      ${counterSql('revenue:')} as revenue,
      ${counterSql(...NOT_EARNED)} as not_earned`.execute(db);
  const row = rows[0];
  if (!row) throw new Error('unreachable: a select without from returns one row');
  const revenue = Number(row.revenue);
  return {
    product_count: Number(row.product_count),
    order_count: Number(row.order_count),
    customer_count: Number(row.customer_count),
    revenue: money(revenue),
    revenue_excluding_cancelled_refunded: money(revenue - Number(row.not_earned)),
  };
}

// ---------------------------------------------------------------------------------------------
// The dashboard over a period (#35)

type Count = number | string | null;

/**
 * The period's counts: products added (products.created_at, indexed since migration 006),
 * orders placed in every status (the daily roll-up of migration 038 keeps every status: an owner
 * counts the orders that came in, cancelled ones too; the revenue leaves those out), customers
 * whose first order was placed in it (customer_overview.first_order_date, migration 041).
 */
async function periodCounts(db: Db, days: ShopPeriod, timeZone: string) {
  const { start, end } = periodBounds(days.from, days.to, timeZone);
  const [from, to] = [start.toISOString(), end.toISOString()];
  const { rows } = await sql<Record<'products' | 'orders' | 'customers', Count>>`select
      (select count(*) from products where created_at >= ${from} and created_at < ${to})
        as products,
      (select coalesce(sum(order_count), 0) from sales_daily
        where day >= ${days.from} and day <= ${days.to}) as orders,
      (select count(*) from customer_overview
        where first_order_date >= ${from} and first_order_date < ${to}) as customers`.execute(db);
  const row = rows[0];
  if (!row) throw new Error('unreachable: a select without from returns one row');
  return {
    products: Number(row.products),
    orders: Number(row.orders),
    customers: Number(row.customers),
  };
}

/** The shop's totals now: the counters and the overview's rows. */
async function totals(db: Db) {
  const { rows } = await sql<Record<'products' | 'orders' | 'revenue' | 'customers', Count>>`select
      ${counterSql('products')} as products,
      ${counterSql('orders:')} as orders,
      ${counterSql('revenue:')} as revenue,
      (select count(*) from customer_overview) as customers`.execute(db);
  const row = rows[0];
  if (!row) throw new Error('unreachable: a select without from returns one row');
  return {
    products: Number(row.products),
    orders: Number(row.orders),
    revenue: Number(row.revenue),
    customers: Number(row.customers),
  };
}

/**
 * What waits for the staff now (domain/dashboard-period.ts). Orders to confirm and to ship from
 * the per-status counters; cash on delivery still due through the partial index of migration 041
 * (its predicate written as the index states it, isUnpaidCashOnDelivery in SQL); low and out of stock by the inventory's own stock-state rule
 * (inventory-status.ts) over the active variants that track inventory, as the low-stock report
 * counts them.
 */
async function todo(db: Db): Promise<Omit<Schemas['DashboardTodo'], 'invoice_settings_missing'>> {
  const [orders, stock] = await Promise.all([
    sql<Record<'to_confirm' | 'to_ship' | 'unpaid_cash_on_delivery', Count>>`select
      ${counterSql(...TO_CONFIRM.map((s) => `orders:${s}` as const))} as to_confirm,
      ${counterSql(...TO_SHIP.map((s) => `orders:${s}` as const))} as to_ship,
      (select count(*) from orders where ${sql.raw(UNPAID_CASH_ON_DELIVERY)})
        as unpaid_cash_on_delivery`.execute(db),
    // One pass over the variants out of stock or at or below their threshold (both states).
    sql<Record<'low' | 'out', Count>>`select
        coalesce(sum(case when ${stockStateSql} = 'low_stock' then 1 else 0 end), 0) as low,
        coalesce(sum(case when ${stockStateSql} = 'out_of_stock' then 1 else 0 end), 0) as out
      from variants v where v.is_active = 1 and v.track_inventory = 1
        and (v.stock_quantity <= 0 or v.stock_quantity <= v.low_stock_threshold)`.execute(db),
  ]);
  const counts = orders.rows[0];
  const states = stock.rows[0];
  if (!counts || !states) throw new Error('unreachable: an aggregate returns one row');
  return {
    to_confirm: Number(counts.to_confirm),
    to_ship: Number(counts.to_ship),
    unpaid_cash_on_delivery: Number(counts.unpaid_cash_on_delivery),
    low_stock: Number(states.low),
    out_of_stock: Number(states.out),
  };
}

async function disabledWebhooksTodo(db: Db) {
  const disabled = await disabledWebhooks(db);
  return disabled.length > 0 ? { disabled_webhooks: disabled } : {};
}

/** getDashboardSummary: the cards over the period and the previous one, the sales, the To do. */
export async function dashboardSummary(
  ctx: Pick<AppContext, 'db' | 'now'>,
  q: DashboardPeriodQuery,
  role?: AdminRole,
): Promise<Schemas['DashboardSummary']> {
  const { db } = ctx;
  const settings = await loadShopSettings(db);
  const timeZone = settings.time_zone;
  const today = shopDay(ctx.now(), timeZone);
  const checked = dashboardQueryFault(q, today);
  if ('fault' in checked) throw invalid(['query', checked.fault.field], checked.fault.detail);
  const { period, previous_period } = dashboardPeriods(q.period, today, checked.custom);
  const [now, current, previous, sales, before, waiting] = await Promise.all([
    totals(db),
    periodCounts(db, period, timeZone),
    periodCounts(db, previous_period, timeZone),
    salesReport(db, { ...period, interval: 'day' }, timeZone),
    salesReport(db, { ...previous_period, interval: 'day' }, timeZone),
    todo(db),
  ]);
  const count = (total: number, key: keyof typeof current) => ({
    total,
    period: current[key],
    previous_period: previous[key],
  });
  return {
    period,
    previous_period,
    time_zone: timeZone,
    products: count(now.products, 'products'),
    orders: count(now.orders, 'orders'),
    customers: count(now.customers, 'customers'),
    revenue: {
      total: money(now.revenue),
      period: sales.totals.gross,
      previous_period: before.totals.gross,
    },
    sales: sales.buckets.map((b) => ({
      day: b.start,
      order_count: b.order_count,
      revenue: b.gross,
    })),
    todo: {
      ...waiting,
      invoice_settings_missing: missingForInvoices(settings),
      // Endpoints the server disabled (#31), for those who may enable them again; absent when
      // there are none, as for the roles that may not.
      ...(role !== undefined && can(role, 'webhooks:manage') ? await disabledWebhooksTodo(db) : {}),
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Recent activity (#35)

/**
 * getRecentActivity: the latest `limit` orders placed and, when `role` may read the audit log,
 * its latest `limit` entries; merged, the latest first, `limit` in all.
 */
export async function recentActivity(
  db: Db,
  role: AdminRole,
  limit: number,
): Promise<Schemas['RecentActivity']> {
  const [orders, entries] = await Promise.all([
    listAdminOrders(db, { skip: 0, limit, sort: '-created_at' }),
    can(role, 'audit:read')
      ? db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').limit(limit).execute()
      : [],
  ]);
  return mergeActivity(orders.items, entries.map(presentAuditEntry), limit);
}
