// `npm run bench`: the lists, dashboard figures and customers overview as the shop grows
// (1k → 10k → 100k products, then 10k → 200k orders), each beside its limit (measure.ts), on
// the embedded SQLite and, under scripts/with-postgres.sh (DATABASE_URL set), on PostgreSQL.
// Each GET is measured twice: as users get it (list answers come from the list cache) and cold,
// on a second server on the same database with the cache off, so the cost of making an answer
// stays visible. Figures are printed and written to bench/results/<database>.json, never
// asserted: they depend on the machine. BENCH_SECONDS per measurement (default 3), BENCH_RUNS
// (the app and its limit are measured in turns this many times, medians kept; default 3),
// BENCH_CONNECTIONS (default 10), BENCH_SCALE (default 1).
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { insertScaleOrders, insertScaleProducts, scaleProductCode } from '../server/src/seed/scale';
import { checkoutRace } from './checkout-race';
import {
  CONNECTIONS,
  measureGet,
  RUNS,
  measureWrite,
  SECONDS,
  startLimitServer,
  type Measurement,
} from './measure';
import { printCurves, printTable, type Curve } from './report';
import { openBenchShop } from './shop';

/** BENCH_SCALE < 1 shrinks every size, for a quick try of the bench itself. */
const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const PRODUCT_STEPS = [1_000, 10_000, 100_000].map((n) => Math.round(n * SCALE));
const ORDER_STEPS = [10_000, 200_000].map((n) => Math.round(n * SCALE));

const benchStarted = Date.now();
/** The machine's 1-minute load average: figures taken on a busy machine are lower. */
const loadAverage = { start: loadavg()[0] ?? 0, end: 0 };
const shop = await openBenchShop('shop-bench');
const { config, database, target, address, headers } = shop;
// The same server with the list cache off, on the same database: the cost of an answer made.
const cold = await shop.listenAlso({ ...config, listCacheMb: 0 });
const servers = { app: address, cold: cold.address };
const limit = await startLimitServer();

const measurements: Measurement[] = [];
const loads: { rows: string; seconds: number }[] = [];
const get = async (path: string, rows: string) => {
  const m = await measureGet(servers, limit, { path, rows, headers });
  measurements.push(m);
  const rate = (f: Measurement['figures']) =>
    f ? `${Math.round(f.requestsPerSecond)} req/s` : 'n/a';
  console.error(
    `  ${path} (${rows}): ${m.figures ? `${rate(m.figures)}, cold ${rate(m.cold)}` : `n/a (${m.status})`}`,
  );
};
async function grow(rows: string, insert: () => Promise<unknown>) {
  const started = Date.now();
  await insert();
  const seconds = (Date.now() - started) / 1000;
  loads.push({ rows, seconds });
  console.error(`${database.dialect}: ${rows} loaded in ${seconds.toFixed(1)} s`);
  // What autovacuum would do shortly after such a load (statistics for the planner, the
  // visibility map), done now so it does not run in the middle of a measurement.
  if (database.dialect === 'postgres') await sql`vacuum analyze`.execute(database.db);
}

let products = 0;
for (const step of PRODUCT_STEPS) {
  await grow(`${step} products`, () => insertScaleProducts(target, step - products));
  products = step;
  const rows = `${step} products`;
  await get('/api/v1/admin/products/?limit=100', rows);
  await get('/api/v1/products/?limit=100', rows);
}
await get('/api/v1/admin/products/?limit=100&sort=-base_price', `${products} products`);
// The stock sort and state filter (#26), kept on products by triggers (migration 026) and
// indexed: at the largest size they should cost what -base_price does.
await get('/api/v1/admin/products/?limit=100&sort=stock', `${products} products`);
await get(
  '/api/v1/admin/products/?limit=100&stock_state=low_stock&sort=-stock',
  `${products} products`,
);
await get(
  `/api/v1/admin/products/?limit=100&search=${scaleProductCode(1)}`,
  `${products} products`,
);

let orders = 0;
const now = new Date();
for (const step of ORDER_STEPS) {
  await grow(`${step} orders`, () =>
    insertScaleOrders(target, step - orders, { now, shippingNet: config.shippingFlatRateMillimes }),
  );
  orders = step;
  await get('/api/v1/admin/orders/?limit=100', `${step} orders`);
}
const rows = `${orders} orders`;
await get('/api/v1/admin/orders/?limit=100&status=pending', rows);
await get('/api/v1/admin/orders/?limit=100&sort=-total_amount', rows);
// The oldest order, found by a part of its number, as a user would look it up.
const oldest = await database.db
  .selectFrom('orders')
  .select('order_number')
  .orderBy('id')
  .executeTakeFirstOrThrow();
await get(`/api/v1/admin/orders/?limit=100&search=${oldest.order_number.slice(-9)}`, rows);
await get('/api/v1/admin/stats/', rows);
await get('/api/v1/admin/customers/?limit=100', rows);

const variant = await database.db
  .selectFrom('variants')
  .select('id')
  .where('sku', '=', `SC-${scaleProductCode(1)}`)
  .executeTakeFirstOrThrow();
measurements.push(
  await measureWrite(address, {
    path: `/api/v1/admin/variants/${variant.id}/inventory/adjust`,
    rows,
    headers,
    bodies: [
      { adjustment: 1, reason: 'bench' },
      { adjustment: -1, reason: 'bench' },
    ],
  }),
);
const race = await checkoutRace(address, database.db);

const curveOf = (name: string, endpoint: string): Curve => ({
  name,
  points: measurements.filter((m) => m.endpoint === endpoint),
});
const curves = [
  curveOf('admin product list', '/api/v1/admin/products/?limit=100'),
  curveOf('public product list', '/api/v1/products/?limit=100'),
  curveOf('admin order list', '/api/v1/admin/orders/?limit=100'),
];

console.log(
  `\n${database.dialect}: ${CONNECTIONS} connections, ${SECONDS} s per measurement, medians of ${RUNS} runs of the app and its limit in turns; loads: ` +
    loads.map((l) => `${l.rows} in ${l.seconds.toFixed(1)} s`).join(', '),
);
printTable(database.dialect, measurements);
printCurves(curves);
console.log(
  `\nCheckout race on ${database.dialect}: ${race.BUYERS} concurrent buyers, ${race.STOCK} units: ` +
    `${race.orders} orders in ${race.seconds.toFixed(1)} s = ${(race.orders / race.seconds).toFixed(1)} orders/s; ` +
    `${race.refused} refused at checkout; stock left ${race.left}; oversold ${race.oversold}`,
);
const totalSeconds = (Date.now() - benchStarted) / 1000;
loadAverage.end = loadavg()[0] ?? 0;
console.log(
  `Whole run on ${database.dialect}: ${totalSeconds.toFixed(0)} s; machine load average ` +
    `${loadAverage.start.toFixed(1)} at the start, ${loadAverage.end.toFixed(1)} at the end`,
);

const resultsDir = join(import.meta.dirname, 'results');
mkdirSync(resultsDir, { recursive: true });
writeFileSync(
  join(resultsDir, `${database.dialect}.json`),
  `${JSON.stringify(
    {
      database: database.dialect,
      at: new Date().toISOString(),
      seconds: SECONDS,
      runs: RUNS,
      connections: CONNECTIONS,
      loads,
      measurements,
      curves,
      race,
      totalSeconds,
      loadAverage,
    },
    null,
    2,
  )}\n`,
);

await limit.close();
await shop.close();
