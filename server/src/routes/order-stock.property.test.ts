// Property: whatever sequence of checkouts, status changes (the selector), cancellations and
// stock adjustments is sent, after EVERY step and for every variant
//   stock = initial + adjustments − Σ quantities of its active orders (not cancelled/refunded)
//   stock = Σ deltas of its stock movements
// and every response is the one a small model of the rules predicts (201/200, or 409 when stock
// is short without backorders or the order cannot be cancelled). Driven through the API on both
// databases. Bounded: NUM_RUNS sequences of at most MAX_STEPS steps. fast-check prints the seed
// and path of a failure; FC_SEED=<seed> (and FC_PATH=<path>) replay it.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test-support/app';
import { testDialects } from '../../test-support/databases';
import { insertCategory, insertVatRate } from '../../test-support/fixtures';
import { clearShop, ORDER_STATUSES } from '../../test-support/shop';
import { stockLedgerMismatches, stockShop, unitsHeldByOrders } from '../../test-support/stock';
import type { OrderStatus } from '../db/schema';

const NUM_RUNS = 40;
const MAX_STEPS = 14;
const CANCELLABLE: OrderStatus[] = ['pending', 'confirmed', 'processing'];
const holds = (s: OrderStatus) => s !== 'cancelled' && s !== 'refunded';

type Step =
  | { kind: 'checkout'; lines: { variant: number; quantity: number }[] }
  | { kind: 'status'; order: number; status: OrderStatus }
  | { kind: 'cancel'; order: number }
  | { kind: 'adjust'; variant: number; delta: number };

/** Three variants: 0 and 2 without backorders, 1 with. */
const VARIANTS = 3;
const BACKORDER = [false, true, false];

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
  let shop: ReturnType<typeof stockShop>;
  let support: { authorization: string };
  let run = 0;

  beforeAll(async () => {
    shop = stockShop(t, await t.authAs('super_admin'));
    support = await t.authAs('support');
  });
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

  it('keeps stock = initial + adjustments − active orders = Σ movements after every step', async () => {
    const params: fc.Parameters<unknown> = { numRuns: NUM_RUNS };
    if (process.env.FC_SEED) params.seed = Number(process.env.FC_SEED);
    if (process.env.FC_PATH) params.path = process.env.FC_PATH;
    await fc.assert(
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
        }[] = [];
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
            if (ok) {
              orders.push({
                id: res.json<{ id: number }>().id,
                status: 'pending',
                lines: step.lines,
              });
              move(step.lines, -1);
            }
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
              o.status = to;
            }
          }
          await checkInvariants(variants);
        }
      }),
      params,
    );
  }, 180_000);
});
