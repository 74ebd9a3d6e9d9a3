// `npm run bench`: throughput and latency of two hot paths with 10,000 products loaded, on the
// embedded SQLite and, under scripts/with-postgres.sh (DATABASE_URL set), on PostgreSQL.
// Figures are printed, never asserted: they depend on the machine.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../server/src/app';
import { AccessTokens } from '../server/src/auth/access-token';
import { bootstrap } from '../server/src/bootstrap';
import { loadConfig } from '../server/src/config';
import { openDatabase } from '../server/src/db/database';
import { migrateToLatest } from '../server/src/db/migrate';
import { createMemoryMailer } from '../server/src/mail/transport';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

const dataDir = mkdtempSync(join(tmpdir(), 'shop-bench-'));
const config = loadConfig({
  ...process.env,
  DATA_DIR: dataDir,
  ADMIN_PASSWORD: 'bench-password-1',
});
const database = openDatabase(config);

async function load() {
  await migrateToLatest(database.db, database.dialect);
  await bootstrap(database.db, config);
  const db = database.db;
  const rate = await db
    .selectFrom('vat_rates')
    .select('id')
    .where('is_default', '=', 1)
    .executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  const categoryIds: number[] = [];
  for (let c = 1; c <= 10; c++) {
    const row = await db
      .insertInto('categories')
      .values({
        name: `Category ${c}`,
        slug: `category-${c}`,
        is_active: 1,
        display_order: c,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    categoryIds.push(row.id);
  }
  const variantIds: number[] = [];
  for (let start = 0; start < PRODUCTS; start += 500) {
    await db.transaction().execute(async (trx) => {
      const products = await trx
        .insertInto('products')
        .values(
          Array.from({ length: Math.min(500, PRODUCTS - start) }, (_, i) => {
            const n = start + i + 1;
            return {
              name: `Product ${n}`,
              slug: `product-${n}`,
              description: `Benchmark product ${n}`,
              category_id: categoryIds[n % categoryIds.length] ?? null,
              has_variants: 1 as const,
              base_price: 10_000 + n,
              vat_rate_id: rate.id,
              price_includes_vat: 1 as const,
              images: '[]',
              is_active: 1 as const,
              is_featured: 0 as const,
              tags: '[]',
              created_at: now,
              updated_at: now,
            };
          }),
        )
        .returning('id')
        .execute();
      const variants = await trx
        .insertInto('variants')
        .values(
          products.map((p) => ({
            product_id: p.id,
            option_values: '{"size":"M"}',
            sku: `BENCH-${p.id}`,
            variant_title: 'M',
            price: 10_000,
            cost_price: 5_000,
            images: '[]',
            stock_quantity: 1_000_000,
            allow_backorder: 1 as const,
            created_at: now,
            updated_at: now,
          })),
        )
        .returning('id')
        .execute();
      variantIds.push(...variants.map((v) => v.id));
    });
  }
  const admin = await db.selectFrom('admin_users').select('id').executeTakeFirstOrThrow();
  return { adminId: admin.id, variantIds };
}

function run(url: string, opts: Partial<autocannon.Options>): Promise<autocannon.Result> {
  return autocannon({
    url,
    duration: SECONDS,
    connections: CONNECTIONS,
    ...opts,
  } as autocannon.Options);
}

const started = Date.now();
const { adminId, variantIds } = await load();
const loadSeconds = ((Date.now() - started) / 1000).toFixed(1);
const tokens = new AccessTokens(config.jwtSecret, config.accessTokenTtlSeconds);
const app = await buildApp({
  db: database.db,
  dialect: database.dialect,
  config,
  tokens,
  mailer: createMemoryMailer(),
  now: () => new Date(),
});
const address = await app.listen({ port: 0, host: '127.0.0.1' });
const authorization = `Bearer ${await tokens.sign({ userType: 'admin', userId: adminId })}`;

const list = await run(`${address}/api/v1/admin/products/?limit=100`, {
  headers: { authorization },
});
let i = 0;
const adjust = await run(`${address}/api/v1/admin/variants/1/inventory/adjust`, {
  method: 'POST',
  headers: { authorization, 'content-type': 'application/json' },
  requests: [
    {
      setupRequest: (req: autocannon.Request) => ({
        ...req,
        path: `/api/v1/admin/variants/${variantIds[i++ % variantIds.length]}/inventory/adjust`,
        body: JSON.stringify({ adjustment: i % 2 === 0 ? 1 : -1, reason: 'bench' }),
      }),
    },
  ],
});

/**
 * Checkout under contention: BUYERS concurrent buyers each put one unit in a fresh cart and check
 * out, until the STOCK units are gone. Every unit must be sold exactly once (oversold = 0).
 */
async function checkoutRace() {
  const BUYERS = 20;
  const STOCK = Number(process.env.BENCH_CHECKOUT_STOCK ?? 400);
  const now = new Date().toISOString();
  const rate = await database.db
    .selectFrom('vat_rates')
    .select('id')
    .where('is_default', '=', 1)
    .executeTakeFirstOrThrow();
  const product = await database.db
    .insertInto('products')
    .values({
      name: 'Race product',
      slug: 'race-product',
      description: 'Checkout benchmark',
      has_variants: 1,
      base_price: 12_345,
      vat_rate_id: rate.id,
      images: '[]',
      tags: '[]',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const variant = await database.db
    .insertInto('variants')
    .values({
      product_id: product.id,
      sku: 'RACE-1',
      variant_title: 'One',
      price: 12_345,
      images: '[]',
      stock_quantity: STOCK,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const shipping_address = {
    first_name: 'Bench',
    last_name: 'Buyer',
    street_address: '1 Rue de Rome',
    city: 'Tunis',
    postal_code: '1000',
    country: 'TN',
    phone: '+216 71 000 000',
    email: 'bench@example.com',
  };
  let orders = 0;
  let refused = 0;
  let n = 0;
  const started = performance.now();
  const buyer = async () => {
    for (;;) {
      const session = `bench-session-${n++}`;
      const add = await fetch(`${address}/api/v1/cart/items?session_id=${session}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ product_id: product.id, variant_id: variant.id, quantity: 1 }),
      });
      if (add.status === 409) return; // sold out: nothing left to put in a cart
      const res = await fetch(`${address}/api/v1/orders/?session_id=${session}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ payment_method: 'cash_on_delivery', shipping_address }),
      });
      if (res.status === 201) orders += 1;
      else if (res.status === 409) refused += 1;
      else throw new Error(`checkout answered ${res.status}: ${await res.text()}`);
    }
  };
  await Promise.all(Array.from({ length: BUYERS }, buyer));
  const seconds = (performance.now() - started) / 1000;
  const left = await database.db
    .selectFrom('variants')
    .select('stock_quantity')
    .where('id', '=', variant.id)
    .executeTakeFirstOrThrow();
  const sold = await database.db
    .selectFrom('order_items')
    .select((eb) => eb.fn.sum<number>('quantity').as('units'))
    .where('variant_id', '=', variant.id)
    .executeTakeFirstOrThrow();
  const oversold = Math.max(0, Number(sold.units) - STOCK) + Math.max(0, -left.stock_quantity);
  return { BUYERS, STOCK, orders, refused, seconds, oversold, left: left.stock_quantity };
}
const race = await checkoutRace();

const row = (name: string, r: autocannon.Result) =>
  `| ${database.dialect} | ${name} | ${Math.round(r.requests.average)} | ${r.latency.p50} | ${r.latency.p99} | ${r.non2xx + r.errors} |`;
console.log(
  `\n${PRODUCTS} products loaded in ${loadSeconds} s; ${CONNECTIONS} connections, ${SECONDS} s per scenario\n`,
);
console.log('| database | scenario | requests/s | p50 ms | p99 ms | non-2xx + errors |');
console.log('| --- | --- | ---: | ---: | ---: | ---: |');
console.log(row('GET /api/v1/admin/products/?limit=100', list));
console.log(row('POST /api/v1/admin/variants/{id}/inventory/adjust', adjust));
console.log(
  `\nCheckout race on ${database.dialect}: ${race.BUYERS} concurrent buyers, ${race.STOCK} units: ` +
    `${race.orders} orders in ${race.seconds.toFixed(1)} s = ${(race.orders / race.seconds).toFixed(1)} orders/s; ` +
    `${race.refused} refused at checkout; stock left ${race.left}; oversold ${race.oversold}`,
);

await app.close();
await database.close();
rmSync(dataDir, { recursive: true, force: true });
