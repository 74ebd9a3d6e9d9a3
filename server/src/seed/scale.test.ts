import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/app';
import { testDialects } from '../../test-support/databases';
import { rowCount } from '../../test-support/fixtures';
import { expectOrderAddsUp } from '../../test-support/order-totals';
import { ORDER_STATUSES } from '../../test-support/shop';
import { stockLedgerMismatches } from '../../test-support/stock';
import { bootstrap } from '../bootstrap';
import * as scale from './scale';

describe('seed:demo arguments', () => {
  it('reads --products and --orders, and nothing without them (the demo data)', () => {
    expect(scale.scaleArgs(['--products', '5000', '--orders', '1500'])).toEqual({
      products: 5000,
      orders: 1500,
    });
    expect(scale.scaleArgs(['--products=20'])).toEqual({ products: 20, orders: 0 });
    expect(scale.scaleArgs([])).toBeNull();
  });

  it('refuses counts that are not whole numbers, unknown options and orders without products', () => {
    expect(() => scale.scaleArgs(['--products=-5'])).toThrow(/whole number/);
    expect(() => scale.scaleArgs(['--products', '1e3'])).toThrow(/whole number/);
    expect(() => scale.scaleArgs(['--products', '10', '--orders', 'many'])).toThrow(/whole number/);
    expect(() => scale.scaleArgs(['--orders', '10'])).toThrow(/needs --products/);
    expect(() => scale.scaleArgs(['--customers', '10'])).toThrow();
  });
});

describe.each(testDialects)('seed:demo --products/--orders on %s', (dialect) => {
  let t: TestApp;
  const now = new Date('2026-06-15T12:00:00.000Z');

  beforeAll(async () => {
    t = await createTestApp(dialect);
    await bootstrap(t.database.db, t.ctx.config);
    const target = { db: t.database.db, dialect };
    const shippingNet = t.ctx.config.shippingFlatRateMillimes;
    await scale.seedScale(target, { products: 400, orders: 300, now, shippingNet });
    // A second load adds after the first (the bench grows its shop this way).
    await scale.insertScaleProducts(target, 100);
    await scale.insertScaleOrders(target, 200, { now, shippingNet });
  }, 60_000);
  afterAll(() => t.close());

  const count = (table: 'products' | 'orders' | 'variants') => rowCount(t.database.db, table);

  it('writes the requested numbers of products and orders, simple and with variants', async () => {
    expect(await count('products')).toBe(500);
    expect(await count('orders')).toBe(500);
    const withVariants = await t.database.db
      .selectFrom('products')
      .select('id')
      .where('has_variants', '=', 1)
      .execute();
    expect(withVariants.length).toBe(100);
    expect(await count('variants')).toBe(400 + 3 * 100);
  });

  it('keeps stock = Σ movements, with initial, order, give-back and restock movements', async () => {
    expect(await stockLedgerMismatches(t.database.db)).toEqual([]);
    const reasons = await t.database.db
      .selectFrom('stock_movements')
      .select('reason')
      .distinct()
      .execute();
    const kinds = new Set(reasons.map((m) => (m.reason ?? '').replace(/ORD-\d{8}-\d+/, 'N')));
    expect(kinds).toEqual(
      new Set([
        'Product inventory update',
        'Restocked by the supplier',
        'Order N',
        'Order N cancelled',
        'Order N refunded',
      ]),
    );
    const negative = await t.database.db
      .selectFrom('variants')
      .select('id')
      .where('stock_quantity', '<', 0)
      .execute();
    expect(negative).toEqual([]);
  });

  it('writes orders whose lines reconcile with their totals and point at existing variants', async () => {
    const db = t.database.db;
    const orders = await db.selectFrom('orders').selectAll().execute();
    const items = await db.selectFrom('order_items').selectAll().execute();
    const byOrder = new Map<number, typeof items>();
    for (const i of items) byOrder.set(i.order_id, [...(byOrder.get(i.order_id) ?? []), i]);
    for (const o of orders) {
      const own = byOrder.get(o.id) ?? [];
      expect(own.length).toBeGreaterThan(0);
      expectOrderAddsUp(o, own);
    }
    const orphans = await db
      .selectFrom('order_items as i')
      .leftJoin('variants as v', 'v.id', 'i.variant_id')
      .select('i.id')
      .where('v.id', 'is', null)
      .execute();
    expect(orphans).toEqual([]);
    expect(new Set(orders.map((o) => o.status))).toEqual(new Set(ORDER_STATUSES));
    expect(new Set(orders.map((o) => o.payment_method))).toEqual(
      new Set(['cash_on_delivery', 'card', 'bank_transfer']),
    );
    expect(orders.some((o) => o.vat_reverse_charge === 1 && Number(o.vat_amount) === 0)).toBe(true);
    expect(new Set(orders.map((o) => o.order_number)).size).toBe(orders.length);
    const history = await db
      .selectFrom('order_status_history')
      .select(['order_id', 'to_status'])
      .orderBy('id')
      .execute();
    const last = new Map(history.map((h) => [h.order_id, h.to_status]));
    expect(orders.every((o) => last.get(o.id) === o.status)).toBe(true);
  });

  it('spreads the orders over years and customers, some e-mails typed in another case', async () => {
    const db = t.database.db;
    const orders = await db
      .selectFrom('orders')
      .select(['created_at', 'shipping_address', 'customer_email', 'order_number'])
      .execute();
    const years = new Set(orders.map((o) => o.created_at.slice(0, 4)));
    expect(years.size).toBeGreaterThanOrEqual(4);
    expect(orders.every((o) => o.created_at <= now.toISOString())).toBe(true);
    expect(
      orders.every(
        (o) => o.order_number.slice(4, 12) === o.created_at.slice(0, 10).replace(/-/g, ''),
      ),
    ).toBe(true);
    const typed = orders.map((o) => (JSON.parse(o.shipping_address) as { email: string }).email);
    const customers = new Set(typed.map((e) => e.trim().toLowerCase()));
    expect(customers.size).toBeGreaterThan(50);
    expect(customers.size).toBeLessThan(orders.length);
    expect(typed.every((e) => e === e.trim())).toBe(true);
    expect(typed.some((e) => e !== e.toLowerCase())).toBe(true);
    expect(orders.every((o, k) => o.customer_email === typed[k]?.toLowerCase())).toBe(true);
    const counters = await db.selectFrom('order_number_counters').selectAll().execute();
    const lastOfDay = new Map<string, number>();
    for (const o of orders) {
      const day = o.order_number.slice(4, 12);
      lastOfDay.set(day, Math.max(lastOfDay.get(day) ?? 0, Number(o.order_number.slice(13))));
    }
    expect(new Map(counters.map((c) => [c.day, Number(c.last_value)]))).toEqual(lastOfDay);
  });

  it('finds the oldest product and the oldest order by search', async () => {
    const { authorization } = await t.authAs('super_admin');
    const products = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/products/?search=${scale.scaleProductCode(1)}`,
      headers: { authorization },
    });
    expect(products.headers['x-total-count']).toBe('1');
    const oldest = await t.database.db
      .selectFrom('orders')
      .select('order_number')
      .orderBy('created_at')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const orders = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/orders/?search=${oldest.order_number}`,
      headers: { authorization },
    });
    expect(orders.json<{ order_number: string }[]>().map((o) => o.order_number)).toEqual([
      oldest.order_number,
    ]);
    // The oldest product is the first one loaded.
    const first = await t.database.db
      .selectFrom('products')
      .select('name')
      .orderBy('created_at')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    expect(first.name).toContain(scale.scaleProductCode(1));
  });
});
