// The accountant's books at scale (#30, "Done when": the VAT return and the register for a month
// of 20k invoices): October 2026 holds 20,000 invoices and 2,000 credit notes (every tenth sale
// cancelled or partly returned), written straight into the tables with the domain's builders
// (server/test-support/books.ts), spread over the month and over 500 orders (a bench needs the
// documents, not one order each). Then, one request at a time (BENCH_REQUESTS, default 20,
// after 2 to warm up): getVatReturn, the register's first page (getSalesRegister, limit 50) and
// its CSV of the whole month (a quarter as many requests), each with p50/p99 beside its limit measured in the same run (the
// same bytes answered from a buffer by a bare Fastify route, requested the same way). Figures,
// never asserted. On SQLite, or PostgreSQL under scripts/with-postgres.sh:
//   npx tsx bench/reports.bench.ts
//   BENCH_SCALE=0.1 bash scripts/with-postgres.sh npx tsx bench/reports.bench.ts
import { sql } from 'kysely';
import { monthBounds } from '../server/src/domain/books';
import type { InvoiceContent } from '../server/src/domain/invoice';
import {
  BOOKS_TIME_ZONE,
  documentRow,
  saleCreditNote,
  saleInvoice,
  type Sale,
} from '../server/test-support/books';
import { startLimitServer } from './measure';
import { openBenchShop } from './shop';

const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const INVOICES = Math.round(20_000 * SCALE);
const ORDERS = 500;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 20);
/** The CSV files hold the whole month: fewer of them. */
const FILE_REQUESTS = Math.max(1, Math.round(REQUESTS / 4));
const BATCH = 500;

const shop = await openBenchShop('shop-reports-bench');
const { database, address } = shop;
const { db, dialect } = database;
const headers = shop.headers;

const started = Date.now();
await db
  .updateTable('shop_settings')
  .set({ legal_name: 'Maison Carthage SARL', matricule_fiscal: '1234567A/A/M/000' })
  .where('id', '=', 1)
  .execute();
const at = new Date().toISOString();
const orderIds: number[] = [];
for (let i = 0; i < ORDERS; i++) {
  const row = await db
    .insertInto('orders')
    .values({
      order_number: `ORD-BENCH-${String(i + 1).padStart(6, '0')}`,
      status: 'delivered',
      payment_method: 'card',
      customer_id: null,
      customer_email: `buyer${i}@example.com`,
      customer_type: 'individual',
      customer_country_code: 'TN',
      vat_number: null,
      total_amount: 0,
      shipping_address: JSON.stringify({ first_name: 'Jane', last_name: 'Doe', country: 'TN' }),
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  orderIds.push(Number(row.id));
}

/** Sales of every kind the month meets, in turn. */
const SALES: Sale[] = [
  {
    lines: [
      { price: 119_000, includesVat: true, rateBp: 1900, quantity: 1 },
      { price: 12_500, includesVat: false, rateBp: 700, quantity: 3 },
    ],
    treatment: 'domestic',
    shipping: 7_000,
    discountShare: 0,
    fate: 'kept',
    company: null,
  },
  {
    lines: [{ price: 250_000, includesVat: false, rateBp: 1900, quantity: 4 }],
    treatment: 'domestic',
    shipping: 0,
    discountShare: 0.1,
    fate: 'kept',
    company: 'Atlas SARL',
  },
  {
    lines: [{ price: 80_000, includesVat: true, rateBp: 1900, quantity: 2 }],
    treatment: 'export',
    shipping: 25_000,
    discountShare: 0,
    fate: 'kept',
    company: null,
  },
];

const month = monthBounds('2026-10', BOOKS_TIME_ZONE);
const span = month.end.getTime() - month.start.getTime();
const numbered = (prefix: string, n: number) => `${prefix}2026-${String(n).padStart(6, '0')}`;
let rows: ReturnType<typeof documentRow>[] = [];
const flush = async () => {
  if (rows.length > 0) await db.insertInto('invoices').values(rows).execute();
  rows = [];
};
const credits: { id: number; content: InvoiceContent; fate: Sale['fate']; at: string }[] = [];
for (let n = 1; n <= INVOICES; n++) {
  const issuedAt = new Date(month.start.getTime() + Math.floor(((n - 0.5) * span) / INVOICES));
  const sale = SALES[n % SALES.length] ?? SALES[0];
  if (!sale) throw new Error('no sale');
  const content = saleInvoice(sale, orderIds[n % ORDERS] ?? 0, {
    number: numbered('INV-', n),
    issuedAt: issuedAt.toISOString(),
  });
  rows.push(documentRow(content));
  if (n % 10 === 0) {
    credits.push({
      id: 0,
      content,
      fate: n % 20 === 0 ? 'cancelled' : 'returned',
      at: new Date(Math.min(issuedAt.getTime() + 3_600_000, month.end.getTime() - 1)).toISOString(),
    });
  }
  if (rows.length === BATCH) await flush();
}
await flush();
// The credit notes name their invoice's id: read them back by number.
const ids = new Map(
  (
    await db.selectFrom('invoices').select(['id', 'number']).where('kind', '=', 'invoice').execute()
  ).map((r) => [r.number, Number(r.id)]),
);
credits.sort((a, b) => a.at.localeCompare(b.at));
for (const [i, c] of credits.entries()) {
  const id = ids.get(c.content.number) ?? 0;
  const note = saleCreditNote({ id, content: c.content }, c.fate, {
    number: numbered('CN-', i + 1),
    issuedAt: c.at,
  });
  if (note) rows.push(documentRow(note, c.fate === 'cancelled' ? id : null));
  if (rows.length === BATCH) await flush();
}
await flush();
if (dialect === 'postgres') await sql`vacuum analyze`.execute(db);
console.error(
  `${dialect}: ${INVOICES} invoices and ${credits.length} credit notes in October 2026 loaded in ` +
    `${((Date.now() - started) / 1000).toFixed(1)} s`,
);

const limit = await startLimitServer();

/** Latencies in ms of `count` requests one after the other (2 more first, not counted). */
async function timings(
  url: string,
  init: RequestInit,
  count: number,
): Promise<{ ms: number[]; body: Buffer }> {
  let body = Buffer.alloc(0);
  const ms: number[] = [];
  for (let i = 0; i < count + 2; i++) {
    const t0 = performance.now();
    const res = await fetch(url, init);
    body = Buffer.from(await res.arrayBuffer());
    if (res.status !== 200)
      throw new Error(`${url}: ${res.status} ${body.toString().slice(0, 200)}`);
    if (i >= 2) ms.push(performance.now() - t0);
  }
  return { ms, body };
}

const percentile = (ms: number[], p: number) => {
  const sorted = [...ms].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};
const f = (n: number) => n.toFixed(1);

console.log(
  `\n| database | endpoint | documents | p50 ms | p99 ms | bytes | limit p50 ms | limit p99 ms |`,
);
console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const path of [
  '/api/v1/admin/reports/vat-return?month=2026-10',
  '/api/v1/admin/reports/sales-register?from=2026-10-01&to=2026-10-31&limit=50',
  '/api/v1/admin/reports/sales-register.csv?from=2026-10-01&to=2026-10-31',
  '/api/v1/admin/reports/vat-return.csv?month=2026-10',
]) {
  const file = path.includes('.csv');
  const count = file ? FILE_REQUESTS : REQUESTS;
  const app = await timings(`${address}${path}`, { headers }, count);
  limit.serve(app.body, file ? 'text/csv; charset=utf-8' : 'application/json');
  const bare = await timings(limit.url, { headers }, count);
  console.log(
    `| ${dialect} | ${path} | ${INVOICES + credits.length} | ${f(percentile(app.ms, 50))} | ` +
      `${f(percentile(app.ms, 99))} | ${app.body.length.toLocaleString('en-US')} | ` +
      `${f(percentile(bare.ms, 50))} | ${f(percentile(bare.ms, 99))} |`,
  );
}

await limit.close();
await shop.close();
