// Discounts (#29) over HTTP: the admin's CRUD and its rules, the cart's code with each refusal's
// rule and detail, automatic promotions, and the checkout that applies the discount, counts its
// use (never past the limit, even when 20 checkouts race) and gives it back on cancellation.
import { describe, expect, it } from 'vitest';
import { expectProblem, expectStatus, type Schemas } from '../../test-support/contract';
import { useAdmin, useTestApp, type AuthHeaders } from '../../test-support/app';
import { testDialects } from '../../test-support/databases';
import { insertCategory } from '../../test-support/fixtures';
import { expectOrderAddsUp } from '../../test-support/order-totals';
import { addToCart, checkout, useShop, type Buyer } from '../../test-support/shop';
import { toMillimes } from '../domain/money';

type Discount = Schemas['Discount'];
type Cart = Schemas['Cart'];
type Order = Schemas['Order'];

const DISCOUNTS = '/api/v1/admin/discounts/';
const m = (amount: string) => toMillimes(amount);

describe.each(testDialects)('discounts (%s)', (dialect) => {
  const t = useTestApp(dialect, { config: { shippingFlatRateMillimes: 7_000 } });
  const shop = useShop(t);
  const admin = useAdmin(t, 'admin');
  const support = useAdmin(t, 'support');
  let seq = 0;
  const guest = (): Buyer => ({ session: `sess_${dialect}_${++seq}_discounts` });
  const q = (buyer: Buyer) => (buyer.session ? `?session_id=${buyer.session}` : '');

  const create = async (body: Record<string, unknown>, headers: AuthHeaders = admin) =>
    t.app.inject({ method: 'POST', url: DISCOUNTS, headers, payload: body });
  async function discount(body: Record<string, unknown>): Promise<Discount> {
    return expectStatus<Discount>(
      await create({ name: 'Summer sale', kind: 'percent', percent: 10, scope: 'order', ...body }),
      201,
      'createDiscount',
    );
  }
  /** Changes a discount behind the API's back (what time or other orders would do). */
  const alter = (
    id: number,
    values: { usage_count?: number; usage_limit?: number; ends_on?: string },
  ) => t.database.db.updateTable('discounts').set(values).where('id', '=', id).execute();
  const applyCode = (buyer: Buyer, code: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/cart/discount${q(buyer)}`,
      headers: buyer.headers ?? {},
      payload: { code },
    });
  const getCart = async (buyer: Buyer) =>
    expectStatus<Cart>(
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/cart/${q(buyer)}`,
        headers: buyer.headers ?? {},
      }),
      200,
      'getCart',
    );
  async function fill(buyer: Buyer, lines: [number, number][]) {
    for (const [product_id, quantity] of lines) {
      const res = await addToCart(t.app, buyer, { product_id, quantity });
      expect(res.statusCode, res.body).toBe(201);
    }
  }
  /** One unit of the product in the buyer's cart, then the code applied to it (200). */
  async function holdCode(buyer: Buyer, productId: number, code: string) {
    await fill(buyer, [[productId, 1]]);
    expect((await applyCode(buyer, code)).statusCode).toBe(200);
  }
  const stored = (id: number) =>
    t.database.db
      .selectFrom('discounts')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  /** The cart's lines and totals reconcile with its discount, to the millime. */
  function expectCartAddsUp(cart: Cart) {
    const shares = cart.items.reduce((s, i) => s + m(i.line_discount), 0);
    const before = cart.items.reduce((s, i) => s + m(i.line_total_incl_vat ?? '0'), 0);
    if (cart.discount && cart.discount.kind !== 'free_shipping') {
      expect(shares).toBe(m(cart.discount.amount));
    }
    expect(m(cart.total_incl_vat)).toBe(before - shares);
    expect(m(cart.total_incl_vat)).toBe(m(cart.subtotal) + m(cart.vat_amount));
  }

  /** The order's lines reconcile with its discount: Σ shares, VAT per line, the brief's total. */
  function expectOrderReconciles(order: Order, shownBefore: number, shownDiscount: number) {
    expectOrderAddsUp(order, order.items);
    expect(m(order.discount_amount)).toBe(
      order.items.reduce((s, i) => s + m(i.discount_amount ?? '0'), 0),
    );
    for (const i of order.items) {
      expect(m(i.total_price_incl_vat)).toBe(
        m(i.total_price) - m(i.discount_amount ?? '0') + m(i.vat_amount),
      );
    }
    // Shown = charged: the lines cost what they showed less the discount.
    expect(order.items.reduce((s, i) => s + m(i.total_price_incl_vat), 0)).toBe(
      shownBefore - shownDiscount,
    );
  }

  // -------------------------------------------------------------------------------------------
  describe('admin CRUD', () => {
    it('creates a code in upper case, reads it, lists it and audits it', async () => {
      const created = await discount({ code: 'summer10', minimum_subtotal: '50.000' });
      expect(created).toMatchObject({
        name: 'Summer sale',
        code: 'SUMMER10',
        kind: 'percent',
        percent: 10,
        amount: null,
        scope: 'order',
        product_ids: [],
        category_ids: [],
        minimum_subtotal: '50.000',
        usage_count: 0,
        status: 'active',
        is_active: true,
      });
      expect(
        expectStatus(
          await t.app.inject({ method: 'GET', url: `${DISCOUNTS}${created.id}`, headers: support }),
          200,
          'getDiscount',
        ),
      ).toEqual(created);
      await discount({ name: 'Winter', code: 'WINTER', is_active: false });
      const list = await t.app.inject({
        method: 'GET',
        url: `${DISCOUNTS}?search=summ&status=active`,
        headers: support,
      });
      expect(expectStatus<Discount[]>(list, 200, 'listDiscounts').map((d) => d.code)).toEqual([
        'SUMMER10',
      ]);
      expect(list.headers['x-total-count']).toBe('1');
      const audit = await t.database.db
        .selectFrom('audit_log')
        .select(['action', 'entity', 'entity_id', 'label'])
        .where('entity', '=', 'discount')
        .where('entity_id', '=', created.id)
        .execute();
      expect(audit).toEqual([
        {
          action: 'create',
          entity: 'discount',
          entity_id: created.id,
          label: 'Summer sale (SUMMER10)',
        },
      ]);
    });

    it('derives each status from today in the shop time zone and filters on it', async () => {
      const scheduled = await discount({ name: 'Later', starts_on: '2999-01-01' });
      const expired = await discount({ name: 'Gone', ends_on: '2000-01-01' });
      const inactive = await discount({ name: 'Off', is_active: false });
      const usedUp = await discount({ name: 'Used', usage_limit: 1 });
      await alter(usedUp.id, { usage_count: 1 });
      const active = await discount({ name: 'On' });
      for (const [status, id] of [
        ['scheduled', scheduled.id],
        ['expired', expired.id],
        ['inactive', inactive.id],
        ['used_up', usedUp.id],
        ['active', active.id],
      ] as const) {
        const res = await t.app.inject({
          method: 'GET',
          url: `${DISCOUNTS}?status=${status}`,
          headers: admin,
        });
        const rows = expectStatus<Discount[]>(res, 200, 'listDiscounts');
        expect(rows.map((d) => [d.id, d.status])).toEqual([[id, status]]);
      }
    });

    it('refuses each broken rule with 422 naming the field', async () => {
      const product = await shop.simple();
      const cases: [Record<string, unknown>, string, string][] = [
        [{ percent: null }, 'percent', 'A percent discount needs a percent'],
        [{ amount: '5.000' }, 'amount', 'Only a fixed amount discount has an amount'],
        [
          { kind: 'fixed_amount', percent: null },
          'amount',
          'A fixed amount discount needs an amount',
        ],
        [{ kind: 'free_shipping' }, 'percent', 'Only a percent discount has a percent'],
        [
          { kind: 'fixed_amount', percent: null, amount: '0.000' },
          'amount',
          'The amount must be above 0',
        ],
        [{ scope: 'products' }, 'product_ids', 'Choose at least one product'],
        [{ scope: 'categories' }, 'category_ids', 'Choose at least one category'],
        [{ product_ids: [product.productId] }, 'product_ids', 'Only a products scope has products'],
        [
          { starts_on: '2026-06-02', ends_on: '2026-06-01' },
          'ends_on',
          'The end must not be before the start',
        ],
        [{ name: '   ' }, 'name', 'Enter a name'],
      ];
      for (const [body, field, msg] of cases) {
        const res = await create({
          name: 'Rule',
          kind: 'percent',
          percent: 10,
          scope: 'order',
          ...body,
        });
        expect(res.statusCode, JSON.stringify(body)).toBe(422);
        expect(res.json<{ detail: unknown[] }>().detail[0]).toMatchObject({
          loc: ['body', field],
          msg,
        });
      }
      expect(await t.database.db.selectFrom('discounts').selectAll().execute()).toEqual([]);
    });

    it('answers 409 for a code taken (any case) or a missing product or category', async () => {
      await discount({ code: 'SUMMER10' });
      const other = { name: 'Other', kind: 'percent', percent: 5 };
      for (const [body, detail] of [
        [
          { scope: 'order', code: 'Summer10' },
          'The code "SUMMER10" is already used by the discount "Summer sale"',
        ],
        [{ scope: 'products', product_ids: [987_654] }, 'Product 987654 does not exist'],
        [{ scope: 'categories', category_ids: [987_654] }, 'Category 987654 does not exist'],
      ] as const) {
        expectProblem(await create({ ...other, ...body }), 409, detail, 'createDiscount');
      }
    });

    it('updates what is sent, checks the result as a creation, and audits the change', async () => {
      const d = await discount({ code: 'SUMMER10' });
      const res = await t.app.inject({
        method: 'PATCH',
        url: `${DISCOUNTS}${d.id}`,
        headers: admin,
        payload: { kind: 'fixed_amount', percent: null, amount: '5.000' },
      });
      const updated = expectStatus<Discount>(res, 200, 'updateDiscount');
      expect(updated).toMatchObject({ kind: 'fixed_amount', percent: null, amount: '5.000' });
      const refused = await t.app.inject({
        method: 'PATCH',
        url: `${DISCOUNTS}${d.id}`,
        headers: admin,
        payload: { kind: 'percent' },
      });
      expect(refused.statusCode).toBe(422);
      expect(refused.json<{ detail: unknown[] }>().detail[0]).toMatchObject({
        loc: ['body', 'percent'],
        msg: 'A percent discount needs a percent',
      });
      const audit = await t.database.db
        .selectFrom('audit_log')
        .select(['action', 'changes'])
        .where('entity', '=', 'discount')
        .where('action', '=', 'update')
        .execute();
      expect(audit).toHaveLength(1);
      expect(JSON.parse(audit[0]!.changes)).toEqual([
        { field: 'kind', before: 'percent', after: 'fixed_amount' },
        { field: 'percent', before: 10, after: null },
        { field: 'amount', before: null, after: '5.000' },
      ]);
    });

    it('is written by discounts:write only (support reads, cannot write)', async () => {
      const res = await create(
        { name: 'Nope', kind: 'percent', percent: 5, scope: 'order' },
        support,
      );
      expect(res.statusCode).toBe(403);
    });

    it('deletes an unused discount and refuses one an order used', async () => {
      const unused = await discount({ code: 'UNUSED' });
      const del = await t.app.inject({
        method: 'DELETE',
        url: `${DISCOUNTS}${unused.id}`,
        headers: admin,
      });
      expect(del.statusCode).toBe(204);
      const used = await discount({ code: 'USED10' });
      const product = await shop.simple({ base_price: 20_000 });
      const buyer = guest();
      await holdCode(buyer, product.productId, 'used10');
      expect((await checkout(t.app, buyer)).statusCode).toBe(201);
      expectProblem(
        await t.app.inject({ method: 'DELETE', url: `${DISCOUNTS}${used.id}`, headers: admin }),
        409,
        'The discount "Summer sale" was used by 1 order; deactivate it instead',
        'deleteDiscount',
      );
    });
  });

  // -------------------------------------------------------------------------------------------
  describe('the cart', () => {
    it('spreads a code over the lines to the millime and shows the totals after it', async () => {
      // 3 × 11.900 incl. 19 % and 1 × 10.001 excl. 19 % (11.901 shown): 10 % of 47.601.
      const a = await shop.simple({ base_price: 11_900 });
      const b = await shop.simple({ base_price: 10_001, price_includes_vat: 0 });
      await discount({ code: 'TEN' });
      const buyer = guest();
      await fill(buyer, [
        [a.productId, 3],
        [b.productId, 1],
      ]);
      const cart = expectStatus<Cart>(await applyCode(buyer, 'ten'), 200, 'applyCartDiscount');
      expect(cart.discount).toEqual({
        code: 'TEN',
        name: 'Summer sale',
        kind: 'percent',
        amount: '4.760', // 4.7601 half-up
      });
      expect(cart.items.map((i) => i.line_discount)).toEqual(['3.570', '1.190']);
      expect(cart.total_incl_vat).toBe('42.841');
      expect(cart.discount_notice).toBeNull();
      expectCartAddsUp(cart);
      expect(await getCart(buyer)).toEqual(cart);
      const removed = await t.app.inject({
        method: 'DELETE',
        url: `/api/v1/cart/discount${q(buyer)}`,
      });
      const plain = expectStatus<Cart>(removed, 200, 'removeCartDiscount');
      expect(plain.discount).toBeNull();
      expect(plain.total_incl_vat).toBe('47.601');
    });

    it('refuses a code with 409 and the rule it breaks, and keeps the cart as it was', async () => {
      const cheap = await shop.simple({ base_price: 20_000 });
      const other = await shop.simple({ base_price: 5_000 });
      await discount({ name: 'Later', code: 'LATER', starts_on: '2999-01-01' });
      await discount({ name: 'Gone', code: 'GONE', ends_on: '2000-01-01' });
      await discount({ name: 'Off', code: 'OFF', is_active: false });
      await discount({ name: 'Big', code: 'BIG', minimum_subtotal: '50.000' });
      const usedUp = await discount({ name: 'Used', code: 'USED', usage_limit: 2 });
      await alter(usedUp.id, { usage_count: 2 });
      await discount({
        name: 'Other product',
        code: 'OTHER',
        scope: 'products',
        product_ids: [other.productId],
      });
      const buyer = guest();
      await fill(buyer, [[cheap.productId, 1]]);
      const refusals: [string, string][] = [
        ['NOPE', 'The code "NOPE" does not exist'],
        ['off', 'The code "OFF" does not exist'],
        ['LATER', 'The code "LATER" is valid from 2999-01-01'],
        ['GONE', 'The code "GONE" expired on 2000-01-01'],
        ['BIG', 'The code "BIG" needs an order of at least 50.000 TND: add 30.000 TND more'],
        ['USED', 'The code "USED" has been used up'],
        ['OTHER', 'The code "OTHER" does not apply to anything in your cart'],
      ];
      for (const [code, detail] of refusals) {
        expectProblem(await applyCode(buyer, code), 409, detail, 'applyCartDiscount');
      }
      const cart = await getCart(buyer);
      expect(cart.discount).toBeNull();
      expect(cart.total_incl_vat).toBe('20.000');
      const malformed = await applyCode(buyer, 'a b');
      expect(malformed.statusCode).toBe(422);
    });

    it("refuses a signed-in customer's code used as many times as allowed", async () => {
      const product = await shop.simple({ base_price: 20_000 });
      await discount({ code: 'ONCE', usage_limit_per_customer: 1 });
      const customer = await shop.customer();
      const buyer = { headers: customer.headers };
      await holdCode(buyer, product.productId, 'ONCE');
      expect((await checkout(t.app, buyer)).statusCode).toBe(201);
      await fill(buyer, [[product.productId, 1]]);
      expectProblem(
        await applyCode(buyer, 'ONCE'),
        409,
        'You have already used the code "ONCE" as many times as allowed',
        'applyCartDiscount',
      );
    });

    it('drops a held code that expired or was deleted, and says so', async () => {
      const product = await shop.simple({ base_price: 20_000 });
      const d = await discount({ code: 'SOON' });
      const buyer = guest();
      await holdCode(buyer, product.productId, 'SOON');
      await alter(d.id, { ends_on: '2000-01-31' });
      const cart = await getCart(buyer);
      expect(cart.discount).toBeNull();
      expect(cart.discount_notice).toBe(
        'The code "SOON" expired on 2000-01-31; it was removed from your cart',
      );
      expect((await getCart(buyer)).discount_notice).toBeNull();

      const deleted = await discount({ name: 'Deleted', code: 'BYE' });
      expect((await applyCode(buyer, 'BYE')).statusCode).toBe(200);
      await t.app.inject({ method: 'DELETE', url: `${DISCOUNTS}${deleted.id}`, headers: admin });
      expect((await getCart(buyer)).discount_notice).toBe(
        'The code "BYE" does not exist; it was removed from your cart',
      );
    });

    it('keeps a code whose minimum is no longer reached and says what is missing', async () => {
      const product = await shop.simple({ base_price: 30_000 });
      await discount({ code: 'MIN50', minimum_subtotal: '50.000' });
      const buyer = guest();
      await fill(buyer, [[product.productId, 2]]);
      const applied = expectStatus<Cart>(await applyCode(buyer, 'MIN50'), 200, 'applyCartDiscount');
      const line = applied.items[0]!;
      const less = await t.app.inject({
        method: 'PATCH',
        url: `/api/v1/cart/items/${line.id}${q(buyer)}`,
        payload: { quantity: 1 },
      });
      const cart = expectStatus<Cart>(less, 200, 'updateCartItem');
      expect(cart.discount).toBeNull();
      expect(cart.discount_notice).toBe(
        'The code "MIN50" needs an order of at least 50.000 TND: add 20.000 TND more',
      );
    });

    it('shows the best automatic promotion without a code, and a code beats it', async () => {
      const category = await insertCategory(t.database.db);
      const child = await insertCategory(t.database.db, { parent_id: category.id });
      const shirt = await shop.simple({ base_price: 40_000, category_id: child.id });
      const mug = await shop.simple({ base_price: 10_000 });
      await discount({
        name: 'Clothes 25 %',
        percent: 25,
        scope: 'categories',
        category_ids: [category.id],
      });
      await discount({ name: 'Everything 5 %', percent: 5 });
      await discount({ name: 'Free shipping', kind: 'free_shipping', percent: null });
      await discount({
        name: 'Code',
        code: 'CODE',
        kind: 'fixed_amount',
        percent: null,
        amount: '1.000',
      });
      const buyer = guest();
      await fill(buyer, [
        [shirt.productId, 1],
        [mug.productId, 1],
      ]);
      const cart = await getCart(buyer);
      // 25 % of the shirt (10.000) beats 5 % of 50.000 (2.500) and the shipping (8.330).
      expect(cart.discount).toEqual({
        code: null,
        name: 'Clothes 25 %',
        kind: 'percent',
        amount: '10.000',
      });
      expect(cart.items.map((i) => i.line_discount)).toEqual(['10.000', '0.000']);
      expectCartAddsUp(cart);
      const coded = expectStatus<Cart>(await applyCode(buyer, 'code'), 200, 'applyCartDiscount');
      expect(coded.discount).toEqual({
        code: 'CODE',
        name: 'Code',
        kind: 'fixed_amount',
        amount: '1.000',
      });
      expect(coded.items.map((i) => i.line_discount)).toEqual(['0.800', '0.200']);
      expectCartAddsUp(coded);
    });
  });

  // -------------------------------------------------------------------------------------------
  describe('checkout', () => {
    it('charges the discounted lines, freezes the discount and counts its use', async () => {
      const a = await shop.simple({ base_price: 11_900 });
      const b = await shop.simple({ base_price: 10_001, price_includes_vat: 0 });
      const d = await discount({ code: 'TEN' });
      const buyer = guest();
      await fill(buyer, [
        [a.productId, 3],
        [b.productId, 1],
      ]);
      const cart = expectStatus<Cart>(await applyCode(buyer, 'TEN'), 200, 'applyCartDiscount');
      const order = expectStatus<Order>(await checkout(t.app, buyer), 201, 'createOrder');
      expect(order.discount).toEqual({
        code: 'TEN',
        name: 'Summer sale',
        kind: 'percent',
        shipping_waived: '0.000',
      });
      // The order charges what the cart showed (plus the shipping: 7.000 + 19 %, and the stamp
      // duty the cart announced, #30).
      expect(cart.stamp_duty).toBe('1.000');
      expect(m(order.total_amount)).toBe(m(cart.total_incl_vat) + 8_330 + m(cart.stamp_duty));
      expectOrderReconciles(order, 47_601, 4_760);
      expect((await stored(d.id)).usage_count).toBe(1);
      // The cart is empty and forgets its code.
      expect((await getCart(buyer)).discount).toBeNull();

      const cancel = await t.app.inject({
        method: 'POST',
        url: `/api/v1/admin/orders/${order.id}/cancel`,
        headers: admin,
        payload: {},
      });
      expect(cancel.statusCode, cancel.body).toBe(200);
      expect((await stored(d.id)).usage_count).toBe(0);
      const reopen = await t.app.inject({
        method: 'PATCH',
        url: `/api/v1/admin/orders/${order.id}/status`,
        headers: admin,
        payload: { status: 'pending' },
      });
      expect(reopen.statusCode, reopen.body).toBe(200);
      expect((await stored(d.id)).usage_count).toBe(1);
    });

    it('waives the shipping of a free-shipping code', async () => {
      const a = await shop.simple({ base_price: 20_000 });
      await discount({ code: 'SHIP', kind: 'free_shipping', percent: null });
      const buyer = guest();
      await fill(buyer, [[a.productId, 1]]);
      const cart = expectStatus<Cart>(await applyCode(buyer, 'SHIP'), 200, 'applyCartDiscount');
      expect(cart.discount).toEqual({
        code: 'SHIP',
        name: 'Summer sale',
        kind: 'free_shipping',
        amount: '8.330',
      });
      const order = expectStatus<Order>(await checkout(t.app, buyer), 201, 'createOrder');
      expect(order).toMatchObject({
        shipping_amount: '0.000',
        shipping_vat_amount: '0.000',
        discount_amount: '0.000',
        // The goods, and the stamp duty (#30): a free shipping waives the shipping only.
        stamp_duty_amount: '1.000',
        total_amount: '21.000',
        discount: { code: 'SHIP', kind: 'free_shipping', shipping_waived: '7.000' },
      });
      expectOrderReconciles(order, 20_000, 0);
    });

    it('re-checks the code in the transaction and refuses with its rule (cart kept)', async () => {
      const a = await shop.simple({ base_price: 20_000 });
      const d = await discount({ code: 'LAST' });
      const buyer = guest();
      await holdCode(buyer, a.productId, 'LAST');
      await alter(d.id, { usage_limit: 1, usage_count: 1 });
      expectProblem(
        await checkout(t.app, buyer),
        409,
        'The code "LAST" has been used up',
        'createOrder',
      );
      expect((await getCart(buyer)).items).toHaveLength(1);
      expect(await t.database.db.selectFrom('orders').selectAll().execute()).toEqual([]);
    });

    it('never uses a code past its limit when 20 checkouts race', async () => {
      const a = await shop.simple({ base_price: 20_000 }, { stock_quantity: 100 });
      const d = await discount({ code: 'FIVE', usage_limit: 5, usage_limit_per_customer: 1 });
      const buyers = Array.from({ length: 20 }, () => guest());
      for (const buyer of buyers) {
        await holdCode(buyer, a.productId, 'FIVE');
      }
      const answers = await Promise.all(
        buyers.map((buyer, i) =>
          checkout(t.app, buyer, {
            shipping_address: {
              first_name: 'Racer',
              last_name: String(i),
              street_address: '1 Rue de Marseille',
              city: 'Tunis',
              postal_code: '1000',
              country: 'TN',
              phone: '+216 71 000 000',
              email: `racer${i}@example.com`,
            },
          }),
        ),
      );
      const placed = answers.filter((r) => r.statusCode === 201);
      const refused = answers.filter((r) => r.statusCode !== 201);
      expect(placed).toHaveLength(5);
      for (const r of refused) {
        expect(r.statusCode, r.body).toBe(409);
        expect(r.json()).toEqual({ detail: 'The code "FIVE" has been used up' });
      }
      for (const r of placed) {
        expect(r.json<Order>().discount?.code).toBe('FIVE');
      }
      expect((await stored(d.id)).usage_count).toBe(5);
      const withIt = await t.database.db
        .selectFrom('orders')
        .select('id')
        .where('discount_id', '=', d.id)
        .execute();
      expect(withIt).toHaveLength(5);
    });

    it('refuses a second use by the same guest e-mail at checkout', async () => {
      const a = await shop.simple({ base_price: 20_000 });
      await discount({ code: 'ONCE', usage_limit_per_customer: 1 });
      for (const expected of [201, 409]) {
        const buyer = guest();
        await holdCode(buyer, a.productId, 'ONCE');
        const res = await checkout(t.app, buyer);
        expect(res.statusCode, res.body).toBe(expected);
        if (expected === 409) {
          expect(res.json()).toEqual({
            detail: 'You have already used the code "ONCE" as many times as allowed',
          });
        }
      }
    });
  });

  // -------------------------------------------------------------------------------------------
  describe('staff orders', () => {
    const DRAFTS = '/api/v1/admin/draft-orders/';
    type DraftOrder = Schemas['DraftOrder'];
    const draftBody = (lines: object[], extra: object = {}) => ({
      guest: { name: 'Walk-in buyer', phone: '+216 71 000 000', email: 'walkin@example.com' },
      shipping_address: {
        first_name: 'Walk',
        last_name: 'In',
        street_address: '1 Rue de Marseille',
        city: 'Tunis',
        postal_code: '1000',
        country: 'TN',
        phone: '+216 71 000 000',
        email: 'walkin@example.com',
      },
      payment_method: 'cash_on_delivery',
      lines,
      ...extra,
    });
    const createDraft = (body: object) =>
      t.app.inject({ method: 'POST', url: DRAFTS, headers: admin, payload: body });
    const complete = (id: number) =>
      t.app.inject({ method: 'POST', url: `${DRAFTS}${id}/complete`, headers: admin, payload: {} });

    it('prices a manual discount on the draft and its order by the same functions', async () => {
      const a = await shop.simple({ base_price: 11_900 });
      const b = await shop.simple({ base_price: 10_001, price_includes_vat: 0 });
      const draft = expectStatus<DraftOrder>(
        await createDraft(
          draftBody(
            [
              { variant_id: a.variantId, quantity: 3 },
              { variant_id: b.variantId, quantity: 1 },
            ],
            { manual_discount: { percent: 10, reason: 'Loyal customer' } },
          ),
        ),
        201,
        'createDraftOrder',
      );
      expect(draft.manual_discount).toEqual({ percent: 10, reason: 'Loyal customer' });
      expect(draft.discount).toEqual({
        code: null,
        name: 'Loyal customer',
        kind: 'percent',
        amount: '4.760',
      });
      expect(draft.lines.map((l) => l.discount_amount)).toEqual(['3.000', '1.000']);
      const order = expectStatus<Order>(await complete(draft.id), 201, 'completeDraftOrder');
      expect(order.discount).toEqual({
        code: null,
        name: 'Loyal customer',
        kind: 'percent',
        shipping_waived: '0.000',
      });
      expect(order.total_amount).toBe(draft.total_amount);
      expectOrderReconciles(order, 47_601, 4_760);
    });

    it('takes a code, shows why it gives nothing, and refuses it at completion', async () => {
      const a = await shop.simple({ base_price: 20_000 });
      const d = await discount({ code: 'STAFF', usage_limit: 1 });
      const draft = expectStatus<DraftOrder>(
        await createDraft(
          draftBody([{ variant_id: a.variantId, quantity: 1 }], { discount_code: 'staff' }),
        ),
        201,
        'createDraftOrder',
      );
      expect(draft.discount_code).toBe('STAFF');
      expect(draft.discount?.amount).toBe('2.000');
      const order = expectStatus<Order>(await complete(draft.id), 201, 'completeDraftOrder');
      expect(order.discount?.code).toBe('STAFF');
      expect((await stored(d.id)).usage_count).toBe(1);
      const second = expectStatus<DraftOrder>(
        await createDraft(
          draftBody([{ variant_id: a.variantId, quantity: 1 }], { discount_code: 'STAFF' }),
        ),
        201,
        'createDraftOrder',
      );
      expect(second.discount).toBeNull();
      expect(second.discount_notice).toBe('The code "STAFF" has been used up');
      expectProblem(
        await complete(second.id),
        409,
        'The code "STAFF" has been used up',
        'completeDraftOrder',
      );
    });

    it('refuses a code with a manual discount, or a manual discount without one value', async () => {
      const a = await shop.simple({ base_price: 20_000 });
      const line = [{ variant_id: a.variantId, quantity: 1 }];
      for (const [extra, loc, msg] of [
        [
          { discount_code: 'X12', manual_discount: { percent: 5, reason: 'Both' } },
          ['body', 'manual_discount'],
          'Give either a discount code or a manual discount',
        ],
        [
          { manual_discount: { reason: 'Neither' } },
          ['body', 'manual_discount', 'percent'],
          'Give either a percent or an amount',
        ],
        [
          { manual_discount: { amount: '1.000', reason: '  ' } },
          ['body', 'manual_discount', 'reason'],
          'Give the reason for the discount',
        ],
      ] as const) {
        const res = await createDraft(draftBody(line, extra));
        expect(res.statusCode).toBe(422);
        expect(res.json<{ detail: unknown[] }>().detail[0]).toMatchObject({ loc, msg });
      }
    });
  });
});
