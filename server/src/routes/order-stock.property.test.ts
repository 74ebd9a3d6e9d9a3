// Property: whatever sequence of checkouts, status changes (the selector), cancellations and
// stock adjustments is sent, after EVERY step and for every variant
//   stock = initial + adjustments − Σ quantities of its active orders (not cancelled/refunded)
//   stock = Σ deltas of its stock movements
// and every response is the one a small model of the rules predicts (201/200, or 409 when stock
// is short without backorders or the order cannot be cancelled). The shop can issue invoices, so
// status changes (cancel, refund, reopen, ship…) issue invoices and credit notes: after every step
// each kind's numbers run 1..n without a gap and each order's documents alternate invoice, credit
// note of that invoice, … as the model predicts. Bad requests are mixed in (out-of-range or
// wrongly typed quantities and adjustments, unknown ids and statuses, overlong notes): each gets
// a 4xx with a `detail` and changes nothing. Driven through the API on both databases. Bounded:
// NUM_RUNS sequences of at most MAX_STEPS steps; assertProperty prints the seed and path of a
// failure, FC_SEED / FC_PATH / FC_RUNS replay it (server/test-support/properties.ts).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useAdmin, useTestApp } from '../../test-support/app';
import { testDialects } from '../../test-support/databases';
import { insertCategory, insertVatRate, rowCount } from '../../test-support/fixtures';
import { completeShopSettings, resetShopSettings } from '../../test-support/invoices';
import { assertProperty } from '../../test-support/properties';
import { addToCart, clearShop, ORDER_STATUSES } from '../../test-support/shop';
import { stockLedgerMismatches, stockShop, unitsHeldByOrders } from '../../test-support/stock';
import { documentOnEntry } from '../../../contract/order-status';
import type { Database, OrderStatus } from '../db/schema';

const NUM_RUNS = 100;
const MAX_STEPS = 30;
/** An id far above any row these runs create: the target of the requests for unknown rows. */
const UNKNOWN_ID = 2_000_000_000;
const CANCELLABLE: OrderStatus[] = ['pending', 'confirmed', 'processing'];
const holds = (s: OrderStatus) => s !== 'cancelled' && s !== 'refunded';

type Step =
  | { kind: 'checkout'; lines: { variant: number; quantity: number }[] }
  | { kind: 'status'; order: number; status: OrderStatus }
  | { kind: 'cancel'; order: number }
  | { kind: 'adjust'; variant: number; delta: number }
  | { kind: 'bad'; request: BadRequest; target: number };

/** A request the contract or the rules refuse, with the status it must get. */
type BadRequest =
  | { to: 'cart'; quantity: unknown; product: 'known' | 'unknown' }
  | { to: 'adjust'; adjustment: unknown; reason?: string; variant: 'known' | 'unknown' }
  | { to: 'status'; status: unknown; note?: string; order: 'known' | 'unknown' }
  | { to: 'cancel'; reason: unknown; order: 'known' | 'unknown' };

/** Three variants: 0 and 2 without backorders, 1 with. */
const VARIANTS = 3;
const BACKORDER = [false, true, false];

/** Values a quantity or an adjustment must refuse: out of range or not an integer. */
const badNumber = (min: number, max: number) =>
  fc.oneof(
    fc.constantFrom<unknown>(min - 1, max + 1, 1.5, '2', null, true, [], {}),
    fc.integer({ min: max + 1, max: 2 ** 31 }),
    fc.integer({ min: -(2 ** 31), max: min - 1 }),
  );
const knownOrNot = fc.constantFrom('known' as const, 'unknown' as const);
const overlong = (max: number) => fc.string({ minLength: max + 1, maxLength: max + 40 });

const badArb: fc.Arbitrary<BadRequest> = fc.oneof(
  fc.record({ to: fc.constant('cart' as const), quantity: badNumber(1, 999), product: knownOrNot }),
  // A good quantity for an unknown product.
  fc.record({
    to: fc.constant('cart' as const),
    quantity: fc.integer({ min: 1, max: 3 }),
    product: fc.constant('unknown' as const),
  }),
  fc.record({
    to: fc.constant('adjust' as const),
    adjustment: fc.oneof(badNumber(-1_000_000, 1_000_000), fc.constant(0)),
    variant: knownOrNot,
  }),
  fc.record({
    to: fc.constant('adjust' as const),
    adjustment: fc.integer({ min: 1, max: 3 }),
    reason: overlong(255),
    variant: knownOrNot,
  }),
  fc.record({
    to: fc.constant('adjust' as const),
    adjustment: fc.integer({ min: 1, max: 3 }),
    variant: fc.constant('unknown' as const),
  }),
  fc.record({
    to: fc.constant('status' as const),
    status: fc.constantFrom<unknown>('lost', '', 'PENDING', null, 3, ['pending']),
    order: knownOrNot,
  }),
  fc.record({
    to: fc.constant('status' as const),
    status: fc.constantFrom(...ORDER_STATUSES),
    note: overlong(500),
    order: knownOrNot,
  }),
  fc.record({
    to: fc.constant('status' as const),
    status: fc.constantFrom(...ORDER_STATUSES),
    order: fc.constant('unknown' as const),
  }),
  fc.record({
    to: fc.constant('cancel' as const),
    reason: fc.oneof(overlong(500), fc.constantFrom<unknown>(5, true, {})),
    order: knownOrNot,
  }),
  fc.record({
    to: fc.constant('cancel' as const),
    reason: fc.constant(undefined),
    order: fc.constant('unknown' as const),
  }),
);

/** 404 when only the id is wrong, else 422 (the body is checked before the row is looked up). */
function refusal(bad: BadRequest): number {
  const unknown = bad.to === 'cart' ? bad.product : bad.to === 'adjust' ? bad.variant : bad.order;
  const validBody =
    bad.to === 'cart'
      ? Number.isInteger(bad.quantity) &&
        (bad.quantity as number) >= 1 &&
        (bad.quantity as number) <= 999
      : bad.to === 'adjust'
        ? bad.reason === undefined &&
          Number.isInteger(bad.adjustment) &&
          bad.adjustment !== 0 &&
          Math.abs(bad.adjustment as number) <= 1_000_000
        : bad.to === 'status'
          ? bad.note === undefined && ORDER_STATUSES.includes(bad.status as OrderStatus)
          : bad.reason === undefined;
  return validBody && unknown === 'unknown' ? 404 : 422;
}

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .uniqueArray(
        fc.record({
          variant: fc.integer({ min: 0, max: VARIANTS - 1 }),
          quantity: fc.integer({ min: 1, max: 4 }),
        }),
        { minLength: 1, maxLength: VARIANTS, selector: (l) => l.variant },
      )
      .map((lines) => ({ kind: 'checkout' as const, lines })),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('status' as const),
      order: fc.nat(),
      status: fc.constantFrom(...ORDER_STATUSES),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('cancel' as const), order: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('adjust' as const),
      variant: fc.integer({ min: 0, max: VARIANTS - 1 }),
      delta: fc.integer({ min: -4, max: 4 }).filter((d) => d !== 0),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('bad' as const), request: badArb, target: fc.nat() }),
  },
);

const runArb = fc.record({
  initial: fc.array(fc.integer({ min: 0, max: 8 }), {
    minLength: VARIANTS,
    maxLength: VARIANTS,
  }),
  steps: fc.array(stepArb, { minLength: 1, maxLength: MAX_STEPS }),
});

describe.each(testDialects)('stock follows orders, property (%s)', (dialect) => {
  const t = useTestApp(dialect);
  const shop = stockShop(t, useAdmin(t, 'super_admin'));
  const support = useAdmin(t, 'support');
  let run = 0;

  // Complete settings: entering confirmed… issues the invoice, cancelled/refunded its credit note.
  beforeAll(() => completeShopSettings(t.database.db));
  afterAll(() => resetShopSettings(t.database.db));
  async function reset() {
    const db = t.database.db;
    await clearShop(db);
    const vatRateId = (await insertVatRate(db, { rate_bp: 1900, country_code: 'TN' })).id;
    const categoryId = (await insertCategory(db, { name: 'Shirts', slug: 'shirts' })).id;
    return { vatRateId, categoryId };
  }

  /** The invariants, from the database alone, plus the model's stock. */
  async function checkInvariants(
    variants: { productId: number; variantId: number; base: number; model: number }[],
  ) {
    const db = t.database.db;
    const heldByOrders = await unitsHeldByOrders(db);
    for (const v of variants) {
      const held = heldByOrders.get(v.variantId) ?? 0;
      const stock = await shop.stockOf(v.variantId);
      expect(stock, `variant ${v.variantId}: initial + adjustments − active orders`).toBe(
        v.base - held,
      );
      expect(stock, `variant ${v.variantId}: model`).toBe(v.model);
    }
    expect(await stockLedgerMismatches(db)).toEqual([]);
  }

  /** Each kind's numbers are 1..n with no gap, and each order's documents are the model's. */
  async function checkDocuments(
    orders: { id: number; documents: ('invoice' | 'credit_note')[] }[],
  ) {
    const docs = await t.database.db
      .selectFrom('invoices')
      .select(['id', 'kind', 'year', 'sequence', 'order_id', 'credits_invoice_id'])
      .orderBy('id')
      .execute();
    for (const kind of ['invoice', 'credit_note'] as const) {
      const byYear = new Map<number, number[]>();
      for (const d of docs.filter((x) => x.kind === kind)) {
        byYear.set(d.year, [...(byYear.get(d.year) ?? []), Number(d.sequence)]);
      }
      for (const [year, sequences] of byYear) {
        expect(sequences, `${kind} numbers of ${year}`).toEqual(sequences.map((_, i) => i + 1));
      }
    }
    for (const o of orders) {
      const own = docs.filter((d) => d.order_id === o.id);
      expect(
        own.map((d) => d.kind),
        `documents of order ${o.id}`,
      ).toEqual(o.documents);
      // A credit note credits the invoice just before it.
      own.forEach((d, i) => {
        if (d.kind === 'credit_note') expect(d.credits_invoice_id).toBe(own[i - 1]?.id);
      });
    }
    expect(docs.filter((d) => !orders.some((o) => o.id === d.order_id))).toEqual([]);
  }

  /** What a refused request must leave as it was. */
  const snapshot = async () => {
    const db = t.database.db;
    const count = (table: keyof Database) => rowCount(db, table);
    return {
      variants: await db
        .selectFrom('variants')
        .select(['id', 'stock_quantity'])
        .orderBy('id')
        .execute(),
      orders: await db.selectFrom('orders').select(['id', 'status']).orderBy('id').execute(),
      movements: await count('stock_movements'),
      history: await count('order_status_history'),
      documents: await count('invoices'),
      cartItems: await count('cart_items'),
      audit: await count('audit_log'),
    };
  };

  it('keeps stock = initial + adjustments − active orders = Σ movements after every step', async () => {
    // What the runs went through, so a generator that stops reaching a case fails the test.
    const seen = { invoice: 0, credit_note: 0, refused: 0, short: 0 };
    await assertProperty(
      fc.asyncProperty(runArb, async ({ initial, steps }) => {
        run += 1;
        const refs = await reset();
        const variants: {
          productId: number;
          variantId: number;
          base: number;
          model: number;
          backorder: boolean;
        }[] = [];
        for (let i = 0; i < VARIANTS; i++) {
          const stock = initial[i] ?? 0;
          const p = await shop.product(
            `Prop ${run} ${i}`,
            { stock_quantity: stock, allow_backorder: BACKORDER[i] ?? false },
            refs,
          );
          variants.push({ ...p, base: stock, model: stock, backorder: BACKORDER[i] ?? false });
        }
        const orders: {
          id: number;
          status: OrderStatus;
          lines: { variant: number; quantity: number }[];
          documents: ('invoice' | 'credit_note')[];
        }[] = [];
        const inForce = (o: (typeof orders)[number]) => o.documents.at(-1) === 'invoice';
        const fits = (lines: { variant: number; quantity: number }[]) =>
          lines.every(({ variant, quantity }) => {
            const v = variants[variant];
            return v !== undefined && (v.backorder || v.model - quantity >= 0);
          });
        const move = (lines: { variant: number; quantity: number }[], sign: 1 | -1) => {
          for (const { variant, quantity } of lines) {
            const v = variants[variant];
            if (v) v.model += sign * quantity;
          }
        };

        await checkInvariants(variants);
        for (const step of steps) {
          if (step.kind === 'checkout') {
            const res = await shop.checkout(
              step.lines.map((l) => ({
                productId: variants[l.variant]?.productId ?? 0,
                quantity: l.quantity,
              })),
            );
            const ok = fits(step.lines);
            expect(res.statusCode, res.body).toBe(ok ? 201 : 409);
            if (!ok) seen.short += 1;
            if (ok) {
              orders.push({
                id: res.json<{ id: number }>().id,
                status: 'pending',
                lines: step.lines,
                documents: [],
              });
              move(step.lines, -1);
            }
          } else if (step.kind === 'bad') {
            const bad = step.request;
            const order = orders[step.target % Math.max(1, orders.length)];
            const variant = variants[step.target % VARIANTS];
            const id = (known: 'known' | 'unknown', real: number | undefined) =>
              known === 'known' && real !== undefined ? real : UNKNOWN_ID;
            // With no order yet, a "known" order is an unknown one.
            const expected = refusal(
              (bad.to === 'status' || bad.to === 'cancel') && !order
                ? { ...bad, order: 'unknown' }
                : bad,
            );
            const before = await snapshot();
            const res =
              bad.to === 'cart'
                ? await addToCart(
                    t.app,
                    { session: `sess_bad_${process.pid}_${run}` },
                    { product_id: id(bad.product, variant?.productId), quantity: bad.quantity },
                  )
                : bad.to === 'adjust'
                  ? await shop.call(
                      'POST',
                      `/api/v1/admin/variants/${id(bad.variant, variant?.variantId)}/inventory/adjust`,
                      {
                        adjustment: bad.adjustment,
                        ...(bad.reason === undefined ? {} : { reason: bad.reason }),
                      },
                    )
                  : bad.to === 'status'
                    ? await t.app.inject({
                        method: 'PATCH',
                        url: `/api/v1/admin/orders/${id(bad.order, order?.id)}/status`,
                        headers: support,
                        payload: {
                          status: bad.status,
                          ...(bad.note === undefined ? {} : { note: bad.note }),
                        },
                      })
                    : await t.app.inject({
                        method: 'POST',
                        url: `/api/v1/admin/orders/${id(bad.order, order?.id)}/cancel`,
                        headers: support,
                        ...(bad.reason === undefined ? {} : { payload: { reason: bad.reason } }),
                      });
            expect(res.statusCode, `${JSON.stringify(bad)}: ${res.body}`).toBe(expected);
            seen.refused += 1;
            const detail: unknown = res.json<{ detail?: unknown }>().detail;
            expect(
              typeof detail === 'string' ? detail.length : Array.isArray(detail) && detail.length,
              `a refusal says why: ${res.body}`,
            ).toBeGreaterThan(0);
            expect(await snapshot(), `${JSON.stringify(bad)} changed nothing`).toEqual(before);
          } else if (step.kind === 'adjust') {
            const v = variants[step.variant];
            if (!v) continue;
            const res = await shop.adjust(v.variantId, step.delta);
            const ok = step.delta > 0 || v.backorder || v.model + step.delta >= 0;
            expect(res.statusCode, res.body).toBe(ok ? 200 : 409);
            if (ok) {
              v.model += step.delta;
              v.base += step.delta;
            }
          } else {
            const o = orders[step.order % Math.max(1, orders.length)];
            if (!o) continue;
            const to: OrderStatus = step.kind === 'cancel' ? 'cancelled' : step.status;
            const res = await t.app.inject(
              step.kind === 'cancel'
                ? {
                    method: 'POST',
                    url: `/api/v1/admin/orders/${o.id}/cancel`,
                    headers: support,
                  }
                : {
                    method: 'PATCH',
                    url: `/api/v1/admin/orders/${o.id}/status`,
                    headers: support,
                    payload: { status: to },
                  },
            );
            let ok = true;
            if (step.kind === 'cancel' && !CANCELLABLE.includes(o.status)) ok = false;
            if (!holds(o.status) && holds(to) && !fits(o.lines)) ok = false;
            expect(res.statusCode, `${step.kind} ${o.status} → ${to}: ${res.body}`).toBe(
              ok ? 200 : 409,
            );
            if (ok) {
              if (holds(o.status) && !holds(to)) move(o.lines, 1);
              if (!holds(o.status) && holds(to)) move(o.lines, -1);
              if (o.status !== to) {
                const document = documentOnEntry(to);
                if (document !== 'none' && (document === 'invoice') !== inForce(o)) {
                  o.documents.push(document);
                  seen[document] += 1;
                }
              }
              o.status = to;
            }
          }
          await checkInvariants(variants);
          await checkDocuments(orders);
        }
      }),
      { numRuns: NUM_RUNS },
    );
    // A replay (FC_PATH) or a run of FC_RUNS cases may miss a kind; the file's own run must not.
    if (!process.env.FC_PATH && !process.env.FC_RUNS) {
      expect(
        seen.invoice * seen.credit_note * seen.refused * seen.short,
        JSON.stringify(seen),
      ).toBeGreaterThan(0);
    }
  }, 600_000);
});
