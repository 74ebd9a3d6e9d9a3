// The order timeline (getOrderTimeline), internal notes (addOrderNote) and the shipment
// (setOrderShipment, and `shipment` on the Order of the admin and customer endpoints).
import { beforeEach, describe, expect, it } from 'vitest';
import { expectProblem, expectStatus, issuesOf, type Schemas } from '../../test-support/contract';
import { useAdminAccount, useTestApp } from '../../test-support/app';
import { testDialects } from '../../test-support/databases';
import { GUEST_ADDRESS, placeOrder, useShop, type Order } from '../../test-support/shop';

type TimelineEvent = Schemas['OrderTimelineEvent'];

const ORDERS = '/api/v1/admin/orders';

describe.each(testDialects)('order timeline (%s)', (dialect) => {
  const t = useTestApp(dialect);
  const admin = useAdminAccount(t, 'support');
  const shop = useShop(t);
  let adminName: string;
  let seq = 0;

  beforeEach(async () => {
    const row = await t.database.db
      .selectFrom('admin_users')
      .select('username')
      .where('id', '=', admin.id)
      .executeTakeFirstOrThrow();
    adminName = row.username;
  });

  /** A guest order of two lines (2 × A, 1 × B), placed now. */
  async function twoLineOrder() {
    const a = await shop.simple({ name: 'Alpha' }, { sku: 'TL-A', stock_quantity: 10 });
    const b = await shop.simple({ name: 'Beta' }, { sku: 'TL-B', stock_quantity: 10 });
    seq += 1;
    const order = await placeOrder(t.app, { session: `sess_timeline_${dialect}_${seq}` }, [
      { productId: a.productId, quantity: 2 },
      { productId: b.productId, quantity: 1 },
    ]);
    return { order, a, b };
  }

  type Headers = Record<string, string>;
  /** An admin operation on the order, at `${ORDERS}/<id>/<action>`, checked against the contract. */
  const onOrder =
    (operationId: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH', action: string) =>
    (id: number, payload?: object, headers: Headers = admin.headers) =>
      t.request(operationId, { method, url: `${ORDERS}/${id}/${action}`, headers, payload });
  const getTimeline = onOrder('getOrderTimeline', 'GET', 'timeline');
  const timeline = (id: number, headers?: Headers) => getTimeline(id, undefined, headers);
  const postNote = onOrder('addOrderNote', 'POST', 'notes');
  const addNote = (id: number, note: string, headers?: Headers) => postNote(id, { note }, headers);
  const setShipment = onOrder('setOrderShipment', 'PUT', 'shipment');
  const patchStatus = onOrder('updateOrderStatus', 'PATCH', 'status');
  const setStatus = (id: number, status: string) => patchStatus(id, { status });
  const postCancel = onOrder('cancelOrder', 'POST', 'cancel');
  const cancel = (id: number, reason: string) => postCancel(id, { reason });

  /** The events without their ids and times, which the test checks on their own. */
  const shapes = (events: TimelineEvent[]) =>
    events.map((e) => {
      const rest: Partial<TimelineEvent> = { ...e };
      delete rest.id;
      delete rest.created_at;
      return rest;
    });

  it('tells checkout → confirm → note → shipment → cancel in order, with who did it', async () => {
    const { order, a, b } = await twoLineOrder();
    t.advanceClock(1000);
    expect((await setStatus(order.id, 'confirmed')).statusCode).toBe(200);
    t.advanceClock(1000);
    const note = await addNote(order.id, '  Customer asked for gift wrap  ');
    const noteEvent = expectStatus<Schemas['NoteEvent']>(note, 201, 'addOrderNote');
    expect(noteEvent).toMatchObject({
      type: 'note',
      note: 'Customer asked for gift wrap',
      changed_by: adminName,
    });
    t.advanceClock(1000);
    const shipped = await setShipment(order.id, {
      carrier: ' Rapid-Poste ',
      tracking_number: 'RR123456789TN',
    });
    expect(expectStatus<Order>(shipped, 200, 'setOrderShipment').shipment).toEqual({
      carrier: 'Rapid-Poste',
      tracking_number: 'RR123456789TN',
      // A flat-rate order has no method, so no tracking template (#36).
      tracking_url: null,
      updated_at: expect.any(String) as unknown,
    });
    t.advanceClock(1000);
    expect((await cancel(order.id, 'Out of gift wrap')).statusCode).toBe(200);

    const events = expectStatus<TimelineEvent[]>(await timeline(order.id), 200, 'getOrderTimeline');
    const orderReason = `Order ${order.order_number}`;
    const email = (event: Schemas['OrderEmailEvent']) => ({
      type: 'email_sent',
      event,
      language: 'fr',
      recipient: order.customer_email,
      delivery: 'queued',
      sent_at: null,
      attachment: null,
      changed_by: null,
    });
    expect(shapes(events)).toEqual([
      {
        type: 'status_change',
        from_status: null,
        to_status: 'pending',
        note: null,
        changed_by: null,
      },
      {
        type: 'stock_movement',
        kind: 'checkout',
        variant_id: a.variantId,
        sku: 'TL-A',
        quantity_change: -2,
        reason: expect.stringContaining(orderReason) as unknown,
        changed_by: null,
      },
      {
        type: 'stock_movement',
        kind: 'checkout',
        variant_id: b.variantId,
        sku: 'TL-B',
        quantity_change: -1,
        reason: expect.stringContaining(orderReason) as unknown,
        changed_by: null,
      },
      {
        type: 'status_change',
        from_status: 'pending',
        to_status: 'confirmed',
        note: null,
        changed_by: adminName,
      },
      // The customer's e-mails (#28), queued by the change they tell of (no worker sends them here).
      email('confirmed'),
      { type: 'note', note: 'Customer asked for gift wrap', changed_by: adminName },
      {
        type: 'shipment',
        carrier: 'Rapid-Poste',
        tracking_number: 'RR123456789TN',
        tracking_url: null,
        changed_by: adminName,
      },
      email('shipped'),
      {
        type: 'status_change',
        from_status: 'confirmed',
        to_status: 'cancelled',
        note: 'Out of gift wrap',
        changed_by: adminName,
      },
      {
        type: 'stock_movement',
        kind: 'cancel',
        variant_id: a.variantId,
        sku: 'TL-A',
        quantity_change: 2,
        reason: expect.stringContaining(orderReason) as unknown,
        changed_by: adminName,
      },
      {
        type: 'stock_movement',
        kind: 'cancel',
        variant_id: b.variantId,
        sku: 'TL-B',
        quantity_change: 1,
        reason: expect.stringContaining(orderReason) as unknown,
        changed_by: adminName,
      },
      email('cancelled'),
    ]);
    // Ids name the kind of record; times never go back.
    expect(events.map((e) => e.id.replace(/\d+$/, ''))).toEqual([
      'status-',
      'stock-',
      'stock-',
      'status-',
      'email-',
      'note-',
      'shipment-',
      'email-',
      'status-',
      'stock-',
      'stock-',
      'email-',
    ]);
    expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
    const times = events.map((e) => e.created_at);
    expect([...times].sort()).toEqual(times);
    expect(events[5]).toEqual(noteEvent);

    // Cancelled: the shipment can no longer be set.
    expectProblem(
      await setShipment(order.id, { carrier: 'DHL', tracking_number: 'X1' }),
      409,
      'A cancelled order cannot be shipped',
      'setOrderShipment',
    );
  });

  it("shows no SKU for a simple product's placeholder, as the order's line does", async () => {
    const plain = await shop.simple({ name: 'Gamma' }, { stock_quantity: 4 });
    seq += 1;
    const order = await placeOrder(t.app, { session: `sess_timeline_${dialect}_${seq}` }, [
      { productId: plain.productId, quantity: 3 },
    ]);
    expect(order.items.map((i) => i.product_sku)).toEqual([null]);
    const events = expectStatus<TimelineEvent[]>(await timeline(order.id), 200, 'getOrderTimeline');
    expect(shapes(events.filter((e) => e.type === 'stock_movement'))).toEqual([
      {
        type: 'stock_movement',
        changed_by: null,
        kind: 'checkout',
        variant_id: plain.variantId,
        sku: null,
        quantity_change: -3,
        reason: `Order ${order.order_number}`,
      },
    ]);
    // The ledger keeps the SKU the variant had (the placeholder).
    const ledger = await t.database.db
      .selectFrom('stock_movements')
      .select('sku')
      .where('order_id', '=', order.id)
      .execute();
    expect(ledger).toEqual([{ sku: 'DEFAULT' }]);
  });

  it('shows a deleted admin as nobody', async () => {
    const { order } = await twoLineOrder();
    const gone = await t.createAdmin({ role: 'manager' });
    const note = await addNote(order.id, 'Called the customer', {
      authorization: `Bearer ${gone.token}`,
    });
    expect(note.statusCode).toBe(201);
    await t.database.db.deleteFrom('admin_users').where('id', '=', gone.id).execute();
    const events = expectStatus<TimelineEvent[]>(await timeline(order.id), 200, 'getOrderTimeline');
    expect(events.find((e) => e.type === 'note')).toMatchObject({
      note: 'Called the customer',
      changed_by: null,
    });
  });

  it('refuses a missing order, the inventory manager and blank or invalid input', async () => {
    const ORDER_NOT_FOUND = 'Order not found';
    const { order } = await twoLineOrder();
    expectProblem(await timeline(999_999), 404, ORDER_NOT_FOUND, 'getOrderTimeline');
    expectProblem(await addNote(999_999, 'x'), 404, ORDER_NOT_FOUND, 'addOrderNote');
    expectProblem(
      await setShipment(999_999, { carrier: 'DHL', tracking_number: 'X1' }),
      404,
      ORDER_NOT_FOUND,
      'setOrderShipment',
    );

    const inventory = await t.authAs('inventory_manager');
    expect((await timeline(order.id, inventory)).statusCode).toBe(403);
    expect((await addNote(order.id, 'x', inventory)).statusCode).toBe(403);
    expect(
      (await setShipment(order.id, { carrier: 'DHL', tracking_number: 'X1' }, inventory))
        .statusCode,
    ).toBe(403);

    expect(issuesOf(await addNote(order.id, '   '), 'addOrderNote')).toEqual([
      { loc: ['body', 'note'], msg: 'Must not be blank', type: 'value_error' },
    ]);
    expect(issuesOf(await addNote(order.id, 'x'.repeat(2001)), 'addOrderNote')[0]?.loc).toEqual([
      'body',
      'note',
    ]);
    expect(
      issuesOf(
        await setShipment(order.id, { carrier: '  ', tracking_number: 'X1' }),
        'setOrderShipment',
      ),
    ).toEqual([{ loc: ['body', 'carrier'], msg: 'Must not be blank', type: 'value_error' }]);
    expect(
      issuesOf(
        await setShipment(order.id, { carrier: 'DHL', tracking_number: 'X1;rm' }),
        'setOrderShipment',
      )[0]?.loc,
    ).toEqual(['body', 'tracking_number']);
    // Nothing refused was written.
    const events = expectStatus<TimelineEvent[]>(await timeline(order.id), 200, 'getOrderTimeline');
    expect(events.filter((e) => e.type === 'note' || e.type === 'shipment')).toEqual([]);
  });

  it('puts the latest shipment on the order, for the admin and the customer; the same again is a no-op', async () => {
    const product = await shop.simple({}, { sku: 'TL-C', stock_quantity: 5 });
    const customer = await shop.customer({ email: 'shipped@example.com' });
    const order = await placeOrder(
      t.app,
      { headers: customer.headers },
      [{ productId: product.productId, quantity: 1 }],
      { shipping_address: GUEST_ADDRESS },
    );
    expect(order.shipment).toBeNull();

    const first = { carrier: 'Rapid-Poste', tracking_number: 'RR1TN' };
    const corrected = { carrier: 'Aramex', tracking_number: 'AR 22/7' };
    expect((await setShipment(order.id, first)).statusCode).toBe(200);
    t.advanceClock(1000);
    const res = await setShipment(order.id, corrected);
    const updated = expectStatus<Order>(res, 200, 'setOrderShipment');
    expect(updated.shipment).toMatchObject(corrected);
    t.advanceClock(1000);
    // Sent again unchanged: same answer, nothing recorded.
    const again = expectStatus<Order>(
      await setShipment(order.id, corrected),
      200,
      'setOrderShipment',
    );
    expect(again).toEqual(updated);
    const events = expectStatus<TimelineEvent[]>(await timeline(order.id), 200, 'getOrderTimeline');
    expect(events.filter((e) => e.type === 'shipment')).toHaveLength(2);

    const adminView = expectStatus<Order>(
      await t.request('getAdminOrder', {
        method: 'GET',
        url: `${ORDERS}/${order.id}`,
        headers: admin.headers,
      }),
      200,
      'getAdminOrder',
    );
    expect(adminView.shipment).toEqual(updated.shipment);
    const customerView = expectStatus<Order>(
      await t.request('getOrder', {
        method: 'GET',
        url: `/api/v1/orders/${order.id}`,
        headers: customer.headers,
      }),
      200,
      'getOrder',
    );
    expect(customerView.shipment).toEqual(updated.shipment);
    const mine = expectStatus<Order[]>(
      await t.request('listMyOrders', {
        method: 'GET',
        url: '/api/v1/orders/my-orders',
        headers: customer.headers,
      }),
      200,
      'listMyOrders',
    );
    expect(mine.map((o) => o.shipment)).toEqual([updated.shipment]);
  });

  it('refuses a shipment for a refunded order', async () => {
    const { order } = await twoLineOrder();
    expect((await setStatus(order.id, 'refunded')).statusCode).toBe(200);
    expectProblem(
      await setShipment(order.id, { carrier: 'DHL', tracking_number: 'X1' }),
      409,
      'A refunded order cannot be shipped',
      'setOrderShipment',
    );
  });
});
