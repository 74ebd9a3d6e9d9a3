// `npm run bench:checkout` (under scripts/with-postgres.sh): checkout orders per second with one
// server instance, then with two on the same PostgreSQL database (real processes, npm start's
// main.ts), buyers spread evenly over the instances. Each buyer puts one unit in a fresh cart and
// checks out, again and again, for BENCH_SECONDS (default 15) per run. Figures only, never
// asserted: they depend on the machine (on 2 cores, the buyers' own requests compete with the
// servers). BENCH_BUYERS concurrent buyers (default 20).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPostgres } from '../server/src/db/database';
import { defaultVatRateId, insertSimpleProduct } from '../server/test-support/fixtures';
import { BENCH_SHIPPING_ADDRESS } from './checkout-race';
import {
  createPostgresDatabase,
  startServerProcess,
  type ServerProcess,
} from '../server/test-support/server-process';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const BUYERS = Number(process.env.BENCH_BUYERS ?? 20);

const database = await createPostgresDatabase('bench_checkout');
const dataDirs: string[] = [];
const servers: ServerProcess[] = [];
const shared = {
  DATABASE_URL: database.url,
  JWT_SECRET: randomBytes(32).toString('hex'),
  URL_SIGNING_KEY: randomBytes(32).toString('hex'),
  ADMIN_PASSWORD: 'bench-checkout-pw',
};
const startInstance = async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-checkout-'));
  dataDirs.push(dataDir);
  const server = await startServerProcess({ ...shared, DATA_DIR: dataDir });
  servers.push(server);
  return server;
};
const db = openPostgres(database.url, { max: 2 });

const post = (url: string, body: unknown) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

/** Orders per second of BUYERS buyers spread over these instances, on a product of its own. */
async function measure(instances: ServerProcess[], run: string) {
  const { productId } = await insertSimpleProduct(
    db.db,
    { vat_rate_id: await defaultVatRateId(db.db) },
    { stock_quantity: 1_000_000 },
  );
  let orders = 0;
  let n = 0;
  const until = performance.now() + SECONDS * 1000;
  const buyer = async (b: number) => {
    const api = instances[b % instances.length]?.api ?? '';
    while (performance.now() < until) {
      const session = `bench-${run}-${b}-${n++}`;
      const add = await post(`${api}/cart/items?session_id=${session}`, {
        product_id: productId,
        quantity: 1,
      });
      if (add.status !== 201) throw new Error(`cart answered ${add.status}: ${await add.text()}`);
      const res = await post(`${api}/orders/?session_id=${session}`, {
        payment_method: 'cash_on_delivery',
        shipping_address: BENCH_SHIPPING_ADDRESS,
      });
      if (res.status !== 201)
        throw new Error(`checkout answered ${res.status}: ${await res.text()}`);
      orders += 1;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: BUYERS }, (_, b) => buyer(b)));
  return orders / ((performance.now() - started) / 1000);
}

try {
  console.error(`bench:checkout: ${BUYERS} buyers, ${SECONDS} s per run, ${cpus().length} cores`);
  const a = await startInstance();
  const one = await measure([a], 'one');
  console.error(`  one instance: ${one.toFixed(1)} orders/s`);
  const b = await startInstance();
  const two = await measure([a, b], 'two');
  console.error(`  two instances: ${two.toFixed(1)} orders/s`);
  console.log('\nCheckout on PostgreSQL (cart line + checkout per order), orders/s');
  console.log(`  one instance   two instances   ratio`);
  console.log(
    `  ${one.toFixed(1).padStart(12)}   ${two.toFixed(1).padStart(13)}   ×${(two / one).toFixed(2)}`,
  );
} finally {
  for (const s of servers) s.child.kill('SIGTERM');
  await Promise.all(servers.map((s) => s.exited));
  await db.close();
  await database.drop();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
}
