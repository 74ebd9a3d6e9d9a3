// The returns and stock reports through the API (#35): exact figures for a small shop, each
// checked against the recount of domain/stock-analytics.ts over every row read back from the
// database, on both databases. The shop's time zone is Africa/Tunis (UTC+1 all year): a return
// recorded at 23:30 UTC on 31 October counts on 1 November.
import type { LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Schemas } from '../api/types';
import type { Database } from '../db/schema';
import { addDays } from '../domain/analytics';
import { shopDay } from '../domain/books';
import {
  lowStockReportOf,
  returnsReportOf,
  slowMoversOf,
  stockValuationOf,
} from '../domain/stock-analytics';
import { ROLES } from '../domain/roles';
import { useTestApp, type AuthHeaders } from '../../test-support/app';
import { expectStatus } from '../../test-support/contract';
import { parseCsv } from '../../test-support/csv';
import { testDialects } from '../../test-support/databases';
import {
  insertCategory,
  insertOrder,
  insertProduct,
  insertVariant,
} from '../../test-support/fixtures';
import { resetShopSettings } from '../../test-support/invoices';
import { resetShop } from '../../test-support/shop';
import { stockShop } from '../../test-support/stock';
import { recountRows } from '../../test-support/stock-reports';

type Report = Schemas['ReturnsReport'];
const TZ = 'Africa/Tunis';

/** An order placed at `at` in `status` with one line of `quantity` units of a variant. */
async function sale(
  db: Kysely<Database>,
  variant: { productId: number; variantId: number },
  quantity: number,
  at: string,
  status: Schemas['OrderStatus'] = 'delivered',
) {
  const order = await insertOrder(db, { created_at: at, updated_at: at, status });
  const item = await db
    .insertInto('order_items')
    .values({
      order_id: order.id,
      product_id: variant.productId,
      variant_id: variant.variantId,
      product_name: 'As sold',
      variant_title: null,
      product_sku: null,
      quantity,
      unit_price: 10_000,
      unit_price_incl_vat: 11_900,
      vat_rate_bp: 1900,
      vat_amount: 1_900 * quantity,
      total_price: 10_000 * quantity,
      total_price_incl_vat: 11_900 * quantity,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { orderId: Number(order.id), itemId: Number(item.id) };
}

/** A return recorded at `at` of some units of order items, crediting `total` millimes. */
async function recordReturn(
  db: Kysely<Database>,
  orderId: number,
  at: string,
  total: number,
  lines: { itemId: number; quantity: number; totalPrice: number }[],
) {
  const row = await db
    .insertInto('order_returns')
    .values({
      order_id: orderId,
      reason: 'damaged',
      subtotal: total,
      total_amount: total,
      created_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('order_return_lines')
    .values(
      lines.map((l) => ({
        return_id: row.id,
        order_item_id: l.itemId,
        quantity: l.quantity,
        restock: 1,
        total_price: l.totalPrice,
      })),
    )
    .execute();
}

/** Noon UTC of a day (13:00 in Tunis, the same shop day). */
const noon = (day: string) => `${day}T12:00:00.000Z`;

/** The columns both stock reports' CSV files start with: the variant a row is about, its stock. */
const VARIANT_COLUMNS = [
  'variant_id',
  'product_id',
  'product_name',
  'variant_title',
  'sku',
  'stock_quantity',
];

describe.each(testDialects)('returns and stock reports on %s', (dialect) => {
  const t = useTestApp(dialect);
  let admin: AuthHeaders;
  let today: string;

  beforeAll(async () => {
    admin = await t.authAs('admin');
  });
  beforeEach(async () => {
    await resetShopSettings(t.database.db);
    await resetShop(t.database.db);
    today = shopDay(t.ctx.now(), TZ);
  });

  const get = (url: string, headers: AuthHeaders = admin) =>
    t.app.inject({ method: 'GET', url: `/api/v1/admin/reports/${url}`, headers });

  /** The CSV's rows without the byte order mark, and its file name. */
  function csvOf(res: LightMyRequestResponse, fileName: string): string[][] {
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${fileName}"`);
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    return parseCsv(res.body.slice(1));
  }

  /** Two products of a category "Lamps", one without; a product sold, then returned twice. */
  async function returnsShop() {
    const db = t.database.db;
    const lamps = await insertCategory(db, { name: 'Lamps' });
    const lamp = await insertProduct(db, { name: 'Brass lamp', category_id: lamps.id });
    const lampVariant = await insertVariant(db, lamp.id);
    const rug = await insertProduct(db, { name: 'Kilim rug' });
    const rugVariant = await insertVariant(db, rug.id);
    const a = { productId: lamp.id, variantId: lampVariant.id };
    const b = { productId: rug.id, variantId: rugVariant.id };
    const o1 = await sale(db, a, 3, noon('2026-10-20'));
    const o2 = await sale(db, b, 2, noon('2026-10-21'), 'cancelled');
    // 30 October (Tunis and UTC): one lamp back.
    await recordReturn(db, o1.orderId, '2026-10-30T10:00:00.000Z', 11_900, [
      { itemId: o1.itemId, quantity: 1, totalPrice: 10_000 },
    ]);
    // 23:30 UTC on 31 October is 00:30 on 1 November in Tunis: November's.
    await recordReturn(db, o2.orderId, '2026-10-31T23:30:00.000Z', 23_800, [
      { itemId: o2.itemId, quantity: 2, totalPrice: 20_000 },
    ]);
    // 2 November: one more lamp.
    await recordReturn(db, o1.orderId, '2026-11-02T09:00:00.000Z', 11_900, [
      { itemId: o1.itemId, quantity: 1, totalPrice: 10_000 },
    ]);
    return { lamp: lamp.id, rug: rug.id };
  }

  it('counts each return on the shop day it was recorded, by day and by month', async () => {
    const ids = await returnsShop();
    const byDay = expectStatus<Report>(
      await get('returns?from=2026-10-31&to=2026-11-02&interval=day'),
      200,
      'getReturnsReport',
    );
    expect(byDay).toEqual({
      from: '2026-10-31',
      to: '2026-11-02',
      interval: 'day',
      buckets: [
        { start: '2026-10-31', end: '2026-10-31', return_count: 0, units: 0, amount: '0.000' },
        { start: '2026-11-01', end: '2026-11-01', return_count: 1, units: 2, amount: '23.800' },
        { start: '2026-11-02', end: '2026-11-02', return_count: 1, units: 1, amount: '11.900' },
      ],
      totals: { return_count: 2, units: 3, amount: '35.700' },
      products: [
        { product_id: ids.rug, product_name: 'As sold', units: 2, revenue: '20.000' },
        { product_id: ids.lamp, product_name: 'As sold', units: 1, revenue: '10.000' },
      ],
    });
    const byMonth = expectStatus<Report>(
      await get('returns?from=2026-10-01&to=2026-11-30&interval=month'),
      200,
      'getReturnsReport',
    );
    expect(byMonth.buckets).toEqual([
      { start: '2026-10-01', end: '2026-10-31', return_count: 1, units: 1, amount: '11.900' },
      { start: '2026-11-01', end: '2026-11-30', return_count: 2, units: 3, amount: '35.700' },
    ]);
    expect(byMonth.totals).toEqual({ return_count: 3, units: 4, amount: '47.600' });
    // Ties on units (2 each) go to the larger amount (equal), then to the smaller id.
    expect(byMonth.products.map((p) => [p.product_id, p.units])).toEqual(
      [
        [ids.lamp, 2],
        [ids.rug, 2],
      ].sort((x, y) => (x[0] ?? 0) - (y[0] ?? 0)),
    );
    const rows = await recountRows(t.database.db);
    for (const [query, report] of [
      [{ from: '2026-10-31', to: '2026-11-02', interval: 'day' }, byDay],
      [{ from: '2026-10-01', to: '2026-11-30', interval: 'month' }, byMonth],
    ] as const) {
      expect(report).toEqual(returnsReportOf(rows.returns, query, TZ));
    }
  });

  it('writes the returns as CSV, both variants', async () => {
    await returnsShop();
    expect(
      csvOf(
        await get('returns.csv?from=2026-10-31&to=2026-11-01'),
        'returns-2026-10-31-2026-11-01.csv',
      ),
    ).toEqual([
      ['start', 'end', 'return_count', 'units', 'amount'],
      ['2026-10-31', '2026-10-31', '0', '0', '0.000'],
      ['2026-11-01', '2026-11-01', '1', '2', '23.800'],
    ]);
    const semicolon = await get(
      'returns.csv?from=2026-11-01&to=2026-11-30&interval=month&separator=semicolon',
    );
    expect(semicolon.body.split('\r\n').slice(0, 2)).toEqual([
      '\uFEFFstart;end;return_count;units;amount',
      '2026-11-01;2026-11-30;2;3;"35,700"',
    ]);
  });

  /** The shop of the stock tests: what each variant is for is in its name. */
  async function stockShopFixture() {
    const db = t.database.db;
    const lamps = await insertCategory(db, { name: 'Lamps' });
    const rugs = await insertCategory(db, { name: 'Rugs' });
    const product = async (name: string, category: number | null) =>
      (await insertProduct(db, { name, category_id: category })).id;
    const variant = async (productId: number, values: Parameters<typeof insertVariant>[2]) => ({
      productId,
      variantId: (await insertVariant(db, productId, values)).id,
    });
    const lamp = await product('Brass lamp', lamps.id);
    const rug = await product('Kilim rug', rugs.id);
    const loose = await product('Loose tea', null);
    return {
      lamps: lamps.id,
      rugs: rugs.id,
      // Valued, adjusted +5 through the API: 15 × 5.000.
      lampBig: await variant(lamp, { sku: 'LAMP-L', stock_quantity: 10, cost_price: 5_000 }),
      // Its cost changes through the API from 2.500 to 3.000: 4 × 3.000.
      lampSmall: await variant(lamp, { sku: 'LAMP-S', stock_quantity: 4, cost_price: 2_500 }),
      // No cost: counted apart.
      rugPlain: await variant(rug, { sku: 'RUG-P', stock_quantity: 7, cost_price: null }),
      // Not counted: inactive, untracked, out of stock.
      rugOld: await variant(rug, { sku: 'RUG-O', stock_quantity: 9, is_active: 0 }),
      rugMade: await variant(rug, { sku: 'RUG-M', stock_quantity: 9, track_inventory: 0 }),
      rugGone: await variant(rug, { sku: 'RUG-G', stock_quantity: 0, cost_price: 1_000 }),
      // Without a category: 2 × 1.000.
      tea: await variant(loose, { sku: 'TEA', stock_quantity: 2, cost_price: 1_000 }),
    };
  }

  it('values the stock at cost after adjustments and a cost change', async () => {
    const s = await stockShopFixture();
    const shop = stockShop(t, admin);
    expect((await shop.adjust(s.lampBig.variantId, 5)).statusCode).toBe(200);
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/variants/${s.lampSmall.variantId}`,
      headers: admin,
      payload: { cost_price: '3.000' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const report = expectStatus<Schemas['StockValuation']>(
      await get('stock-valuation'),
      200,
      'getStockValuation',
    );
    expect(report).toEqual({
      as_of: expect.any(String) as unknown,
      units: 28,
      cost_value: '89.000',
      variants_without_cost: 1,
      by_category: [
        {
          category_id: s.lamps,
          category_name: 'Lamps',
          units: 19,
          cost_value: '87.000',
          variants_without_cost: 0,
        },
        {
          category_id: null,
          category_name: null,
          units: 2,
          cost_value: '2.000',
          variants_without_cost: 0,
        },
        {
          category_id: s.rugs,
          category_name: 'Rugs',
          units: 7,
          cost_value: '0.000',
          variants_without_cost: 1,
        },
      ],
    });
    const rows = await recountRows(t.database.db);
    expect(report).toEqual(stockValuationOf(rows.variants, report.as_of));
    expect(csvOf(await get('stock-valuation.csv'), 'stock-valuation.csv')).toEqual([
      ['category_id', 'category_name', 'units', 'cost_value', 'variants_without_cost'],
      [String(s.lamps), 'Lamps', '19', '87.000', '0'],
      ['', '', '2', '2.000', '0'],
      [String(s.rugs), 'Rugs', '7', '0.000', '1'],
    ]);
  });

  it('lists the variants in stock without an earned sale in the last days as slow movers', async () => {
    const s = await stockShopFixture();
    const db = t.database.db;
    const since = addDays(today, -29);
    // Sold 10 days ago: moving.
    await sale(db, s.lampBig, 1, noon(addDays(today, -10)));
    // Sold 5 days ago in an order cancelled since: not earned, still slow, never sold.
    await sale(db, s.rugPlain, 1, noon(addDays(today, -5)), 'cancelled');
    // Sold 3 days ago and refunded since (the roll-up's row of the sale goes back to 0 lines).
    const refunded = await sale(db, s.rugPlain, 2, noon(addDays(today, -3)));
    await db
      .updateTable('orders')
      .set({ status: 'refunded' })
      .where('id', '=', refunded.orderId)
      .execute();
    // 23:30 UTC the day before `since` is 00:30 on `since` in Tunis: inside the window.
    await sale(db, s.tea, 1, `${addDays(since, -1)}T23:30:00.000Z`);
    // 22:30 UTC the day before `since` is 23:30 in Tunis: the day before, outside; slow.
    await sale(db, s.lampSmall, 1, `${addDays(since, -1)}T22:30:00.000Z`);
    const report = expectStatus<Schemas['SlowMovers']>(
      await get('slow-movers?days=30'),
      200,
      'getSlowMovers',
    );
    expect(report).toEqual({
      days: 30,
      since,
      total: 2,
      items: [
        {
          variant_id: s.lampSmall.variantId,
          product_id: s.lampSmall.productId,
          product_name: 'Brass lamp',
          variant_title: expect.any(String) as unknown,
          sku: 'LAMP-S',
          stock_quantity: 4,
          cost_value: '10.000',
          last_sold_on: addDays(since, -1),
        },
        {
          variant_id: s.rugPlain.variantId,
          product_id: s.rugPlain.productId,
          product_name: 'Kilim rug',
          variant_title: expect.any(String) as unknown,
          sku: 'RUG-P',
          stock_quantity: 7,
          cost_value: null,
          last_sold_on: null,
        },
      ],
    });
    const rows = await recountRows(db);
    for (const days of [1, 30, 31, 90]) {
      for (const limit of [1, 50]) {
        const res = expectStatus<Schemas['SlowMovers']>(
          await get(`slow-movers?days=${days}&limit=${limit}`),
          200,
          'getSlowMovers',
        );
        expect(res).toEqual(slowMoversOf(rows.variants, rows.lines, { days, limit, today }));
      }
    }
    expect(csvOf(await get('slow-movers.csv?days=30&limit=1'), 'slow-movers.csv')).toEqual([
      [...VARIANT_COLUMNS, 'cost_value', 'last_sold_on'],
      [
        String(s.lampSmall.variantId),
        String(s.lampSmall.productId),
        'Brass lamp',
        report.items[0]?.variant_title ?? '',
        'LAMP-S',
        '4',
        '10.000',
        addDays(since, -1),
      ],
    ]);
  });

  it('gives the low-stock variants their days of cover from the last 30 days’ earned sales', async () => {
    const db = t.database.db;
    const p = (await insertProduct(db, { name: 'Candle' })).id;
    const v = async (sku: string, stock: number) => ({
      productId: p,
      variantId: (
        await insertVariant(db, p, { sku, stock_quantity: stock, low_stock_threshold: 5 })
      ).id,
    });
    const quick = await v('QUICK', 3);
    const empty = await v('EMPTY', 0);
    const unsold = await v('UNSOLD', 2);
    const steady = await v('STEADY', 4);
    await v('PLENTY', 6); // above its threshold: not listed
    await sale(db, quick, 9, noon(addDays(today, -3)));
    await sale(db, empty, 2, noon(today));
    await sale(db, steady, 7, noon(addDays(today, -29)));
    // Not counted: cancelled, and the day before the window.
    await sale(db, steady, 3, noon(addDays(today, -2)), 'cancelled');
    await sale(db, unsold, 4, noon(addDays(today, -30)));
    // Placed within the window, then cancelled: no longer counted.
    const undone = await sale(db, quick, 5, noon(addDays(today, -1)));
    await db
      .updateTable('orders')
      .set({ status: 'cancelled' })
      .where('id', '=', undone.orderId)
      .execute();
    const report = expectStatus<Schemas['LowStockReport']>(
      await get('low-stock'),
      200,
      'getLowStockReport',
    );
    expect(
      report.items.map((i) => [i.sku, i.stock_quantity, i.units_sold_30_days, i.days_of_cover]),
    ).toEqual([
      ['EMPTY', 0, 2, 0],
      ['QUICK', 3, 9, 10],
      // 4 ÷ (7 ÷ 30) = 17.14…
      ['STEADY', 4, 7, 17.1],
      ['UNSOLD', 2, 0, null],
    ]);
    expect(report.total).toBe(4);
    const rows = await recountRows(db);
    expect(report).toEqual(lowStockReportOf(rows.variants, rows.lines, { limit: 50, today }));
    const two = expectStatus<Schemas['LowStockReport']>(
      await get('low-stock?limit=2'),
      200,
      'getLowStockReport',
    );
    expect(two).toEqual({ total: 4, items: report.items.slice(0, 2) });
    const csv = csvOf(await get('low-stock.csv'), 'low-stock.csv');
    expect(csv[0]).toEqual([
      ...VARIANT_COLUMNS,
      'low_stock_threshold',
      'units_sold_30_days',
      'days_of_cover',
    ]);
    expect(csv.slice(1).map((row) => row.slice(4))).toEqual([
      ['EMPTY', '0', '5', '2', '0'],
      ['QUICK', '3', '5', '9', '10'],
      ['STEADY', '4', '5', '7', '17.1'],
      ['UNSOLD', '2', '5', '0', ''],
    ]);
    const semicolon = await get('low-stock.csv?separator=semicolon');
    expect(semicolon.body.split('\r\n')[3]).toBe(
      `${steady.variantId};${p};Candle;${report.items[2]?.variant_title ?? ''};STEADY;4;5;7;"17,1"`,
    );
  });

  it('refuses bad periods and bounds with a detail (422)', async () => {
    const refusal = async (url: string, field: string, msg: string) => {
      const res = await get(url);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json<{ detail: unknown }>().detail).toEqual([
        { loc: ['query', field], msg, type: 'value_error' },
      ]);
    };
    const tomorrow = addDays(today, 1);
    for (const url of ['returns', 'returns.csv']) {
      await refusal(`${url}?from=${today}&to=${tomorrow}`, 'to', 'to must not be after today');
      await refusal(`${url}?from=2026-10-02&to=2026-10-01`, 'from', 'from must not be after to');
      await refusal(
        `${url}?from=2025-01-01&to=2026-01-02`,
        'to',
        'The period must not be longer than 366 days',
      );
    }
    for (const url of [
      'slow-movers?days=0',
      'slow-movers?days=731',
      'slow-movers.csv?limit=501',
      'low-stock?limit=0',
      'low-stock.csv?limit=501',
      'returns?from=2026-10-01&to=2026-10-02&interval=year',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(422);
      expect(JSON.stringify(res.json<{ detail: unknown }>().detail)).toMatch(/days|limit|interval/);
    }
  });

  it('answers super admins, admins and managers only', async () => {
    const urls = [
      'returns?from=2026-10-01&to=2026-10-31',
      'returns.csv?from=2026-10-01&to=2026-10-31',
      'stock-valuation',
      'stock-valuation.csv',
      'slow-movers',
      'slow-movers.csv',
      'low-stock',
      'low-stock.csv',
    ];
    const allowed = new Set(['super_admin', 'admin', 'manager']);
    for (const role of ROLES) {
      const headers = await t.authAs(role);
      for (const url of urls) {
        expect((await get(url, headers)).statusCode, `${role} ${url}`).toBe(
          allowed.has(role) ? 200 : 403,
        );
      }
    }
  });
});
