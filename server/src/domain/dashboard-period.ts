// The morning dashboard's periods (#35, docs/product.md "Dashboard"): which shop days a period
// covers and which ones it is compared with. Pure calendar arithmetic on shop days (YYYY-MM-DD,
// already in the shop's time zone): the server (services/orders/dashboard.ts), the mocks and the
// tests call it, so the console, the mocks and the server count the same days.
//
// Rules:
// - today: today; 7_days and 30_days: the last 7 or 30 days, today included; this_month: from
//   the 1st of this month to today; custom: from and to as given (checked by periodFault of
//   domain/analytics.ts: not after today, from not after to, at most 366 days).
// - The previous period has as many days, just before the period. For this_month it is the
//   previous month's first days, as many as this month's so far, up to that month's end: on
//   31 March, 1–28 February (not 1–3 March); on 15 March, 1–15 February.
import type { Schemas } from '../api/types';
import { addDays, periodFault } from './analytics';
import type { ShopDay } from './books';

/** The period names, in the picker's order (the contract's DashboardPeriod enum). */
export const DASHBOARD_PERIODS = ['today', '7_days', '30_days', 'this_month', 'custom'] as const;

export type DashboardPeriodName = (typeof DASHBOARD_PERIODS)[number];
export type ShopPeriod = Schemas['ShopPeriod'];

const DAY_MS = 86_400_000;

/** Days from `from` to `to`, both included (1 for a single day). */
export const daysIn = ({ from, to }: ShopPeriod): number =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS + 1;

/** The last day of the month before the one holding `day`. */
const lastDayOfPreviousMonth = (day: ShopDay): ShopDay => addDays(`${day.slice(0, 7)}-01`, -1);

/**
 * The days a named period covers on `today` (custom: `custom` as given; the caller checks it
 * first with periodFault).
 */
function dashboardPeriod(
  name: DashboardPeriodName,
  today: ShopDay,
  custom?: ShopPeriod,
): ShopPeriod {
  switch (name) {
    case 'today':
      return { from: today, to: today };
    case '7_days':
      return { from: addDays(today, -6), to: today };
    case '30_days':
      return { from: addDays(today, -29), to: today };
    case 'this_month':
      return { from: `${today.slice(0, 7)}-01`, to: today };
    case 'custom':
      if (!custom) throw new RangeError('A custom period needs from and to');
      return custom;
  }
}

/** The period a dashboard period is compared with (see the rules above). */
export function previousPeriod(name: DashboardPeriodName, period: ShopPeriod): ShopPeriod {
  if (name === 'this_month') {
    const end = lastDayOfPreviousMonth(period.from);
    const from = `${end.slice(0, 7)}-01`;
    const to = addDays(from, daysIn(period) - 1);
    return { from, to: to < end ? to : end };
  }
  return { from: addDays(period.from, -daysIn(period)), to: addDays(period.from, -1) };
}

/** A period and the one it is compared with. */
export function dashboardPeriods(
  name: DashboardPeriodName,
  today: ShopDay,
  custom?: ShopPeriod,
): { period: ShopPeriod; previous_period: ShopPeriod } {
  const period = dashboardPeriod(name, today, custom);
  return { period, previous_period: previousPeriod(name, period) };
}

/** The 422 texts of the dashboard's own parameters (the period's are domain/analytics.ts's). */
export const DASHBOARD_PROBLEMS = {
  customNeedsDays: 'from and to are required with period=custom',
  daysOnlyForCustom: 'from and to are only read with period=custom',
} as const;

/** The dashboard's query: a period name and, with custom only, its two days. */
export interface DashboardPeriodQuery {
  period: DashboardPeriodName;
  from?: string | undefined;
  to?: string | undefined;
}

/**
 * Why the query cannot be answered on `today`, with the parameter at fault, or its custom
 * period (undefined for a named one, which takes no days).
 */
export function dashboardQueryFault(
  q: DashboardPeriodQuery,
  today: ShopDay,
): { fault: { field: 'from' | 'to'; detail: string } } | { custom: ShopPeriod | undefined } {
  if (q.period !== 'custom') {
    const given = q.from !== undefined ? 'from' : q.to !== undefined ? 'to' : null;
    return given
      ? { fault: { field: given, detail: DASHBOARD_PROBLEMS.daysOnlyForCustom } }
      : { custom: undefined };
  }
  if (q.from === undefined) {
    return { fault: { field: 'from', detail: DASHBOARD_PROBLEMS.customNeedsDays } };
  }
  if (q.to === undefined)
    return { fault: { field: 'to', detail: DASHBOARD_PROBLEMS.customNeedsDays } };
  const fault = periodFault(q.from, q.to, today);
  return fault ? { fault } : { custom: { from: q.from, to: q.to } };
}

// ---------------------------------------------------------------------------------------------
// The To do

/** Orders to confirm: placed, not yet accepted. */
export const TO_CONFIRM = ['pending'] as const;
/** Orders to ship: accepted, still in the shop. */
export const TO_SHIP = ['confirmed', 'processing'] as const;

/**
 * A cash-on-delivery order whose parcel has left (shipped or delivered) and that still owes
 * money (balance_due, millimes, as order-balance.ts keeps it). Migration 041's partial index
 * states the same in SQL (orders_unpaid_cash_on_delivery); the dashboard's tests compare both.
 */
export const isUnpaidCashOnDelivery = (o: {
  payment_method: string;
  status: string;
  balance_due: number;
}): boolean =>
  o.payment_method === 'cash_on_delivery' &&
  (o.status === 'shipped' || o.status === 'delivered') &&
  o.balance_due > 0;

// ---------------------------------------------------------------------------------------------
// Recent Activity

/**
 * Recent Activity: the latest orders placed and audit entries (each list already cut to `limit`,
 * the entries only for a role that may read the audit log), merged, the latest first, `limit` in
 * all. ISO instants in UTC sort as text; at the same instant an order comes before the entry it
 * caused. The server (services/orders/dashboard.ts) and the mock API both answer with it.
 */
export function mergeActivity(
  orders: readonly Schemas['OrderSummary'][],
  entries: readonly Schemas['AuditEntry'][],
  limit: number,
): Schemas['RecentActivity'] {
  const items: Schemas['ActivityItem'][] = [
    ...orders.map((order) => ({
      kind: 'order' as const,
      at: order.created_at,
      order,
      audit: null,
    })),
    ...entries.map((audit) => ({
      kind: 'audit' as const,
      at: audit.created_at,
      order: null,
      audit,
    })),
  ];
  items.sort((a, b) => b.at.localeCompare(a.at) || (a.kind === 'order' ? -1 : 1));
  return { items: items.slice(0, limit) };
}
