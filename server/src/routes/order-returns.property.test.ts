// Property (issue #28): whatever sequence of checkouts, returns (restocked or damaged, with or
// without shipping), edits (quantities, removed and added lines, shipping), status changes,
// cancellations and reopenings is sent, after EVERY step:
//   stock of each variant = Σ its movements, and = initial − Σ over orders holding stock of
//     (quantity − returned) − Σ over all orders of the units returned damaged;
//   Σ the credit notes of each invoice ≤ the invoice, column by column, and = the invoice once a
//     credit note reverses it;
//   each order's totals = Σ its lines (+ the shipping and its VAT − the discount);
//   every document kind's numbers run 1..n without a gap;
//   no answer is a 5xx, every refusal is a 4xx with a `detail`.
// Driven through the API on both databases; FC_SEED / FC_PATH / FC_RUNS replay a failure
// (server/test-support/properties.ts).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { useTestApp } from '../../test-support/app';
import { testDialects } from '../../test-support/databases';
import { insertCategory, insertVatRate } from '../../test-support/fixtures';
import {
  completeShopSettings,
  creditedByColumn,
  resetShopSettings,
} from '../../test-support/invoices';
import { assertProperty } from '../../test-support/properties';
import { clearShop, ORDER_STATUSES } from '../../test-support/shop';
import { stockLedgerMismatches, stockShop } from '../../test-support/stock';
import { statusesWhere } from '../../../contract/order-status';
import type { OrderStatus } from '../db/schema';
import type { Schemas } from '../api/types';

const NUM_RUNS = 60;
const MAX_STEPS = 24;
const VARIANTS = 3;
const INITIAL = 40;

type Step =
  | { kind: 'checkout'; lines: { variant: number; quantity: number }[]; confirm: boolean }
  | { kind: 'status'; order: number; status: OrderStatus }
  | { kind: 'cancel'; order: number }
  | {
      kind: 'return';
      order: number;
      item: number;
      quantity: number;
      restock: boolean;
      shipping: number;
    }
  | {
      kind: 'edit';
      order: number;
      item: number;
      quantity: number;
      add: number | null;
      shipping: number | null;
    };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('checkout' as const),
      // Half the orders are confirmed at once, so that returns meet an invoice in force (and its
      // partial credit notes) in most runs, not only after a random status step picked the
      // same order.
      confirm: fc.boolean(),
      lines: fc.uniqueArray(
        fc.record({
          variant: fc.integer({ min: 0, max: VARIANTS - 1 }),
          quantity: fc.integer({ min: 1, max: 4 }),
        }),
        { minLength: 1, maxLength: 2, selector: (l) => l.variant },
      ),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('status' as const),
      order: fc.nat(5),
      status: fc.constantFrom(...ORDER_STATUSES),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel' as const), order: fc.nat(5) }) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('return' as const),
      order: fc.nat(5),
      item: fc.nat(2),
      quantity: fc.integer({ min: 1, max: 3 }),
      restock: fc.boolean(),
      shipping: fc.constantFrom(0, 0, 1_500, 3_000),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('edit' as const),
      order: fc.nat(5),
      item: fc.nat(2),
      quantity: fc.integer({ min: 0, max: 4 }),
      add: fc.option(fc.integer({ min: 0, max: VARIANTS - 1 })),
      shipping: fc.option(fc.constantFrom(0, 4_000, 9_000)),
    }),
  },
);

describe.each(testDialects)(
  'returns and edits keep stock and documents right, property (%s)',
  (dialect) => {
    const t = useTestApp(dialect, { config: { shippingFlatRateMillimes: 7_000 } });
    let shop: ReturnType<typeof stockShop>;
    let run = 0;

    beforeAll(async () => {
      shop = stockShop(t, await t.authAs('super_admin'));
      await completeShopSettings(t.database.db);
    });
    afterAll(() => resetShopSettings(t.database.db));

    const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
      shop.call(method, url, payload);

    /** A 5xx never; a refusal a 4xx with a detail. */
    function expectAnswered(res: LightMyRequestResponse, ok: number) {
      expect(res.statusCode, res.body).toBeLessThan(500);
      if (res.statusCode !== ok) {
        expect([404, 409, 422], res.body).toContain(res.statusCode);
        expect(res.json<{ detail: unknown }>().detail).toBeTruthy();
      }
    }

    async function checkInvariants(variants: { variantId: number }[], orderIds: number[]) {
      const db = t.database.db;
      expect(await stockLedgerMismatches(db)).toEqual([]);

      // Stock = initial − what holding orders still hold − damaged units.
      const holding = statusesWhere('holdsStock');
      const items = await db
        .selectFrom('order_items as i')
        .innerJoin('orders as o', 'o.id', 'i.order_id')
        .select(['i.id', 'i.variant_id', 'i.quantity', 'o.status'])
        .execute();
      const returnLines = await db
        .selectFrom('order_return_lines')
        .select(['order_item_id', 'quantity', 'restock'])
        .execute();
      const out = new Map<number, number>();
      for (const i of items) {
        if (i.variant_id === null) continue;
        const lines = returnLines.filter((l) => l.order_item_id === i.id);
        const returned = lines.reduce((s, l) => s + Number(l.quantity), 0);
        const damaged = lines
          .filter((l) => l.restock === 0)
          .reduce((s, l) => s + Number(l.quantity), 0);
        const held = holding.includes(i.status) ? Number(i.quantity) - returned : 0;
        out.set(i.variant_id, (out.get(i.variant_id) ?? 0) + held + damaged);
      }
      for (const v of variants) {
        expect(await shop.stockOf(v.variantId), `variant ${v.variantId}`).toBe(
          INITIAL - (out.get(v.variantId) ?? 0),
        );
      }

      // Each order's totals = Σ its lines.
      for (const id of orderIds) {
        const o = await db
          .selectFrom('orders')
          .selectAll()
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        const lines =
          items.length === 0
            ? []
            : await db
                .selectFrom('order_items')
                .select(['total_price', 'vat_amount'])
                .where('order_id', '=', id)
                .execute();
        const subtotal = lines.reduce((s, l) => s + Number(l.total_price), 0);
        const vat =
          lines.reduce((s, l) => s + Number(l.vat_amount), 0) + Number(o.shipping_vat_amount);
        expect(Number(o.subtotal), `order ${id} subtotal`).toBe(subtotal);
        expect(Number(o.vat_amount), `order ${id} VAT`).toBe(vat);
        expect(Number(o.total_amount), `order ${id} total`).toBe(
          subtotal + vat + Number(o.shipping_amount) - Number(o.discount_amount),
        );
      }

      // Documents: numbers without gap; credit notes never beyond their invoice.
      const docs = await db
        .selectFrom('invoices')
        .select(['id', 'kind', 'year', 'sequence', 'credits_invoice_id', 'content'])
        .orderBy('id')
        .execute();
      for (const kind of ['invoice', 'credit_note'] as const) {
        const sequences = docs.filter((d) => d.kind === kind).map((d) => Number(d.sequence));
        expect(sequences, `${kind} numbers`).toEqual(sequences.map((_, i) => i + 1));
      }
      const partial = await db
        .selectFrom('order_returns')
        .select(['credit_note_id', 'invoice_id'])
        .where('credit_note_id', 'is not', null)
        .execute();
      const content = (d: { content: string }) => JSON.parse(d.content) as Schemas['Invoice'];
      for (const invoice of docs.filter((d) => d.kind === 'invoice')) {
        const notes = docs.filter(
          (d) =>
            d.credits_invoice_id === invoice.id ||
            partial.some((p) => p.invoice_id === invoice.id && p.credit_note_id === d.id),
        );
        const reversed = notes.some((n) => n.credits_invoice_id === invoice.id);
        for (const { column, whole, credited } of creditedByColumn(
          content(invoice),
          notes.map(content),
        )) {
          if (reversed) expect(credited, `${column} of invoice ${invoice.id}`).toBe(whole);
          else expect(credited, `${column} of invoice ${invoice.id}`).toBeLessThanOrEqual(whole);
        }
        // Line by line too: no line credited beyond its quantity.
        for (const line of content(invoice).lines) {
          const same = (l: Schemas['InvoiceLine']) =>
            l.description === line.description && l.unit_price === line.unit_price;
          const units = notes.flatMap((n) => content(n).lines.filter(same));
          const q = units.reduce((s, l) => s + l.quantity, 0);
          if (reversed) expect(q).toBe(line.quantity);
          else expect(q).toBeLessThanOrEqual(line.quantity);
        }
      }
    }

    it('after every step of any sequence', async () => {
      const seen = { returns: 0, partialNotes: 0, edits: 0, refundedByReturn: 0 };
      await assertProperty(
        fc.asyncProperty(
          fc.array(stepArb, { minLength: 1, maxLength: MAX_STEPS }),
          async (steps) => {
            run += 1;
            const db = t.database.db;
            await clearShop(db);
            const vatRateId = (
              await insertVatRate(db, { rate_bp: 1900, country_code: 'TN', is_default: 1 })
            ).id;
            const categoryId = (await insertCategory(db, { name: 'Scarves', slug: 'scarves' })).id;
            const variants: { productId: number; variantId: number }[] = [];
            for (let i = 0; i < VARIANTS; i++) {
              variants.push(
                await shop.product(
                  `Prop ${run} ${i}`,
                  { stock_quantity: INITIAL },
                  { vatRateId, categoryId },
                ),
              );
            }
            const orders: number[] = [];
            // Edits pick from the newest orders, the others from the oldest, so that edits meet
            // orders without returns often enough (an order with returns refuses an edit).
            const orderOf = async (n: number, newest = false) => {
              const at = n % Math.max(orders.length, 1);
              const id = orders[newest ? orders.length - 1 - at : at];
              if (id === undefined) return null;
              return (await call('GET', `/api/v1/admin/orders/${id}`)).json<Schemas['Order']>();
            };
            for (const step of steps) {
              if (step.kind === 'checkout') {
                const res = await shop.checkout(
                  step.lines.map((l) => ({
                    productId: variants[l.variant]!.productId,
                    quantity: l.quantity,
                  })),
                );
                expectAnswered(res, 201);
                if (res.statusCode === 201) {
                  const id = res.json<{ id: number }>().id;
                  orders.push(id);
                  if (step.confirm) expectAnswered(await shop.status(id, 'confirmed'), 200);
                }
              } else {
                const order = await orderOf(step.order, step.kind === 'edit');
                if (!order) continue;
                if (step.kind === 'status') {
                  expectAnswered(await shop.status(order.id, step.status), 200);
                } else if (step.kind === 'cancel') {
                  expectAnswered(await shop.cancel(order.id), 200);
                } else if (step.kind === 'return') {
                  const item = order.items[step.item % order.items.length]!;
                  const res = await call('POST', `/api/v1/admin/orders/${order.id}/returns`, {
                    reason: 'Property',
                    lines: [
                      { order_item_id: item.id, quantity: step.quantity, restock: step.restock },
                    ],
                    ...(step.shipping > 0
                      ? { shipping_amount: (step.shipping / 1000).toFixed(3) }
                      : {}),
                  });
                  expectAnswered(res, 201);
                  if (res.statusCode === 201) {
                    seen.returns += 1;
                    if (res.json<Schemas['OrderReturn']>().credit_note) seen.partialNotes += 1;
                    const after = await orderOf(step.order);
                    if (after?.status === 'refunded' && order.status !== 'refunded')
                      seen.refundedByReturn += 1;
                  }
                } else {
                  const item = order.items[step.item % order.items.length]!;
                  const lines = order.items
                    .filter((i) => i.id !== item.id || step.quantity > 0)
                    .map((i) => ({
                      order_item_id: i.id,
                      quantity: i.id === item.id ? step.quantity : i.quantity,
                    }));
                  const added = step.add === null ? undefined : variants[step.add]!.variantId;
                  const body = {
                    ...(lines.length > 0 || added !== undefined
                      ? {
                          lines: [
                            ...lines,
                            ...(added === undefined ? [] : [{ variant_id: added, quantity: 1 }]),
                          ],
                        }
                      : {}),
                    ...(step.shipping === null
                      ? {}
                      : { shipping_amount: (step.shipping / 1000).toFixed(3) }),
                  };
                  const res = await call('POST', `/api/v1/admin/orders/${order.id}/edit`, body);
                  expectAnswered(res, 200);
                  if (res.statusCode === 200) seen.edits += 1;
                }
              }
              await checkInvariants(variants, orders);
            }
          },
        ),
        { numRuns: NUM_RUNS },
      );
      // The runs reached the cases the property is about.
      expect(seen.returns).toBeGreaterThan(0);
      expect(seen.partialNotes).toBeGreaterThan(0);
      expect(seen.edits).toBeGreaterThan(0);
    });
  },
);
