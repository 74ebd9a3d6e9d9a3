// Payments of orders (listOrderPayments, createOrderPayment, removeOrderPayment), the balance they
// keep on the order (payment_status, amount_paid, balance_due; the orders list's filter and
// export), refunds bounded by their credit note, and carriers' remittances (createRemittance,
// importRemittance, listRemittances), all or nothing.
import type { LightMyRequestResponse } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { expectProblem, expectStatus, issuesOf, type Schemas } from '../../test-support/contract';
import { useAdminAccount, useTestApp, type AuthHeaders } from '../../test-support/app';
import { testDialects } from '../../test-support/databases';
import { insertOrder, rowCount } from '../../test-support/fixtures';
import { completeShopSettings } from '../../test-support/invoices';
import { csvObjects } from '../../test-support/csv';
import { placeOrder, useShop, type Order } from '../../test-support/shop';
import { fromMillimes } from '../domain/money';
import { shopDay } from '../domain/payments';

type OrderPayments = Schemas['OrderPayments'];
type Remittance = Schemas['Remittance'];
type Refused = Schemas['RemittanceRefused'];

const ORDERS = '/api/v1/admin/orders';
const REMITTANCES = '/api/v1/admin/payments/remittances';
const BOM = '\uFEFF';
/** The balance of an order of 10.000 TND with nothing paid. */
const UNPAID_10 = { payment_status: 'unpaid', amount_paid: '0.000', balance_due: '10.000' };

describe.each(testDialects)('payments (%s)', (dialect) => {
  const t = useTestApp(dialect);
  const manager = useAdminAccount(t, 'manager');
  const support = useAdminAccount(t, 'support');
  const shop = useShop(t);
  const db = () => t.database.db;
  let seq = 0;
  let managerName = '';

  beforeEach(async () => {
    // Times in answers are the app's clock: it moves only when a test moves it.
    t.freezeClock();
    // The balance rules are the subject here, not the stamp duty (stamp-duty.test.ts charges it
    // and checks its refunds and balance): these orders bear none.
    await completeShopSettings(db(), { stamp_duty_applies_to: 'none' });
    const row = await db()
      .selectFrom('admin_users')
      .select('username')
      .where('id', '=', manager.id)
      .executeTakeFirstOrThrow();
    managerName = row.username;
  });

  const today = () => shopDay(t.ctx.now(), 'Africa/Tunis');

  /** A guest order of `quantity` × a 10.000 TND (VAT incl.) product, by `payment_method`. */
  async function order(payment_method = 'cash_on_delivery', quantity = 1): Promise<Order> {
    const p = await shop.simple({}, { stock_quantity: 100 });
    seq += 1;
    return placeOrder(
      t.app,
      { session: `sess_payments_${dialect}_${seq}` },
      [{ productId: p.productId, quantity }],
      { payment_method },
    );
  }

  /** A professional's order of 100.000 written straight into the tables. */
  const professionalOrder = async () =>
    insertOrder(db(), { customer_type: 'professional', total_amount: 100_000 });

  const list = (id: number, headers: AuthHeaders = manager.headers) =>
    t.request('listOrderPayments', { method: 'GET', url: `${ORDERS}/${id}/payments`, headers });
  const pay = (id: number, payload: object, headers: AuthHeaders = manager.headers) =>
    t.request('createOrderPayment', {
      method: 'POST',
      url: `${ORDERS}/${id}/payments`,
      headers,
      payload: { method: 'bank_transfer', received_on: today(), ...payload },
    });
  const remove = (id: number, paymentId: number, headers: AuthHeaders = manager.headers) =>
    t.request('removeOrderPayment', {
      method: 'DELETE',
      url: `${ORDERS}/${id}/payments/${paymentId}`,
      headers,
    });
  const setStatus = (id: number, status: string) =>
    t.request('updateOrderStatus', {
      method: 'PATCH',
      url: `${ORDERS}/${id}/status`,
      headers: manager.headers,
      payload: { status },
    });
  const getOrder = async (id: number) =>
    expectStatus<Order>(
      await t.request('getAdminOrder', {
        method: 'GET',
        url: `${ORDERS}/${id}`,
        headers: manager.headers,
      }),
      200,
      'getAdminOrder',
    );
  const paid = (res: LightMyRequestResponse) =>
    expectStatus<OrderPayments>(res, 201, 'createOrderPayment');
  const balanceOf = (p: OrderPayments) => ({
    payment_status: p.payment_status,
    amount_paid: p.amount_paid,
    balance_due: p.balance_due,
  });
  /** The order's stored figures (the order and the list present them: first test). */
  const orderBalance = async (id: number) => {
    const o = await db()
      .selectFrom('orders')
      .select(['payment_status', 'amount_paid', 'balance_due'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return {
      payment_status: o.payment_status,
      amount_paid: fromMillimes(Number(o.amount_paid)),
      balance_due: fromMillimes(Number(o.balance_due)),
    };
  };
  const auditOf = (entity: string) =>
    db()
      .selectFrom('audit_log')
      .select(['action', 'entity_id', 'label', 'admin_username', 'changes'])
      .where('entity', '=', entity)
      .orderBy('id')
      .execute();

  it('shows a new order owing its total, with no payment', async () => {
    const placed = await order();
    expect(balanceOf(placed as never)).toEqual(UNPAID_10);
    expect(expectStatus<OrderPayments>(await list(placed.id), 200, 'listOrderPayments')).toEqual({
      order_id: placed.id,
      ...UNPAID_10,
      payments: [],
    });
    expect(await getOrder(placed.id)).toMatchObject(UNPAID_10);
  });

  it('settles a professional order with the payment and the tax it withheld, audited', async () => {
    const o = await professionalOrder();
    const answer = paid(
      await pay(o.id, {
        amount: '99.000',
        withholding_amount: '1.000',
        withholding_certificate: ' RS-2026-0042 ',
        reference: '  VIR 5521 ',
      }),
    );
    expect(balanceOf(answer)).toEqual({
      payment_status: 'paid',
      amount_paid: '100.000',
      balance_due: '0.000',
    });
    expect(answer.payments).toEqual([
      {
        id: expect.any(Number) as number,
        order_id: o.id,
        amount: '99.000',
        withholding_amount: '1.000',
        withholding_certificate: 'RS-2026-0042',
        method: 'bank_transfer',
        received_on: today(),
        reference: 'VIR 5521',
        credit_note_id: null,
        remittance_id: null,
        recorded_by: managerName,
        created_at: t.ctx.now().toISOString(),
        removed_at: null,
        removed_by: null,
      },
    ]);
    expect(await orderBalance(o.id)).toEqual(balanceOf(answer));
    const [entry] = (await auditOf('order_payment')).filter(
      (e) => e.entity_id === answer.payments[0]!.id,
    );
    expect(entry).toMatchObject({
      action: 'create',
      entity_id: answer.payments[0]!.id,
      label: o.order_number,
      admin_username: managerName,
    });
    expect(JSON.parse(entry!.changes)).toContainEqual({
      field: 'withholding_amount',
      before: null,
      after: '1.000',
    });
  });

  it('goes from partially paid to paid to overpaid, and the list filters by it', async () => {
    const o = await order('bank_transfer', 3); // 30.000
    const other = await order();
    expect(balanceOf(paid(await pay(o.id, { amount: '12.500' })))).toEqual({
      payment_status: 'partially_paid',
      amount_paid: '12.500',
      balance_due: '17.500',
    });
    expect(balanceOf(paid(await pay(o.id, { amount: '17.500', method: 'cheque' })))).toEqual({
      payment_status: 'paid',
      amount_paid: '30.000',
      balance_due: '0.000',
    });
    const byStatus = async (status: string) => {
      const res = await t.request('listAdminOrders', {
        method: 'GET',
        url: `${ORDERS}/?payment_status=${status}`,
        headers: manager.headers,
      });
      const rows = expectStatus<Schemas['OrderSummary'][]>(res, 200, 'listAdminOrders');
      expect(res.headers['x-total-count']).toBe(String(rows.length));
      return rows.map((r) => r.order_number);
    };
    expect(await byStatus('paid')).toEqual([o.order_number]);
    expect(await byStatus('unpaid')).toEqual([other.order_number]);
    expect(balanceOf(paid(await pay(o.id, { amount: '0.010', method: 'cash' })))).toEqual({
      payment_status: 'overpaid',
      amount_paid: '30.010',
      balance_due: '-0.010',
    });
    expect(await byStatus('overpaid')).toEqual([o.order_number]);
    expect(await byStatus('paid')).toEqual([]);
  });

  it('keeps a removed payment listed, counts it no more, and audits the removal', async () => {
    const o = await order();
    const first = paid(await pay(o.id, { amount: '10.000' })).payments[0]!;
    t.advanceClock(60_000);
    const res = await remove(o.id, first.id);
    const after = expectStatus<OrderPayments>(res, 200, 'removeOrderPayment');
    expect(balanceOf(after)).toEqual(UNPAID_10);
    expect(after.payments).toEqual([
      { ...first, removed_at: t.ctx.now().toISOString(), removed_by: managerName },
    ]);
    expect(await orderBalance(o.id)).toEqual(balanceOf(after));
    const entries = (await auditOf('order_payment')).filter((e) => e.entity_id === first.id);
    expect(entries.map((e) => [e.action, e.entity_id, e.label])).toEqual([
      ['create', first.id, o.order_number],
      ['delete', first.id, o.order_number],
    ]);
    expectProblem(
      await remove(o.id, first.id),
      409,
      'This payment was already removed',
      'removeOrderPayment',
    );
    const other = await order();
    expectProblem(await remove(other.id, first.id), 404, 'Payment not found', 'removeOrderPayment');
    expectProblem(await remove(999_999, first.id), 404, 'Order not found', 'removeOrderPayment');
  });

  it('refunds a credit note, never more than it leaves, and then shows the order refunded', async () => {
    const o = await order('card', 2); // 20.000
    expect((await setStatus(o.id, 'confirmed')).statusCode).toBe(200); // invoiced
    paid(await pay(o.id, { amount: '20.000', method: 'card' }));
    expect((await setStatus(o.id, 'cancelled')).statusCode).toBe(200); // credit note
    expect(await orderBalance(o.id)).toEqual({
      payment_status: 'overpaid',
      amount_paid: '20.000',
      balance_due: '-20.000',
    });
    const note = await db()
      .selectFrom('invoices')
      .select(['id', 'number'])
      .where('order_id', '=', o.id)
      .where('kind', '=', 'credit_note')
      .executeTakeFirstOrThrow();
    const refund = (amount: string) =>
      pay(o.id, { amount, method: 'card', credit_note_id: note.id });

    expectProblem(
      await refund('-20.001'),
      409,
      `The refund of 20.001 is more than credit note ${note.number} leaves to pay back: 20.000`,
      'createOrderPayment',
    );
    expect(balanceOf(paid(await refund('-15.000')))).toEqual({
      payment_status: 'overpaid',
      amount_paid: '5.000',
      balance_due: '-5.000',
    });
    expectProblem(
      await refund('-5.001'),
      409,
      `The refund of 5.001 is more than credit note ${note.number} leaves to pay back: 5.000`,
      'createOrderPayment',
    );
    const done = paid(await refund('-5.000'));
    expect(balanceOf(done)).toEqual({
      payment_status: 'refunded',
      amount_paid: '0.000',
      balance_due: '0.000',
    });
    // A removed refund gives its room back.
    const last = done.payments.at(-1)!;
    expect(last).toMatchObject({ amount: '-5.000', credit_note_id: note.id });
    expect(balanceOf(expectStatus(await remove(o.id, last.id), 200, 'removeOrderPayment'))).toEqual(
      { payment_status: 'overpaid', amount_paid: '5.000', balance_due: '-5.000' },
    );
    expect(balanceOf(paid(await refund('-5.000'))).payment_status).toBe('refunded');

    // The credit note of another order, or an invoice, is refused on the field.
    const other = await order('card');
    const loc = (res: LightMyRequestResponse) =>
      issuesOf(res, 'createOrderPayment').map((i) => [i.loc, i.msg]);
    expect(loc(await pay(other.id, { amount: '-1.000', credit_note_id: note.id }))).toEqual([
      [
        ['body', 'credit_note_id'],
        `Document ${note.id} is not a credit note of order ${other.order_number}`,
      ],
    ]);
    const invoice = await db()
      .selectFrom('invoices')
      .select('id')
      .where('order_id', '=', o.id)
      .where('kind', '=', 'invoice')
      .executeTakeFirstOrThrow();
    expect(loc(await pay(o.id, { amount: '-1.000', credit_note_id: invoice.id }))).toEqual([
      [
        ['body', 'credit_note_id'],
        `Document ${invoice.id} is not a credit note of order ${o.order_number}`,
      ],
    ]);
  });

  it('refuses bad payments with a 422 naming the field, and changes nothing', async () => {
    const o = await order();
    const issues = async (payload: object) =>
      issuesOf(await pay(o.id, payload), 'createOrderPayment').map((i) => [i.loc, i.msg]);
    expect(await issues({ amount: '0.000' })).toEqual([
      [['body', 'amount'], 'The amount must not be 0: a payment is above 0, a refund below 0'],
    ]);
    expect(await issues({ amount: '-1.000' })).toEqual([
      [
        ['body', 'credit_note_id'],
        'A refund (a negative amount) must name the credit note it pays back',
      ],
    ]);
    expect(await issues({ amount: '1.000', credit_note_id: 1 })).toEqual([
      [['body', 'amount'], 'A refund of a credit note is a negative amount'],
    ]);
    expect(await issues({ amount: '1.000', withholding_amount: '0.100' })).toEqual([
      [
        ['body', 'withholding_amount'],
        "Only a professional buyer withholds tax; this order is an individual's",
      ],
    ]);
    expect(await issues({ amount: '1.000', withholding_certificate: 'RS-1' })).toEqual([
      [
        ['body', 'withholding_certificate'],
        'A withholding certificate goes with a withholding amount',
      ],
    ]);
    const tomorrow = shopDay(new Date(t.ctx.now().getTime() + 86_400_000), 'Africa/Tunis');
    expect(await issues({ amount: '1.000', received_on: tomorrow })).toEqual([
      [['body', 'received_on'], `received_on must not be after today (${today()})`],
    ]);
    // The contract's own bounds: 3 decimals, a real day, a known method, no unknown field.
    for (const payload of [
      { amount: '1.0001' },
      { amount: '1.000', received_on: '2026-02-30' },
      { amount: '1.000', method: 'bitcoin' },
      { amount: '1.000', reference: 'x'.repeat(101) },
      { amount: '1.000', tip: '1.000' },
    ]) {
      expect((await pay(o.id, payload)).statusCode, JSON.stringify(payload)).toBe(422);
    }
    expectProblem(
      await pay(999_999, { amount: '1.000' }),
      404,
      'Order not found',
      'createOrderPayment',
    );
    expectProblem(await list(999_999), 404, 'Order not found', 'listOrderPayments');
    expect(await rowCount(db(), 'order_payments')).toBe(0);
    expect(await orderBalance(o.id)).toEqual(UNPAID_10);
  });

  it('lets support see payments but not record or remove them', async () => {
    const o = await order();
    const payment = paid(await pay(o.id, { amount: '4.000' })).payments[0]!;
    expectStatus(await list(o.id, support.headers), 200, 'listOrderPayments');
    const refused = 'Your role (support) does not allow this action';
    expectProblem(await pay(o.id, { amount: '1.000' }, support.headers), 403, refused);
    expectProblem(await remove(o.id, payment.id, support.headers), 403, refused);
    const inventory = await t.authAs('inventory_manager');
    expectProblem(
      await list(o.id, inventory),
      403,
      'Your role (inventory_manager) does not allow this action',
    );
    expect((await list(o.id, {} as AuthHeaders)).statusCode).toBe(401);
  });

  it('owes nothing once cancelled: an unpaid order is settled, a paid one overpaid', async () => {
    const unpaid = await order();
    const settled = await order();
    paid(await pay(settled.id, { amount: '10.000' }));
    for (const o of [unpaid, settled])
      expect((await setStatus(o.id, 'cancelled')).statusCode).toBe(200);
    expect(await orderBalance(unpaid.id)).toEqual({
      payment_status: 'unpaid',
      amount_paid: '0.000',
      balance_due: '0.000',
    });
    expect(await orderBalance(settled.id)).toEqual({
      payment_status: 'overpaid',
      amount_paid: '10.000',
      balance_due: '-10.000',
    });
    // Back to pending: it owes its total again.
    expect((await setStatus(settled.id, 'pending')).statusCode).toBe(200);
    expect(await orderBalance(settled.id)).toEqual({
      payment_status: 'paid',
      amount_paid: '10.000',
      balance_due: '0.000',
    });
  });

  it('exports the three figures with the orders, filtered by payment status', async () => {
    const o = await order('bank_transfer', 2);
    paid(await pay(o.id, { amount: '5.000' }));
    await order();
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/exports/orders?payment_status=partially_paid',
      headers: manager.headers,
    });
    expect(res.statusCode).toBe(200);
    const rows = csvObjects(res.body.replace(BOM, ''));
    expect(
      rows.map((r) => [r.order_number, r.payment_status, r.amount_paid, r.balance_due]),
    ).toEqual([[o.order_number, 'partially_paid', '5.000', '15.000']]);
  });

  describe('remittances', () => {
    const remit = (payload: object, headers: AuthHeaders = manager.headers) =>
      t.request('createRemittance', {
        method: 'POST',
        url: REMITTANCES,
        headers,
        payload: { carrier: 'Aramex', received_on: today(), ...payload },
      });

    /** Every row a remittance writes, to show that a refused one wrote nothing. */
    const written = async () => ({
      payments: await db().selectFrom('order_payments').selectAll().execute(),
      remittances: await db().selectFrom('payment_remittances').selectAll().execute(),
    });

    it('refuses every bad line at once, by its number, and records nothing', async () => {
      const a = await order('cash_on_delivery', 2); // 20.000
      const card = await order('card');
      const res = await remit({
        lines: [
          { order_number: a.order_number, amount: '20.001' },
          { order_number: 'ORD-20990101-0001', amount: '5.000' },
          { order_number: card.order_number, amount: '10.000' },
          { order_number: a.order_number, amount: '1.000' },
        ],
      });
      expect(res.statusCode).toBe(422);
      expect(res.json<Refused>()).toEqual({
        detail: '4 lines are refused; nothing was recorded',
        refused: [
          { line: 1, order_number: a.order_number, reason: 'More than its balance due (20.000)' },
          { line: 2, order_number: 'ORD-20990101-0001', reason: 'Unknown order' },
          {
            line: 3,
            order_number: card.order_number,
            reason: 'Not a cash-on-delivery order (paid by card)',
          },
          { line: 4, order_number: a.order_number, reason: 'The same order as line 1' },
        ],
      });
      expect(await written()).toEqual({ payments: [], remittances: [] });
    });

    it('records one payment per order, keeps fee and withholding, and lists it', async () => {
      const a = await order('cash_on_delivery', 2); // 20.000
      const b = await order('cash_on_delivery', 3); // 30.000
      const res = await remit({
        reference: ' ARX-77 ',
        fee_amount: '7.000',
        withheld_amount: '1.500',
        lines: [
          { order_number: a.order_number, amount: '20.000' },
          { order_number: b.order_number, amount: '10.000' },
        ],
      });
      const r = expectStatus<Remittance>(res, 201, 'createRemittance');
      expect(r).toMatchObject({
        carrier: 'Aramex',
        reference: 'ARX-77',
        total_amount: '30.000',
        fee_amount: '7.000',
        withheld_amount: '1.500',
        net_amount: '21.500',
        order_count: 2,
        created_by: managerName,
      });
      expect(r.lines.map((l) => [l.line, l.order_id, l.amount])).toEqual([
        [1, a.id, '20.000'],
        [2, b.id, '10.000'],
      ]);
      expect(await orderBalance(a.id)).toMatchObject({
        payment_status: 'paid',
        balance_due: '0.000',
      });
      expect(await orderBalance(b.id)).toMatchObject({
        payment_status: 'partially_paid',
        balance_due: '20.000',
      });
      const payments = expectStatus<OrderPayments>(await list(b.id), 200, 'listOrderPayments');
      expect(payments.payments).toEqual([
        expect.objectContaining({
          id: r.lines[1]!.payment_id,
          amount: '10.000',
          method: 'cash_on_delivery',
          remittance_id: r.id,
          reference: 'ARX-77',
        }) as unknown,
      ]);
      expect(
        (await auditOf('payment_remittance'))
          .filter((e) => e.entity_id === r.id)
          .map((e) => [e.action, e.label]),
      ).toEqual([['create', 'Aramex']]);
      const ids = r.lines.map((l) => l.payment_id);
      expect(
        (await auditOf('order_payment'))
          .filter((e) => ids.includes(e.entity_id!))
          .map((e) => [e.action, e.entity_id, e.label]),
      ).toEqual([
        ['create', ids[0], a.order_number],
        ['create', ids[1], b.order_number],
      ]);

      const listed = await t.request('listRemittances', {
        method: 'GET',
        url: `${REMITTANCES}?carrier=aramex`,
        headers: support.headers,
      });
      expect(expectStatus<Remittance[]>(listed, 200, 'listRemittances')).toEqual([
        { ...r, lines: [] },
      ]);
      expect(listed.headers['x-total-count']).toBe('1');
      const none = await t.request('listRemittances', {
        method: 'GET',
        url: `${REMITTANCES}?carrier=Colissimo`,
        headers: support.headers,
      });
      expect(expectStatus(none, 200, 'listRemittances')).toEqual([]);

      // A line more than the balance now left is refused.
      const again = await remit({ lines: [{ order_number: b.order_number, amount: '20.001' }] });
      expect(again.json<Refused>().refused).toEqual([
        { line: 1, order_number: b.order_number, reason: 'More than its balance due (20.000)' },
      ]);
    });

    it("refuses a fee and withholding above the lines' total, and support", async () => {
      const a = await order();
      const res = await remit({
        fee_amount: '8.000',
        withheld_amount: '2.001',
        lines: [{ order_number: a.order_number, amount: '10.000' }],
      });
      expect(issuesOf(res, 'createRemittance').map((i) => [i.loc, i.msg])).toEqual([
        [
          ['body', 'fee_amount'],
          "fee_amount + withheld_amount (10.001) must not exceed the lines' total (10.000)",
        ],
      ]);
      expectProblem(
        await remit(
          { lines: [{ order_number: a.order_number, amount: '1.000' }] },
          support.headers,
        ),
        403,
        'Your role (support) does not allow this action',
      );
      expect(await written()).toEqual({ payments: [], remittances: [] });
    });

    async function importFile(body: string, query: string, name = 'aramex.csv', type = 'text/csv') {
      const form = new FormData();
      form.append('file', new Blob([Buffer.from(body)], { type }), name);
      const request = new Request('http://localhost/', { method: 'POST', body: form });
      return t.app.inject({
        method: 'POST',
        url: `${REMITTANCES}/import?${query}`,
        headers: {
          ...manager.headers,
          'content-type': request.headers.get('content-type') as string,
        },
        payload: Buffer.from(await request.arrayBuffer()),
      });
    }

    it('imports the carrier CSV (semicolons, decimal commas), refusing lines by file line', async () => {
      const a = await order('cash_on_delivery', 2);
      const b = await order('cash_on_delivery', 1);
      const query = `carrier=Aramex&received_on=${today()}&fee_amount=2.500`;
      const bad = await importFile(
        `${BOM}Colis;order_number;amount\nX1;${a.order_number};12,5\n\nX2;${b.order_number};abc\nX3;ORD-1;1\n`,
        query,
      );
      expect(bad.statusCode).toBe(422);
      expect(bad.json<Refused>().refused).toEqual([
        { line: 4, order_number: b.order_number, reason: '"abc" is not an amount' },
        { line: 5, order_number: 'ORD-1', reason: 'Unknown order' },
      ]);
      expect(await written()).toEqual({ payments: [], remittances: [] });

      const ok = await importFile(
        `order_number;amount\n${a.order_number};12,5\n${b.order_number};10\n`,
        query,
      );
      const r = expectStatus<Remittance>(ok, 201, 'importRemittance');
      expect(r).toMatchObject({
        total_amount: '22.500',
        fee_amount: '2.500',
        net_amount: '20.000',
      });
      expect(await orderBalance(a.id)).toMatchObject({ balance_due: '7.500' });
      expect(await orderBalance(b.id)).toMatchObject({ payment_status: 'paid' });

      expectProblem(
        await importFile('order_number,total\nA,1\n', query),
        422,
        'The header has no amount column',
      );
      expectProblem(
        await importFile('order_number,amount\n', query),
        422,
        'The file has no data rows',
      );
      expect((await importFile('x', query, 'remit.pdf', 'application/pdf')).statusCode).toBe(415);
    });

    it('refuses a remittance recorded again, by its file or its reference, until it is removed', async () => {
      // The carrier kept some of each order: a second copy would still fit the balances left.
      const a = await order('cash_on_delivery', 2); // 20.000
      const b = await order('cash_on_delivery', 2);
      const file = `order_number,amount\n${a.order_number},12.500\n`;
      const first = expectStatus<Remittance>(
        await importFile(file, `carrier=Aramex&received_on=${today()}`),
        201,
        'importRemittance',
      );
      const once = await written();
      const which = `remittance ${first.id} of Aramex, received on ${today()}`;

      // The same file, even under another carrier, reference or name: refused, nothing written.
      const again = await importFile(
        file,
        `carrier=Colissimo&received_on=${today()}&reference=AGAIN`,
        'aramex (1).csv',
      );
      expectProblem(
        again,
        409,
        `This file was already recorded (${which}); nothing was recorded`,
        'importRemittance',
      );
      expect(await written()).toEqual(once);
      expect(await orderBalance(a.id)).toMatchObject({ balance_due: '7.500' });

      // Typed in: the same carrier and reference (trimmed, any case) is refused; another
      // carrier's reference of the same name is not theirs.
      const remitToB = (carrier: string, reference: string, amount: string) =>
        remit({ carrier, reference, lines: [{ order_number: b.order_number, amount }] });
      const typed = expectStatus<Remittance>(
        await remitToB('Aramex', 'ARX-9', '5.000'),
        201,
        'createRemittance',
      );
      const twice = await written();
      expectProblem(
        await remitToB(' aramex ', ' arx-9 ', '5.000'),
        409,
        `Reference arx-9 was already recorded (remittance ${typed.id} of Aramex, received on ${today()}); nothing was recorded`,
        'createRemittance',
      );
      expect(await written()).toEqual(twice);
      expectStatus<Remittance>(
        await remitToB('Colissimo', 'ARX-9', '1.000'),
        201,
        'createRemittance',
      );
      expect(await orderBalance(b.id)).toMatchObject({ balance_due: '14.000' });
      // A carrier and a reference beyond ASCII, typed again in another case.
      const eclair = expectStatus<Remittance>(
        await remitToB('Livraison Éclair', 'RÉF-1', '1.000'),
        201,
        'createRemittance',
      );
      expectProblem(
        await remitToB('livraison éclair', 'réf-1', '1.000'),
        409,
        `Reference réf-1 was already recorded (remittance ${eclair.id} of Livraison Éclair, received on ${today()}); nothing was recorded`,
        'createRemittance',
      );
      expect(await orderBalance(b.id)).toMatchObject({ balance_due: '13.000' });

      // Once the first file's payment is removed (entered by mistake), it may be recorded again.
      expectStatus(await remove(a.id, first.lines[0]!.payment_id), 200, 'removeOrderPayment');
      expect(await orderBalance(a.id)).toMatchObject({ balance_due: '20.000' });
      expectStatus<Remittance>(
        await importFile(file, `carrier=Aramex&received_on=${today()}`),
        201,
        'importRemittance',
      );
      expect(await orderBalance(a.id)).toMatchObject({ balance_due: '7.500' });
    });

    it('records one of two copies of a file sent at the same moment', async () => {
      const a = await order('cash_on_delivery', 2);
      const file = `order_number,amount\n${a.order_number},12.500\n`;
      const query = `carrier=Aramex&received_on=${today()}`;
      const answers = await Promise.all([importFile(file, query), importFile(file, query)]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      expect(await orderBalance(a.id)).toMatchObject({ balance_due: '7.500' });
      expect((await written()).remittances).toHaveLength(1);
    });
  });
});
