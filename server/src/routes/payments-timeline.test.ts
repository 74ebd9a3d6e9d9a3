// Payments on the order's timeline (getOrderTimeline, PaymentEvent): each payment and refund
// recorded, by whom, and each removal, at the instant it was made, among the order's other events.
import { beforeEach, describe, expect, it } from 'vitest';
import { expectStatus, type Schemas } from '../../test-support/contract';
import { useAdminAccount, useTestApp, type AuthHeaders } from '../../test-support/app';
import { testDialects } from '../../test-support/databases';
import { completeShopSettings } from '../../test-support/invoices';
import { placeOrder, useShop } from '../../test-support/shop';
import { shopDay } from '../domain/payments';

type TimelineEvent = Schemas['OrderTimelineEvent'];
type PaymentEvent = Schemas['PaymentEvent'];
type OrderPayments = Schemas['OrderPayments'];

const ORDERS = '/api/v1/admin/orders';

describe.each(testDialects)('payments on the timeline (%s)', (dialect) => {
  const t = useTestApp(dialect);
  const manager = useAdminAccount(t, 'manager');
  const admin = useAdminAccount(t, 'admin');
  const shop = useShop(t);
  const db = () => t.database.db;
  let seq = 0;

  beforeEach(async () => {
    t.freezeClock();
    await completeShopSettings(db());
  });

  const today = () => shopDay(t.ctx.now(), 'Africa/Tunis');
  const usernameOf = async (id: number) =>
    (
      await db()
        .selectFrom('admin_users')
        .select('username')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).username;

  async function order(payment_method: string, quantity: number) {
    const p = await shop.simple({}, { stock_quantity: 100 });
    seq += 1;
    return placeOrder(
      t.app,
      { session: `sess_pay_timeline_${dialect}_${seq}` },
      [{ productId: p.productId, quantity }],
      { payment_method },
    );
  }
  const pay = async (id: number, payload: object, headers: AuthHeaders = manager.headers) =>
    expectStatus<OrderPayments>(
      await t.request('createOrderPayment', {
        method: 'POST',
        url: `${ORDERS}/${id}/payments`,
        headers,
        payload: { method: 'bank_transfer', received_on: today(), ...payload },
      }),
      201,
      'createOrderPayment',
    );
  const remove = async (id: number, paymentId: number, headers: AuthHeaders) =>
    expectStatus<OrderPayments>(
      await t.request('removeOrderPayment', {
        method: 'DELETE',
        url: `${ORDERS}/${id}/payments/${paymentId}`,
        headers,
      }),
      200,
      'removeOrderPayment',
    );
  const setStatus = async (id: number, status: string) =>
    expect(
      (
        await t.request('updateOrderStatus', {
          method: 'PATCH',
          url: `${ORDERS}/${id}/status`,
          headers: manager.headers,
          payload: { status },
        })
      ).statusCode,
    ).toBe(200);
  const timeline = async (id: number) =>
    expectStatus<TimelineEvent[]>(
      await t.request('getOrderTimeline', {
        method: 'GET',
        url: `${ORDERS}/${id}/timeline`,
        headers: manager.headers,
      }),
      200,
      'getOrderTimeline',
    );
  const payments = (events: TimelineEvent[]) =>
    events.filter((e): e is TimelineEvent & PaymentEvent => e.type === 'payment');

  it('tells each payment, refund and removal, when and by whom, among the other events', async () => {
    const o = await order('card', 2); // 20.000
    await setStatus(o.id, 'confirmed'); // invoiced
    t.advanceClock(1000);
    const first = await pay(o.id, { amount: '20.000', method: 'card', reference: ' CB-1 ' });
    const paymentId = first.payments[0]!.id;
    const recordedAt = t.ctx.now().toISOString();
    t.advanceClock(1000);
    await setStatus(o.id, 'cancelled'); // credit note
    const note = await db()
      .selectFrom('invoices')
      .select(['id', 'kind', 'number'])
      .where('order_id', '=', o.id)
      .where('kind', '=', 'credit_note')
      .executeTakeFirstOrThrow();
    t.advanceClock(1000);
    const refunded = await pay(o.id, { amount: '-20.000', credit_note_id: note.id });
    const refundId = refunded.payments[1]!.id;
    const refundedAt = t.ctx.now().toISOString();
    t.advanceClock(1000);
    await remove(o.id, refundId, admin.headers);
    const removedAt = t.ctx.now().toISOString();

    const events = await timeline(o.id);
    const [managerName, adminName] = [await usernameOf(manager.id), await usernameOf(admin.id)];
    const common = {
      type: 'payment',
      withholding_amount: '0.000',
      received_on: today(),
      remittance_id: null,
    };
    expect(payments(events)).toEqual([
      {
        ...common,
        id: `payment-${paymentId}`,
        action: 'recorded',
        created_at: recordedAt,
        changed_by: managerName,
        payment_id: paymentId,
        amount: '20.000',
        method: 'card',
        reference: 'CB-1',
        credit_note: null,
      },
      {
        ...common,
        id: `payment-${refundId}`,
        action: 'recorded',
        created_at: refundedAt,
        changed_by: managerName,
        payment_id: refundId,
        amount: '-20.000',
        method: 'bank_transfer',
        reference: null,
        credit_note: note,
      },
      {
        ...common,
        id: `payment-removed-${refundId}`,
        action: 'removed',
        created_at: removedAt,
        changed_by: adminName,
        payment_id: refundId,
        amount: '-20.000',
        method: 'bank_transfer',
        reference: null,
        credit_note: note,
      },
    ]);
    // Oldest first, the payment between the invoice and the cancellation that credits it.
    const kinds = events.map((e) =>
      e.type === 'payment'
        ? `payment ${e.action}`
        : e.type === 'status_change'
          ? e.to_status
          : e.type,
    );
    expect(kinds.filter((k) => k !== 'stock_movement' && k !== 'email_sent')).toEqual([
      'pending',
      'confirmed',
      'document_issued',
      'payment recorded',
      'cancelled',
      'document_issued',
      'payment recorded',
      'payment removed',
    ]);
  });

  it("shows a remittance's line as a payment linked to its remittance, and no other order's", async () => {
    const a = await order('cash_on_delivery', 1); // 10.000
    const b = await order('cash_on_delivery', 2); // 20.000
    t.advanceClock(1000);
    const res = await t.request('createRemittance', {
      method: 'POST',
      url: '/api/v1/admin/payments/remittances',
      headers: manager.headers,
      payload: {
        carrier: 'Aramex',
        received_on: today(),
        reference: 'ARX-9',
        fee_amount: '3.000',
        lines: [{ order_number: a.order_number, amount: '10.000' }],
      },
    });
    const remittance = expectStatus<Schemas['Remittance']>(res, 201, 'createRemittance');
    expect(payments(await timeline(a.id))).toMatchObject([
      {
        action: 'recorded',
        amount: '10.000',
        method: 'cash_on_delivery',
        reference: 'ARX-9',
        remittance_id: remittance.id,
        payment_id: remittance.lines[0]!.payment_id,
      },
    ]);
    expect(payments(await timeline(b.id))).toEqual([]);
  });
});
