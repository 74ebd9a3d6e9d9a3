// `npm run bench:order-desk` (#28): completing a staff order and recording a return, in orders
// per second, on the embedded SQLite and, under scripts/with-postgres.sh, on PostgreSQL. The shop
// has a complete seller identity, so each completion (status confirmed) issues an invoice and
// each return (one unit of two lines' three, restocked) a partial credit note, as in a real shop.
// BENCH_ORDERS staff orders (default 300) are prepared first, then completed by
// BENCH_CONNECTIONS concurrent clients (default 10), then one return is recorded for each.
// Beside each figure, its limit measured in the same run with the same client loop: a minimal
// Fastify route answering the same bytes to the same POST (what this machine can do at most for
// that exchange). Figures, never asserted: they depend on the machine. Stock is printed against
// what the orders and returns should have left, so a figure of a broken run shows as such.
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { defaultVatRateId, insertSimpleProduct } from '../server/test-support/fixtures';
import { BENCH_SHIPPING_ADDRESS } from './checkout-race';
import { CONNECTIONS, startLimitServer } from './measure';
import { openBenchShop } from './shop';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 300);
/** Operations done first and not counted: statements prepared, caches and JIT warm. */
const WARM_UP = 10;
const STOCK = 1_000_000;

/** The machine's 1-minute load average: figures taken on a busy machine are lower. */
const loadAverage = { start: loadavg()[0] ?? 0, end: 0 };
const shop = await openBenchShop('order-desk-bench');
const { database, address, headers } = shop;
const limit = await startLimitServer();

interface Answer {
  status: number;
  bytes: Buffer;
  type: string;
}

async function send(method: string, url: string, body: unknown): Promise<Answer> {
  const res = await fetch(url, {
    method,
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return {
    status: res.status,
    bytes: Buffer.from(await res.arrayBuffer()),
    type: res.headers.get('content-type') ?? 'application/json',
  };
}

/** The answer's JSON when it has this status; anything else stops the bench. */
async function expectAnswer<T>(status: number, answer: Promise<Answer>, what: string) {
  const a = await answer;
  if (a.status !== status) throw new Error(`${what} answered ${a.status}: ${a.bytes.toString()}`);
  return { ...a, json: JSON.parse(a.bytes.toString()) as T };
}

interface Rate {
  perSecond: number;
  p50: number;
  p99: number;
}

/** `work` for every item, CONNECTIONS at a time: items per second and latency percentiles. */
async function throughput<T>(items: readonly T[], work: (item: T) => Promise<void>) {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  const client = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      const t0 = performance.now();
      await work(item);
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, client));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { perSecond: items.length / seconds, p50: at(0.5), p99: at(0.99) } satisfies Rate;
}

/** The limit of an exchange: the same POST body, answered with `answer`'s bytes, as often. */
async function limitOf(count: number, body: unknown, answer: Answer): Promise<Rate> {
  limit.serve(answer.bytes, answer.type);
  return throughput(Array.from({ length: count }), async () => {
    const a = await send('POST', limit.url, body);
    if (a.status !== 200) throw new Error(`the limit answered ${a.status}`);
  });
}

// The seller identity an invoice needs (what is measured starts after it).
await database.db
  .updateTable('shop_settings')
  .set({
    legal_name: 'Bench SARL',
    address: '1 Rue de Rome\n1000 Tunis',
    matricule_fiscal: '1234567A/A/M/000',
  })
  .execute();
const vatRateId = await defaultVatRateId(database.db);
const product = (sku: string) =>
  insertSimpleProduct(database.db, { vat_rate_id: vatRateId }, { sku, stock_quantity: STOCK });
const [shirt, mug] = [await product('BENCH-SHIRT'), await product('BENCH-MUG')];

const count = WARM_UP + ORDERS;
console.error(`${database.dialect}: preparing ${count} staff orders`);
const drafts: number[] = [];
await throughput(Array.from({ length: count }), async () => {
  const draft = await expectAnswer<{ id: number }>(
    201,
    send('POST', `${address}/api/v1/admin/draft-orders/`, {
      guest: { name: 'Bench Buyer', phone: '+216 71 000 000', email: 'bench@example.com' },
      shipping_address: BENCH_SHIPPING_ADDRESS,
      payment_method: 'cash_on_delivery',
      lines: [
        { variant_id: shirt.variantId, quantity: 2 },
        { variant_id: mug.variantId, quantity: 1 },
      ],
    }),
    'createDraftOrder',
  );
  drafts.push(draft.json.id);
});

/** The order of each completed draft: its id and its shirt line. */
const orders: { id: number; shirtItem: number }[] = [];
const completion = { status: 'confirmed' };
let completed: Answer | undefined;
const complete = async (draftId: number) => {
  const order = await expectAnswer<{ id: number; items: { id: number; variant_id: number }[] }>(
    201,
    send('POST', `${address}/api/v1/admin/draft-orders/${draftId}/complete`, completion),
    'completeDraftOrder',
  );
  const item = order.json.items.find((i) => i.variant_id === shirt.variantId);
  if (!item) throw new Error(`order ${order.json.id} has no shirt line`);
  orders.push({ id: order.json.id, shirtItem: item.id });
  completed = order;
};
for (const id of drafts.slice(0, WARM_UP)) await complete(id);
const completing = await throughput(drafts.slice(WARM_UP), complete);
if (!completed) throw new Error('no order completed');
const completingLimit = await limitOf(ORDERS, completion, completed);
console.error(`  completing: ${completing.perSecond.toFixed(1)} orders/s`);

const returnOf = (shirtItem: number) => ({
  reason: 'Wrong size',
  lines: [{ order_item_id: shirtItem, quantity: 1, restock: true }],
});
let returned: Answer | undefined;
const recordReturn = async (order: { id: number; shirtItem: number }) => {
  returned = await expectAnswer(
    201,
    send('POST', `${address}/api/v1/admin/orders/${order.id}/returns`, returnOf(order.shirtItem)),
    'createOrderReturn',
  );
};
for (const order of orders.slice(0, WARM_UP)) await recordReturn(order);
const returning = await throughput(orders.slice(WARM_UP), recordReturn);
if (!returned) throw new Error('no return recorded');
const returningLimit = await limitOf(ORDERS, returnOf(0), returned);
console.error(`  returns: ${returning.perSecond.toFixed(1)} orders/s`);

// Each order took 2 shirts and 1 mug; each return put 1 shirt back.
const stockOf = async (variantId: number) =>
  (
    await database.db
      .selectFrom('variants')
      .select('stock_quantity')
      .where('id', '=', variantId)
      .executeTakeFirstOrThrow()
  ).stock_quantity;
const stock = {
  shirt: { expected: STOCK - count, found: await stockOf(shirt.variantId) },
  mug: { expected: STOCK - count, found: await stockOf(mug.variantId) },
};
const documents = async (kind: 'invoice' | 'credit_note') =>
  Number(
    (
      await database.db
        .selectFrom('invoices')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('kind', '=', kind)
        .executeTakeFirstOrThrow()
    ).n,
  );
const issued = {
  invoices: await documents('invoice'),
  creditNotes: await documents('credit_note'),
};

const row = (what: string, rate: Rate, of: Rate) =>
  `| ${database.dialect} | ${what} | ${rate.perSecond.toFixed(1)} | ${of.perSecond.toFixed(0)} | ` +
  `${((rate.perSecond / of.perSecond) * 100).toFixed(1)} % | ${rate.p50.toFixed(1)} | ${rate.p99.toFixed(1)} |`;
loadAverage.end = loadavg()[0] ?? 0;
console.log(
  `\n${database.dialect}: ${ORDERS} orders (after ${WARM_UP} not counted), ${CONNECTIONS} concurrent clients; ` +
    `machine load average ${loadAverage.start.toFixed(1)} at the start, ${loadAverage.end.toFixed(1)} at the end`,
);
console.log('| database | operation | orders/s | limit req/s | % of limit | p50 ms | p99 ms |');
console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: |');
console.log(
  row('complete a staff order (2 lines, confirmed: invoice)', completing, completingLimit),
);
console.log(row('record a return (1 unit, restocked: credit note)', returning, returningLimit));
const check = (s: { expected: number; found: number }) =>
  s.found === s.expected ? `${s.found} (as expected)` : `${s.found}, EXPECTED ${s.expected}`;
console.log(
  `Stock left: shirt ${check(stock.shirt)}, mug ${check(stock.mug)}; ` +
    `${issued.invoices} invoices and ${issued.creditNotes} credit notes issued for ${count} orders`,
);

const resultsDir = join(import.meta.dirname, 'results');
mkdirSync(resultsDir, { recursive: true });
writeFileSync(
  join(resultsDir, `order-desk-${database.dialect}.json`),
  `${JSON.stringify(
    {
      database: database.dialect,
      at: new Date().toISOString(),
      orders: ORDERS,
      connections: CONNECTIONS,
      completing,
      completingLimit,
      returning,
      returningLimit,
      stock,
      issued,
      loadAverage,
    },
    null,
    2,
  )}\n`,
);

await limit.close();
await shop.close();
