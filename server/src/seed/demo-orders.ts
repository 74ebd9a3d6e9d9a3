// Demo customers and orders for `npm run seed:demo`, after the demo catalogue.
//
// - Customers (individuals and professionals in Tunisia, and EU businesses in FR, DE, IT, ES, BE
//   and NL with VAT numbers of valid format) are inserted straight into `customers`: signing in
//   (magic links) is not needed to buy, and each customer gets an access token signed with
//   `tokens` like the one a sign-in would give.
// - Orders are placed THROUGH THE API (app.inject): add to cart, then POST /orders/, with the
//   customer's token or as a guest with a session id; then their status is moved through the
//   admin endpoints (PATCH …/status step by step, POST …/cancel to cancel; cancelling or
//   refunding gives the stock back), so every order has a real status history, real stock
//   movements (linked to it) and exact amounts, and stock = Σ movements. All seven
//   statuses occur. Only variants with stock to spare are bought (each stays above the stock it
//   had minus its spare budget, so the catalogue keeps its low and out-of-stock examples).
// - Backdating, the ONLY direct write to orders: once placed, every order is moved back a random
//   number of days (0 to 89) with direct UPDATEs of its created_at/updated_at and of its
//   status_history rows (one step every few hours from the new created_at). Because the order
//   number carries the day, the same transaction renumbers the orders for their new day
//   (ORD-<day>-0001… in time order), rewrites the order's stock movements that quote the number
//   (and moves them to the time of the checkout, cancellation or refund), and sets the per-day
//   counters so
//   later orders continue each day's sequence.
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { AccessTokens } from '../auth/access-token';
import type { Database, OrderStatus } from '../db/schema';
import { documentNumber, yearIn, type InvoiceContent, type InvoiceKind } from '../domain/invoice';
import { formatOrderNumber, orderDay } from '../services/orders/order-numbers';
import { scriptSession } from '../services/identity/refresh-tokens';
import { movementReason } from '../services/inventory/stock';
import { prng, type Prng } from './prng';

export interface DemoOrderOptions {
  customers: number;
  orders: number;
  /** Signs the customers' access tokens (the app's AccessTokens). */
  tokens: AccessTokens;
  /** Bearer header of an admin allowed to change orders (orders:write). */
  adminAuthorization: string;
  log?: (line: string) => void;
  /** PRNG seed, for a reproducible demo. */
  seed?: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
/** Days over which the orders are spread (today included). */
export const DEMO_ORDER_DAYS = 90;
/** Units every bought variant keeps (above the low-stock threshold of 5). */
const STOCK_RESERVE = 10;

const FIRST_NAMES = [
  'Amira', 'Youssef', 'Salma', 'Mehdi', 'Ines', 'Karim', 'Nour', 'Sami', 'Leila', 'Hedi',
  'Rania', 'Omar', 'Claire', 'Lukas', 'Giulia', 'Pablo', 'Sophie', 'Jan', 'Emma', 'Marco',
]; // prettier-ignore
const LAST_NAMES = [
  'Ben Ali', 'Trabelsi', 'Gharbi', 'Jaziri', 'Haddad', 'Mansour', 'Chaabane', 'Bouzid',
  'Martin', 'Schneider', 'Rossi', 'Garcia', 'Peeters', 'de Vries', 'Dubois', 'Weber',
]; // prettier-ignore
const TN_CITIES = [
  ['Tunis', '1000'], ['Sfax', '3000'], ['Sousse', '4000'], ['Nabeul', '8000'],
  ['Bizerte', '7000'], ['Monastir', '5000'], ['Ariana', '2080'], ['Gabès', '6000'],
] as const; // prettier-ignore

/** EU business customers: country, a city and a VAT number of valid format. */
const EU_BUSINESSES: { country: string; city: string; postal: string; vat: (r: Prng) => string }[] = [
  { country: 'FR', city: 'Marseille', postal: '13001', vat: (r) => `FR${r.digits(2)}${r.digits(9)}` },
  { country: 'DE', city: 'Berlin', postal: '10115', vat: (r) => `DE${r.int(1, 9)}${r.digits(8)}` },
  { country: 'IT', city: 'Milano', postal: '20121', vat: (r) => `IT${r.digits(11)}` },
  { country: 'ES', city: 'Madrid', postal: '28001', vat: (r) => `ESB${r.digits(7)}${r.int(0, 9)}` },
  { country: 'BE', city: 'Bruxelles', postal: '1000', vat: (r) => `BE0${r.digits(9)}` },
  { country: 'NL', city: 'Amsterdam', postal: '1011', vat: (r) => `NL${r.digits(9)}B${r.digits(2)}` },
]; // prettier-ignore

interface DemoCustomer {
  id: number;
  email: string;
  first: string;
  last: string;
  company: string | null;
  country: string;
  city: string;
  postal: string;
  phone: string;
  authorization: string;
  professional: boolean;
}

/** A catalogue variant the demo may buy, with how many units it may still sell. */
interface Buyable {
  productId: number;
  /** null: the simple product's default variant (sent as variant_id null). */
  variantId: number | null;
  id: number;
  budget: number;
}

type Target = OrderStatus;
/** Status shares: mostly delivered, some of everything. */
const TARGETS: [Target, number][] = [
  ['delivered', 34],
  ['pending', 14],
  ['shipped', 14],
  ['processing', 10],
  ['confirmed', 10],
  ['cancelled', 10],
  ['refunded', 8],
];
const FORWARD: OrderStatus[] = ['confirmed', 'processing', 'shipped', 'delivered'];

function targetFor(index: number, r: Prng): Target {
  // The first seven orders cover every status; the others follow the shares.
  if (index < TARGETS.length) return (TARGETS[index] as [Target, number])[0];
  let x = r.next() * 100;
  for (const [status, share] of TARGETS) {
    x -= share;
    if (x < 0) return status;
  }
  return 'delivered';
}

export async function seedDemoOrders(
  app: FastifyInstance,
  db: Kysely<Database>,
  options: DemoOrderOptions,
  now: Date,
): Promise<{ customers: number; orders: number }> {
  const r = prng(options.seed ?? 20_260_101);
  const log = options.log ?? console.log;
  const admin = { authorization: options.adminAuthorization };

  async function call<T>(
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    headers: Record<string, string>,
    payload?: unknown,
  ): Promise<T> {
    const res = await app.inject({ method, url, headers, payload: payload as never });
    if (res.statusCode >= 300) throw new Error(`${method} ${url} → ${res.statusCode}: ${res.body}`);
    return (res.body ? res.json() : undefined) as T;
  }

  // -- customers (direct inserts, see the header) -----------------------------------------------
  const customers: DemoCustomer[] = [];
  const sessions: { end: () => Promise<void> }[] = [];
  const usedEmails = new Set<string>();
  for (let i = 0; i < options.customers; i++) {
    const first = r.pick(FIRST_NAMES);
    const last = r.pick(LAST_NAMES);
    const kind = i % 5 === 0 ? 'eu' : i % 5 === 1 ? 'tn-pro' : 'individual';
    const eu =
      kind === 'eu' ? (EU_BUSINESSES[(i / 5) % EU_BUSINESSES.length] ?? EU_BUSINESSES[0]) : null;
    const [city, postal] = eu ? [eu.city, eu.postal] : r.pick(TN_CITIES);
    const company =
      kind === 'individual'
        ? null
        : `${last} ${r.pick(['SARL', 'Trading', 'Import', 'GmbH', 'SRL'])}`;
    let email =
      `${first}.${last}`.toLowerCase().replace(/[^a-z.]+/g, '') +
      (eu ? `@example.${eu.country.toLowerCase()}` : '@example.tn');
    for (let n = 2; usedEmails.has(email); n++) email = email.replace(/(\d*)@/, `${n}@`);
    usedEmails.add(email);
    const phone = eu
      ? `+${r.int(30, 49)} ${r.digits(3)} ${r.digits(3)} ${r.digits(3)}`
      : `+216 ${r.digits(2)} ${r.digits(3)} ${r.digits(3)}`;
    const at = new Date(now.getTime() - (DEMO_ORDER_DAYS + r.int(1, 200)) * DAY_MS).toISOString();
    const row = await db
      .insertInto('customers')
      .values({
        email,
        first_name: first,
        last_name: last,
        phone,
        customer_type: kind === 'individual' ? 'individual' : 'professional',
        company_name: company,
        vat_number: eu
          ? eu.vat(r)
          : kind === 'tn-pro'
            ? `${r.digits(7)}${r.pick(['A', 'B', 'M', 'P'])}/A/M/000`
            : null,
        country_code: eu ? eu.country : 'TN',
        is_active: 1,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const session = await scriptSession(db, options.tokens, 'customer', row.id);
    sessions.push(session);
    customers.push({
      id: row.id,
      email,
      first,
      last,
      company,
      country: eu ? eu.country : 'TN',
      city,
      postal,
      phone,
      authorization: session.authorization,
      professional: kind !== 'individual',
    });
  }

  // -- what may be bought -------------------------------------------------------------------------
  const rows = await db
    .selectFrom('variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select([
      'v.id',
      'v.product_id',
      'v.is_default',
      'p.has_variants',
      'v.stock_quantity',
      'v.track_inventory',
    ])
    .where('p.is_active', '=', 1)
    .where('v.is_active', '=', 1)
    .where(sql<boolean>`(p.has_variants = 0 or v.is_default = 0)`)
    .orderBy('v.id')
    .execute();
  const buyable: Buyable[] = rows
    .map((v) => ({
      id: v.id,
      productId: v.product_id,
      variantId: v.has_variants === 0 ? null : v.id,
      budget: v.track_inventory === 1 ? Number(v.stock_quantity) - STOCK_RESERVE : 1_000,
    }))
    .filter((b) => b.budget > 0);

  /** A variant with budget left, favouring the ones with more (square root, so all get some). */
  const choose = (exclude: Set<number>): Buyable | undefined => {
    const open = buyable.filter((b) => b.budget > 0 && !exclude.has(b.id));
    const total = open.reduce((s, b) => s + Math.sqrt(b.budget), 0);
    let x = r.next() * total;
    for (const b of open) {
      x -= Math.sqrt(b.budget);
      if (x < 0) return b;
    }
    return open.at(-1);
  };

  const counters = new Map(
    (await db.selectFrom('order_number_counters').selectAll().execute()).map((c) => [
      c.day,
      Number(c.last_value),
    ]),
  );

  // -- orders through the API ---------------------------------------------------------------------
  const placed: { id: number; orderNumber: string }[] = [];
  for (let i = 0; i < options.orders; i++) {
    const customer = r.next() < 0.75 ? r.pick(customers) : undefined;
    const headers: Record<string, string> = customer
      ? { authorization: customer.authorization }
      : {};
    const query = customer ? '' : `?session_id=demo_guest_${i}_${r.digits(6)}`;

    const picked = new Set<number>();
    const bought: { b: Buyable; quantity: number }[] = [];
    const lineCount = r.pick([1, 1, 1, 2, 2, 3]);
    for (let l = 0; l < lineCount; l++) {
      const b = choose(picked);
      if (!b) break;
      const quantity = Math.min(b.budget, r.pick([1, 1, 1, 1, 2, 2, 3]));
      picked.add(b.id);
      b.budget -= quantity;
      bought.push({ b, quantity });
      await call('POST', `/api/v1/cart/items${query}`, headers, {
        product_id: b.productId,
        variant_id: b.variantId,
        quantity,
      });
    }
    if (picked.size === 0) {
      log(`Demo orders: stock to spare ran out after ${placed.length} orders.`);
      break;
    }

    const first = customer?.first ?? r.pick(FIRST_NAMES);
    const last = customer?.last ?? r.pick(LAST_NAMES);
    const [city, postal] = customer ? [customer.city, customer.postal] : r.pick(TN_CITIES);
    const order = await call<{ id: number; order_number: string }>(
      'POST',
      `/api/v1/orders/${query}`,
      headers,
      {
        payment_method: customer?.professional
          ? r.pick(['bank_transfer', 'bank_transfer', 'card'])
          : r.pick(['cash_on_delivery', 'cash_on_delivery', 'card', 'bank_transfer']),
        shipping_address: {
          first_name: first,
          last_name: last,
          company: customer?.company ?? null,
          street_address: `${r.int(1, 220)} ${r.pick(['Avenue Habib Bourguiba', 'Rue de Marseille', 'Rue Ibn Khaldoun', 'Main Street', 'Avenue de la Liberté'])}`,
          apartment: r.next() < 0.3 ? `Apt ${r.int(1, 40)}` : null,
          city,
          state: null,
          postal_code: postal,
          country: customer?.country ?? 'TN',
          phone: customer?.phone ?? `+216 ${r.digits(2)} ${r.digits(3)} ${r.digits(3)}`,
          email:
            customer?.email ??
            `${first}.${last}.${i}@guest.example.tn`.toLowerCase().replace(/[^a-z0-9.@]+/g, ''),
        },
        notes:
          r.next() < 0.15
            ? r.pick(['Please ring twice', 'Leave at the reception', 'Call before delivery'])
            : null,
      },
    );
    placed.push({ id: order.id, orderNumber: order.order_number });

    // -- status, through the admin endpoints --------------------------------------------------
    const target = targetFor(i, r);
    const url = `/api/v1/admin/orders/${order.id}`;
    if (target === 'cancelled') {
      const before = r.int(0, 2); // cancelled from pending, confirmed or processing
      for (const status of FORWARD.slice(0, before))
        await call('PATCH', `${url}/status`, admin, { status });
      await call('POST', `${url}/cancel`, admin, {
        reason: r.pick([
          'Customer changed their mind',
          'Payment not received',
          'Duplicate order',
          null,
        ]),
      });
      for (const { b, quantity } of bought) b.budget += quantity; // restocked by the cancel
    } else if (target !== 'pending') {
      const path =
        target === 'refunded'
          ? [...FORWARD, 'refunded' as const]
          : FORWARD.slice(0, FORWARD.indexOf(target) + 1);
      for (const status of path) {
        await call('PATCH', `${url}/status`, admin, {
          status,
          note:
            status === 'shipped'
              ? `Tracking number TN${r.digits(9)}`
              : status === 'refunded'
                ? 'Returned within 14 days'
                : null,
        });
      }
      if (target === 'refunded') {
        for (const { b, quantity } of bought) b.budget += quantity; // given back by the refund
      }
    }
  }

  await backdate(db, placed, counters, now, r);
  for (const session of sessions) await session.end();
  log(
    `Demo orders: ${customers.length} customers, ${placed.length} orders over ${DEMO_ORDER_DAYS} days.`,
  );
  return { customers: customers.length, orders: placed.length };
}

/** The direct writes of the header: dates, numbers, quoting movements and day counters. */
async function backdate(
  db: Kysely<Database>,
  placed: { id: number; orderNumber: string }[],
  countersBefore: Map<string, number>,
  now: Date,
  r: Prng,
): Promise<void> {
  if (placed.length === 0) return;
  const nowMs = now.getTime();
  const todayStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const plans = placed.map((o) => {
    const daysBack = r.int(0, DEMO_ORDER_DAYS - 1);
    // 08:00 to 22:00 UTC of that day, never in the future.
    const start = Math.min(
      todayStart - daysBack * DAY_MS + r.int(8 * 60, 22 * 60) * 60_000,
      nowMs - 60_000,
    );
    return { ...o, start };
  });
  plans.sort((a, b) => a.start - b.start || a.id - b.id);

  const stepsMoved = new Map<number, StepMoved[]>();
  await db.transaction().execute(async (trx) => {
    // Free the numbers first, so the renumbering never collides with a number not yet moved.
    for (const p of plans) {
      await trx
        .updateTable('orders')
        .set({ order_number: `TMP-${p.id}` })
        .where('id', '=', p.id)
        .execute();
    }
    const perDay = new Map<string, number>();
    for (const p of plans) {
      const createdAt = new Date(p.start);
      const day = orderDay(createdAt);
      const sequence = (perDay.get(day) ?? countersBefore.get(day) ?? 0) + 1;
      perDay.set(day, sequence);
      const number = formatOrderNumber(day, sequence);

      const history = await trx
        .selectFrom('order_status_history')
        .select(['id', 'to_status', 'created_at'])
        .where('order_id', '=', p.id)
        .orderBy('id')
        .execute();
      const moved: StepMoved[] = [];
      stepsMoved.set(p.id, moved);
      // One step every 3 to 30 hours, squeezed to fit before now.
      const steps = history.map(() => r.int(3, 30) * HOUR_MS);
      const room = nowMs - p.start;
      const wanted = steps.slice(1).reduce((s, x) => s + x, 0);
      const scale = wanted > room ? room / wanted : 1;
      let at = p.start;
      const statusAt = new Map<string, string>();
      for (const [k, h] of history.entries()) {
        if (k > 0) at += Math.floor((steps[k] ?? 0) * scale);
        const iso = new Date(at).toISOString();
        statusAt.set(h.to_status, iso);
        moved.push({ was: String(h.created_at), now: iso });
        await trx
          .updateTable('order_status_history')
          .set({ created_at: iso })
          .where('id', '=', h.id)
          .execute();
      }
      await trx
        .updateTable('orders')
        .set({
          order_number: number,
          created_at: createdAt.toISOString(),
          updated_at: new Date(at).toISOString(),
        })
        .where('id', '=', p.id)
        .execute();
      // The order's movements, found by kind: their English text quotes the new number.
      const order = { orderId: p.id, orderNumber: number };
      await trx
        .updateTable('stock_movements')
        .set({
          reason: movementReason({ kind: 'checkout', ...order }),
          created_at: createdAt.toISOString(),
        })
        .where('order_id', '=', p.id)
        .where('kind', '=', 'checkout')
        .execute();
      for (const status of ['cancelled', 'refunded'] as const) {
        await trx
          .updateTable('stock_movements')
          .set({
            reason: movementReason({ kind: 'cancel', ...order, orderStatus: status }),
            created_at: statusAt.get(status) ?? createdAt.toISOString(),
          })
          .where('order_id', '=', p.id)
          .where('kind', '=', 'cancel')
          .where('order_status', '=', status)
          .execute();
      }
    }
    for (const [day, last] of perDay) {
      await trx
        .insertInto('order_number_counters')
        .values({ day, last_value: last })
        .onConflict((oc) => oc.column('day').doUpdateSet({ last_value: last }))
        .execute();
    }
    await backdateDocuments(trx, stepsMoved);
  });
}

/** A status step of an order: when it was taken while seeding, and the time it was moved to. */
interface StepMoved {
  was: string;
  now: string;
}

/**
 * The invoices and credit notes the status changes issued, moved with them: each to the time of
 * the step that issued it (the one taken at its issue instant, or the last before it), then
 * renumbered per kind and year in issue order — gap-free and chronological, as a real shop's —
 * with their frozen content, the credit notes' reference to their invoice, the audit log's
 * label and the counters following. The demo shop is empty before seeding, so every document is
 * the demo's.
 */
async function backdateDocuments(
  trx: Transaction<Database>,
  stepsMoved: Map<number, StepMoved[]>,
): Promise<void> {
  const settings = await trx
    .selectFrom('shop_settings')
    .select('time_zone')
    .executeTakeFirstOrThrow();
  const rows = await trx
    .selectFrom('invoices')
    .select(['id', 'kind', 'number', 'order_id', 'issued_at', 'content'])
    .orderBy('id')
    .execute();
  const documents = rows.map((row) => {
    const steps = stepsMoved.get(row.order_id) ?? [];
    const issuedAt = String(row.issued_at);
    const step = steps.filter((s) => s.was <= issuedAt).at(-1) ?? steps[0];
    const at = step?.now ?? issuedAt;
    return { ...row, at, year: yearIn(settings.time_zone, new Date(at)) };
  });
  documents.sort((a, b) => a.at.localeCompare(b.at) || a.id - b.id);
  const last = new Map<string, number>();
  const numbers = new Map<number, string>();
  for (const d of documents) {
    const key = `${d.kind} ${d.year}`;
    const sequence = (last.get(key) ?? 0) + 1;
    last.set(key, sequence);
    // The prefix the document was issued with: its number without "<year>-<6 digits>". Numbers
    // and sequences are freed first (above the 6 digits), so no renumbering meets one not moved.
    numbers.set(d.id, documentNumber(d.number.slice(0, -11), d.year, sequence));
    await trx
      .updateTable('invoices')
      .set({ number: `TMP-${d.id}`, sequence: 1_000_000 + d.id })
      .where('id', '=', d.id)
      .execute();
  }
  for (const d of documents) {
    const number = numbers.get(d.id)!;
    const content = JSON.parse(d.content) as InvoiceContent;
    const credits = content.credits && {
      ...content.credits,
      number: numbers.get(content.credits.id) ?? content.credits.number,
    };
    await trx
      .updateTable('invoices')
      .set({
        number,
        year: d.year,
        sequence: Number(number.slice(-6)),
        issued_at: d.at,
        content: JSON.stringify({ ...content, number, issued_at: d.at, credits }),
      })
      .where('id', '=', d.id)
      .execute();
  }
  // The log names each document and quotes the numbers in its fields (a credit note, its
  // invoice's): one pass over the old numbers, so a new number is never renamed again.
  const renamed = new Map(documents.map((d) => [d.number, numbers.get(d.id)!]));
  const entries = await trx
    .selectFrom('audit_log')
    .select(['id', 'label', 'changes'])
    .where('entity', '=', 'invoice')
    .execute();
  const rename = (text: string) =>
    text.replace(/[A-Z0-9-]*\d{4}-\d{6}/g, (old) => renamed.get(old) ?? old);
  for (const entry of entries) {
    await trx
      .updateTable('audit_log')
      .set({ label: entry.label && rename(entry.label), changes: rename(entry.changes) })
      .where('id', '=', entry.id)
      .execute();
  }
  await trx.deleteFrom('document_counters').execute();
  for (const [key, sequence] of last) {
    const [kind, year] = key.split(' ') as [InvoiceKind, string];
    await trx
      .insertInto('document_counters')
      .values({ kind, year: Number(year), last_sequence: sequence })
      .execute();
  }
}
