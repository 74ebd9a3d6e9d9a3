// The shop's analytics at scale (#35, "instant at any size"): 1,000,000 orders on PostgreSQL
// and 200,000 on SQLite (BENCH_ANALYTICS_ORDERS), two lines each, spread evenly over the last
// two years, on a catalogue of 10,000 variants (BENCH_ANALYTICS_VARIANTS) in 20 categories, a
// fifth of them never sold (slow movers), about a tenth at or below their low-stock threshold;
// one order in 20 cancelled and one in 50 refunded; one return every 200 orders. Written by
// bulk SQL (generate_series on PostgreSQL, a recursive series on SQLite, a batch of
// BENCH_ANALYTICS_BATCH orders per statement), so the triggers of every table run as they do
// for any writer: the sales roll-ups (migration 038) are kept by them, not filled afterwards.
// Each order is written owing its total (0 when credited), as migration 029's trigger would set
// it: the trigger then finds nothing to do instead of updating every order once more.
// Then, one request at a time (BENCH_REQUESTS, default 20, after 2 to warm up), each report
// with its default period (the last 30 shop days; the sales over time: the last year, by month),
// the breakdown and the best sellers over the last year too (whole quarters and months, read
// from the roll-ups of migrations 049 and 046) and the best sellers over a year inside months
// (edge days from the daily roll-up), and the dashboard of the last 30 days (skipped while it answers 404), with
// p50/p99 beside the 100 ms target and beside the limit measured in the same run (the same bytes
// answered from a buffer by a bare Fastify route). Figures, never asserted. On SQLite, or PostgreSQL under
// scripts/with-postgres.sh:
//   npx tsx bench/analytics.bench.ts
//   BENCH_ANALYTICS_ORDERS=20000 bash scripts/with-postgres.sh npx tsx bench/analytics.bench.ts
import { sql, type RawBuilder } from 'kysely';
import { addDays } from '../server/src/domain/analytics';
import { shopDay } from '../server/src/domain/books';
import { startLimitServer } from './measure';
import { openBenchShop } from './shop';

const shop = await openBenchShop('shop-analytics-bench');
const { database, address, headers } = shop;
const { db, dialect } = database;

const ORDERS = Number(
  process.env.BENCH_ANALYTICS_ORDERS ?? (dialect === 'postgres' ? 1_000_000 : 200_000),
);
const VARIANTS = Number(process.env.BENCH_ANALYTICS_VARIANTS ?? 10_000);
const BATCH = Number(process.env.BENCH_ANALYTICS_BATCH ?? 50_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 20);
const CATEGORIES = 20;
const PER_PRODUCT = 5;
const TARGET_MS = 100;
const DAY_MS = 86_400_000;

/** The integers a to b (both included) as rows of one column `g`, on either database. */
const series = (a: number, b: number): RawBuilder<unknown> =>
  dialect === 'postgres'
    ? sql`generate_series(${sql.lit(a)}::bigint, ${sql.lit(b)}::bigint) as s(g)`
    : sql`(with recursive r(g) as (select ${sql.lit(a)} union all
        select g + 1 from r where g < ${sql.lit(b)}) select g from r) as s`;

/** The instant `ms` (an SQL expression of milliseconds since 1970) as ISO text, as stored. */
const isoOf = (ms: RawBuilder<unknown>): RawBuilder<string> =>
  dialect === 'postgres'
    ? sql`to_char(to_timestamp((${ms}) / 1000.0) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
    : sql`strftime('%Y-%m-%dT%H:%M:%fZ', (${ms}) / 1000.0, 'unixepoch')`;

const started = Date.now();
const now = Date.now();
const at = new Date(now).toISOString();
const vatRate = await db
  .selectFrom('vat_rates')
  .select('id')
  .where('is_default', '=', 1)
  .where('country_code', '=', 'TN')
  .executeTakeFirstOrThrow();

// The catalogue: categories, products of five variants each.
await sql`insert into categories (name, slug, is_active, display_order, created_at, updated_at)
  select 'Category ' || g, 'category-' || g, 1, 0, ${at}, ${at}
  from ${series(1, CATEGORIES)}`.execute(db);
const firstCategory = Number(
  (
    await db
      .selectFrom('categories')
      .select((e) => e.fn.min('id').as('id'))
      .executeTakeFirstOrThrow()
  ).id,
);
const products = Math.ceil(VARIANTS / PER_PRODUCT);
await sql`insert into products (name, slug, description, category_id, has_variants, base_price,
    vat_rate_id, price_includes_vat, images, is_active, is_featured, tags, created_at, updated_at)
  select 'Bench product ' || g, 'bench-product-' || g, 'A product of the bench',
    ${sql.lit(firstCategory)} + g % ${sql.lit(CATEGORIES)}, 1, 10000, ${sql.lit(vatRate.id)}, 0,
    '[]', 1, 0, '[]', ${at}, ${at}
  from ${series(1, products)}`.execute(db);
const firstProduct = Number(
  (
    await db
      .selectFrom('products')
      .select((e) => e.fn.min('id').as('id'))
      .where('slug', 'like', 'bench-product-%')
      .executeTakeFirstOrThrow()
  ).id,
);
// Stock (g × 37) mod 60 against a threshold of 5: a tenth at or below it, one in sixty at 0;
// one variant in ten without a cost price.
await sql`insert into variants (product_id, is_default, option_values, sku, variant_title, price,
    cost_price, images, stock_quantity, low_stock_threshold, track_inventory, allow_backorder,
    is_active, position, created_at, updated_at)
  select ${sql.lit(firstProduct)} + (g - 1) / ${sql.lit(PER_PRODUCT)}, 0, '{}', 'BENCH-' || g,
    'Size ' || (g % ${sql.lit(PER_PRODUCT)}), 10000,
    case when g % 10 = 0 then null else 3000 + g % 700 end, '[]', (g * 37) % 60, 5, 1, 0, 1,
    g % ${sql.lit(PER_PRODUCT)}, ${at}, ${at}
  from ${series(1, VARIANTS)}`.execute(db);
const firstVariant = Number(
  (
    await db
      .selectFrom('variants')
      .select((e) => e.fn.min('id').as('id'))
      .where('sku', 'like', 'BENCH-%')
      .executeTakeFirstOrThrow()
  ).id,
);
/** The variants sold: the first four fifths; the rest never sell. */
const SOLD = Math.max(1, Math.floor(VARIANTS * 0.8));

// The orders, evenly over the two years ending now, with their lines, a batch at a time. Their
// 5,000 buyers are named in the shipping address too: without an e-mail every order is the
// customer_overview row 'unknown', which PostgreSQL rewrites once per order of a statement,
// each time after the versions the statement made before (a load of minutes per 20k orders).
const span = 730 * DAY_MS;
const step = Math.floor(span / ORDERS);
const from = now - span;
for (let a = 1; a <= ORDERS; a += BATCH) {
  const b = Math.min(ORDERS, a + BATCH - 1);
  const created = isoOf(sql`${sql.lit(from)} + g * ${sql.lit(step)}`);
  await sql`insert into orders (order_number, status, payment_method, customer_email,
      customer_type, customer_country_code, subtotal, vat_amount, shipping_amount,
      total_amount, balance_due, shipping_address, created_at, updated_at)
    select 'BENCH-' || g,
      case when g % 20 = 0 then 'cancelled' when g % 50 = 1 then 'refunded'
        when g % 7 = 0 then 'pending' when g % 5 = 0 then 'shipped' else 'delivered' end,
      case when g % 3 = 0 then 'card' else 'cash_on_delivery' end,
      'buyer' || (g % 5000) || '@example.com', 'individual', 'TN', 40000, 7600, 7000,
      54600, case when g % 20 = 0 or g % 50 = 1 then 0 else 54600 end,
      '{"first_name":"Jane","last_name":"Doe","country":"TN","email":"buyer' || (g % 5000) ||
        '@example.com"}',
      ${created}, ${created}
    from ${series(a, b)}`.execute(db);
  const ids = await db
    .selectFrom('orders')
    .select([(e) => e.fn.min('id').as('first'), (e) => e.fn.max('id').as('last')])
    .where('order_number', 'in', [`BENCH-${a}`, `BENCH-${b}`])
    .executeTakeFirstOrThrow();
  await sql`insert into order_items (order_id, product_id, variant_id, product_name,
      variant_title, product_sku, quantity, unit_price, unit_price_incl_vat, vat_rate_bp,
      vat_amount, total_price, total_price_incl_vat)
    select o.id, v.product_id, v.id, 'Bench product', v.variant_title, v.sku,
      1 + (o.id + k.k) % 3, 10000, 11900, 1900, 1900 * (1 + (o.id + k.k) % 3),
      10000 * (1 + (o.id + k.k) % 3), 11900 * (1 + (o.id + k.k) % 3)
    from orders o
    cross join (select 0 as k union all select 1 as k) k
    join variants v on v.id = ${sql.lit(firstVariant)} + (o.id * 7 + k.k * 3331) % ${sql.lit(SOLD)}
    where o.id between ${Number(ids.first)} and ${Number(ids.last)}`.execute(db);
  // One return in 200 orders, the day after the order, of one unit of its first line.
  await sql`insert into order_returns (order_id, reason, subtotal, vat_amount, total_amount,
      created_at)
    select o.id, 'bench', 10000, 1900, 11900, o.created_at
    from orders o
    where o.id between ${Number(ids.first)} and ${Number(ids.last)} and o.id % 200 = 0`.execute(db);
  await sql`insert into order_return_lines (return_id, order_item_id, quantity, restock,
      total_price, vat_amount, total_price_incl_vat)
    select r.id, (select min(i.id) from order_items i where i.order_id = r.order_id), 1, 0,
      10000, 1900, 11900
    from order_returns r
    where r.order_id between ${Number(ids.first)} and ${Number(ids.last)}`.execute(db);
  console.error(`${dialect}: ${b.toLocaleString('en-US')} orders loaded`);
}
await sql`analyze`.execute(db);
if (dialect === 'postgres') await sql`vacuum analyze`.execute(db);
const buildSeconds = (Date.now() - started) / 1000;
console.error(
  `${dialect}: ${ORDERS.toLocaleString('en-US')} orders (${(2 * ORDERS).toLocaleString('en-US')} ` +
    `lines) and ${VARIANTS.toLocaleString('en-US')} variants built in ${buildSeconds.toFixed(1)} s`,
);

const limit = await startLimitServer();

/** Latencies in ms of `count` requests one after the other (2 more first, not counted). */
async function timings(
  url: string,
  count: number,
): Promise<{ status: number; ms: number[]; body: Buffer; type: string }> {
  let body = Buffer.alloc(0);
  let status = 0;
  let type = 'application/json';
  const ms: number[] = [];
  for (let i = 0; i < count + 2; i++) {
    const t0 = performance.now();
    const res = await fetch(url, { headers });
    body = Buffer.from(await res.arrayBuffer());
    status = res.status;
    type = res.headers.get('content-type') ?? type;
    if (status !== 200) return { status, ms, body, type };
    if (i >= 2) ms.push(performance.now() - t0);
  }
  return { status, ms, body, type };
}

const percentile = (ms: number[], p: number) => {
  const sorted = [...ms].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};
const f = (n: number) => n.toFixed(1);

const today = shopDay(new Date(), 'Africa/Tunis');
const month = `from=${addDays(today, -29)}&to=${today}`;
const year = `from=${addDays(today, -364)}&to=${today}`;
// A year that starts and ends inside a month (about two weeks of days at each edge), read partly
// from the daily roll-up; the 30 days and the year above may fall on whole months.
const yearInMonths = `from=${addDays(today, -350)}&to=${addDays(today, -16)}`;
const PATHS = [
  `/api/v1/admin/reports/sales?${year}&interval=month`,
  `/api/v1/admin/reports/sales?${month}&interval=day`,
  `/api/v1/admin/reports/sales-breakdown?${month}`,
  `/api/v1/admin/reports/sales-breakdown?${year}`,
  `/api/v1/admin/reports/top-products?${month}`,
  `/api/v1/admin/reports/top-products?${year}`,
  `/api/v1/admin/reports/top-products?${yearInMonths}`,
  `/api/v1/admin/reports/returns?${month}`,
  '/api/v1/admin/reports/stock-valuation',
  '/api/v1/admin/reports/slow-movers',
  '/api/v1/admin/reports/low-stock',
  '/api/v1/admin/dashboard/summary?period=30_days',
];

console.log(
  `\n${dialect}: ${ORDERS.toLocaleString('en-US')} orders, ${VARIANTS.toLocaleString('en-US')} ` +
    `variants, built in ${buildSeconds.toFixed(1)} s\n`,
);
console.log(
  '| database | endpoint | p50 ms | p99 ms | target p99 ms | bytes | limit p50 ms | limit p99 ms |',
);
console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const path of PATHS) {
  const app = await timings(`${address}${path}`, REQUESTS);
  if (app.status !== 200) {
    console.log(`| ${dialect} | ${path} | ${app.status}: skipped | | ${TARGET_MS} | | | |`);
    continue;
  }
  limit.serve(app.body, app.type);
  const bare = await timings(limit.url, REQUESTS);
  const p99 = percentile(app.ms, 99);
  console.log(
    `| ${dialect} | ${path} | ${f(percentile(app.ms, 50))} | ${f(p99)}${p99 > TARGET_MS ? ' ✗' : ''} | ` +
      `${TARGET_MS} | ${app.body.length.toLocaleString('en-US')} | ${f(percentile(bare.ms, 50))} | ` +
      `${f(percentile(bare.ms, 99))} |`,
  );
}

await limit.close();
await shop.close();
