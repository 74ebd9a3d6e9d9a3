// The rules a shop keeps every day (#32; docs/product.md §10.33), checked by the simulator after
// each simulated day against the database the server writes and against what its API answers.
// Each check throws InvariantBroken naming its rule; the simulator adds the day and the seed.
// The checks of one service reuse that service's property helpers (stock ledger, order sums).
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import { statusesWhere } from '../../../contract/order-status';
import type { Schemas } from '../api/types';
import type { Database } from '../db/schema';
import { salesReportOf } from '../domain/analytics';
import { millimesOf, shopDayOf } from '../domain/books';
import { fromMillimes } from '../domain/money';
import { rowCount } from '../../test-support/fixtures';
import { expectOrderAddsUp } from '../../test-support/order-totals';
import { readSaleOrders, readSalePayments } from '../../test-support/sales';
import { stockLedgerMismatches } from '../../test-support/stock';
import { InvariantBroken, type ShopClient } from './client';

/** Runs a check written with vitest's expect (the property tests'), as a named rule. */
function asRule(rule: string, subject: string, check: () => void): void {
  try {
    check();
  } catch (err) {
    throw new InvariantBroken(rule, `${subject}: ${(err as Error).message}`);
  }
}

/** stock = Σ movements for every variant, and never below zero unless it takes backorders. */
export async function checkStock(db: Kysely<Database>): Promise<void> {
  let mismatches;
  try {
    mismatches = await stockLedgerMismatches(db);
  } catch (err) {
    throw new InvariantBroken('stock = Σ movements', (err as Error).message);
  }
  if (mismatches.length > 0) {
    throw new InvariantBroken('stock = Σ movements', JSON.stringify(mismatches.slice(0, 3)));
  }
  const negative = await db
    .selectFrom('variants')
    .select(['id', 'stock_quantity'])
    .where('stock_quantity', '<', 0)
    .where('allow_backorder', '=', 0)
    .execute();
  if (negative.length > 0) {
    throw new InvariantBroken('stock never below zero', JSON.stringify(negative.slice(0, 3)));
  }
}

/** The net inside a gross amount at a rate, rounded half up (to the millime). */
const netInside = (gross: number, bp: number) => Math.round((gross * 10_000) / (10_000 + bp));

/**
 * The units an order keeps out of stock are its lines' (checkout took them): Σ of the order's
 * stock movements = −(Σ its quantities − the units its returns restocked) while its status holds
 * stock, and 0 once it does not (cancelled: every unit came back, once). Catches a restock that
 * gives back too much or twice (cancel loops) even when each movement is booked. Orders credited
 * after a return are left out (the units a return kept as damaged then stay out).
 */
export async function checkUnitsHeld(db: Kysely<Database>): Promise<void> {
  const holding = new Set<string>(statusesWhere('holdsStock'));
  const [orders, items, movements, restocked] = await Promise.all([
    db.selectFrom('orders').select(['id', 'order_number', 'status']).execute(),
    db
      .selectFrom('order_items')
      .select(['order_id', 'quantity'])
      .where('variant_id', 'is not', null)
      .execute(),
    db
      .selectFrom('stock_movements')
      .select(['order_id', 'delta'])
      .where('order_id', 'is not', null)
      .execute(),
    db
      .selectFrom('order_return_lines as l')
      .innerJoin('order_returns as r', 'r.id', 'l.return_id')
      .select(['r.order_id', 'l.quantity', 'l.restock'])
      .execute(),
  ]);
  const sum = (rows: { order_id: number | null; n: number }[]) => {
    const m = new Map<number, number>();
    for (const r of rows)
      if (r.order_id !== null) m.set(r.order_id, (m.get(r.order_id) ?? 0) + r.n);
    return m;
  };
  const quantities = sum(items.map((i) => ({ order_id: i.order_id, n: Number(i.quantity) })));
  const moved = sum(movements.map((m) => ({ order_id: m.order_id, n: Number(m.delta) })));
  const returned = new Set(restocked.map((r) => r.order_id));
  const back = sum(
    restocked.map((r) => ({ order_id: r.order_id, n: Number(r.restock) ? Number(r.quantity) : 0 })),
  );
  for (const o of orders) {
    const holds = holding.has(o.status);
    if (!holds && returned.has(o.id)) continue;
    const expected = holds ? -((quantities.get(o.id) ?? 0) - (back.get(o.id) ?? 0)) : 0;
    const actual = moved.get(o.id) ?? 0;
    if (actual !== expected) {
      throw new InvariantBroken(
        'an order holds exactly its units',
        `order ${o.order_number} (${o.status}): its stock movements add up to ${actual}, its lines and returns say ${expected}`,
      );
    }
  }
}

/**
 * A line's amounts by the rounding rule (docs/product.md, VAT and Discounts), computed here
 * independently of domain/vat.ts so that a slip there shows: a price entered without VAT gives
 * net = unit × quantity and VAT = net × rate rounded half up; a price entered with VAT gives
 * gross = unit incl. VAT × quantity, net = gross ÷ (1 + rate) rounded half up, VAT = gross − net.
 * A discounted line charges its gross less its share and splits net and VAT from that; its
 * discount_amount is the net it lost (total_price stays the net before it).
 */
function followsRoundingRule(l: {
  quantity: number;
  unit_price: number;
  unit_price_incl_vat: number;
  vat_rate_bp: number;
  vat_amount: number;
  total_price: number;
  total_price_incl_vat: number;
  discount_amount: number;
}): boolean {
  const [q, bp] = [Number(l.quantity), Number(l.vat_rate_bp)];
  const [net, vat, gross] = [
    Number(l.total_price),
    Number(l.vat_amount),
    Number(l.total_price_incl_vat),
  ];
  const discount = Number(l.discount_amount);
  if (net - discount + vat !== gross) return false;
  if (discount > 0) return net - discount === netInside(gross, bp);
  const netRule = net === Number(l.unit_price) * q && vat === Math.round((net * bp) / 10_000);
  const grossRule = gross === Number(l.unit_price_incl_vat) * q && net === netInside(gross, bp);
  return netRule || grossRule;
}

/**
 * Every order's totals are the sums of its lines (expectOrderAddsUp, the rule the order tests
 * use), and each line follows the rounding rule.
 */
/**
 * Every order placed since `sinceOrderId`, and the orders in `changed` (edited since they were
 * checked: an edit rewrites their lines and totals).
 */
export async function checkOrderTotals(
  db: Kysely<Database>,
  sinceOrderId: number,
  changed: readonly number[] = [],
): Promise<void> {
  const ids = [...changed];
  const orders = await db
    .selectFrom('orders')
    .selectAll()
    .where((eb) =>
      ids.length > 0
        ? eb.or([eb('id', '>', sinceOrderId), eb('id', 'in', ids)])
        : eb('id', '>', sinceOrderId),
    )
    .execute();
  if (orders.length === 0) return;
  const items = await db
    .selectFrom('order_items')
    .selectAll()
    .where((eb) =>
      ids.length > 0
        ? eb.or([eb('order_id', '>', sinceOrderId), eb('order_id', 'in', ids)])
        : eb('order_id', '>', sinceOrderId),
    )
    .execute();
  const byOrder = new Map<number, typeof items>();
  for (const i of items) byOrder.set(i.order_id, [...(byOrder.get(i.order_id) ?? []), i]);
  for (const o of orders) {
    const lines = byOrder.get(o.id) ?? [];
    asRule('order totals = Σ lines', `order ${o.order_number}`, () => expectOrderAddsUp(o, lines));
    for (const l of lines) {
      if (!followsRoundingRule(l)) {
        throw new InvariantBroken(
          'each line follows the rounding rule',
          `order ${o.order_number} line ${l.id}: ${l.quantity} × ${fromMillimes(Number(l.unit_price))} ` +
            `(${fromMillimes(Number(l.unit_price_incl_vat))} incl. VAT) at ${Number(l.vat_rate_bp) / 100} % ` +
            `gives ${fromMillimes(Number(l.total_price))} + VAT ${fromMillimes(Number(l.vat_amount))} = ` +
            fromMillimes(Number(l.total_price_incl_vat)),
        );
      }
    }
  }
}

interface DocumentFigures {
  id: number;
  kind: 'invoice' | 'credit_note';
  number: string;
  year: number;
  sequence: number;
  credits_invoice_id: number | null;
  issued_at: string;
  taxable: number;
  vat: number;
}

/** Every invoice and credit note, with the figures of its frozen content. */
export async function documents(db: Kysely<Database>): Promise<DocumentFigures[]> {
  const rows = await db
    .selectFrom('invoices')
    .select([
      'id',
      'kind',
      'number',
      'year',
      'sequence',
      'credits_invoice_id',
      'issued_at',
      'content',
    ])
    .orderBy('id')
    .execute();
  return rows.map((r) => {
    const content = JSON.parse(r.content) as { total_excl_vat: string; total_vat: string };
    return {
      id: r.id,
      kind: r.kind,
      number: r.number,
      year: Number(r.year),
      sequence: Number(r.sequence),
      credits_invoice_id: r.credits_invoice_id,
      issued_at: r.issued_at,
      taxable: Math.abs(millimesOf(content.total_excl_vat)),
      vat: Math.abs(millimesOf(content.total_vat)),
    };
  });
}

/**
 * Invoice and credit-note numbers run 1, 2, 3… without a gap per kind and year, the year being
 * the issue date's in the shop's time zone; and the credit notes of an invoice never credit more
 * than it.
 */
export function checkDocuments(docs: readonly DocumentFigures[], timeZone: string): void {
  const sequences = new Map<string, number[]>();
  for (const d of docs) {
    const year = Number(shopDayOf(d.issued_at, timeZone).slice(0, 4));
    if (d.year !== year || !d.number.endsWith(`${year}-${String(d.sequence).padStart(6, '0')}`)) {
      throw new InvariantBroken(
        'document numbers per year in the shop time zone',
        `${d.kind} ${d.number} issued ${d.issued_at} (year ${year} in ${timeZone}) is numbered in ${d.year}, sequence ${d.sequence}`,
      );
    }
    const key = `${d.kind} ${d.year}`;
    sequences.set(key, [...(sequences.get(key) ?? []), d.sequence]);
  }
  for (const [key, list] of sequences) {
    const sorted = [...list].sort((a, b) => a - b);
    const gap = sorted.findIndex((s, i) => s !== i + 1);
    if (gap !== -1) {
      throw new InvariantBroken(
        'document numbers gap-free',
        `${key}: sequence ${gap + 1} expected, found ${sorted[gap]} (${sorted.length} documents)`,
      );
    }
  }
  const invoices = new Map(docs.filter((d) => d.kind === 'invoice').map((d) => [d.id, d]));
  const credited = new Map<number, { taxable: number; vat: number }>();
  for (const d of docs) {
    if (d.kind !== 'credit_note' || d.credits_invoice_id === null) continue;
    const sum = credited.get(d.credits_invoice_id) ?? { taxable: 0, vat: 0 };
    credited.set(d.credits_invoice_id, { taxable: sum.taxable + d.taxable, vat: sum.vat + d.vat });
  }
  for (const [invoiceId, sum] of credited) {
    const invoice = invoices.get(invoiceId);
    if (!invoice || sum.taxable > invoice.taxable || sum.vat > invoice.vat) {
      throw new InvariantBroken(
        'Σ credit notes of an invoice ≤ the invoice',
        `invoice ${invoice?.number ?? invoiceId} (${fromMillimes(invoice?.taxable ?? 0)} + VAT ${fromMillimes(invoice?.vat ?? 0)}) ` +
          `is credited ${fromMillimes(sum.taxable)} + VAT ${fromMillimes(sum.vat)}`,
      );
    }
  }
}

/** The VAT return of a closed month = Σ its invoices − Σ its credit notes (from their content). */
export async function checkVatReturn(
  client: ShopClient,
  docs: readonly DocumentFigures[],
  month: string,
  timeZone: string,
): Promise<void> {
  const recount = { taxable: 0, vat: 0 };
  for (const d of docs) {
    if (shopDayOf(d.issued_at, timeZone).slice(0, 7) !== month) continue;
    const sign = d.kind === 'invoice' ? 1 : -1;
    recount.taxable += sign * d.taxable;
    recount.vat += sign * d.vat;
  }
  const vatReturn = await client.expect<{ totals: { taxable_amount: string; vat_amount: string } }>(
    200,
    'GET',
    `/admin/reports/vat-return?month=${month}`,
  );
  const answered = {
    taxable: millimesOf(vatReturn.totals.taxable_amount),
    vat: millimesOf(vatReturn.totals.vat_amount),
  };
  if (answered.taxable !== recount.taxable || answered.vat !== recount.vat) {
    throw new InvariantBroken(
      'VAT return = Σ invoices − Σ credit notes',
      `${month}: the return says ${fromMillimes(answered.taxable)} + VAT ${fromMillimes(answered.vat)}, ` +
        `the documents ${fromMillimes(recount.taxable)} + VAT ${fromMillimes(recount.vat)}`,
    );
  }
}

/**
 * balance_due = what the order owes − Σ its payments: owed is nothing in a credited status, else
 * the total less its returns; the admin order's answer must say so.
 */
export async function checkBalances(
  client: ShopClient,
  db: Kysely<Database>,
  orderIds: readonly number[],
): Promise<void> {
  for (const id of orderIds) {
    const [order, payments, returns] = await Promise.all([
      db
        .selectFrom('orders')
        .select(['total_amount', 'status'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('order_payments')
        .select(['amount', 'withholding_amount'])
        .where('order_id', '=', id)
        .where('removed_at', 'is', null)
        .execute(),
      db.selectFrom('order_returns').select('total_amount').where('order_id', '=', id).execute(),
    ]);
    const credited = order.status === 'cancelled' || order.status === 'refunded';
    const owed = credited
      ? 0
      : Number(order.total_amount) - returns.reduce((s, r) => s + Number(r.total_amount), 0);
    const settled = payments.reduce(
      (s, p) => s + Number(p.amount) + Number(p.withholding_amount),
      0,
    );
    const answer = await client.expect<{ balance_due: string }>(
      200,
      'GET',
      `/admin/orders/${id}/payments`,
    );
    if (millimesOf(answer.balance_due) !== owed - settled) {
      throw new InvariantBroken(
        'balance_due matches payments',
        `order ${id} (${order.status}): balance_due ${answer.balance_due}, owed ${fromMillimes(owed)} − paid ${fromMillimes(settled)}`,
      );
    }
  }
}

/**
 * The sales report (read from the roll-ups the triggers keep) equals domain/analytics.ts's
 * recount over the orders and payments read back from the database, day by day since `from`
 * (as sales-rollups.property.test.ts checks it).
 */
export async function checkSalesReport(
  client: ShopClient,
  db: Kysely<Database>,
  period: { from: string; to: string },
  timeZone: string,
): Promise<void> {
  const orders = await readSaleOrders(db);
  const payments = await readSalePayments(db);
  const report = await client.expect<Schemas['SalesReport']>(
    200,
    'GET',
    `/admin/reports/sales?from=${period.from}&to=${period.to}&interval=day`,
  );
  const recount = salesReportOf(orders, payments, { ...period, interval: 'day' }, timeZone);
  // The totals first, said plainly; then the whole report, buckets and all.
  if (JSON.stringify(report.totals) !== JSON.stringify(recount.totals)) {
    throw new InvariantBroken(
      'reports = a recount',
      `sales ${period.from}…${period.to}: the report's totals ${JSON.stringify(report.totals)}, ` +
        `the recount's ${JSON.stringify(recount.totals)}`,
    );
  }
  asRule('reports = a recount', `sales ${period.from}…${period.to}`, () =>
    expect(report).toEqual(recount),
  );
}

/** What each admin list's X-Total-Count must equal: the database's count. */
export async function checkListCounts(client: ShopClient, db: Kysely<Database>): Promise<void> {
  const count = (
    table:
      | 'orders'
      | 'stock_movements'
      | 'discounts'
      | 'admin_users'
      | 'products'
      | 'payment_remittances',
  ) => rowCount(db, table);
  const lists = [
    ['/admin/orders/?limit=1', 'orders'],
    ['/admin/stock-movements/?limit=1', 'stock_movements'],
    ['/admin/discounts/?limit=1', 'discounts'],
    ['/admin/users/?limit=1', 'admin_users'],
    ['/admin/products/?limit=1', 'products'],
    ['/admin/payments/remittances?limit=1', 'payment_remittances'],
  ] as const;
  for (const [path, table] of lists) {
    const res = await client.call(`GET`, path);
    const listed = Number(res.headers.get('x-total-count'));
    const stored = await count(table);
    if (res.status !== 200 || listed !== stored) {
      throw new InvariantBroken(
        'list counts = the database',
        `${path} answered ${res.status} with X-Total-Count ${res.headers.get('x-total-count')}, the ${table} table has ${stored}`,
      );
    }
  }
}

/** The rows a restart must keep: counts of what was acknowledged. */
export async function writtenCounts(db: Kysely<Database>): Promise<Record<string, number>> {
  const tables = [
    'orders',
    'order_items',
    'invoices',
    'order_payments',
    'order_returns',
    'stock_movements',
  ] as const;
  const counts: Record<string, number> = {};
  for (const table of tables) {
    counts[table] = Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  }
  return counts;
}
