// The list cache never answers other than the database would (http/list-cache.ts):
// - property: random admin writes and checkouts through the API, and after every step each
//   cached list answers exactly (status, body bytes, X-Total-Count, content type) what a
//   second server on the same database with the cache off answers;
// - time: a VAT rate that starts later changes the prices the moment the clock passes its
//   start, with no write;
// - another instance: a write through other connections to the database (another server, a
//   bulk loader) is seen at once;
// - hits: an answer is made once while nothing changes, and compressed forms are the same bytes
//   @fastify/compress would send.
// Both databases. The property's writes include refused ones (a negative or malformed price, a
// blank or overlong name, an unknown id or rate): each is a 4xx with a `detail`, and the lists
// still answer as the cold server's. Fewer runs of longer sequences: each step reads every list
// twice. assertProperty prints the seed and path of a failure; FC_SEED / FC_PATH / FC_RUNS
// replay it.
import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { buildSibling, useTestApp, type AuthHeaders } from '../../test-support/app';
import { testDialects } from '../../test-support/databases';
import {
  insertCategory,
  insertCustomer,
  insertSimpleProduct,
  insertVatRate,
} from '../../test-support/fixtures';
import { assertProperty } from '../../test-support/properties';
import { clearShop, ORDER_STATUSES } from '../../test-support/shop';
import { stockShop } from '../../test-support/stock';
import type { Schemas } from '../api/types';
import { buildApp } from '../app';
import type { OrderStatus } from '../db/schema';
import { createDataVersions } from '../db/data-versions';
import { createListCache, negotiateEncoding } from './list-cache';

type Product = Schemas['Product'];

const NUM_RUNS = 30;
const MAX_STEPS = 20;
const UNKNOWN_ID = 2_000_000_000;
const HOUR = 3_600_000;

/** Every cached list, with a few of their parameters. */
const LISTS = [
  '/api/v1/admin/products/',
  '/api/v1/admin/products/?sort=-base_price&limit=2',
  '/api/v1/admin/products/?search=prop&is_active=true',
  '/api/v1/products/',
  '/api/v1/products/?country_code=FR&sort=name',
  '/api/v1/products/featured',
  '/api/v1/admin/orders/',
  '/api/v1/admin/orders/?status=pending',
  '/api/v1/admin/customers/',
  '/api/v1/admin/stats/',
  '/api/v1/categories/',
  '/api/v1/admin/categories/',
  '/api/v1/admin/vat-rates/',
  '/api/v1/admin/variants/',
  '/api/v1/admin/variants/?low_stock_only=true',
  '/api/v1/admin/variants/inventory/status',
];

type Step =
  | { kind: 'createProduct'; price: number; featured: boolean }
  | { kind: 'updateProduct'; product: number; change: Record<string, unknown> }
  | { kind: 'assignRate'; product: number; rate: number }
  | { kind: 'deleteProduct'; product: number }
  | { kind: 'createVariant'; product: number; price: number }
  | { kind: 'updateVariant'; variant: number; price: number; active: boolean }
  | { kind: 'deleteVariant'; variant: number }
  | { kind: 'adjust'; variant: number; delta: number }
  | { kind: 'renameCategory'; name: string }
  | { kind: 'createRate'; rate: number; startsInHours: number }
  | { kind: 'updateRate'; rate: number }
  | { kind: 'checkout'; product: number; quantity: number }
  | { kind: 'status'; order: number; status: OrderStatus }
  | { kind: 'cancel'; order: number }
  | { kind: 'tick'; hours: number }
  | { kind: 'refused'; product: number; change: Record<string, unknown>; unknown: boolean };

const price = fc.integer({ min: 1, max: 90 });
const pick = fc.nat();
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('createProduct' as const), price, featured: fc.boolean() }),
  fc.record({
    kind: fc.constant('updateProduct' as const),
    product: pick,
    change: fc.oneof(
      price.map((p) => ({ base_price: `${p}.000` })),
      fc.constantFrom('Alpha', 'Beta', 'Gamma').map((name) => ({ name })),
      fc.boolean().map((is_active) => ({ is_active })),
      fc.boolean().map((is_featured) => ({ is_featured })),
    ),
  }),
  fc.record({ kind: fc.constant('assignRate' as const), product: pick, rate: pick }),
  fc.record({ kind: fc.constant('deleteProduct' as const), product: pick }),
  fc.record({ kind: fc.constant('createVariant' as const), product: pick, price }),
  fc.record({
    kind: fc.constant('updateVariant' as const),
    variant: pick,
    price,
    active: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('deleteVariant' as const), variant: pick }),
  fc.record({
    kind: fc.constant('adjust' as const),
    variant: pick,
    delta: fc.integer({ min: -3, max: 3 }).filter((d) => d !== 0),
  }),
  fc.record({
    kind: fc.constant('renameCategory' as const),
    name: fc.constantFrom('Shirts', 'Hats', 'Shoes'),
  }),
  fc.record({
    kind: fc.constant('createRate' as const),
    rate: fc.integer({ min: 5, max: 25 }),
    startsInHours: fc.integer({ min: -2, max: 30 }),
  }),
  fc.record({ kind: fc.constant('updateRate' as const), rate: fc.integer({ min: 5, max: 25 }) }),
  fc.record({
    kind: fc.constant('checkout' as const),
    product: pick,
    quantity: fc.integer({ min: 1, max: 3 }),
  }),
  fc.record({
    kind: fc.constant('status' as const),
    order: pick,
    status: fc.constantFrom(...ORDER_STATUSES),
  }),
  fc.record({ kind: fc.constant('cancel' as const), order: pick }),
  fc.record({ kind: fc.constant('tick' as const), hours: fc.integer({ min: 1, max: 12 }) }),
  fc.record({
    kind: fc.constant('refused' as const),
    product: pick,
    change: fc.constantFrom<Record<string, unknown>>(
      { base_price: '-1.000' },
      { base_price: '1.0001' },
      { base_price: 12 },
      { name: '' },
      { name: 'N'.repeat(201) },
      { is_featured: 'yes' },
      { vat_rate_id: UNKNOWN_ID },
    ),
    unknown: fc.boolean(),
  }),
);

/** What a client sees of a list answer. */
const seen = (res: LightMyRequestResponse) => ({
  status: res.statusCode,
  body: res.body,
  total: res.headers['x-total-count'],
  type: res.headers['content-type'],
});

const at = <T>(items: T[], index: number): T | undefined =>
  items.length === 0 ? undefined : items[index % items.length];

describe.each(testDialects)('list cache (%s)', (dialect) => {
  const t = useTestApp(dialect);
  /** The same server with the cache off, on the same database and clock. */
  let cold: FastifyInstance;
  const admin: AuthHeaders = { authorization: '' };

  beforeAll(async () => {
    cold = await buildSibling(t, { config: { listCacheMb: 0 } });
  });
  afterAll(async () => {
    await cold.close();
  });

  /** A fresh super admin token (tokens expire when the clock moves). */
  const signIn = async () => Object.assign(admin, await t.authAs('super_admin'));
  const get = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers: { ...admin, ...headers } });

  /** An empty shop with TN's default rate (19 %, returned), and a fresh admin token. */
  async function emptyShop() {
    await clearShop(t.database.db);
    await signIn();
    return insertVatRate(t.database.db, { rate_bp: 1900, country_code: 'TN', is_default: 1 });
  }

  async function expectListsAsCold(when: string) {
    for (const url of LISTS) {
      const [cached, fresh] = [await get(t.app, url), await get(cold, url)];
      expect(seen(cached), `${url} after ${when}`).toEqual(seen(fresh));
      expect(fresh.statusCode, `${url}: ${fresh.body}`).toBe(200);
    }
  }

  it('answers every list as the same server without the cache, after any writes', async () => {
    let run = 0;
    await assertProperty(
      fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: MAX_STEPS }), async (steps) => {
        run += 1;
        const db = t.database.db;
        await clearShop(db);
        await signIn();
        const shop = stockShop(t, admin);
        const call = shop.call;
        const baseRate = await insertVatRate(db, {
          rate_bp: 1900,
          country_code: 'TN',
          is_default: 1,
        });
        await insertVatRate(db, { rate_bp: 2000, country_code: 'FR', is_default: 1 });
        const category = await insertCategory(db, { name: 'Shirts', slug: `shirts-${run}` });
        const refs = { vatRateId: baseRate.id, categoryId: category.id };
        const products: number[] = [];
        const variants: number[] = [];
        const rates: number[] = [baseRate.id];
        const orders: number[] = [];
        let created = 0;
        const addProduct = async (featured: boolean, base: number) => {
          created += 1;
          const p = await shop.product(`Prop ${run} ${created}`, { stock_quantity: 3 }, refs);
          products.push(p.productId);
          variants.push(p.variantId);
          await call('PATCH', `/api/v1/admin/products/${p.productId}`, {
            is_featured: featured,
            base_price: `${base}.000`,
          });
        };
        await addProduct(true, 10);
        await expectListsAsCold('the first product');

        const deleted = new Set<number>();
        for (const step of steps) {
          const product = 'product' in step ? at(products, step.product) : undefined;
          const variant = 'variant' in step ? at(variants, step.variant) : undefined;
          const order = 'order' in step ? at(orders, step.order) : undefined;
          switch (step.kind) {
            case 'createProduct':
              await addProduct(step.featured, step.price);
              break;
            case 'updateProduct':
              if (product) await call('PATCH', `/api/v1/admin/products/${product}`, step.change);
              break;
            case 'assignRate':
              if (product) {
                await call('PATCH', `/api/v1/admin/products/${product}`, {
                  vat_rate_id: at(rates, step.rate),
                });
              }
              break;
            case 'deleteProduct':
              if (product) {
                const res = await call('DELETE', `/api/v1/admin/products/${product}`);
                if (res.statusCode === 204) deleted.add(product);
              }
              break;
            case 'createVariant':
              if (product) {
                const res = await call('POST', `/api/v1/admin/variants/${product}/variants`, {
                  sku: `SKU-${run}-${++created}`,
                  variant_title: `Size ${created}`,
                  price: `${step.price}.000`,
                  stock_quantity: 2,
                });
                if (res.statusCode === 201) variants.push(res.json<{ id: number }>().id);
              }
              break;
            case 'updateVariant':
              if (variant) {
                await call('PATCH', `/api/v1/admin/variants/${variant}`, {
                  price: `${step.price}.000`,
                  is_active: step.active,
                });
              }
              break;
            case 'deleteVariant':
              if (variant) await call('DELETE', `/api/v1/admin/variants/${variant}`);
              break;
            case 'adjust':
              if (variant) await shop.adjust(variant, step.delta);
              break;
            case 'renameCategory':
              await call('PATCH', `/api/v1/categories/${category.id}`, { name: step.name });
              break;
            case 'createRate': {
              const res = await call('POST', '/api/v1/admin/vat-rates/', {
                name: `Rate ${++created}`,
                rate: step.rate,
                country_code: 'TN',
                effective_from: new Date(
                  t.ctx.now().getTime() + step.startsInHours * HOUR,
                ).toISOString(),
              });
              if (res.statusCode === 201) rates.push(res.json<{ id: number }>().id);
              break;
            }
            case 'updateRate':
              // The newest rate: a future one that nothing uses yet can still change (issue #25).
              await call('PATCH', `/api/v1/admin/vat-rates/${rates.at(-1)}`, { rate: step.rate });
              break;
            case 'checkout':
              if (product) await shop.checkout([{ productId: product, quantity: step.quantity }]);
              {
                const last = await db
                  .selectFrom('orders')
                  .select('id')
                  .orderBy('id', 'desc')
                  .executeTakeFirst();
                if (last && !orders.includes(last.id)) orders.push(last.id);
              }
              break;
            case 'status':
              if (order) await shop.status(order, step.status);
              break;
            case 'cancel':
              if (order) await shop.cancel(order);
              break;
            case 'tick':
              t.advanceClock(step.hours * HOUR);
              await signIn();
              break;
            case 'refused': {
              // An unknown VAT rate in a valid body is 422 whatever the product; an unknown
              // product with a valid body would be 404, but every body here is refused first.
              // A product deleted by an earlier step is as unknown as UNKNOWN_ID.
              const target = step.unknown || !product ? UNKNOWN_ID : product;
              const res = await call('PATCH', `/api/v1/admin/products/${target}`, step.change);
              const gone = target === UNKNOWN_ID || deleted.has(target);
              const unknownOnly = gone && 'vat_rate_id' in step.change;
              expect([404, 422], `${JSON.stringify(step)}: ${res.body}`).toContain(res.statusCode);
              if (!unknownOnly) expect(res.statusCode, res.body).toBe(422);
              const detail: unknown = res.json<{ detail: unknown }>().detail;
              expect(
                typeof detail === 'string' || Array.isArray(detail) ? detail.length : 0,
              ).toBeGreaterThan(0);
              break;
            }
          }
          await expectListsAsCold(JSON.stringify(step));
        }
      }),
      { numRuns: NUM_RUNS },
    );
  }, 600_000);

  it('prices at a rate that starts later from the moment it starts, with no write', async () => {
    // A clock that moves only when told, to the millisecond.
    vi.useFakeTimers({ toFake: ['Date'], now: t.ctx.now() });
    onTestFinished(() => void vi.useRealTimers());
    const db = t.database.db;
    await clearShop(db);
    await signIn();
    const now = t.ctx.now().getTime();
    const start = new Date(now + 2 * HOUR);
    const old = await insertVatRate(db, {
      rate_bp: 1300,
      country_code: 'TN',
      is_default: 1,
      effective_from: '2018-01-01T00:00:00.000Z',
      effective_to: new Date(start.getTime() - 1).toISOString(),
    });
    const next = await insertVatRate(db, {
      rate_bp: 1900,
      country_code: 'TN',
      effective_from: start.toISOString(),
    });
    await db
      .updateTable('vat_rates')
      .set({ successor_id: next.id })
      .where('id', '=', old.id)
      .execute();
    await insertSimpleProduct(
      db,
      { slug: 'lamp', base_price: 10_000, price_includes_vat: 0, vat_rate_id: old.id },
      { stock_quantity: 5 },
    );
    const prices = async () =>
      (await get(t.app, '/api/v1/products/')).json<{ price_incl_vat: string | null }[]>()[0]
        ?.price_incl_vat;

    expect(await prices()).toBe('11.300');
    t.advanceClock(start.getTime() - now - 1); // the last millisecond of 13 %
    expect(await prices()).toBe('11.300');
    t.advanceClock(1);
    expect(await prices()).toBe('11.900');
  });

  it('sees at once a write made through other connections (another server, a loader)', async () => {
    const db = t.database.db;
    const rate = await emptyShop();
    const product = await insertSimpleProduct(
      db,
      { slug: 'mug', name: 'Mug', base_price: 5_000, vat_rate_id: rate.id },
      { stock_quantity: 5 },
    );
    const other = t.database.connectAgain();
    const otherServer = await buildSibling(t, { database: other });
    try {
      const names = async () =>
        (await get(t.app, '/api/v1/admin/products/')).json<{ name: string }[]>().map((p) => p.name);
      expect(await names()).toEqual(['Mug']);

      const res = await otherServer.inject({
        method: 'PATCH',
        url: `/api/v1/admin/products/${product.productId}`,
        headers: admin,
        payload: { name: 'Cup' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(await names()).toEqual(['Cup']);

      await other.db
        .updateTable('products')
        .set({ name: 'Bowl' })
        .where('id', '=', product.productId)
        .execute();
      expect(await names()).toEqual(['Bowl']);

      // While other requests keep reading the versions, a request after a write sees it.
      for (const name of ['Jug', 'Vase', 'Pot']) {
        const busy = Array.from({ length: 20 }, () => names());
        await other.db
          .updateTable('products')
          .set({ name })
          .where('id', '=', product.productId)
          .execute();
        expect(await names()).toEqual([name]);
        await Promise.all(busy);
      }
    } finally {
      await otherServer.close();
      await other.close();
    }
  });

  it('never answers a request with versions read before it arrived', async () => {
    const db = t.database.db;
    const rate = await emptyShop();
    const product = await insertSimpleProduct(db, { name: 'Mug', vat_rate_id: rate.id });
    // Reads of the versions that have read the database but not returned yet, while `held`.
    let held = false;
    const waiting: (() => void)[] = [];
    const slowDb = new Proxy(db, {
      get(target, property) {
        if (property === 'executeQuery') {
          return async (...args: Parameters<typeof db.executeQuery>) => {
            const result = await target.executeQuery(...args);
            if (held) await new Promise<void>((resolve) => waiting.push(resolve));
            return result;
          };
        }
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
      },
    });
    const lists = createListCache({ ...t.ctx, db: slowDb }, createDataVersions(slowDb));
    const app = await buildApp(t.ctx, {
      handlers: {
        listAdminProducts: lists.page('listAdminProducts', ['catalogue'], async (request) => {
          const res = await get(cold, request.url);
          return { items: res.json<Product[]>(), total: Number(res.headers['x-total-count']) };
        }),
      },
    });
    // Requests that reached the handler (whose first step is to ask for the versions).
    let handled = 0;
    app.addHook('preHandler', (_request, _reply, done) => {
      handled += 1;
      done();
    });
    /** Polls (a loaded machine may take its time) until `done`, then lets promises settle. */
    const until = async (done: () => boolean) => {
      await vi.waitFor(() => expect(done()).toBe(true), { timeout: 10_000, interval: 5 });
      await new Promise((resolve) => setImmediate(resolve));
    };
    try {
      const names = async () =>
        (await get(app, '/api/v1/admin/products/')).json<Product[]>().map((p) => p.name);
      expect(await names()).toEqual(['Mug']);
      held = true;
      const before = names(); // its read of the versions has run, and waits
      await until(() => waiting.length === 1);
      await db
        .updateTable('products')
        .set({ name: 'Cup' })
        .where('id', '=', product.productId)
        .execute();
      const after = names(); // arrived after the write: must not share the read above
      await until(() => handled === 3);
      held = false;
      waiting.splice(0).forEach((release) => release());
      expect(await before).toEqual(['Mug']);
      expect(await after).toEqual(['Cup']);
    } finally {
      await app.close();
    }
  });

  it('makes an answer once while nothing changes; compressed as @fastify/compress would', async () => {
    const db = t.database.db;
    const rate = await emptyShop();
    for (let i = 0; i < 30; i++) {
      await insertSimpleProduct(db, { base_price: 1_000 + i, vat_rate_id: rate.id });
    }
    let made = 0;
    const lists = createListCache(t.ctx, createDataVersions(t.ctx.db));
    const counting = await buildApp(t.ctx, {
      handlers: {
        listAdminProducts: lists.page('listAdminProducts', ['catalogue'], async (request) => {
          made += 1;
          const res = await get(cold, request.url);
          return { items: res.json<Product[]>(), total: Number(res.headers['x-total-count']) };
        }),
      },
    });
    try {
      const first = await get(counting, '/api/v1/admin/products/');
      const again = await get(counting, '/api/v1/admin/products/');
      expect(made).toBe(1);
      expect(seen(again)).toEqual(seen(first));
      expect(first.body.length).toBeGreaterThan(1024);

      // Another query is another answer.
      await get(counting, '/api/v1/admin/products/?limit=5');
      expect(made).toBe(2);

      for (const encoding of ['br', 'gzip'] as const) {
        const plain = await get(cold, '/api/v1/admin/products/', { 'accept-encoding': encoding });
        for (let i = 0; i < 2; i++) {
          const res = await get(counting, '/api/v1/admin/products/', {
            'accept-encoding': encoding,
          });
          expect(res.headers['content-encoding']).toBe(encoding);
          expect(res.headers['vary']).toBe(plain.headers['vary']);
          expect(res.rawPayload).toEqual(plain.rawPayload);
          const text = (encoding === 'br' ? brotliDecompressSync : gunzipSync)(res.rawPayload);
          expect(text.toString()).toBe(first.body);
        }
      }
      expect(made).toBe(2);

      // A write to a table the catalogue's answers read makes them again; one elsewhere does not.
      await insertCustomer(db);
      await get(counting, '/api/v1/admin/products/');
      expect(made).toBe(2);
      await db.updateTable('vat_rates').set({ name: 'TVA' }).execute();
      await get(counting, '/api/v1/admin/products/');
      expect(made).toBe(3);
    } finally {
      await counting.close();
    }
  });
});

describe('negotiateEncoding', () => {
  it('chooses as @fastify/compress: the best quality of br and gzip, br on a tie', () => {
    expect(negotiateEncoding(undefined)).toBeUndefined();
    expect(negotiateEncoding('identity')).toBeUndefined();
    expect(negotiateEncoding('gzip, deflate, br')).toBe('br');
    expect(negotiateEncoding('gzip')).toBe('gzip');
    expect(negotiateEncoding('x-gzip')).toBe('gzip');
    expect(negotiateEncoding('*')).toBe('gzip');
    expect(negotiateEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip;q=0')).toBeUndefined();
    expect(negotiateEncoding('BR;Q=1')).toBe('br');
  });
});
