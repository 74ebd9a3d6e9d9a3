// getDashboardSummary and getRecentActivity through the API (#35, docs/product.md "Dashboard"),
// on a shop in Africa/Tunis (UTC+1) whose clock stands at 11:00 on Monday 30 November 2026:
//   A  29 Nov 23:30 UTC (00:30 on 30 Nov in Tunis: today)   10.000  pending    COD   new buyer
//   B  29 Nov 22:30 UTC (23:30 on 29 Nov in Tunis)          20.000  confirmed  COD   F's buyer
//   C  25 Nov                                               30.000  delivered  COD   unpaid
//   D  20 Nov                                               40.000  shipped    bank transfer
//   E   1 Nov                                               50.000  cancelled  COD
//   F  15 Oct                                               60.000  processing COD
// Products: one added today, one on 20 Nov, one in October; stock: one variant low, one out,
// one out but not tracked, one low but inactive.
import { beforeEach, describe, expect, it } from 'vitest';
import type { Schemas } from '../api/types';
import { useAdmin, useTestApp } from '../../test-support/app';
import { expectReadsRefused } from '../../test-support/admin-reads';
import { expectIssues, expectStatus } from '../../test-support/contract';
import { testDialects } from '../../test-support/databases';
import { insertOrder, insertVariant } from '../../test-support/fixtures';
import { completeShopSettings, resetShopSettings } from '../../test-support/invoices';
import { expectQueryRefused, useShop } from '../../test-support/shop';
import { DASHBOARD_PROBLEMS, isUnpaidCashOnDelivery } from '../domain/dashboard-period';
import { PERIOD_PROBLEMS } from '../domain/analytics';

type Summary = Schemas['DashboardSummary'];

const SUMMARY = '/api/v1/admin/dashboard/summary';
const ACTIVITY = '/api/v1/admin/dashboard/activity';
const NOW = Date.parse('2026-11-30T10:00:00.000Z');

describe.each(testDialects)('the morning dashboard (%s)', (dialect) => {
  const t = useTestApp(dialect);
  // The clock first: the admins' tokens below are signed on it.
  beforeEach(() => {
    t.freezeClock();
    t.advanceClock(NOW - t.ctx.now().getTime());
  });
  const shop = useShop(t);
  const owner = useAdmin(t, 'super_admin');
  const support = useAdmin(t, 'support');
  const db = () => t.database.db;
  const ids: Record<'A' | 'B' | 'C' | 'D' | 'E' | 'F', number> = {
    A: 0,
    B: 0,
    C: 0,
    D: 0,
    E: 0,
    F: 0,
  };

  beforeEach(async () => {
    await resetShopSettings(db());
    await db().deleteFrom('audit_log').execute();
    const order = async (
      created_at: string,
      total_amount: number,
      status: Schemas['OrderStatus'],
      email: string,
      payment_method = 'cash_on_delivery',
    ) => (await insertOrder(db(), { created_at, total_amount, status, email, payment_method })).id;
    ids.F = await order('2026-10-15T09:00:00.000Z', 60_000, 'processing', 'fatma@example.tn');
    ids.E = await order('2026-11-01T09:00:00.000Z', 50_000, 'cancelled', 'emna@example.tn');
    ids.D = await order(
      '2026-11-20T09:00:00.000Z',
      40_000,
      'shipped',
      'dora@example.tn',
      'bank_transfer',
    );
    ids.C = await order('2026-11-25T09:00:00.000Z', 30_000, 'delivered', 'chiraz@example.tn');
    ids.B = await order('2026-11-29T22:30:00.000Z', 20_000, 'confirmed', 'Fatma@Example.TN');
    ids.A = await order('2026-11-29T23:30:00.000Z', 10_000, 'pending', 'amel@example.tn');
    await shop.simple({ created_at: '2026-11-30T08:00:00.000Z' }, { stock_quantity: 3 });
    await shop.simple({ created_at: '2026-11-20T08:00:00.000Z' }, { stock_quantity: 0 });
    const old = await shop.simple(
      { created_at: '2026-10-01T08:00:00.000Z', has_variants: 1 },
      { is_active: 0, stock_quantity: 1 },
    );
    await insertVariant(db(), old.productId, { track_inventory: 0, stock_quantity: 0 });
    await insertVariant(db(), old.productId, { stock_quantity: 50 });
  });

  const summary = async (query: string, headers = owner) =>
    expectStatus<Summary>(
      await t.app.inject({ method: 'GET', url: `${SUMMARY}?${query}`, headers }),
      200,
      'getDashboardSummary',
    );
  const figures = (s: Summary) => ({
    products: s.products,
    orders: s.orders,
    customers: s.customers,
    revenue: s.revenue,
  });
  const count = (total: number, period: number, previous_period: number) => ({
    total,
    period,
    previous_period,
  });
  const revenue = (period: string, previous_period: string) => ({
    total: '210.000',
    period,
    previous_period,
  });

  /**
   * Each period's summary: the days it covers and as many days just before, then what it counts
   * in each (the shop's totals, 3 products, 6 orders, 5 customers and 210.000 earned, never move
   * with the period); `more` checks the rest of that period's answer. A test per period, named
   * in full (it.each would quote and cut the names).
   */
  const periods: {
    name: string;
    query: string;
    period: [from: string, to: string];
    previous: [from: string, to: string];
    products: [period: number, previous: number];
    orders: [period: number, previous: number];
    customers: [period: number, previous: number];
    revenue: [period: string, previous: string];
    more: (s: Summary) => Promise<void> | void;
  }[] = [
    {
      name: 'counts today in the shop’s days: an order at 23:30 UTC is tomorrow’s in Tunis',
      query: 'period=today',
      period: ['2026-11-30', '2026-11-30'],
      previous: ['2026-11-29', '2026-11-29'],
      products: [1, 0],
      orders: [1, 1],
      // A is a new customer today; B's buyer first ordered in October (F).
      customers: [1, 0],
      revenue: ['10.000', '20.000'],
      more: async (s) => {
        expect(s.time_zone).toBe('Africa/Tunis');
        expect(s.sales).toEqual([{ day: '2026-11-30', order_count: 1, revenue: '10.000' }]);
        // The default period is today.
        expect(await summary('')).toEqual(s);
      },
    },
    {
      name: 'compares the last 7 days with the 7 before, day by day',
      query: 'period=7_days',
      period: ['2026-11-24', '2026-11-30'],
      previous: ['2026-11-17', '2026-11-23'],
      products: [1, 1],
      orders: [3, 1],
      customers: [2, 1],
      revenue: ['60.000', '40.000'],
      more: (s) => {
        const day = (d: string, n: number, amount: string) => ({
          day: d,
          order_count: n,
          revenue: amount,
        });
        expect(s.sales).toEqual([
          day('2026-11-24', 0, '0.000'),
          day('2026-11-25', 1, '30.000'),
          day('2026-11-26', 0, '0.000'),
          day('2026-11-27', 0, '0.000'),
          day('2026-11-28', 0, '0.000'),
          day('2026-11-29', 1, '20.000'),
          day('2026-11-30', 1, '10.000'),
        ]);
      },
    },
    {
      name: 'counts this month with every status but earns only what was not cancelled',
      query: 'period=this_month',
      period: ['2026-11-01', '2026-11-30'],
      previous: ['2026-10-01', '2026-10-30'],
      products: [2, 1],
      // E was placed in the month: counted, cancelled, so not earned.
      orders: [5, 1],
      customers: [4, 1],
      revenue: ['100.000', '60.000'],
      more: async (s) => {
        expect(s.sales).toHaveLength(30);
        const thirty = await summary('period=30_days');
        expect([thirty.period, thirty.previous_period]).toEqual([
          { from: '2026-11-01', to: '2026-11-30' },
          { from: '2026-10-02', to: '2026-10-31' },
        ]);
      },
    },
    {
      name: 'takes a custom period and the as many days before it',
      query: 'period=custom&from=2026-11-20&to=2026-11-25',
      period: ['2026-11-20', '2026-11-25'],
      previous: ['2026-11-14', '2026-11-19'],
      products: [1, 0],
      orders: [2, 0],
      customers: [2, 0],
      revenue: ['70.000', '0.000'],
      more: (s) => {
        expect(s.sales.map((d) => d.day)).toEqual([
          '2026-11-20',
          '2026-11-21',
          '2026-11-22',
          '2026-11-23',
          '2026-11-24',
          '2026-11-25',
        ]);
      },
    },
  ];
  for (const { name, query, period, previous, more, ...counted } of periods) {
    it(name, async () => {
      const s = await summary(query);
      const days = ([from, to]: [string, string]) => ({ from, to });
      expect([s.period, s.previous_period]).toEqual([days(period), days(previous)]);
      expect(figures(s)).toEqual({
        products: count(3, ...counted.products),
        orders: count(6, ...counted.orders),
        customers: count(5, ...counted.customers),
        revenue: revenue(...counted.revenue),
      });
      await more(s);
    });
  }

  it('moves the figures and the To do as the staff work', async () => {
    // The To do's unpaid cash on delivery (an index of migration 041) against the domain's rule.
    const unpaidByRule = async () =>
      (
        await db()
          .selectFrom('orders')
          .select(['payment_method', 'status', 'balance_due'])
          .execute()
      ).filter((o) => isUnpaidCashOnDelivery({ ...o, balance_due: Number(o.balance_due) })).length;
    // (`todo` is read through matchers: lint refuses `.todo`, a test's narrowing elsewhere.)
    let s = await summary('period=today');
    expect(s).toMatchObject({ todo: { unpaid_cash_on_delivery: await unpaidByRule() } });
    expect(s).toHaveProperty('todo', {
      to_confirm: 1,
      to_ship: 2,
      // C: delivered, paid on delivery, nothing received yet. D is paid by bank transfer.
      unpaid_cash_on_delivery: 1,
      low_stock: 1,
      out_of_stock: 1,
      invoice_settings_missing: ['legal_name', 'address', 'matricule_fiscal'],
    });
    const status = (id: number, to: Schemas['OrderStatus']) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/v1/admin/orders/${id}/status`,
        headers: owner,
        payload: { status: to },
      });
    expect((await status(ids.A, 'confirmed')).statusCode).toBe(200);
    s = await summary('period=today');
    expect(s).toMatchObject({ todo: { to_confirm: 0, to_ship: 3 } });
    // C's parcel comes back unpaid: cancelled, it owes nothing.
    expect((await status(ids.C, 'cancelled')).statusCode).toBe(200);
    // Cancelling today's order leaves it counted among today's orders but not earned.
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${ids.A}/cancel`,
      headers: owner,
      payload: {},
    });
    expect(cancel.statusCode).toBe(200);
    await completeShopSettings(db());
    s = await summary('period=today');
    expect(s).toMatchObject({ todo: { unpaid_cash_on_delivery: await unpaidByRule() } });
    expect(s.orders).toEqual(count(6, 1, 1));
    expect(s.revenue).toEqual({ total: '210.000', period: '0.000', previous_period: '20.000' });
    expect(s.sales).toEqual([{ day: '2026-11-30', order_count: 0, revenue: '0.000' }]);
    expect(s).toHaveProperty('todo', {
      to_confirm: 0,
      to_ship: 2,
      unpaid_cash_on_delivery: 0,
      low_stock: 1,
      out_of_stock: 1,
      invoice_settings_missing: [],
    });
  });

  it('moves a customer’s first order when an earlier order appears', async () => {
    expect((await summary('period=today')).customers).toEqual(count(5, 1, 0));
    // Amel had ordered in October already: she is no longer a new customer today.
    await insertOrder(db(), { created_at: '2026-10-20T09:00:00.000Z', email: 'AMEL@example.tn' });
    expect((await summary('period=today')).customers).toEqual(count(5, 0, 0));
    expect((await summary('period=this_month')).customers).toEqual(count(5, 3, 2));
  });

  it('refuses a period it cannot count, with the parameter at fault', async () => {
    const refused = (query: string, field: string, msg: string) =>
      t.app
        .inject({ method: 'GET', url: `${SUMMARY}?${query}`, headers: owner })
        .then((res) =>
          expectIssues(res, 'getDashboardSummary', [
            { loc: ['query', field], msg, type: 'value_error' },
          ]),
        );
    await refused('period=custom&to=2026-11-30', 'from', DASHBOARD_PROBLEMS.customNeedsDays);
    await refused('period=custom&from=2026-11-01', 'to', DASHBOARD_PROBLEMS.customNeedsDays);
    await refused('period=7_days&from=2026-11-01', 'from', DASHBOARD_PROBLEMS.daysOnlyForCustom);
    await refused(
      'period=custom&from=2026-11-30&to=2026-12-01',
      'to',
      PERIOD_PROBLEMS.toAfterToday,
    );
    await refused(
      'period=custom&from=2026-11-30&to=2026-11-29',
      'from',
      'from must not be after to',
    );
    await refused(
      'period=custom&from=2025-11-29&to=2026-11-30',
      'to',
      'The period must not be longer than 366 days',
    );
    await expectQueryRefused(t.app, 'getDashboardSummary', { url: SUMMARY, headers: owner }, [
      ['period=week', 'period'],
      ['period=custom&from=30-11-2026&to=2026-11-30', 'from'],
    ]);
    await expectQueryRefused(t.app, 'getRecentActivity', { url: ACTIVITY, headers: owner }, [
      ['limit=0', 'limit'],
      ['limit=51', 'limit'],
    ]);
  });

  it('answers 401 without a token and 403 to the inventory desk', async () => {
    const inventory = await t.authAs('inventory_manager');
    await expectReadsRefused(
      t.app,
      [
        ['getDashboardSummary', SUMMARY],
        ['getRecentActivity', ACTIVITY],
      ],
      [inventory],
    );
    // Support reads orders: the summary is theirs.
    expect((await summary('period=today', support)).orders.period).toBe(1);
  });

  describe('recent activity', () => {
    const activity = async (headers: Record<string, string>, query = '') =>
      expectStatus<Schemas['RecentActivity']>(
        await t.app.inject({ method: 'GET', url: `${ACTIVITY}${query}`, headers }),
        200,
        'getRecentActivity',
      ).items;

    beforeEach(async () => {
      // An admin's write after the orders: an entry of the audit log at 10:00 on 30 November.
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/categories/',
        headers: owner,
        payload: { name: 'Olive oil', slug: 'olive-oil' },
      });
      expect(res.statusCode).toBe(201);
    });

    it('merges the latest orders and audit entries, the latest first', async () => {
      const items = await activity(owner, '?limit=4');
      expect(items.map((i) => [i.kind, i.at])).toEqual([
        ['audit', items[0]?.audit?.created_at],
        ['order', '2026-11-29T23:30:00.000Z'],
        ['order', '2026-11-29T22:30:00.000Z'],
        ['order', '2026-11-25T09:00:00.000Z'],
      ]);
      expect(items[0]?.audit).toMatchObject({
        action: 'create',
        entity: 'category',
        label: 'Olive oil',
      });
      expect(items[0]?.order).toBeNull();
      expect(items[1]?.order).toMatchObject({ id: ids.A, total_amount: '10.000' });
      expect(items[1]?.audit).toBeNull();
      // Ten by default.
      expect(await activity(owner)).toHaveLength(7);
    });

    it('shows support the orders only: the audit log is not theirs', async () => {
      const items = await activity(support, '?limit=3');
      expect(items.map((i) => [i.kind, i.order?.id])).toEqual([
        ['order', ids.A],
        ['order', ids.B],
        ['order', ids.C],
      ]);
      expect(await activity(support)).toHaveLength(6);
    });
  });
});
