// Orders after checkout: the customer's own orders (getOrder, listMyOrders) and the admin's
// operations (list with filters, detail, status changes with history, cancellation with
// restocking), with their access rules.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  anyNumber,
  anyString,
  expectIssues,
  expectProblem,
  expectStatus,
  firstIssueLoc,
} from '../../test-support/contract';
import type { Schemas } from '../../test-support/contract';
import { useTestApp } from '../../test-support/app';
import { testDialects } from '../../test-support/databases';
import { insertSimpleProduct, insertVatRate, updateVariant } from '../../test-support/fixtures';
import { expectResponseMatches, injectJson } from '../../test-support/openapi-validator';
import {
  clearShop,
  GUEST_ADDRESS,
  placeOrder,
  signedInCustomer,
  stockOf,
  NOT_CANCELLABLE,
} from '../../test-support/shop';

type Order = Schemas['Order'];
type OrderSummary = Schemas['OrderSummary'];

const ADMIN = '/api/v1/admin/orders';

describe.each(testDialects)('orders (%s)', (dialect) => {
  const t = useTestApp(dialect);
  let rateId: number;
  let seq = 0;
  let admin: { id: number; username: string; headers: { authorization: string } };

  beforeAll(async () => {
    const a = await t.createAdmin({ role: 'support', username: `support_${dialect}` });
    admin = { id: a.id, username: a.username, headers: { authorization: `Bearer ${a.token}` } };
  });
  beforeEach(async () => {
    await clearShop(t.database.db);
    rateId = (await insertVatRate(t.database.db, { rate_bp: 1900, country_code: 'TN' })).id;
  });

  const db = () => t.database.db;

  /** A simple product of 10.000 before VAT, with this stock. */
  const product = (stock = 50, name?: string) =>
    insertSimpleProduct(
      db(),
      { vat_rate_id: rateId, base_price: 10_000, price_includes_vat: 0, ...(name ? { name } : {}) },
      { stock_quantity: stock },
    );

  function customer(email?: string) {
    seq += 1;
    return signedInCustomer(t, {
      email: email ?? `customer${seq}@example.com`,
      first_name: null,
      last_name: null,
    });
  }

  /** Places an order through the API: as the customer, or as a guest with this e-mail. */
  function order(
    buyer: { headers: Record<string, string> } | { guestEmail: string },
    lines: { productId: number; quantity: number }[],
  ): Promise<Order> {
    seq += 1;
    if ('headers' in buyer) return placeOrder(t.app, { headers: buyer.headers }, lines);
    return placeOrder(t.app, { session: `sess_orders_${dialect}_${seq}` }, lines, {
      shipping_address: { ...GUEST_ADDRESS, email: buyer.guestEmail },
    });
  }

  /** Moves an order (and its history) to a given instant, for date filters and ordering. */
  async function backdate(id: number, at: string) {
    await db().updateTable('orders').set({ created_at: at }).where('id', '=', id).execute();
    await db()
      .updateTable('order_status_history')
      .set({ created_at: at })
      .where('order_id', '=', id)
      .execute();
  }

  const get = (url: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url, headers });

  describe('customer side', () => {
    it('shows a customer their own order only', async () => {
      const p = await product();
      const jane = await customer();
      const john = await customer();
      const mine = await order(jane, [{ productId: p.productId, quantity: 2 }]);
      const guest = await order({ guestEmail: jane.email }, [
        { productId: p.productId, quantity: 1 },
      ]);

      const res = await get(`/api/v1/orders/${mine.id}`, jane.headers);
      const body = expectStatus<Order>(res, 200, 'getOrder');
      expect(body).toEqual(mine);
      expect(body).toMatchObject({
        customer_id: jane.id,
        customer_email: jane.email,
        item_count: 2,
      });

      for (const [id, headers] of [
        [mine.id, john.headers],
        [guest.id, jane.headers],
        [999999, jane.headers],
      ] as const) {
        const r = await get(`/api/v1/orders/${id}`, headers);
        expectProblem(r, 404, 'Order not found', 'getOrder');
      }
      const asAdmin = await get(`/api/v1/orders/${mine.id}`, admin.headers);
      expectStatus(asAdmin, 403, 'getOrder');
      const anonymous = await t.app.inject({ method: 'GET', url: `/api/v1/orders/${mine.id}` });
      expectStatus(anonymous, 401, 'getOrder');
    });

    it('lists the customer orders newest first, paged, hiding admin notes', async () => {
      const p = await product();
      const jane = await customer();
      const other = await customer();
      const first = await order(jane, [{ productId: p.productId, quantity: 1 }]);
      const second = await order(jane, [{ productId: p.productId, quantity: 2 }]);
      const third = await order(jane, [{ productId: p.productId, quantity: 3 }]);
      await order(other, [{ productId: p.productId, quantity: 1 }]);
      await order({ guestEmail: jane.email }, [{ productId: p.productId, quantity: 1 }]);
      await backdate(first.id, '2025-01-01T10:00:00.000Z');
      await backdate(second.id, '2025-01-03T10:00:00.000Z');
      await backdate(third.id, '2025-01-02T10:00:00.000Z');
      const patched = await t.app.inject({
        method: 'PATCH',
        url: `${ADMIN}/${first.id}/status`,
        headers: admin.headers,
        payload: { status: 'confirmed', note: 'Called the customer' },
      });
      expect(patched.statusCode).toBe(200);

      const res = await get('/api/v1/orders/my-orders', jane.headers);
      const list = expectStatus<Order[]>(res, 200, 'listMyOrders');
      expect(res.headers['x-total-count']).toBe('3');
      expect(list.map((o) => o.id)).toEqual([second.id, third.id, first.id]);
      expect(list[2]?.status_history).toEqual([
        expect.objectContaining({ from_status: null, to_status: 'pending' }),
        {
          id: anyNumber,
          from_status: 'pending',
          to_status: 'confirmed',
          note: null,
          changed_by_admin_id: null,
          changed_by: null,
          created_at: anyString,
        },
      ]);
      expect(list[0]?.items.map((i) => i.quantity)).toEqual([2]);

      const page = await get('/api/v1/orders/my-orders?skip=1&limit=1', jane.headers);
      expect(expectResponseMatches<Order[]>('listMyOrders', page).map((o) => o.id)).toEqual([
        third.id,
      ]);
      expect(page.headers['x-total-count']).toBe('3');
      const bad = await get('/api/v1/orders/my-orders?limit=1001', jane.headers);
      expectStatus(bad, 422, 'listMyOrders');
      const asAdmin = await get('/api/v1/orders/my-orders', admin.headers);
      expectStatus(asAdmin, 403, 'listMyOrders');
    });
  });

  describe('listAdminOrders', () => {
    it('lists newest first with every filter combined, and X-Total-Count', async () => {
      const p = await product();
      const jane = await customer('jane@example.com');
      const a = await order(jane, [{ productId: p.productId, quantity: 1 }]);
      const b = await order({ guestEmail: 'Bob_Smith@Example.com' }, [
        { productId: p.productId, quantity: 2 },
      ]);
      const c = await order({ guestEmail: 'bobXsmith@example.com' }, [
        { productId: p.productId, quantity: 3 },
      ]);
      await backdate(a.id, '2025-03-01T00:00:00.000Z');
      await backdate(b.id, '2025-03-02T12:00:00.000Z');
      await backdate(c.id, '2025-03-03T23:59:59.999Z');
      await t.app.inject({
        method: 'PATCH',
        url: `${ADMIN}/${b.id}/status`,
        headers: admin.headers,
        payload: { status: 'shipped' },
      });

      const list = async (query: string) => {
        const res = await get(`${ADMIN}/${query}`, admin.headers);
        expect(res.statusCode, res.body).toBe(200);
        const body = expectResponseMatches<OrderSummary[]>('listAdminOrders', res);
        return { ids: body.map((o) => o.id), total: res.headers['x-total-count'], body };
      };

      const all = await list('');
      expect(all.ids).toEqual([c.id, b.id, a.id]);
      expect(all.total).toBe('3');
      expect(all.body[1]).toEqual({
        id: b.id,
        order_number: b.order_number,
        status: 'shipped',
        payment_method: 'cash_on_delivery',
        customer_id: null,
        customer_email: 'bob_smith@example.com',
        customer_type: 'individual',
        customer_country_code: 'TN',
        vat_number: null,
        vat_reverse_charge: false,
        vat_treatment: 'domestic',
        vat_number_review: null,
        subtotal: '20.000',
        vat_amount: '3.800',
        shipping_amount: '0.000',
        discount_amount: '0.000',
        discount: null,
        // Shipped to Tunisia: the stamp duty (#30), in the total.
        stamp_duty_amount: '1.000',
        total_amount: '24.800',
        // Nothing paid: it owes its total (payments.test.ts).
        payment_status: 'unpaid',
        amount_paid: '0.000',
        balance_due: '24.800',
        currency: 'TND',
        shipping_address: {
          ...GUEST_ADDRESS,
          email: 'Bob_Smith@Example.com',
          company: null,
          apartment: null,
          state: null,
        },
        notes: null,
        // No language chosen, shipped to Tunisia: its e-mails are in French.
        language: null,
        email_language: 'fr',
        item_count: 2,
        created_at: '2025-03-02T12:00:00.000Z',
        updated_at: anyString,
      });

      expect((await list('?status=shipped')).ids).toEqual([b.id]);
      expect((await list('?status=pending')).ids).toEqual([c.id, a.id]);
      // Bounds are inclusive, and compared as instants whatever their notation.
      expect(
        (await list('?date_from=2025-03-02T12:00:00Z&date_to=2025-03-03T23:59:59.999Z')).ids,
      ).toEqual([c.id, b.id]);
      expect((await list('?date_to=2025-03-02T13:00:00%2B01:00')).ids).toEqual([b.id, a.id]);
      expect((await list('?date_from=2025-03-04T00:00:00Z')).ids).toEqual([]);
      // Search: order number or e-mail, case-insensitive; _ and % match themselves.
      expect((await list('?search=BOB_')).ids).toEqual([b.id]);
      expect((await list('?search=bob')).ids).toEqual([c.id, b.id]);
      expect((await list('?search=%25')).ids).toEqual([]);
      expect((await list(`?search=${a.order_number.slice(-9).toLowerCase()}`)).ids).toEqual([a.id]);
      expect((await list('?customer_email=JANE@example.com')).ids).toEqual([a.id]);
      expect((await list('?customer_email=jane@example.co')).ids).toEqual([]);
      expect((await list('?search=bob&status=pending')).ids).toEqual([c.id]);

      const page = await list('?skip=1&limit=1');
      expect(page).toMatchObject({ ids: [b.id], total: '3' });
    });

    it('answers 422 for invalid filters and 403 without orders:read', async () => {
      const swapped = await get(
        `${ADMIN}/?date_from=2025-03-02T00:00:00Z&date_to=2025-03-01T00:00:00Z`,
        admin.headers,
      );
      expectIssues(swapped, 'listAdminOrders', [
        {
          loc: ['query', 'date_from'],
          msg: 'date_from must not be after date_to',
          type: 'value_error',
        },
      ]);
      for (const query of [
        'status=lost',
        'limit=1001',
        'date_from=yesterday',
        'customer_email=nope',
      ]) {
        const res = await get(`${ADMIN}/?${query}`, admin.headers);
        expect(res.statusCode, query).toBe(422);
        expect(firstIssueLoc('listAdminOrders', res)?.[0]).toBe('query');
      }
      const inventory = await get(`${ADMIN}/`, await t.authAs('inventory_manager'));
      expectStatus(inventory, 403, 'listAdminOrders');
      const asCustomer = await get(`${ADMIN}/`, (await customer()).headers);
      expectStatus(asCustomer, 403, 'listAdminOrders');
    });
  });

  describe('getAdminOrder and updateOrderStatus', () => {
    it('records every change with the admin, and nothing for the same status', async () => {
      const p = await product(10);
      const o = await order({ guestEmail: 'x@example.com' }, [
        { productId: p.productId, quantity: 4 },
      ]);
      const patch = (payload: unknown) =>
        t.app.inject({
          method: 'PATCH',
          url: `${ADMIN}/${o.id}/status`,
          headers: admin.headers,
          payload: payload as object,
        });

      const confirmed = await patch({ status: 'confirmed', note: '  Paid by phone  ' });
      const body = expectStatus<Order>(confirmed, 200, 'updateOrderStatus');
      expect(body.status).toBe('confirmed');
      expect(body.status_history).toEqual([
        expect.objectContaining({ from_status: null, to_status: 'pending', changed_by: null }),
        {
          id: anyNumber,
          from_status: 'pending',
          to_status: 'confirmed',
          note: 'Paid by phone',
          changed_by_admin_id: admin.id,
          changed_by: admin.username,
          created_at: body.updated_at,
        },
      ]);
      const same = await patch({ status: 'confirmed', note: 'again' });
      expect(expectStatus<Order>(same, 200, 'updateOrderStatus')).toEqual(body);

      // Any status from any status; refunded gives the 4 units back, cancelled then nothing.
      for (const status of ['delivered', 'pending', 'refunded', 'cancelled'] as const) {
        const r = await patch({ status });
        expect(expectResponseMatches<Order>('updateOrderStatus', r).status).toBe(status);
      }
      expect(await stockOf(db(), p.variantId)).toBe(10);
      const detail = await get(`${ADMIN}/${o.id}`, admin.headers);
      const full = expectStatus<Order>(detail, 200, 'getAdminOrder');
      expect(full.status_history.map((h) => [h.from_status, h.to_status, h.note])).toEqual([
        [null, 'pending', null],
        ['pending', 'confirmed', 'Paid by phone'],
        ['confirmed', 'delivered', null],
        ['delivered', 'pending', null],
        ['pending', 'refunded', null],
        ['refunded', 'cancelled', null],
      ]);
      expect(full.items).toHaveLength(1);

      // The history keeps the username after the admin is deleted.
      const gone = await t.createAdmin({ role: 'manager' });
      await t.app.inject({
        method: 'PATCH',
        url: `${ADMIN}/${o.id}/status`,
        headers: { authorization: `Bearer ${gone.token}` },
        payload: { status: 'processing' },
      });
      await db().deleteFrom('admin_users').where('id', '=', gone.id).execute();
      const after = expectResponseMatches<Order>(
        'getAdminOrder',
        await get(`${ADMIN}/${o.id}`, admin.headers),
      );
      expect(after.status_history.at(-1)).toMatchObject({
        to_status: 'processing',
        changed_by_admin_id: null,
        changed_by: gone.username,
      });
      // Back to an active status: the order took its 4 units again.
      expect(await stockOf(db(), p.variantId)).toBe(6);
    });

    it('answers 404, 422 and 403 as the contract says', async () => {
      const missing = await get(`${ADMIN}/999999`, admin.headers);
      expectProblem(missing, 404, 'Order not found', 'getAdminOrder');
      const patchMissing = await t.app.inject({
        method: 'PATCH',
        url: `${ADMIN}/999999/status`,
        headers: admin.headers,
        payload: { status: 'confirmed' },
      });
      expectProblem(patchMissing, 404, 'Order not found', 'updateOrderStatus');
      const p = await product();
      const o = await order({ guestEmail: 'x@example.com' }, [
        { productId: p.productId, quantity: 1 },
      ]);
      const bad = await t.app.inject({
        method: 'PATCH',
        url: `${ADMIN}/${o.id}/status`,
        headers: admin.headers,
        payload: { status: 'lost' },
      });
      expect(bad.statusCode).toBe(422);
      expect(firstIssueLoc('updateOrderStatus', bad)).toEqual(['body', 'status']);
      const inventory = await t.app.inject({
        method: 'PATCH',
        url: `${ADMIN}/${o.id}/status`,
        headers: await t.authAs('inventory_manager'),
        payload: { status: 'confirmed' },
      });
      expectStatus(inventory, 403, 'updateOrderStatus');
      expect(
        (
          await db()
            .selectFrom('order_status_history')
            .select('id')
            .where('order_id', '=', o.id)
            .execute()
        ).length,
      ).toBe(1);
    });
  });

  describe('cancelOrder', () => {
    const cancel = (id: number, payload?: unknown) =>
      injectJson(t.app, {
        method: 'POST',
        url: `${ADMIN}/${id}/cancel`,
        headers: admin.headers,
        payload,
      });

    it('cancels and restocks every tracked item still in the catalogue', async () => {
      const a = await product(10);
      const b = await product(10);
      const untracked = await product(0);
      await updateVariant(db(), untracked.variantId, { track_inventory: 0 });
      const deleted = await product(10);
      const o = await order({ guestEmail: 'x@example.com' }, [
        { productId: a.productId, quantity: 3 },
        { productId: b.productId, quantity: 2 },
        { productId: untracked.productId, quantity: 5 },
        { productId: deleted.productId, quantity: 1 },
      ]);
      await t.app.inject({
        method: 'PATCH',
        url: `${ADMIN}/${o.id}/status`,
        headers: admin.headers,
        payload: { status: 'processing' },
      });
      await db().deleteFrom('products').where('id', '=', deleted.productId).execute();
      expect([await stockOf(db(), a.variantId), await stockOf(db(), b.variantId)]).toEqual([7, 8]);

      const res = await cancel(o.id, { reason: 'Customer changed their mind' });
      const body = expectStatus<Order>(res, 200, 'cancelOrder');
      expect(body.status).toBe('cancelled');
      expect(body.status_history.at(-1)).toEqual({
        id: anyNumber,
        from_status: 'processing',
        to_status: 'cancelled',
        note: 'Customer changed their mind',
        changed_by_admin_id: admin.id,
        changed_by: admin.username,
        created_at: body.updated_at,
      });
      expect(body.items.map((i) => [i.variant_id, i.product_id])).toEqual([
        [a.variantId, a.productId],
        [b.variantId, b.productId],
        [untracked.variantId, untracked.productId],
        [null, null],
      ]);
      expect([
        await stockOf(db(), a.variantId),
        await stockOf(db(), b.variantId),
        await stockOf(db(), untracked.variantId),
      ]).toEqual([10, 10, 0]);
      const movements = await db()
        .selectFrom('stock_movements')
        .select(['variant_id', 'delta', 'reason', 'admin_user_id', 'kind', 'order_status'])
        .where('reason', 'like', '%cancelled')
        .orderBy('variant_id')
        .execute();
      expect(movements).toEqual([
        {
          variant_id: a.variantId,
          delta: 3,
          reason: `Order ${o.order_number} cancelled`,
          admin_user_id: admin.id,
          kind: 'cancel',
          order_status: 'cancelled',
        },
        {
          variant_id: b.variantId,
          delta: 2,
          reason: `Order ${o.order_number} cancelled`,
          admin_user_id: admin.id,
          kind: 'cancel',
          order_status: 'cancelled',
        },
      ]);

      // A second cancellation is refused and restocks nothing.
      const again = await cancel(o.id);
      expectProblem(again, 409, NOT_CANCELLABLE, 'cancelOrder');
      expect(await stockOf(db(), a.variantId)).toBe(10);
    });

    it('refuses shipped, delivered and refunded orders (409) and unknown ones (404)', async () => {
      const p = await product(10);
      for (const status of ['shipped', 'delivered', 'refunded'] as const) {
        const o = await order({ guestEmail: 'x@example.com' }, [
          { productId: p.productId, quantity: 1 },
        ]);
        await t.app.inject({
          method: 'PATCH',
          url: `${ADMIN}/${o.id}/status`,
          headers: admin.headers,
          payload: { status },
        });
        const res = await cancel(o.id, {});
        expectProblem(res, 409, NOT_CANCELLABLE, 'cancelOrder');
        const stored = await db()
          .selectFrom('orders')
          .select('status')
          .where('id', '=', o.id)
          .executeTakeFirstOrThrow();
        expect(stored.status).toBe(status);
      }
      // The refunded order gave its unit back; nothing else did.
      expect(await stockOf(db(), p.variantId)).toBe(8);
      const missing = await cancel(999999);
      expectProblem(missing, 404, 'Order not found', 'cancelOrder');
      const tooLong = await cancel(1, { reason: 'x'.repeat(501) });
      expectStatus(tooLong, 422, 'cancelOrder');
    });

    it('cancels a pending order without a body, once when sent in parallel', async () => {
      const p = await product(10);
      const o = await order({ guestEmail: 'x@example.com' }, [
        { productId: p.productId, quantity: 4 },
      ]);
      const results = await Promise.all(Array.from({ length: 5 }, () => cancel(o.id)));
      for (const r of results) expectResponseMatches('cancelOrder', r);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
      const ok = results.find((r) => r.statusCode === 200)?.json() as Order;
      expect(ok.status_history.at(-1)).toMatchObject({
        from_status: 'pending',
        to_status: 'cancelled',
        note: null,
      });
      expect(await stockOf(db(), p.variantId)).toBe(10);
    });
  });
});
