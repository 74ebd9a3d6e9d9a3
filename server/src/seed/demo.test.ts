import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/app';
import { testDialects } from '../../test-support/databases';
import { expectOrderAddsUp } from '../../test-support/order-totals';
import { ORDER_STATUSES } from '../../test-support/shop';
import { stockLedgerMismatches, unitsHeldByOrders } from '../../test-support/stock';
import { bootstrap } from '../bootstrap';
import { DEMO_CATEGORIES, DEMO_PRODUCTS } from './demo-catalogue';
import { seedDemo } from './demo';
import { DEMO_ORDER_DAYS, seedDemoOrders } from './demo-orders';
import { orderDay } from '../services/orders/order-numbers';

describe.each(testDialects)('seed:demo on %s', (dialect) => {
  let t: TestApp;
  let dataDir: string;
  let seeded: { customers: number; orders: number };
  let seededAt: Date;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'seed-demo-'));
    t = await createTestApp(dialect, { config: { dataDir } });
    await bootstrap(t.database.db, t.ctx.config);
    const { authorization } = await t.authAs('super_admin');
    await seedDemo(t.app, authorization, () => {});
    seededAt = new Date();
    seeded = await seedDemoOrders(
      t.app,
      t.database.db,
      {
        customers: 30,
        orders: 200,
        tokens: t.ctx.tokens,
        adminAuthorization: authorization,
        log: () => {},
      },
      seededAt,
    );
  }, 180_000);
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('creates every category and product through the API, with an image each', async () => {
    const db = t.database.db;
    expect((await db.selectFrom('categories').select('id').execute()).length).toBe(
      DEMO_CATEGORIES.length,
    );
    const products = await db
      .selectFrom('products')
      .select(['images', 'has_variants', 'is_active'])
      .execute();
    expect(products.length).toBe(DEMO_PRODUCTS.length);
    expect(products.every((p) => (JSON.parse(p.images) as unknown[]).length === 1)).toBe(true);
    expect(products.some((p) => p.has_variants === 1)).toBe(true);
    expect(products.some((p) => p.has_variants === 0)).toBe(true);
    expect(products.some((p) => p.is_active === 0)).toBe(true);
  });

  it('has stock levels that are fine, low and out of stock', async () => {
    const { authorization } = await t.authAs('super_admin');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/variants/inventory/status?page_size=100',
      headers: { authorization },
    });
    const { summary } = res.json<{ summary: Record<string, number> }>();
    expect(summary.in_stock).toBeGreaterThan(20);
    expect(summary.low_stock).toBeGreaterThan(5);
    expect(summary.out_of_stock).toBeGreaterThan(5);
  });

  it('places the demo orders through the API, in every status, some under the reverse charge', async () => {
    const db = t.database.db;
    expect(seeded).toEqual({ customers: 30, orders: 200 });
    const customers = await db.selectFrom('customers').selectAll().execute();
    expect(customers).toHaveLength(30);
    expect(customers.some((c) => c.customer_type === 'individual')).toBe(true);
    expect(
      new Set(
        customers.filter((c) => c.customer_type === 'professional').map((c) => c.country_code),
      ),
    ).toEqual(new Set(['TN', 'FR', 'DE', 'IT', 'ES', 'BE', 'NL']));

    const orders = await db.selectFrom('orders').selectAll().execute();
    expect(orders).toHaveLength(200);
    expect(new Set(orders.map((o) => o.status))).toEqual(new Set(ORDER_STATUSES));
    const reverse = orders.filter((o) => o.vat_reverse_charge === 1);
    expect(reverse.length).toBeGreaterThan(0);
    for (const o of reverse) {
      expect(o).toMatchObject({ vat_amount: 0, customer_type: 'professional' });
      expect(['FR', 'DE', 'IT', 'ES', 'BE', 'NL']).toContain(o.customer_country_code);
    }
    expect(orders.some((o) => o.vat_reverse_charge === 0 && Number(o.vat_amount) > 0)).toBe(true);
    expect(orders.some((o) => o.customer_id === null)).toBe(true);

    const items = await db.selectFrom('order_items').selectAll().execute();
    for (const o of orders) {
      const own = items.filter((i) => i.order_id === o.id);
      expect(own.length).toBeGreaterThan(0);
      expectOrderAddsUp(o, own);
    }
  });

  it('spreads the orders over the last 90 days with matching numbers and history', async () => {
    const db = t.database.db;
    const orders = await db.selectFrom('orders').selectAll().execute();
    const history = await db.selectFrom('order_status_history').selectAll().orderBy('id').execute();
    const oldest = seededAt.getTime() - DEMO_ORDER_DAYS * 24 * 60 * 60 * 1000;
    const days = new Set<string>();
    for (const o of orders) {
      const created = Date.parse(o.created_at);
      expect(created).toBeGreaterThanOrEqual(oldest);
      expect(created).toBeLessThanOrEqual(seededAt.getTime());
      expect(o.order_number.slice(4, 12)).toBe(orderDay(new Date(created)));
      days.add(o.order_number.slice(4, 12));
      const own = history.filter((h) => h.order_id === o.id);
      expect(own[0]).toMatchObject({
        from_status: null,
        to_status: 'pending',
        created_at: o.created_at,
      });
      expect(own.at(-1)).toMatchObject({ to_status: o.status, created_at: o.updated_at });
      const times = own.map((h) => Date.parse(h.created_at));
      expect(times).toEqual([...times].sort((a, b) => a - b));
    }
    expect(days.size).toBeGreaterThan(40);
    expect(new Set(orders.map((o) => o.order_number)).size).toBe(orders.length);
    // Each day is numbered 0001, 0002, … in time order.
    for (const day of days) {
      const ofDay = orders
        .filter((o) => o.order_number.slice(4, 12) === day)
        .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id);
      expect(ofDay.map((o) => Number(o.order_number.slice(13)))).toEqual(
        ofDay.map((_, i) => i + 1),
      );
    }
    // The stock movements quote the new numbers.
    const movements = await db
      .selectFrom('stock_movements')
      .select('reason')
      .where('reason', 'like', 'Order %')
      .execute();
    const numbers = new Set(orders.map((o) => o.order_number));
    for (const m of movements) {
      expect(numbers.has((m.reason ?? '').replace(/^Order (\S+).*$/, '$1'))).toBe(true);
    }
    expect(movements.some((m) => m.reason?.endsWith(' cancelled'))).toBe(true);
  });

  it('issues the invoices and credit notes at the time of their status step, numbered in time order without gaps', async () => {
    const db = t.database.db;
    const documents = await db.selectFrom('invoices').selectAll().execute();
    const history = await db.selectFrom('order_status_history').selectAll().execute();
    const orders = await db.selectFrom('orders').select(['id', 'status']).execute();
    // Every order past pending and not awaiting its VAT number's check has its invoice; the
    // cancelled and refunded ones that had one, its credit note.
    expect(documents.filter((d) => d.kind === 'invoice').length).toBeGreaterThan(100);
    expect(documents.filter((d) => d.kind === 'credit_note').length).toBeGreaterThan(10);
    const byNumber = new Map(documents.map((d) => [d.number, d]));
    for (const d of documents) {
      const content = JSON.parse(d.content) as { number: string; issued_at: string };
      expect(content).toMatchObject({ number: d.number, issued_at: d.issued_at });
      expect(Date.parse(d.issued_at)).toBeLessThanOrEqual(seededAt.getTime());
      // Issued by a status step of its order, at that step's (moved) time.
      const step = history.find((h) => h.order_id === d.order_id && h.created_at === d.issued_at);
      expect(step, d.number).toBeDefined();
      if (d.kind === 'credit_note') {
        expect(step?.to_status).toBe(orders.find((o) => o.id === d.order_id)?.status);
        expect(['cancelled', 'refunded']).toContain(step?.to_status);
      }
      if (d.credits_invoice_id !== null) {
        const credited = documents.find((i) => i.id === d.credits_invoice_id)!;
        const { credits } = JSON.parse(d.content) as { credits: { number: string } };
        expect(byNumber.get(credits.number)?.id).toBe(credited.id);
        expect(credited.issued_at <= d.issued_at).toBe(true);
      }
    }
    // Per kind and year: 1, 2, 3, … in issue order, and the counter at the last one.
    const counters = await db.selectFrom('document_counters').selectAll().execute();
    for (const kind of ['invoice', 'credit_note'] as const) {
      const ofKind = documents
        .filter((d) => d.kind === kind)
        .sort((a, b) => a.year - b.year || a.sequence - b.sequence);
      for (const year of new Set(ofKind.map((d) => d.year))) {
        const ofYear = ofKind.filter((d) => d.year === year);
        expect(ofYear.map((d) => d.sequence)).toEqual(ofYear.map((_, i) => i + 1));
        const times = ofYear.map((d) => d.issued_at);
        expect(times).toEqual([...times].sort());
        expect(counters.find((c) => c.kind === kind && Number(c.year) === year)).toMatchObject({
          last_sequence: ofYear.length,
        });
      }
    }
  });

  it('took the stock of every order not cancelled or refunded, and nothing else', async () => {
    const db = t.database.db;
    const variants = await db
      .selectFrom('variants as v')
      .innerJoin('products as p', 'p.id', 'v.product_id')
      .select(['v.id', 'v.is_default', 'v.variant_title', 'v.stock_quantity', 'p.name'])
      .execute();
    const sold = await unitsHeldByOrders(db);
    let totalSold = 0;
    for (const v of variants) {
      const demo = DEMO_PRODUCTS.find((p) => p.name === v.name);
      const initial =
        v.is_default === 1
          ? (demo?.stock ?? 0)
          : demo?.variants?.find((d) => Object.values(d.options).join(' / ') === v.variant_title)
              ?.stock;
      expect(initial, `${v.name} ${v.variant_title}`).toBeDefined();
      const units = sold.get(v.id) ?? 0;
      totalSold += units;
      expect(v.stock_quantity, `${v.name} ${v.variant_title}`).toBe((initial ?? 0) - units);
    }
    expect(totalSold).toBeGreaterThan(200);
    // The ledger adds up: every variant's stock is the sum of its movements.
    expect(await stockLedgerMismatches(db)).toEqual([]);
    // Every order's movements are linked to it and net to what it holds now.
    const held = await db
      .selectFrom('stock_movements as m')
      .innerJoin('orders as o', 'o.id', 'm.order_id')
      .select(['o.status', (eb) => eb.fn.sum<number | string>('m.delta').as('net')])
      .groupBy(['o.id', 'o.status'])
      .execute();
    for (const h of held) {
      if (h.status === 'cancelled' || h.status === 'refunded') expect(Number(h.net)).toBe(0);
      else expect(Number(h.net)).toBeLessThan(0);
    }
    expect(held.some((h) => h.status === 'refunded')).toBe(true);
  });
});
