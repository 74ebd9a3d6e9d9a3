// The sales reports through the real API (#35, docs/product.md §10.30): a small shop whose
// orders are placed at checkout around the turn of October in Tunis, then cancelled and
// reopened, refunded, edited, partly returned and refunded by a payment; the figures by day and
// by week, the time zone case (23:30 UTC on 31 October is 1 November in Tunis; a change of the
// shop's time zone moves it back; the best sellers by whole months, from the monthly roll-up,
// count it in November too), the breakdown and the best sellers, the CSV files, the
// period's 422s and who may read them. Both databases.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Schemas } from '../api/types';
import { shopDay } from '../domain/books';
import { fromMillimes, toMillimes } from '../domain/money';
import { expectStatus } from '../../test-support/contract';
import { expectResponseMatches } from '../../test-support/openapi-validator';
import { testDialects } from '../../test-support/databases';
import { insertCategory } from '../../test-support/fixtures';
import { useOrderDesk } from '../../test-support/order-desk';
import { useAdminAccount } from '../../test-support/app';
import { checkoutLines, type Order } from '../../test-support/shop';

const REPORTS = '/api/v1/admin/reports';

describe.each(testDialects)('sales reports on %s', (dialect) => {
  const { t, shop, admin, api, post, support, inventory } = useOrderDesk(dialect);
  const manager = useAdminAccount(t, 'manager');
  const db = () => t.database.db;

  const get = (operationId: string, path: string, headers = admin.headers) =>
    t.request(operationId, { method: 'GET', url: `${REPORTS}/${path}`, headers });
  const report = async <T>(operationId: string, path: string) =>
    expectStatus<T>(await get(operationId, path), 200, operationId);

  let sessions = 0;
  /** A guest's checkout of `quantity` of a product by `method`, placed at `placedAt` (backdated). */
  const order = async (
    productId: number,
    quantity: number,
    method: string,
    placedAt: string,
  ): Promise<Order> => {
    sessions += 1;
    const lines = [{ productId, quantity }];
    const res = await checkoutLines(t.app, { session: `sess_sales_${sessions}` }, lines, {
      payment_method: method,
    });
    expect(res.statusCode, res.body).toBe(201);
    await db()
      .updateTable('orders')
      .set({ created_at: placedAt })
      .where('id', '=', res.json<Order>().id)
      .execute();
    return res.json<Order>();
  };
  const status = async (id: number, to: Order['status']) =>
    expect((await api().status(id, to)).statusCode).toBe(200);
  /** The shop's time zone changed to UTC through the settings (the roll-ups are rebuilt). */
  const moveShopToUtc = async () => {
    const moved = await t.request('updateShopSettings', {
      method: 'PATCH',
      url: '/api/v1/admin/settings/shop',
      headers: admin.headers,
      payload: { time_zone: 'UTC' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
  };

  /** The shop of the tests: two products in two categories, four orders and their stories. */
  async function smallShop() {
    const linen = await insertCategory(db(), { name: 'Linen' });
    const wool = await insertCategory(db(), { name: 'Wool' });
    const shirt = await api().product(
      'Linen shirt',
      { stock_quantity: 50, sku: 'SHIRT' },
      { vatRateId: shop.tn19.id, categoryId: linen.id },
    );
    const scarf = await api().product(
      'Wool scarf',
      { stock_quantity: 50, sku: 'SCARF' },
      { vatRateId: shop.tn19.id, categoryId: wool.id },
    );
    // 23:30 UTC on 31 October: 00:30 on 1 November in Tunis (UTC+1).
    const late = await order(shirt.productId, 2, 'card', '2026-10-31T23:30:00.000Z');
    const early = await order(scarf.productId, 2, 'cash_on_delivery', '2026-10-31T10:00:00.000Z');
    const reopened = await order(shirt.productId, 1, 'bank_transfer', '2026-11-02T09:00:00.000Z');
    const undone = await order(scarf.productId, 3, 'card', '2026-11-02T12:00:00.000Z');
    // Cancelled then reopened: a sale again on the day it was placed.
    await status(reopened.id, 'cancelled');
    await status(reopened.id, 'pending');
    // An edit: three shirts instead of two (the totals change).
    const edited = expectStatus<Order>(
      await post('editOrder', '/edit')(
        late.id,
        { lines: [{ order_item_id: late.items[0]?.id, quantity: 3 }] },
        admin.headers,
      ),
      200,
      'editOrder',
    );
    // A partial return: the sale stays (the returns report counts it), the order unchanged.
    await status(early.id, 'confirmed');
    expectStatus(
      await post('createOrderReturn', '/returns')(
        early.id,
        {
          reason: 'Wrong size',
          lines: [{ order_item_id: early.items[0]?.id, quantity: 1, restock: true }],
        },
        admin.headers,
      ),
      201,
      'createOrderReturn',
    );
    // Paid, cancelled (a credit note), then paid back on 3 November.
    await status(undone.id, 'confirmed');
    const paid = await t.request('createOrderPayment', {
      method: 'POST',
      url: `/api/v1/admin/orders/${undone.id}/payments`,
      headers: manager.headers,
      payload: { amount: undone.total_amount, method: 'card', received_on: '2026-11-02' },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    await status(undone.id, 'cancelled');
    const note = await db()
      .selectFrom('invoices')
      .select('id')
      .where('order_id', '=', undone.id)
      .where('kind', '=', 'credit_note')
      .executeTakeFirstOrThrow();
    const refund = await t.request('createOrderPayment', {
      method: 'POST',
      url: `/api/v1/admin/orders/${undone.id}/payments`,
      headers: manager.headers,
      payload: {
        amount: `-${undone.total_amount}`,
        method: 'card',
        received_on: '2026-11-03',
        credit_note_id: note.id,
      },
    });
    expect(refund.statusCode, refund.body).toBe(201);
    return { shirt, scarf, late: edited, early, reopened, undone, linen, wool };
  }

  /** The figures of some orders as the report writes them (net = gross − VAT − stamp duty). */
  const figuresOf = (orders: Order[], refunds = '0.000') => {
    const sum = (f: (o: Order) => string | null) =>
      orders.reduce((s, o) => s + toMillimes(f(o) ?? '0'), 0);
    const gross = sum((o) => o.total_amount);
    const count = orders.length;
    return {
      order_count: count,
      gross: fromMillimes(gross),
      net: fromMillimes(gross - sum((o) => o.vat_amount) - sum((o) => o.stamp_duty_amount)),
      vat: fromMillimes(sum((o) => o.vat_amount)),
      discounts: fromMillimes(sum((o) => o.discount_amount)),
      shipping: fromMillimes(sum((o) => o.shipping_amount)),
      refunds,
      average_order: fromMillimes(count === 0 ? 0 : Math.round(gross / count)),
    };
  };

  it('counts each order on its shop day, leaves the credited ones out, and the refunds on the day paid', async () => {
    const { late, early, reopened, undone } = await smallShop();
    // The edit's figures are the order's now: 3 shirts of 10.000, 7.000 of shipping, the stamp.
    expect(late.items[0]?.quantity).toBe(3);
    const days = await report<Schemas['SalesReport']>(
      'getSalesReport',
      'sales?from=2026-10-31&to=2026-11-03&interval=day',
    );
    expect(days.time_zone).toBe('Africa/Tunis');
    expect(days.buckets).toEqual([
      { start: '2026-10-31', end: '2026-10-31', ...figuresOf([early]) },
      { start: '2026-11-01', end: '2026-11-01', ...figuresOf([late]) },
      { start: '2026-11-02', end: '2026-11-02', ...figuresOf([reopened]) },
      { start: '2026-11-03', end: '2026-11-03', ...figuresOf([], undone.total_amount) },
    ]);
    expect(days.totals).toEqual(figuresOf([early, late, reopened], undone.total_amount));
    // The figures a user reads, written out once: 3 × 10.000 incl. VAT, 7.000 of shipping and
    // its 1.330 of VAT at 19 %, 1.000 of stamp duty.
    expect(days.buckets[1]).toMatchObject({ order_count: 1, gross: '39.330', refunds: '0.000' });

    // Weeks from Monday: Saturday 31 October and Sunday 1 November, then Monday 2 to the 3rd.
    const weeks = await report<Schemas['SalesReport']>(
      'getSalesReport',
      'sales?from=2026-10-31&to=2026-11-03&interval=week',
    );
    expect(weeks.buckets).toEqual([
      { start: '2026-10-31', end: '2026-11-01', ...figuresOf([early, late]) },
      { start: '2026-11-02', end: '2026-11-03', ...figuresOf([reopened], undone.total_amount) },
    ]);

    // The shop moves to UTC: 23:30 on 31 October is that day; the roll-ups were rebuilt.
    await moveShopToUtc();
    const utc = await report<Schemas['SalesReport']>(
      'getSalesReport',
      'sales?from=2026-10-31&to=2026-11-01&interval=day',
    );
    expect(utc.time_zone).toBe('UTC');
    expect(utc.buckets).toEqual([
      { start: '2026-10-31', end: '2026-10-31', ...figuresOf([early, late]) },
      { start: '2026-11-01', end: '2026-11-01', ...figuresOf([]) },
    ]);
  });

  it('breaks the sales down by category and payment method, and ranks the best sellers', async () => {
    const { shirt, scarf, late, early, reopened, linen, wool } = await smallShop();
    const breakdown = await report<Schemas['SalesBreakdown']>(
      'getSalesBreakdown',
      'sales-breakdown?from=2026-10-31&to=2026-11-03',
    );
    const revenue = (orders: Order[]) =>
      fromMillimes(
        orders.reduce(
          (s, o) =>
            s + toMillimes(o.items[0]!.total_price) - toMillimes(o.items[0]!.discount_amount),
          0,
        ),
      );
    expect(breakdown).toEqual({
      from: '2026-10-31',
      to: '2026-11-03',
      by_category: [
        {
          category_id: linen.id,
          category_name: 'Linen',
          order_count: 2,
          units: 4,
          revenue: revenue([late, reopened]),
        },
        {
          category_id: wool.id,
          category_name: 'Wool',
          order_count: 1,
          units: 2,
          revenue: revenue([early]),
        },
      ],
      by_payment_method: [
        { payment_method: 'card', order_count: 1, gross: late.total_amount },
        { payment_method: 'bank_transfer', order_count: 1, gross: reopened.total_amount },
        { payment_method: 'cash_on_delivery', order_count: 1, gross: early.total_amount },
      ].sort((a, b) => toMillimes(b.gross) - toMillimes(a.gross)),
    });

    const top = await report<Schemas['TopProducts']>(
      'getTopProducts',
      'top-products?from=2026-10-31&to=2026-11-03&limit=1',
    );
    expect(top).toEqual({
      from: '2026-10-31',
      to: '2026-11-03',
      products: [
        {
          product_id: shirt.productId,
          product_name: 'Linen shirt',
          units: 4,
          revenue: revenue([late, reopened]),
        },
      ],
      variants: [
        {
          product_id: shirt.productId,
          product_name: 'Linen shirt',
          variant_id: shirt.variantId,
          variant_title: late.items[0]?.variant_title ?? null,
          sku: 'SHIRT',
          units: 4,
          revenue: revenue([late, reopened]),
        },
      ],
    });

    // A deleted product is named as sold, without an id, and its category is none.
    await db().deleteFrom('stock_movements').where('variant_id', '=', scarf.variantId).execute();
    await db().deleteFrom('products').where('id', '=', scarf.productId).execute();
    const after = await report<Schemas['TopProducts']>(
      'getTopProducts',
      'top-products?from=2026-10-31&to=2026-11-03',
    );
    expect(after.products.at(-1)).toEqual({
      product_id: null,
      product_name: 'Wool scarf',
      units: 2,
      revenue: revenue([early]),
    });
    const regrouped = await report<Schemas['SalesBreakdown']>(
      'getSalesBreakdown',
      'sales-breakdown?from=2026-10-31&to=2026-11-03',
    );
    expect(regrouped.by_category.at(-1)).toMatchObject({
      category_id: null,
      category_name: null,
      order_count: 1,
      units: 2,
    });
  });

  it('counts a sale at 23:30 UTC on 31 October in November in Tunis, by whole months too', async () => {
    const { shirt, scarf } = await smallShop();
    const units = async (period: string) =>
      (
        await report<Schemas['TopProducts']>('getTopProducts', `top-products?${period}`)
      ).products.map((p) => [p.product_name, p.units]);
    // Whole months are read from the monthly roll-up: the late shirts are November's.
    expect(await units('from=2026-10-01&to=2026-10-31')).toEqual([['Wool scarf', 2]]);
    expect(await units('from=2026-11-01&to=2026-11-30')).toEqual([['Linen shirt', 4]]);
    expect(await units('from=2026-10-01&to=2026-11-30')).toEqual([
      ['Linen shirt', 4],
      ['Wool scarf', 2],
    ]);
    // A partial September (its days from the daily roll-up) and two whole months; no whole
    // month; one day at each side of the boundary.
    expect(await units('from=2026-09-20&to=2026-11-30')).toEqual([
      ['Linen shirt', 4],
      ['Wool scarf', 2],
    ]);
    expect(await units('from=2026-10-15&to=2026-11-15')).toEqual([
      ['Linen shirt', 4],
      ['Wool scarf', 2],
    ]);
    expect(await units('from=2026-10-31&to=2026-10-31')).toEqual([['Wool scarf', 2]]);
    expect(await units('from=2026-11-01&to=2026-11-01')).toEqual([['Linen shirt', 3]]);
    // What is stored: each product's sales by month, from the shop day of its order (the
    // cancelled order left out; the keys whose figures moved away are kept at 0; the shirt was
    // created first, so its id is the smaller).
    const months = async () =>
      (
        await sql<{ month: string; product_key: number; units: number | string }>`select month,
            product_key, sum(units) as units
          from product_sales_monthly
          group by month, product_key having sum(units) <> 0
          order by month, product_key`.execute(db())
      ).rows.map((r) => [r.month, Number(r.product_key), Number(r.units)]);
    expect(await months()).toEqual([
      ['2026-10', scarf.productId, 2],
      ['2026-11', shirt.productId, 4],
    ]);

    // In UTC, 23:30 on 31 October is October's: the months were rebuilt with the days.
    await moveShopToUtc();
    expect(await units('from=2026-10-01&to=2026-10-31')).toEqual([
      ['Linen shirt', 3],
      ['Wool scarf', 2],
    ]);
    expect(await units('from=2026-11-01&to=2026-11-30')).toEqual([['Linen shirt', 1]]);
    expect(await months()).toEqual([
      ['2026-10', shirt.productId, 3],
      ['2026-10', scarf.productId, 2],
      ['2026-11', shirt.productId, 1],
    ]);
  });

  it('counts a sale at 23:30 UTC on 30 September in the fourth quarter in Tunis, by whole quarters too', async () => {
    const { shirt, scarf } = await smallShop();
    // 00:30 on 1 October in Tunis; and four scarves in August.
    await order(scarf.productId, 1, 'card', '2026-09-30T23:30:00.000Z');
    await order(scarf.productId, 4, 'card', '2026-08-10T10:00:00.000Z');
    const units = async (period: string) =>
      (
        await report<Schemas['TopProducts']>('getTopProducts', `top-products?${period}`)
      ).products.map((p) => [p.product_name, p.units]);
    // The third quarter whole, from the quarterly roll-up; then with October's month, and with
    // the days around them (the late shirts are 1 November's).
    expect(await units('from=2026-07-01&to=2026-09-30')).toEqual([['Wool scarf', 4]]);
    expect(await units('from=2026-07-01&to=2026-10-31')).toEqual([['Wool scarf', 7]]);
    expect(await units('from=2026-06-15&to=2026-11-01')).toEqual([
      ['Wool scarf', 7],
      ['Linen shirt', 3],
    ]);
    // What is stored: each product's sales by quarter, keyed by the quarter's first month.
    const quarters = async () =>
      (
        await sql<{ quarter: string; product_key: number; units: number | string }>`select
            quarter, product_key, sum(units) as units
          from product_sales_quarterly
          group by quarter, product_key having sum(units) <> 0
          order by quarter, product_key`.execute(db())
      ).rows.map((r) => [r.quarter, Number(r.product_key), Number(r.units)]);
    expect(await quarters()).toEqual([
      ['2026-07', scarf.productId, 4],
      ['2026-10', shirt.productId, 4],
      ['2026-10', scarf.productId, 3],
    ]);

    // In UTC, 23:30 on 30 September is the third quarter's: the quarters follow the days.
    await moveShopToUtc();
    expect(await units('from=2026-07-01&to=2026-09-30')).toEqual([['Wool scarf', 5]]);
    expect(await quarters()).toEqual([
      ['2026-07', scarf.productId, 5],
      ['2026-10', shirt.productId, 4],
      ['2026-10', scarf.productId, 2],
    ]);
  });

  it('writes the three CSV files: header, rows as the API writes them, attachment names', async () => {
    const { shirt, late, reopened } = await smallShop();
    const csv = async (operationId: string, path: string) => {
      const res = await get(operationId, path);
      expect(res.statusCode, res.body).toBe(200);
      return res;
    };
    const sales = await csv('exportSalesReportCsv', 'sales.csv?from=2026-11-01&to=2026-11-02');
    expect(sales.headers['content-disposition']).toBe(
      'attachment; filename="sales-2026-11-01-2026-11-02.csv"',
    );
    const salesLines = sales.body.split('\r\n');
    expect(salesLines[0]).toBe(
      '\uFEFFstart,end,order_count,gross,net,vat,discounts,shipping,refunds,average_order',
    );
    const f = figuresOf([late]);
    expect(salesLines[1]).toBe(
      `2026-11-01,2026-11-01,1,${f.gross},${f.net},${f.vat},${f.discounts},${f.shipping},0.000,${f.gross}`,
    );
    const semicolon = await csv(
      'exportSalesReportCsv',
      'sales.csv?from=2026-11-01&to=2026-11-01&separator=semicolon',
    );
    // Decimal commas, each such cell quoted (the comma would otherwise split it).
    const comma = (v: string) => `"${v.replace('.', ',')}"`;
    expect(semicolon.body.split('\r\n')[1]).toBe(
      [
        '2026-11-01;2026-11-01;1',
        ...[f.gross, f.net, f.vat, f.discounts, f.shipping, '0.000', f.gross].map(comma),
      ].join(';'),
    );

    const breakdown = await csv(
      'exportSalesBreakdownCsv',
      'sales-breakdown.csv?from=2026-11-01&to=2026-11-02',
    );
    expect(breakdown.headers['content-disposition']).toBe(
      'attachment; filename="sales-breakdown-2026-11-01-2026-11-02.csv"',
    );
    const revenue = fromMillimes(
      toMillimes(late.items[0]!.total_price) + toMillimes(reopened.items[0]!.total_price),
    );
    expect(breakdown.body.split('\r\n').slice(0, 2)).toEqual([
      '\uFEFFbreakdown,key,name,order_count,units,amount',
      `category,${(await db().selectFrom('categories').select('id').where('name', '=', 'Linen').executeTakeFirstOrThrow()).id},Linen,2,4,${revenue}`,
    ]);

    const top = await csv('exportTopProductsCsv', 'top-products.csv?from=2026-11-01&to=2026-11-02');
    expect(top.headers['content-disposition']).toBe(
      'attachment; filename="top-products-2026-11-01-2026-11-02.csv"',
    );
    expect(top.body.split('\r\n').slice(0, 2)).toEqual([
      '\uFEFFlevel,product_id,variant_id,product_name,variant_title,sku,units,revenue',
      `product,${shirt.productId},,Linen shirt,,,4,${revenue}`,
    ]);
  });

  it('refuses a period that ends after today, starts after it ends or spans more than 366 days', async () => {
    const today = shopDay(t.ctx.now(), 'Africa/Tunis');
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    for (const [operationId, path] of [
      ['getSalesReport', 'sales'],
      ['exportSalesReportCsv', 'sales.csv'],
      ['getSalesBreakdown', 'sales-breakdown'],
      ['exportSalesBreakdownCsv', 'sales-breakdown.csv'],
      ['getTopProducts', 'top-products'],
      ['exportTopProductsCsv', 'top-products.csv'],
    ] as const) {
      const refused = async (query: string, field: string, msg: string) => {
        const res = await get(operationId, `${path}?${query}`);
        expect(res.statusCode, res.body).toBe(422);
        expect(
          expectResponseMatches<Schemas['ValidationErrorBody']>(operationId, res).detail,
        ).toEqual([{ loc: ['query', field], msg, type: 'value_error' }]);
      };
      await refused(`from=2026-01-01&to=${tomorrow}`, 'to', 'to must not be after today');
      await refused('from=2026-02-02&to=2026-02-01', 'from', 'from must not be after to');
      await refused(
        'from=2025-01-01&to=2026-01-02',
        'to',
        'The period must not be longer than 366 days',
      );
      expect(
        (await get(operationId, `${path}?from=2026-01-01&to=${today}`, manager.headers)).statusCode,
      ).toBe(200);
      for (const who of [support, inventory]) {
        expect(
          (await get(operationId, `${path}?from=2026-01-01&to=2026-01-31`, who.headers)).statusCode,
        ).toBe(403);
      }
    }
  });
});
