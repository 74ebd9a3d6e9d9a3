// The CSV export of orders at scale (issue #13): 200k orders loaded with the scale seed, then
// exported over HTTP (per order and per line) by a client that reads as fast as it can. Prints
// rows/s, seconds and bytes, and the process's memory during each export against before it (RSS
// and heap sampled every 20 ms): the export streams, so the growth should not follow the number
// of rows. Figures, never asserted. On the embedded SQLite, or on PostgreSQL under
// scripts/with-postgres.sh. BENCH_SCALE (default 1) shrinks the shop for a quick try:
//   npx tsx --expose-gc bench/export.bench.ts
//   BENCH_SCALE=0.05 bash scripts/with-postgres.sh npx tsx bench/export.bench.ts
import { get } from 'node:http';
import { sql } from 'kysely';
import { insertScaleOrders, insertScaleProducts } from '../server/src/seed/scale';
import { openBenchShop } from './shop';

const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const ORDERS = Math.round(200_000 * SCALE);
const PRODUCTS = Math.max(50, Math.round(2_000 * SCALE));
const MB = 1024 * 1024;

const shop = await openBenchShop('shop-export-bench');
const { config, database, target, address } = shop;
const { authorization } = shop.headers;

const started = Date.now();
await insertScaleProducts(target, PRODUCTS);
await insertScaleOrders(target, ORDERS, {
  now: new Date(),
  shippingNet: config.shippingFlatRateMillimes,
});
if (database.dialect === 'postgres') await sql`vacuum analyze`.execute(database.db);
console.error(
  `${database.dialect}: ${ORDERS} orders loaded in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);

/** Reads the whole answer, keeping only its size and number of lines. */
function download(
  path: string,
): Promise<{ status: number; total: string; bytes: number; lines: number }> {
  return new Promise((resolve, reject) => {
    get(`${address}${path}`, { headers: { authorization } }, (res) => {
      let bytes = 0;
      let lines = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines += 1;
      });
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          total: String(res.headers['x-total-count']),
          bytes,
          lines,
        }),
      );
      res.on('error', reject);
    }).on('error', reject);
  });
}

const { gc } = globalThis as { gc?: () => void };

async function measure(path: string) {
  gc?.();
  const before = process.memoryUsage();
  const peak = { rss: before.rss, heap: before.heapUsed };
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    peak.rss = Math.max(peak.rss, now.rss);
    peak.heap = Math.max(peak.heap, now.heapUsed);
  }, 20);
  const t0 = performance.now();
  const result = await download(path);
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  gc?.();
  const after = process.memoryUsage();
  const rows = result.lines - 1;
  console.log(
    `${database.dialect} ${path}: status ${result.status}, X-Total-Count ${result.total}, ` +
      `${rows} rows in ${seconds.toFixed(1)} s = ${Math.round(rows / seconds)} rows/s, ` +
      `${(result.bytes / MB).toFixed(1)} MB; RSS ${(before.rss / MB).toFixed(0)} MB before, ` +
      `peak ${(peak.rss / MB).toFixed(0)} MB (+${((peak.rss - before.rss) / MB).toFixed(0)}); ` +
      `heap ${(before.heapUsed / MB).toFixed(0)} MB before, peak ${(peak.heap / MB).toFixed(0)} MB ` +
      `(+${((peak.heap - before.heapUsed) / MB).toFixed(0)}), ${(after.heapUsed / MB).toFixed(0)} MB after` +
      (gc ? ' a GC' : ' (no GC: run with --expose-gc for the heap left after a collection)'),
  );
}

await measure('/api/v1/admin/exports/orders');
await measure('/api/v1/admin/exports/orders?rows=lines');
await measure('/api/v1/admin/exports/orders?sort=total_amount&status=delivered');
// Again, on a database that has read every order once (the first export after the load also
// pays for cold pages).
await measure('/api/v1/admin/exports/orders');

await shop.close();
