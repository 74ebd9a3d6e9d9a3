// The stamp duty after checkout (#30; docs/product.md §10.28 and §10.22), on both databases:
// credit notes under stamp_duty_on_credit_notes reversed and kept (a cancellation after the
// invoice, a partial return then the rest), the refunds they allow and the balance once every
// credit note is refunded; a settings change after the order was placed; an order placed before
// #30 (stamp_duty_amount null) keeping the old invoice rule.
import { describe, expect, it } from 'vitest';
import type { Schemas } from '../../test-support/contract';
import { expectStatus } from '../../test-support/contract';
import { testDialects } from '../../test-support/databases';
import { insertCategory } from '../../test-support/fixtures';
import type { Invoice } from '../../test-support/invoices';
import { useOrderDesk } from '../../test-support/order-desk';
import type { Order } from '../../test-support/shop';
import { fromMillimes, toMillimes } from '../domain/money';
import { shopDay } from '../domain/payments';

type OrderPayments = Schemas['OrderPayments'];
type OnCreditNotes = Schemas['StampDutyOnCreditNotes'];

describe.each(testDialects)('stamp duty after checkout (%s)', (dialect) => {
  const { t, shop, admin, api, place, post, documents, getOrder } = useOrderDesk(dialect);
  const db = () => t.database.db;
  const today = () => shopDay(t.ctx.now(), 'Africa/Tunis');
  const returnItems = post('createOrderReturn', '/returns');
  const payAs = post('createOrderPayment', '/payments');
  // Payments are an admin's (support may not record them).
  const pay = (id: number, payload: unknown) => payAs(id, payload, admin.headers);

  /** An order of `quantity` units at 10.000 incl. VAT shipped to Tunisia (flat 7.000 net). */
  async function order(quantity: number, status?: Order['status']): Promise<Order> {
    const category = await insertCategory(db());
    const product = await api().product(
      `Linen shirt ${Math.random().toString(36).slice(2, 8)}`,
      { stock_quantity: 50 },
      { vatRateId: shop.tn19.id, categoryId: category.id },
    );
    return place([{ productId: product.productId, quantity }], status);
  }

  const setOnCreditNotes = async (value: OnCreditNotes) => {
    const res = await t.request('updateShopSettings', {
      method: 'PATCH',
      url: '/api/v1/admin/settings/shop',
      headers: admin.headers,
      payload: { stamp_duty_on_credit_notes: value },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Schemas['ShopSettings']>().stamp_duty_on_credit_notes).toBe(value);
  };

  const payments = async (id: number) =>
    expectStatus<OrderPayments>(
      await t.request('listOrderPayments', {
        method: 'GET',
        url: `/api/v1/admin/orders/${id}/payments`,
        headers: admin.headers,
      }),
      200,
      'listOrderPayments',
    );

  const payAll = async (o: Order) => {
    const res = await pay(o.id, { amount: o.total_amount, method: 'cash', received_on: today() });
    expect(res.statusCode, res.body).toBe(201);
  };

  /** Refunds every credit note of the order in full (what each lets pay back). */
  async function refundEveryCreditNote(id: number, docs: Invoice[]) {
    for (const note of docs.filter((d) => d.kind === 'credit_note')) {
      const back = toMillimes(note.total_incl_vat) + toMillimes(note.stamp_duty);
      if (back === 0) continue;
      const res = await pay(id, {
        amount: fromMillimes(-back),
        method: 'cash',
        received_on: today(),
        credit_note_id: note.id,
      });
      expect(res.statusCode, res.body).toBe(201);
    }
  }

  it('charges the stamp duty on the order, its own line, and the invoice copies it', async () => {
    const placed = await order(2, 'confirmed');
    expect(placed).toMatchObject({
      subtotal: '16.807',
      vat_amount: '4.523',
      shipping_amount: '7.000',
      stamp_duty_amount: '1.000',
      total_amount: '29.330',
    });
    const [invoice] = await documents(placed.id);
    expect(invoice).toMatchObject({ stamp_duty: '1.000', amount_due: '29.330' });
    expect(await payments(placed.id)).toMatchObject({ balance_due: '29.330' });
  });

  describe.each(['reversed', 'kept'] as const)('credit notes with the stamp duty %s', (rule) => {
    const stampBack = rule === 'reversed' ? '1.000' : '0.000';

    it('cancelled after its invoice: the credit note, the refund and the balance', async () => {
      await setOnCreditNotes(rule);
      const placed = await order(1, 'confirmed');
      await payAll(placed);
      const cancelled = await api().cancel(placed.id, 'Changed mind');
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      const docs = await documents(placed.id);
      expect(docs.map((d) => d.kind)).toEqual(['invoice', 'credit_note']);
      const [invoice, note] = docs as [Invoice, Invoice];
      expect(note).toMatchObject({
        total_incl_vat: invoice.total_incl_vat,
        stamp_duty: stampBack,
        amount_due: fromMillimes(toMillimes(invoice.total_incl_vat) + toMillimes(stampBack)),
      });
      // More than the credit note gives back is refused, with what it leaves.
      const tooMuch = toMillimes(note.amount_due) + 1;
      const refused = await pay(placed.id, {
        amount: fromMillimes(-tooMuch),
        method: 'cash',
        received_on: today(),
        credit_note_id: note.id,
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        detail: `The refund of ${fromMillimes(tooMuch)} is more than credit note ${note.number} leaves to pay back: ${note.amount_due}`,
      });
      await refundEveryCreditNote(placed.id, docs);
      // Reversed: all went back. Kept: the buyer paid the stamp duty, which stays owed.
      expect(await payments(placed.id)).toMatchObject(
        rule === 'reversed'
          ? { payment_status: 'refunded', amount_paid: '0.000', balance_due: '0.000' }
          : { payment_status: 'paid', amount_paid: '1.000', balance_due: '0.000' },
      );
      expect(await getOrder(placed.id)).toMatchObject({
        stamp_duty_amount: '1.000',
        balance_due: '0.000',
      });
    });

    it('a partial return, then the rest: only the last credit note may take the stamp back', async () => {
      await setOnCreditNotes(rule);
      const placed = await order(2, 'confirmed');
      await payAll(placed);
      const item = placed.items[0]!;
      const first = await returnItems(placed.id, {
        reason: 'Too small',
        lines: [{ order_item_id: item.id, quantity: 1, restock: true }],
      });
      expect(first.statusCode, first.body).toBe(201);
      // Still owed after the first return: the total less what it credited.
      const partial = (await documents(placed.id)).at(-1)!;
      expect(partial.stamp_duty).toBe('0.000');
      expect(await payments(placed.id)).toMatchObject({
        balance_due: fromMillimes(-toMillimes(partial.amount_due)),
      });
      const rest = await returnItems(placed.id, {
        reason: 'Both too small',
        lines: [{ order_item_id: item.id, quantity: 1, restock: true }],
        shipping_amount: '7.000',
      });
      expect(rest.statusCode, rest.body).toBe(201);
      const docs = await documents(placed.id);
      // The invoice, the two returns' credit notes, the refund's credit note of what is left.
      expect(docs.map((d) => d.kind)).toEqual([
        'invoice',
        'credit_note',
        'credit_note',
        'credit_note',
      ]);
      expect(docs.map((d) => d.stamp_duty)).toEqual(['1.000', '0.000', '0.000', stampBack]);
      const credited = docs.slice(1).reduce((s, d) => s + toMillimes(d.amount_due), 0);
      expect(fromMillimes(credited)).toBe(
        rule === 'reversed'
          ? placed.total_amount
          : fromMillimes(toMillimes(placed.total_amount) - 1000),
      );
      await refundEveryCreditNote(placed.id, docs);
      expect(await getOrder(placed.id)).toMatchObject({ status: 'refunded' });
      expect(await payments(placed.id)).toMatchObject(
        rule === 'reversed'
          ? { payment_status: 'refunded', amount_paid: '0.000', balance_due: '0.000' }
          : { payment_status: 'paid', amount_paid: '1.000', balance_due: '0.000' },
      );
    });
  });

  it('keeps the order and its invoice as placed when the settings change after it', async () => {
    const placed = await order(1);
    const changed = await t.request('updateShopSettings', {
      method: 'PATCH',
      url: '/api/v1/admin/settings/shop',
      headers: admin.headers,
      payload: { stamp_duty: '2.500', stamp_duty_applies_to: 'none' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<Schemas['ShopSettings']>()).toMatchObject({
      stamp_duty: '2.500',
      stamp_duty_applies_to: 'none',
      stamp_duty_on_credit_notes: 'reversed',
    });
    const changes = await t.request('listShopSettingsChanges', {
      method: 'GET',
      url: '/api/v1/admin/settings/shop/changes',
      headers: admin.headers,
    });
    expect(changes.json<Schemas['ShopSettingsChange'][]>()[0]?.changes).toEqual([
      { field: 'stamp_duty', before: '1.000', after: '2.500' },
      { field: 'stamp_duty_applies_to', before: 'every_invoice', after: 'none' },
    ]);
    expect(await getOrder(placed.id)).toMatchObject({
      stamp_duty_amount: '1.000',
      total_amount: placed.total_amount,
    });
    expect((await api().status(placed.id, 'confirmed')).statusCode).toBe(200);
    const [invoice] = await documents(placed.id);
    expect(invoice).toMatchObject({ stamp_duty: '1.000', amount_due: placed.total_amount });
    // The next order follows the new settings: no stamp duty.
    const next = await order(1);
    expect(next.stamp_duty_amount).toBe('0.000');
    expect(toMillimes(next.total_amount)).toBe(toMillimes(placed.total_amount) - 1000);
  });

  it('invoices an order placed before #30 as before: the settings at issue, on top of its total', async () => {
    const placed = await order(1);
    // As migration 035 leaves an older order: no stamp duty of its own, none in its total.
    const oldTotal = toMillimes(placed.total_amount) - 1000;
    await db()
      .updateTable('orders')
      .set({ stamp_duty_amount: null, total_amount: oldTotal, balance_due: oldTotal })
      .where('id', '=', placed.id)
      .execute();
    await db().updateTable('shop_settings').set({ stamp_duty: 1500 }).where('id', '=', 1).execute();
    expect(await getOrder(placed.id)).toMatchObject({
      stamp_duty_amount: '0.000',
      total_amount: fromMillimes(oldTotal),
    });
    expect((await api().status(placed.id, 'confirmed')).statusCode).toBe(200);
    const [invoice] = await documents(placed.id);
    expect(invoice).toMatchObject({
      total_incl_vat: fromMillimes(oldTotal),
      stamp_duty: '1.500',
      amount_due: fromMillimes(oldTotal + 1500),
    });
  });
});
