// Property: whatever sequence of payments, refunds, removals, remittance lines and status changes
// (which issue invoices and credit notes) is sent to two orders, after EVERY step and for each
// order
//   balance_due = owed − settled, owed = 0 in a credited status else total_amount,
//   settled = Σ (amount + withholding_amount) of the payments not removed (refunds negative),
//   payment_status = the table of docs/product.md "Payments" (test-support/payment-model.ts, written
//   again there, not imported from the domain),
// as stored on the order, as listOrderPayments answers it and as a small model predicts; every
// answer is the one the model predicts (201/200, 409 for a refund beyond its credit note or a
// removal of a removed payment, 422 for a remittance line beyond the balance); and the refunds of
// each credit note never exceed it. Driven through the API on both databases; assertProperty
// prints the seed and path of a failure (FC_SEED / FC_PATH / FC_RUNS replay it).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useAdmin, useTestApp } from '../../test-support/app';
import { testDialects } from '../../test-support/databases';
import { insertSimpleProduct, insertVatRate } from '../../test-support/fixtures';
import { completeShopSettings, resetShopSettings } from '../../test-support/invoices';
import { assertProperty } from '../../test-support/properties';
import { clearShop, ORDER_STATUSES, placeOrder } from '../../test-support/shop';
import {
  expectedStatus,
  refundableLeft,
  settledBy,
  type ModelPayment,
} from '../../test-support/payment-model';
import type { Schemas } from '../../test-support/contract';
import { fromMillimes, toMillimes } from '../domain/money';
import { shopDay } from '../domain/payments';
import { statusRules } from '../../../contract/order-status';
import type { OrderStatus } from '../db/schema';

const NUM_RUNS = 25;
const MAX_STEPS = 14;
const ORDERS = 2;

type Step =
  | { kind: 'pay'; order: number; amount: number; withholding: number }
  | { kind: 'refund'; order: number; amount: number }
  | { kind: 'remove'; order: number; pick: number }
  | { kind: 'remit'; order: number; amount: number }
  | { kind: 'status'; order: number; status: OrderStatus };

const orderIndex = fc.integer({ min: 0, max: ORDERS - 1 });
const millimes = fc.integer({ min: 1, max: 25_000 });
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('pay' as const),
    order: orderIndex,
    amount: millimes,
    withholding: fc.constantFrom(0, 0, 100),
  }),
  fc.record({ kind: fc.constant('refund' as const), order: orderIndex, amount: millimes }),
  fc.record({ kind: fc.constant('remove' as const), order: orderIndex, pick: fc.nat(20) }),
  fc.record({ kind: fc.constant('remit' as const), order: orderIndex, amount: millimes }),
  fc.record({
    kind: fc.constant('status' as const),
    order: orderIndex,
    status: fc.constantFrom(...ORDER_STATUSES),
  }),
);

interface ModelOrder {
  id: number;
  number: string;
  total: number;
  status: OrderStatus;
  payments: ModelPayment[];
}

describe.each(testDialects)('payments property (%s)', (dialect) => {
  const t = useTestApp(dialect);
  const admin = useAdmin(t, 'admin');
  const db = () => t.database.db;
  let run = 0;

  beforeAll(async () => completeShopSettings(db()));
  afterAll(async () => resetShopSettings(db()));

  const today = () => shopDay(t.ctx.now(), 'Africa/Tunis');
  const send = (operationId: string, method: string, url: string, payload?: object) =>
    t.request(operationId, { method: method as 'GET', url, headers: admin, payload });

  /** Two cash-on-delivery orders of 10.000 and 20.000. */
  async function freshOrders(): Promise<ModelOrder[]> {
    await clearShop(db());
    const rate = await insertVatRate(db(), { rate_bp: 1900, country_code: 'TN', is_default: 1 });
    const product = await insertSimpleProduct(
      db(),
      { vat_rate_id: rate.id },
      { stock_quantity: 1000 },
    );
    run += 1;
    const orders: ModelOrder[] = [];
    for (let i = 0; i < ORDERS; i += 1) {
      const placed = await placeOrder(t.app, { session: `sess_pay_prop_${dialect}_${run}_${i}` }, [
        { productId: product.productId, quantity: i + 1 },
      ]);
      orders.push({
        id: placed.id,
        number: placed.order_number,
        total: toMillimes(placed.total_amount),
        status: 'pending',
        payments: [],
      });
    }
    return orders;
  }

  /** Each credit note of the order with what its active refunds leave of it. */
  async function creditNotes(o: ModelOrder) {
    const notes = await db()
      .selectFrom('invoices')
      .select(['id', 'content'])
      .where('order_id', '=', o.id)
      .where('kind', '=', 'credit_note')
      .orderBy('id')
      .execute();
    return notes.map((n) => {
      const total = toMillimes(
        (JSON.parse(n.content) as { total_incl_vat: string }).total_incl_vat,
      );
      return { id: n.id, total, left: refundableLeft({ id: n.id, total }, o.payments) };
    });
  }

  const balance = (o: ModelOrder) => {
    const owed = statusRules(o.status).credited ? 0 : o.total;
    const settled = settledBy(o.payments);
    return { owed, settled, balanceDue: owed - settled };
  };

  async function apply(step: Step, orders: ModelOrder[]) {
    const o = orders[step.order]!;
    const base = `/api/v1/admin/orders/${o.id}`;
    const record = (
      res: { statusCode: number; json: () => unknown },
      p: Omit<ModelPayment, 'id'>,
    ) => {
      const answer = res.json() as Schemas['OrderPayments'];
      o.payments.push({ ...p, id: answer.payments.at(-1)!.id });
    };
    if (step.kind === 'pay') {
      // Withholding only for professionals: these orders are individuals', so it is refused.
      const res = await send('createOrderPayment', 'POST', `${base}/payments`, {
        amount: fromMillimes(step.amount),
        method: 'cash',
        received_on: today(),
        ...(step.withholding > 0 ? { withholding_amount: fromMillimes(step.withholding) } : {}),
      });
      if (step.withholding > 0) return expect(res.statusCode).toBe(422);
      expect(res.statusCode, res.body).toBe(201);
      record(res, { amount: step.amount, withholding: 0, creditNote: null, removed: false });
    } else if (step.kind === 'refund') {
      const note = (await creditNotes(o)).at(-1);
      if (!note) return;
      const res = await send('createOrderPayment', 'POST', `${base}/payments`, {
        amount: fromMillimes(-step.amount),
        method: 'cash',
        received_on: today(),
        credit_note_id: note.id,
      });
      if (step.amount > note.left) return expect(res.statusCode, res.body).toBe(409);
      expect(res.statusCode, res.body).toBe(201);
      record(res, {
        amount: -step.amount,
        withholding: 0,
        creditNote: note.id,
        removed: false,
      });
    } else if (step.kind === 'remove') {
      if (o.payments.length === 0) return;
      const p = o.payments[step.pick % o.payments.length]!;
      const res = await send('removeOrderPayment', 'DELETE', `${base}/payments/${p.id}`);
      expect(res.statusCode, res.body).toBe(p.removed ? 409 : 200);
      p.removed = true;
    } else if (step.kind === 'remit') {
      const res = await send('createRemittance', 'POST', '/api/v1/admin/payments/remittances', {
        carrier: 'Aramex',
        received_on: today(),
        lines: [{ order_number: o.number, amount: fromMillimes(step.amount) }],
      });
      if (step.amount > balance(o).balanceDue) return expect(res.statusCode, res.body).toBe(422);
      expect(res.statusCode, res.body).toBe(201);
      const line = res.json<Schemas['Remittance']>().lines[0]!;
      o.payments.push({
        id: line.payment_id,
        amount: step.amount,
        withholding: 0,
        creditNote: null,
        removed: false,
      });
    } else {
      const res = await send('updateOrderStatus', 'PATCH', `${base}/status`, {
        status: step.status,
      });
      expect(res.statusCode, res.body).toBe(200);
      o.status = step.status;
    }
  }

  async function check(orders: ModelOrder[]) {
    for (const o of orders) {
      const { settled, balanceDue } = balance(o);
      const expected = {
        payment_status: expectedStatus(o.payments, settled, balanceDue),
        amount_paid: fromMillimes(settled),
        balance_due: fromMillimes(balanceDue),
      };
      const row = await db()
        .selectFrom('orders')
        .select(['payment_status', 'amount_paid', 'balance_due'])
        .where('id', '=', o.id)
        .executeTakeFirstOrThrow();
      expect({
        payment_status: row.payment_status,
        amount_paid: fromMillimes(Number(row.amount_paid)),
        balance_due: fromMillimes(Number(row.balance_due)),
      }).toEqual(expected);
      const listed = (
        await send('listOrderPayments', 'GET', `/api/v1/admin/orders/${o.id}/payments`)
      ).json<Schemas['OrderPayments']>();
      expect({
        payment_status: listed.payment_status,
        amount_paid: listed.amount_paid,
        balance_due: listed.balance_due,
      }).toEqual(expected);
      expect(listed.payments.map((p) => [p.id, p.removed_at !== null])).toEqual(
        o.payments.map((p) => [p.id, p.removed]),
      );
      for (const note of await creditNotes(o)) expect(note.left).toBeGreaterThanOrEqual(0);
    }
  }

  it('keeps every order balance_due = owed − settled and its status per the table', async () => {
    await assertProperty(
      fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: MAX_STEPS }), async (steps) => {
        const orders = await freshOrders();
        for (const step of steps) {
          await apply(step, orders);
          await check(orders);
        }
      }),
      { numRuns: NUM_RUNS },
    );
  }, 300_000);
});
