// Staff (draft) orders (#28) through the API, on both databases: each operation's answer and
// refusals (422 with the field, 404, 409 naming the line, 403 by role), pricing NOW with the
// checkout's rules (override in the product's basis, zero-rating, shipping VAT), the audit of
// every override with its reason, completion as the checkout places an order (stock movements,
// history entry naming the admin and the draft, the invoice when confirmed), and one order only
// when two admins complete one draft at once.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useAdminAccount, useTestApp } from '../../test-support/app';
import type { LightMyRequestResponse } from 'fastify';
import {
  anyNumber,
  anyString,
  expectIssues,
  expectProblem,
  matching,
  type Schemas,
} from '../../test-support/contract';
import { testDialects } from '../../test-support/databases';
import { insertCustomer, updateProduct, updateVariant } from '../../test-support/fixtures';
import { completeShopSettings, resetShopSettings } from '../../test-support/invoices';
import {
  shippingAddress,
  stockOf,
  TWO_UNITS_AT_20_INCL_19,
  useShop,
} from '../../test-support/shop';
import {
  DRAFT_NOT_FOUND,
  DRAFT_WITHOUT_LINES,
  staffOrderNote,
} from '../services/orders/draft-orders';

type DraftOrder = Schemas['DraftOrder'];
type Order = Schemas['Order'];

const URL = '/api/v1/admin/draft-orders/';

/** The answer's status (its body in the failure message) and body; t.request checked the contract. */
function ok<T = unknown>(res: LightMyRequestResponse, status: number): T {
  expect(res.statusCode, res.body).toBe(status);
  return (res.body === '' ? '' : res.json()) as T;
}
const GUEST = { name: 'Amira Ben Salah', phone: '+216 98 000 000', email: 'Amira@Example.tn' };

describe.each(testDialects)('staff (draft) orders (%s)', (dialect) => {
  const t = useTestApp(dialect, { config: { shippingFlatRateMillimes: 7_000 } });
  const shop = useShop(t);
  const manager = useAdminAccount(t, 'manager');
  const support = useAdminAccount(t, 'support');
  const db = () => t.database.db;

  beforeAll(async () => {
    await completeShopSettings(t.database.db);
  });
  afterAll(() => resetShopSettings(t.database.db));
  beforeEach(async () => {
    await db().deleteFrom('audit_log').execute();
  });

  const call = (
    operationId: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    headers = manager.headers,
  ) => t.request(operationId, { method, url, headers, ...(payload ? { payload } : {}) });
  const create = (payload: object, headers = manager.headers) =>
    call('createDraftOrder', 'POST', URL, payload, headers);
  const get = (id: number) => call('getDraftOrder', 'GET', `${URL}${id}`);
  const update = (id: number, payload: object) =>
    call('updateDraftOrder', 'PUT', `${URL}${id}`, payload);
  const remove = (id: number) => call('deleteDraftOrder', 'DELETE', `${URL}${id}`);
  const complete = (id: number, payload?: object, headers = manager.headers) =>
    call('completeDraftOrder', 'POST', `${URL}${id}/complete`, payload, headers);

  const draftBody = (lines: object[], extra: object = {}) => ({
    guest: GUEST,
    shipping_address: shippingAddress(),
    payment_method: 'cash_on_delivery',
    lines,
    ...extra,
  });
  async function created(lines: object[], extra: object = {}): Promise<DraftOrder> {
    return ok<DraftOrder>(await create(draftBody(lines, extra)), 201);
  }

  describe('create, read, list, update, delete', () => {
    it('saves a guest draft and answers it priced now, holding no stock', async () => {
      // 20.000 incl. VAT at 19 % (the product's basis), stock 10.
      const p = await shop.simple({ name: 'Tee', base_price: 20_000 }, { sku: 'TEE-1' });
      const draft = await created([{ variant_id: p.variantId, quantity: 2 }], {
        notes: '  Deliver after 5 pm ',
      });
      expect(draft).toMatchObject({
        customer_id: null,
        guest: { name: 'Amira Ben Salah', phone: '+216 98 000 000', email: 'amira@example.tn' },
        customer_email: 'amira@example.tn',
        customer_type: 'individual',
        vat_number: null,
        customer_country_code: 'TN',
        vat_treatment: 'domestic',
        payment_method: 'cash_on_delivery',
        notes: 'Deliver after 5 pm',
        // 2 × 20.000 = 40.000 incl. VAT: VAT inside 6.387, net 33.613; shipping 7.000 + 1.330.
        subtotal: '33.613',
        vat_amount: '7.717',
        shipping_amount: '7.000',
        shipping_vat_amount: '1.330',
        discount_amount: '0.000',
        // Shipped to Tunisia: the stamp duty (#30), its own line, in the total.
        stamp_duty_amount: '1.000',
        total_amount: '49.330',
        currency: 'TND',
        completable: true,
        created_by: anyString,
      });
      expect(draft.lines).toEqual([
        {
          id: anyNumber,
          variant_id: p.variantId,
          product_id: p.productId,
          product_name: 'Tee',
          variant_title: null,
          product_sku: 'TEE-1',
          ...TWO_UNITS_AT_20_INCL_19,
          unit_price_override: null,
          override_reason: null,
          available_quantity: 10,
          problem: null,
        },
      ]);
      expect(await stockOf(db(), p.variantId)).toBe(10);
      expect(await get(draft.id).then((r) => ok<DraftOrder>(r, 200))).toEqual(draft);
    });

    it('prices an override in the basis of the product and audits it with its reason', async () => {
      const gross = await shop.simple({ name: 'Gross', base_price: 20_000 });
      const net = await shop.simple({ name: 'Net', base_price: 10_000, price_includes_vat: 0 });
      const draft = await created([
        {
          variant_id: gross.variantId,
          quantity: 3,
          unit_price_override: '15',
          override_reason: 'Loyal',
        },
        {
          variant_id: net.variantId,
          quantity: 1,
          unit_price_override: '8.000',
          override_reason: ' Damaged box ',
        },
      ]);
      // Gross override 15.000 charged as shown: 45.000 incl. VAT. Net 8.000 + 19 % = 9.520.
      expect(
        draft.lines.map((l) => [l.unit_price_incl_vat, l.total_price_incl_vat, l.override_reason]),
      ).toEqual([
        ['15.000', '45.000', 'Loyal'],
        ['9.520', '9.520', 'Damaged box'],
      ]);
      const [entry] = await db()
        .selectFrom('audit_log')
        .selectAll()
        .where('entity', '=', 'draft_order')
        .execute();
      expect(entry).toMatchObject({ action: 'create', entity_id: draft.id });
      const changes = JSON.parse(String(entry?.changes)) as { field: string; after: unknown }[];
      expect(changes.find((c) => c.field === 'lines')?.after).toEqual([
        {
          variant_id: gross.variantId,
          quantity: 3,
          unit_price_override: '15.000',
          override_reason: 'Loyal',
        },
        {
          variant_id: net.variantId,
          quantity: 1,
          unit_price_override: '8.000',
          override_reason: 'Damaged box',
        },
      ]);
    });

    it('takes the buyer from the customer account and zero-rates an export', async () => {
      const c = await insertCustomer(db(), { email: 'pro@example.de', country_code: 'DE' });
      const p = await shop.simple({ base_price: 11_900 });
      const draft = ok<DraftOrder>(
        await create({
          customer_id: c.id,
          shipping_address: shippingAddress({ country: 'de' }),
          payment_method: 'bank_transfer',
          lines: [{ variant_id: p.variantId, quantity: 1 }],
          shipping_amount: '5.000',
        }),
        201,
      );
      // Shipped out of Tunisia: export, 0 % on the line (net 10.000) and on the shipping.
      expect(draft).toMatchObject({
        customer_id: c.id,
        guest: null,
        customer_email: 'pro@example.de',
        customer_country_code: 'DE',
        vat_treatment: 'export',
        subtotal: '10.000',
        vat_amount: '0.000',
        shipping_vat_amount: '0.000',
        total_amount: '15.000',
      });
    });

    it('says per line when a variant is no longer sellable or short of stock', async () => {
      const gone = await shop.simple({ name: 'Gone' });
      const short = await shop.simple({ name: 'Short' }, { stock_quantity: 2 });
      const back = await shop.simple({ name: 'Back' }, { stock_quantity: 0, allow_backorder: 1 });
      const draft = await created([
        { variant_id: gone.variantId, quantity: 1 },
        { variant_id: short.variantId, quantity: 3 },
        { variant_id: back.variantId, quantity: 5 },
      ]);
      expect(draft.lines.map((l) => l.problem)).toEqual([null, 'short_stock', null]);
      await updateProduct(db(), gone.productId, { is_active: 0 });
      const now = ok<DraftOrder>(await get(draft.id), 200);
      expect(now.lines.map((l) => [l.product_name, l.problem, l.available_quantity])).toEqual([
        ['Gone', 'not_sellable', 10],
        ['Short', 'short_stock', 2],
        ['Back', null, null],
      ]);
      expect(now.completable).toBe(false);
    });

    it('still lists and reads a draft whose shipping has no default VAT rate in force', async () => {
      // A default rate that lapses must not take the drafts down: they show what they can and
      // say why they cannot be completed; completing gives the checkout's 409.
      const p = await shop.simple({ name: 'Tee', base_price: 20_000 }, { stock_quantity: 5 });
      const draft = await created([{ variant_id: p.variantId, quantity: 1 }]);
      expect([draft.shipping_problem, draft.shipping_vat_amount, draft.completable]).toEqual([
        null,
        '1.330',
        true,
      ]);
      await db().updateTable('vat_rates').set({ is_default: 0 }).execute();
      const now = ok<DraftOrder>(await get(draft.id), 200);
      expect(now).toMatchObject({
        shipping_problem: 'no_vat_rate',
        shipping_amount: '7.000',
        shipping_vat_amount: null,
        // The totals add up what has a price: the line's VAT only (4.523 − 1.330).
        subtotal: '16.807',
        vat_amount: '3.193',
        stamp_duty_amount: '1.000',
        total_amount: '28.000',
        completable: false,
      });
      expect([draft.subtotal, draft.vat_amount, draft.total_amount]).toEqual([
        '16.807',
        '4.523',
        '29.330',
      ]);
      const listed = ok<DraftOrder[]>(await call('listDraftOrders', 'GET', URL), 200);
      expect(listed.map((d) => [d.id, d.shipping_problem])).toEqual([[draft.id, 'no_vat_rate']]);
      expectProblem(
        await complete(draft.id),
        409,
        'No default VAT rate is in force for TN: shipping cannot be charged',
        'completeDraftOrder',
      );
      expect(await db().selectFrom('orders').select('id').execute()).toEqual([]);
    });

    it('lists drafts with search, sort and X-Total-Count', async () => {
      const p = await shop.simple();
      const a = await created([{ variant_id: p.variantId, quantity: 1 }]);
      const b = await created([], {
        guest: { name: 'Youssef Trabelsi', phone: '+216 22 111 222' },
      });
      const all = await call('listDraftOrders', 'GET', URL);
      expect(all.headers['x-total-count']).toBe('2');
      expect(ok<DraftOrder[]>(all, 200).map((d) => d.id)).toEqual([b.id, a.id]);
      const found = await call('listDraftOrders', 'GET', `${URL}?search=trabel&sort=created_at`);
      expect(found.headers['x-total-count']).toBe('1');
      expect(ok<DraftOrder[]>(found, 200).map((d) => d.id)).toEqual([b.id]);
      const oldest = await call('listDraftOrders', 'GET', `${URL}?sort=created_at&limit=1`);
      expect(ok<DraftOrder[]>(oldest, 200).map((d) => d.id)).toEqual([a.id]);
    });

    it('replaces a draft on update and deletes it, both audited', async () => {
      const p = await shop.simple();
      const q = await shop.simple();
      const draft = await created([{ variant_id: p.variantId, quantity: 1 }]);
      const changed = ok<DraftOrder>(
        await update(draft.id, draftBody([{ variant_id: q.variantId, quantity: 4 }])),
        200,
      );
      expect(changed.lines.map((l) => [l.variant_id, l.quantity])).toEqual([[q.variantId, 4]]);
      expect(ok(await remove(draft.id), 204)).toBe('');
      expectProblem(await get(draft.id), 404, DRAFT_NOT_FOUND, 'getDraftOrder');
      expectProblem(await remove(draft.id), 404, DRAFT_NOT_FOUND, 'deleteDraftOrder');
      const actions = await db()
        .selectFrom('audit_log')
        .select(['action', 'entity_id'])
        .where('entity', '=', 'draft_order')
        .orderBy('id')
        .execute();
      expect(actions).toEqual([
        { action: 'create', entity_id: draft.id },
        { action: 'update', entity_id: draft.id },
        { action: 'delete', entity_id: draft.id },
      ]);
    });
  });

  describe('refusals', () => {
    it('answers 422 naming the field for bad input, and saves nothing', async () => {
      const p = await shop.simple();
      const line = { variant_id: p.variantId, quantity: 1 };
      const inactive = await insertCustomer(db(), { is_active: 0 });
      const cases: [object, (string | number)[], string][] = [
        [
          draftBody([line], { customer_id: 1 }),
          ['body', 'guest'],
          'Give either customer_id or guest, not both',
        ],
        [
          draftBody([line], { guest: null }),
          ['body', 'customer_id'],
          'Choose a customer account or enter a guest',
        ],
        [
          draftBody([line], { guest: null, customer_id: inactive.id }),
          ['body', 'customer_id'],
          'No active customer account has this id',
        ],
        [
          draftBody([line, { ...line, quantity: 2 }]),
          ['body', 'lines', 1, 'variant_id'],
          'This variant is already on another line',
        ],
        [
          draftBody([{ ...line, unit_price_override: '5.000' }]),
          ['body', 'lines', 0, 'override_reason'],
          'Give the reason for the unit price override',
        ],
        [
          draftBody([{ ...line, unit_price_override: '5.000', override_reason: '   ' }]),
          ['body', 'lines', 0, 'override_reason'],
          'Give the reason for the unit price override',
        ],
        [
          draftBody([{ ...line, override_reason: 'Why' }]),
          ['body', 'lines', 0, 'override_reason'],
          'A reason is only given with a unit price override',
        ],
        [
          draftBody([{ variant_id: 2_000_000_000, quantity: 1 }]),
          ['body', 'lines', 0, 'variant_id'],
          'No variant has this id',
        ],
      ];
      for (const [body, loc, msg] of cases) {
        expectIssues(await create(body), 'createDraftOrder', [{ loc, msg, type: 'value_error' }]);
      }
      // The contract's bounds: quantity, lines, lengths.
      for (const body of [
        draftBody([{ ...line, quantity: 1000 }]),
        draftBody([{ ...line, quantity: 0 }]),
        draftBody(Array.from({ length: 101 }, (_, i) => ({ variant_id: i + 1, quantity: 1 }))),
        draftBody([line], { notes: 'x'.repeat(1001) }),
        draftBody([{ ...line, unit_price_override: '5', override_reason: 'r'.repeat(201) }]),
        draftBody([line], { guest: { name: 'A', phone: 'call me' } }),
        draftBody([line], { payment_method: 'cheque' }),
      ]) {
        expect((await create(body)).statusCode).toBe(422);
      }
      expect(await db().selectFrom('draft_orders').select('id').execute()).toEqual([]);
    });

    it('answers 404 for unknown drafts on every operation', async () => {
      const id = 2_000_000_000;
      expectProblem(await get(id), 404, DRAFT_NOT_FOUND, 'getDraftOrder');
      expectProblem(await update(id, draftBody([])), 404, DRAFT_NOT_FOUND, 'updateDraftOrder');
      expectProblem(await remove(id), 404, DRAFT_NOT_FOUND, 'deleteDraftOrder');
      expectProblem(await complete(id), 404, DRAFT_NOT_FOUND, 'completeDraftOrder');
    });

    it('refuses roles without orders:write (403) and customers', async () => {
      const inventory = await t.authAs('inventory_manager');
      const p = await shop.simple();
      const body = draftBody([{ variant_id: p.variantId, quantity: 1 }]);
      const refused = await create(body, inventory);
      expectProblem(
        refused,
        403,
        'Your role (inventory_manager) does not allow this action',
        'createDraftOrder',
      );
      const draft = await created([{ variant_id: p.variantId, quantity: 1 }]);
      expect((await complete(draft.id, undefined, inventory)).statusCode).toBe(403);
      const customer = await shop.customer();
      expect((await create(body, customer.headers)).statusCode).toBe(403);
      // Support may (it changes order statuses).
      expect((await create(body, support.headers)).statusCode).toBe(201);
    });
  });

  describe('complete', () => {
    it('places the order as the checkout does, names the admin and the draft, deletes the draft', async () => {
      const p = await shop.simple({ name: 'Tee', base_price: 20_000 }, { sku: 'TEE-1' });
      const draft = await created([
        {
          variant_id: p.variantId,
          quantity: 2,
          unit_price_override: '18',
          override_reason: 'Promo',
        },
      ]);
      const order = ok<Order>(await complete(draft.id), 201);
      expect(order).toMatchObject({
        order_number: matching(/^ORD-\d{8}-\d+$/),
        status: 'pending',
        customer_id: null,
        customer_email: 'amira@example.tn',
        vat_treatment: 'domestic',
        payment_method: 'cash_on_delivery',
        // 2 × 18.000 = 36.000 incl. VAT; shipping 7.000 + 1.330.
        subtotal: '30.252',
        vat_amount: '7.078',
        shipping_amount: '7.000',
        stamp_duty_amount: '1.000',
        total_amount: '45.330',
      });
      expect(order.items.map((i) => [i.product_sku, i.quantity, i.unit_price_incl_vat])).toEqual([
        ['TEE-1', 2, '18.000'],
      ]);
      expect(order.status_history).toEqual([
        expect.objectContaining({
          from_status: null,
          to_status: 'pending',
          note: staffOrderNote(draft.id),
          changed_by_admin_id: manager.id,
        }),
      ]);
      // The draft's totals were what the order charges.
      expect(draft.total_amount).toBe(order.total_amount);
      expect(await stockOf(db(), p.variantId)).toBe(8);
      const movements = await db()
        .selectFrom('stock_movements')
        .select(['kind', 'delta', 'order_id', 'admin_user_id'])
        .where('variant_id', '=', p.variantId)
        .where('kind', '=', 'checkout')
        .execute();
      expect(movements).toEqual([
        { kind: 'checkout', delta: -2, order_id: order.id, admin_user_id: manager.id },
      ]);
      expectProblem(await get(draft.id), 404, DRAFT_NOT_FOUND, 'getDraftOrder');
      expectProblem(await complete(draft.id), 404, DRAFT_NOT_FOUND, 'completeDraftOrder');
    });

    it('completes as confirmed with the status change effects: the invoice is issued', async () => {
      const p = await shop.simple();
      const draft = await created([{ variant_id: p.variantId, quantity: 1 }]);
      const order = ok<Order>(await complete(draft.id, { status: 'confirmed' }), 201);
      expect(order.status).toBe('confirmed');
      expect(order.status_history.map((h) => [h.from_status, h.to_status])).toEqual([
        [null, 'pending'],
        ['pending', 'confirmed'],
      ]);
      const invoices = await db()
        .selectFrom('invoices')
        .select(['kind', 'order_id'])
        .where('order_id', '=', order.id)
        .execute();
      expect(invoices).toEqual([{ kind: 'invoice', order_id: order.id }]);
    });

    it('answers the checkout 409 naming the line when short, and changes nothing', async () => {
      const a = await shop.simple({ name: 'Plenty' }, { stock_quantity: 50 });
      const b = await shop.simple({ name: 'Linen shirt' }, { stock_quantity: 1 });
      const draft = await created([
        { variant_id: a.variantId, quantity: 5 },
        { variant_id: b.variantId, quantity: 3 },
      ]);
      expectProblem(
        await complete(draft.id),
        409,
        'Only 1 in stock for Linen shirt',
        'completeDraftOrder',
      );
      expect([await stockOf(db(), a.variantId), await stockOf(db(), b.variantId)]).toEqual([50, 1]);
      expect(await db().selectFrom('orders').select('id').execute()).toEqual([]);
      expect((await get(draft.id)).statusCode).toBe(200);
    });

    it('answers 409 for a line no longer sold, a draft without lines or a deactivated account', async () => {
      const p = await shop.simple({ name: 'Retired' });
      const draft = await created([{ variant_id: p.variantId, quantity: 1 }]);
      await updateVariant(db(), p.variantId, { is_active: 0 });
      expectProblem(
        await complete(draft.id),
        409,
        'Retired is no longer available',
        'completeDraftOrder',
      );
      const empty = await created([]);
      expect(empty.completable).toBe(false);
      expectProblem(await complete(empty.id), 409, DRAFT_WITHOUT_LINES, 'completeDraftOrder');
      const c = await insertCustomer(db());
      const q = await shop.simple();
      const ofAccount = ok<DraftOrder>(
        await create(
          draftBody([{ variant_id: q.variantId, quantity: 1 }], { guest: null, customer_id: c.id }),
        ),
        201,
      );
      await db().updateTable('customers').set({ is_active: 0 }).where('id', '=', c.id).execute();
      expectProblem(
        await complete(ofAccount.id),
        409,
        'The customer account of this staff order is deactivated',
        'completeDraftOrder',
      );
      expect(await stockOf(db(), q.variantId)).toBe(10);
    });

    it('makes one order when two admins complete one draft at once', async () => {
      const p = await shop.simple({}, { stock_quantity: 10 });
      for (let round = 0; round < 3; round++) {
        const draft = await created([{ variant_id: p.variantId, quantity: 1 }]);
        const answers = await Promise.all([
          complete(draft.id),
          complete(draft.id, undefined, support.headers),
        ]);
        expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 404]);
      }
      const orders = await db().selectFrom('orders').select('id').orderBy('id').execute();
      expect(orders).toHaveLength(3);
      expect(await stockOf(db(), p.variantId)).toBe(7);
      // One checkout movement per order: none taken twice.
      const taken = await db()
        .selectFrom('stock_movements')
        .select(['order_id', 'delta'])
        .where('variant_id', '=', p.variantId)
        .orderBy('id')
        .execute();
      expect(taken).toEqual(orders.map((o) => ({ order_id: o.id, delta: -1 })));
    });
  });
});
