// Cart over HTTP: cart selection (session / customer token / admin / bad token), adding with the
// contract's checks, pricing and rounding of the lines, quantity changes, removal, clearing,
// merging an anonymous cart into a customer's, and concurrent adds to one line.
import { describe, expect, it } from 'vitest';
import {
  anyNumber,
  expectIssues,
  expectProblem,
  expectStatus,
  issuesOf,
  matching,
} from '../../test-support/contract';
import type { Schemas } from '../../test-support/contract';
import { useTestApp } from '../../test-support/app';
import { testDialects } from '../../test-support/databases';
import {
  insertProduct,
  insertVariant,
  insertVatRate,
  updateVariant,
} from '../../test-support/fixtures';
import { expectResponseMatches, injectJson } from '../../test-support/openapi-validator';
import { useShop } from '../../test-support/shop';

type Cart = Schemas['Cart'];

const CART = '/api/v1/cart/';
const ITEMS = '/api/v1/cart/items';

describe.each(testDialects)('cart (%s)', (dialect) => {
  const t = useTestApp(dialect);
  const shop = useShop(t);
  const { simple, customer } = shop;
  let seq = 0;

  const db = () => t.database.db;
  const session = () => `sess_${dialect}_${++seq}_abcdef`;

  const inject = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    options: { headers?: Record<string, string>; payload?: unknown } = {},
  ) => injectJson(t.app, { ...options, method, url, headers: options.headers ?? {} });
  const q = (sessionId?: string) => (sessionId ? `?session_id=${sessionId}` : '');

  async function getCart(sessionId?: string, headers?: Record<string, string>): Promise<Cart> {
    const res = await inject('GET', `${CART}${q(sessionId)}`, { headers });
    expect(res.statusCode).toBe(200);
    return expectResponseMatches<Cart>('getCart', res);
  }
  async function add(
    body: { product_id: number; variant_id?: number | null; quantity: number },
    sessionId?: string,
    headers?: Record<string, string>,
  ) {
    const res = await inject('POST', `${ITEMS}${q(sessionId)}`, { headers, payload: body });
    return { res, body: expectResponseMatches<Cart>('addCartItem', res) };
  }
  const lineRows = () =>
    db().selectFrom('cart_items').select(['id', 'cart_id', 'variant_id', 'quantity']).execute();

  describe('cart selection', () => {
    it('requires session_id without a customer token, on every cart operation', async () => {
      const expected = {
        detail: [
          {
            loc: ['query', 'session_id'],
            msg: 'session_id is required without a customer token',
            type: 'missing',
          },
        ],
      };
      const calls = [
        ['getCart', inject('GET', CART)],
        ['clearCart', inject('DELETE', CART)],
        ['addCartItem', inject('POST', ITEMS, { payload: { product_id: 1, quantity: 1 } })],
        ['updateCartItem', inject('PATCH', `${ITEMS}/1`, { payload: { quantity: 1 } })],
        ['removeCartItem', inject('DELETE', `${ITEMS}/1`)],
      ] as const;
      for (const [op, call] of calls) {
        const res = await call;
        expect(res.statusCode).toBe(422);
        expect(expectResponseMatches(op, res)).toEqual(expected);
      }
      const bad = await inject('GET', `${CART}?session_id=short`);
      expect(bad.statusCode).toBe(422);
      expect(issuesOf(bad, 'getCart')[0]?.loc).toEqual(['query', 'session_id']);
    });

    it('returns an empty cart without creating one', async () => {
      const s = session();
      expect(await getCart(s)).toEqual({
        id: null,
        session_id: s,
        customer_id: null,
        items: [],
        item_count: 0,
        subtotal: '0.000',
        vat_amount: '0.000',
        total_incl_vat: '0.000',
        discount: null,
        discount_notice: null,
        shipping: null,
        shipping_notice: null,
        stamp_duty: '0.000',
        currency: 'TND',
      });
      const c = await customer();
      expect(await getCart(undefined, c.headers)).toMatchObject({
        id: null,
        session_id: null,
        customer_id: c.id,
        items: [],
      });
      expect(await db().selectFrom('carts').select('id').execute()).toEqual([]);
    });

    it('answers 403 for an admin token and 401 for an invalid token or a deleted customer', async () => {
      const admin = await t.authAs('super_admin');
      const res = await inject('GET', `${CART}${q(session())}`, { headers: admin });
      expectStatus(res, 403, 'getCart');
      const bad = await inject('GET', `${CART}${q(session())}`, {
        headers: { authorization: 'Bearer not-a-token' },
      });
      expectStatus(bad, 401, 'getCart');

      const c = await customer();
      await db().deleteFrom('customers').where('id', '=', c.id).execute();
      const gone = await inject('GET', CART, { headers: c.headers });
      expectProblem(gone, 401, 'Account is inactive or no longer exists', 'getCart');
    });

    it('keeps anonymous and customer carts apart', async () => {
      const { productId } = await simple();
      const s = session();
      const c = await customer();
      await add({ product_id: productId, quantity: 1 }, s);
      await add({ product_id: productId, quantity: 2 }, undefined, c.headers);
      expect((await getCart(s)).items.map((i) => i.quantity)).toEqual([1]);
      const mine = await getCart(undefined, c.headers);
      expect(mine).toMatchObject({ session_id: null, customer_id: c.id, item_count: 2 });
      expect((await getCart(session())).items).toEqual([]);
    });
  });

  describe('absolute media URLs', () => {
    it('start with PUBLIC_URL whatever Host or X-Forwarded-* headers the request carries', async () => {
      const { productId } = await simple({ images: JSON.stringify(['/api/v1/media/mug.png']) });
      const s = session();
      await add({ product_id: productId, quantity: 1 }, s);
      const res = await inject('GET', `${CART}${q(s)}`, {
        headers: {
          host: 'evil.example',
          'x-forwarded-host': 'evil.example',
          'x-forwarded-proto': 'https',
        },
      });
      const cart = expectStatus<Cart>(res, 200, 'getCart');
      expect(cart.items[0]?.image).toBe('http://shop.test/api/v1/media/mug.png');
      expect(res.body).not.toContain('evil.example');
    });
  });

  describe('addCartItem', () => {
    it('adds a simple product through its default variant and prices the line', async () => {
      // 12.150 net × 1.19: unit incl. 14.4585 → 14.459; 2 units: 24.300 + 4.617 = 28.917
      const { productId, variantId, name } = await simple(
        {
          base_price: 12_150,
          price_includes_vat: 0,
          images: JSON.stringify(['/api/v1/media/mug.png', 'https://cdn.example.com/b.png']),
        },
        { stock_quantity: 14 },
      );
      const s = session();
      const { res, body } = await add({ product_id: productId, variant_id: null, quantity: 2 }, s);
      expect(res.statusCode).toBe(201);
      const line = body.items[0];
      expect(body).toMatchObject({
        session_id: s,
        customer_id: null,
        item_count: 2,
        subtotal: '24.300',
        vat_amount: '4.617',
        total_incl_vat: '28.917',
        currency: 'TND',
      });
      expect(body.id).toEqual(anyNumber);
      expect(line).toEqual({
        id: anyNumber,
        product_id: productId,
        variant_id: variantId,
        product_name: name,
        product_slug: matching(/^product-/),
        variant_title: null,
        sku: null,
        image: 'http://shop.test/api/v1/media/mug.png',
        quantity: 2,
        unit_price: '12.150',
        unit_price_incl_vat: '14.459',
        vat_rate: 19,
        line_subtotal: '24.300',
        line_vat: '4.617',
        line_total_incl_vat: '28.917',
        line_discount: '0.000',
        available_quantity: 14,
      });

      // Adding the same product again increases the line.
      const again = await add({ product_id: productId, quantity: 3 }, s);
      expect(again.res.statusCode).toBe(201);
      expect(again.body.items).toHaveLength(1);
      expect(again.body.items[0]).toMatchObject({ id: line?.id, quantity: 5 });
      expect(await lineRows()).toEqual([
        { id: line?.id, cart_id: body.id, variant_id: variantId, quantity: 5 },
      ]);
    });

    it('rounds each line half-up and sums the lines into the totals', async () => {
      const r7 = await insertVatRate(db(), { rate_bp: 700, country_code: 'TN' });
      const a = await simple({ base_price: 333, price_includes_vat: 0 });
      const b = await simple({ base_price: 1_005, price_includes_vat: 0, vat_rate_id: r7.id });
      // Gross-entered: 1.005 incl. 19 % is charged 1.005 as shown (it used to become 1.006):
      // the VAT inside it 0.16046 → 0.160, net 0.845.
      const c = await simple({ base_price: 1_005, price_includes_vat: 1 });
      const s = session();
      await add({ product_id: a.productId, quantity: 3 }, s);
      await add({ product_id: b.productId, quantity: 7 }, s);
      const { body } = await add({ product_id: c.productId, quantity: 1 }, s);
      expect(
        body.items.map((i) => [
          i.unit_price,
          i.unit_price_incl_vat,
          i.vat_rate,
          i.line_subtotal,
          i.line_vat,
          i.line_total_incl_vat,
        ]),
      ).toEqual([
        // 3 × 0.333 = 0.999; 0.999 × 0.19 = 0.18981 → 0.190 (per unit 0.063 × 3 would be 0.189)
        ['0.333', '0.396', 19, '0.999', '0.190', '1.189'],
        // 7 × 1.005 = 7.035; 7.035 × 0.07 = 0.49245 → 0.492 (per unit 0.070 × 7 would be 0.490)
        ['1.005', '1.075', 7, '7.035', '0.492', '7.527'],
        ['0.845', '1.005', 19, '0.845', '0.160', '1.005'],
      ]);
      expect(body).toMatchObject({
        item_count: 11,
        subtotal: '8.879',
        vat_amount: '0.842',
        total_incl_vat: '9.721',
      });
    });

    it("prices every cart at the shop country's rates, a foreign customer's too", async () => {
      // 24.000 incl. TN 19 %: net 20.168 for a French customer as for anyone (checkout charges
      // TN VAT shipped within Tunisia, the net at 0 % shipped abroad; FR's 20 % plays no part).
      const { productId } = await simple({ base_price: 24_000, price_includes_vat: 1 });
      const c = await customer({ country_code: 'FR' });
      const { body } = await add({ product_id: productId, quantity: 1 }, undefined, c.headers);
      expect(body.items[0]).toMatchObject({
        unit_price: '20.168',
        unit_price_incl_vat: '24.000',
        vat_rate: 19,
        line_vat: '3.832',
      });
      // A German customer, whose country has no rate at all, may add it too.
      const de = await customer({ country_code: 'DE' });
      const german = await add({ product_id: productId, quantity: 1 }, undefined, de.headers);
      expect(german.res.statusCode).toBe(201);
      expect(german.body.items[0]).toMatchObject({ unit_price: '20.168', vat_rate: 19 });
      const anonymous = await add({ product_id: productId, quantity: 1 }, session());
      expect(anonymous.body.items[0]).toMatchObject({ unit_price: '20.168', vat_rate: 19 });
    });

    it('adds a variant of a product with variants, with its title, SKU and image', async () => {
      const p = await insertProduct(db(), {
        vat_rate_id: shop.tn19.id,
        has_variants: 1,
        images: JSON.stringify(['https://cdn.example.com/p.png']),
      });
      const own = await insertVatRate(db(), { rate_bp: 700, country_code: 'TN' });
      const v = await insertVariant(db(), p.id, {
        variant_title: 'Red / M',
        sku: 'TS-RED-M',
        price: 20_000,
        vat_rate_id: own.id,
        images: JSON.stringify(['https://cdn.example.com/red.png']),
        track_inventory: 0,
        stock_quantity: 0,
      });
      const { res, body } = await add(
        { product_id: p.id, variant_id: v.id, quantity: 999 },
        session(),
      );
      expect(res.statusCode).toBe(201);
      expect(body.items[0]).toMatchObject({
        variant_id: v.id,
        variant_title: 'Red / M',
        sku: 'TS-RED-M',
        image: 'https://cdn.example.com/red.png',
        vat_rate: 7,
        available_quantity: null,
        quantity: 999,
      });
    });

    it('answers 404 for an unknown, inactive or foreign product or variant', async () => {
      const s = session();
      const withVariants = await insertProduct(db(), {
        vat_rate_id: shop.tn19.id,
        has_variants: 1,
      });
      const v = await insertVariant(db(), withVariants.id);
      const inactiveV = await insertVariant(db(), withVariants.id, { is_active: 0 });
      const other = await simple();
      const inactiveP = await simple({ is_active: 0 });
      const leftover = await insertVariant(db(), withVariants.id, { is_default: 1 });
      const bare = await insertProduct(db(), { vat_rate_id: shop.tn19.id });
      const cases: [object, string][] = [
        [{ product_id: 999999, quantity: 1 }, 'Product not found'],
        [{ product_id: inactiveP.productId, quantity: 1 }, 'Product not found'],
        [{ product_id: withVariants.id, variant_id: 999999, quantity: 1 }, 'Variant not found'],
        [
          { product_id: withVariants.id, variant_id: inactiveV.id, quantity: 1 },
          'Variant not found',
        ],
        [{ product_id: other.productId, variant_id: v.id, quantity: 1 }, 'Variant not found'],
        [
          { product_id: withVariants.id, variant_id: leftover.id, quantity: 1 },
          'Variant not found',
        ],
        [{ product_id: bare.id, quantity: 1 }, 'Product is not available for sale'],
      ];
      for (const [payload, detail] of cases) {
        const res = await inject('POST', `${ITEMS}${q(s)}`, { payload });
        expect(res.statusCode, JSON.stringify(payload)).toBe(404);
        expect(expectResponseMatches('addCartItem', res)).toEqual({ detail });
      }
      expect(await lineRows()).toEqual([]);
      expect(await db().selectFrom('carts').select('id').execute()).toEqual([]);
    });

    it('answers 422 for a product with variants without variant_id, and for bad quantities', async () => {
      const s = session();
      const p = await insertProduct(db(), { vat_rate_id: shop.tn19.id, has_variants: 1 });
      await insertVariant(db(), p.id);
      const res = await inject('POST', `${ITEMS}${q(s)}`, {
        payload: { product_id: p.id, variant_id: null, quantity: 1 },
      });
      expectIssues(res, 'addCartItem', [
        {
          loc: ['body', 'variant_id'],
          msg: 'variant_id is required for a product with variants',
          type: 'missing',
        },
      ]);
      for (const quantity of [0, 1000, 1.5]) {
        const bad = await inject('POST', `${ITEMS}${q(s)}`, {
          payload: { product_id: p.id, quantity },
        });
        expect(bad.statusCode).toBe(422);
        expect(issuesOf(bad, 'addCartItem')[0]?.loc).toEqual(['body', 'quantity']);
      }

      // The resulting line may not exceed 999 either.
      const untracked = await simple({}, { track_inventory: 0 });
      await add({ product_id: untracked.productId, quantity: 990 }, s);
      const over = await inject('POST', `${ITEMS}${q(s)}`, {
        payload: { product_id: untracked.productId, quantity: 10 },
      });
      expectIssues(over, 'addCartItem', [
        {
          loc: ['body', 'quantity'],
          msg: 'The quantity of a cart line cannot exceed 999',
          type: 'maximum',
        },
      ]);
      expect((await lineRows()).map((l) => l.quantity)).toEqual([990]);
    });

    it('answers 409 beyond the stock, unless untracked or backordered', async () => {
      const s = session();
      const { productId, name } = await simple({}, { stock_quantity: 3 });
      await add({ product_id: productId, quantity: 2 }, s);
      const res = await inject('POST', `${ITEMS}${q(s)}`, {
        payload: { product_id: productId, quantity: 2 },
      });
      expectProblem(res, 409, `Only 3 in stock for ${name}`, 'addCartItem');
      expect((await lineRows()).map((l) => l.quantity)).toEqual([2]);

      const sold = await simple({}, { stock_quantity: -2, allow_backorder: 0 });
      const none = await inject('POST', `${ITEMS}${q(s)}`, {
        payload: { product_id: sold.productId, quantity: 1 },
      });
      expectProblem(none, 409, `Only 0 in stock for ${sold.name}`, 'addCartItem');

      const backorder = await simple({}, { stock_quantity: 1, allow_backorder: 1 });
      const ok = await add({ product_id: backorder.productId, quantity: 50 }, s);
      expect(ok.res.statusCode).toBe(201);
      expect(ok.body.items.find((i) => i.product_id === backorder.productId)).toMatchObject({
        quantity: 50,
        available_quantity: null,
      });
      // Nothing is reserved.
      const stock = await db()
        .selectFrom('variants')
        .select('stock_quantity')
        .where('id', '=', backorder.variantId)
        .executeTakeFirstOrThrow();
      expect(stock.stock_quantity).toBe(1);
    });

    it('never lets parallel adds to one line pass the stock together', async () => {
      const s = session();
      const { productId } = await simple({}, { stock_quantity: 10 });
      const results = await Promise.all(
        Array.from({ length: 16 }, () =>
          inject('POST', `${ITEMS}${q(s)}`, { payload: { product_id: productId, quantity: 1 } }),
        ),
      );
      const statuses = results.map((r) => r.statusCode).sort();
      for (const r of results) expectResponseMatches('addCartItem', r);
      expect(statuses.filter((x) => x === 201)).toHaveLength(10);
      expect(statuses.filter((x) => x === 409)).toHaveLength(6);
      expect((await lineRows()).map((l) => l.quantity)).toEqual([10]);
      expect(await db().selectFrom('carts').select('id').execute()).toHaveLength(1);
    });
  });

  describe('updateCartItem and removeCartItem', () => {
    it('sets the quantity of an own line, within the stock', async () => {
      const s = session();
      const { productId, name } = await simple(
        { base_price: 1_000, price_includes_vat: 0 },
        { stock_quantity: 5 },
      );
      const { body } = await add({ product_id: productId, quantity: 1 }, s);
      const id = body.items[0]?.id as number;
      const res = await inject('PATCH', `${ITEMS}/${id}${q(s)}`, { payload: { quantity: 5 } });
      expect(expectStatus<Cart>(res, 200, 'updateCartItem')).toMatchObject({
        item_count: 5,
        subtotal: '5.000',
        vat_amount: '0.950',
        total_incl_vat: '5.950',
      });
      const over = await inject('PATCH', `${ITEMS}/${id}${q(s)}`, { payload: { quantity: 6 } });
      expectProblem(over, 409, `Only 5 in stock for ${name}`, 'updateCartItem');
      const zero = await inject('PATCH', `${ITEMS}/${id}${q(s)}`, { payload: { quantity: 0 } });
      expectStatus(zero, 422, 'updateCartItem');
      expect((await lineRows()).map((l) => l.quantity)).toEqual([5]);
    });

    it('never changes, removes or reveals a line of another cart', async () => {
      const mine = session();
      const theirs = session();
      const c = await customer();
      const { productId } = await simple();
      const { body } = await add({ product_id: productId, quantity: 2 }, theirs);
      const id = body.items[0]?.id as number;
      await add({ product_id: productId, quantity: 1 }, mine);
      for (const headers of [undefined, c.headers]) {
        const patch = await inject('PATCH', `${ITEMS}/${id}${q(mine)}`, {
          headers,
          payload: { quantity: 1 },
        });
        expectProblem(patch, 404, 'Cart item not found', 'updateCartItem');
        const del = await inject('DELETE', `${ITEMS}/${id}${q(mine)}`, { headers });
        expectProblem(del, 404, 'Cart item not found', 'removeCartItem');
      }
      expect((await getCart(theirs)).items.map((i) => [i.id, i.quantity])).toEqual([[id, 2]]);
    });

    it('removes a line and returns the rest of the cart', async () => {
      const s = session();
      const a = await simple();
      const b = await simple();
      await add({ product_id: a.productId, quantity: 1 }, s);
      const { body } = await add({ product_id: b.productId, quantity: 2 }, s);
      const res = await inject('DELETE', `${ITEMS}/${body.items[0]?.id}${q(s)}`);
      const after = expectStatus<Cart>(res, 200, 'removeCartItem');
      expect(after.items.map((i) => i.product_id)).toEqual([b.productId]);
      expect(after.item_count).toBe(2);
      const again = await inject('DELETE', `${ITEMS}/${body.items[0]?.id}${q(s)}`);
      expectStatus(again, 404, 'removeCartItem');
    });
  });

  describe('clearCart', () => {
    it('removes every line, also when there is no cart', async () => {
      const s = session();
      const { productId } = await simple();
      await add({ product_id: productId, quantity: 2 }, s);
      const other = session();
      await add({ product_id: productId, quantity: 1 }, other);
      const res = await inject('DELETE', `${CART}${q(s)}`);
      expectStatus(res, 204, 'clearCart');
      expect(res.body).toBe('');
      expect((await getCart(s)).items).toEqual([]);
      expect((await getCart(other)).item_count).toBe(1);
      const none = await inject('DELETE', `${CART}${q(session())}`);
      expect(none.statusCode).toBe(204);
    });
  });

  describe('merging an anonymous cart into the customer cart', () => {
    it('adds the quantities capped by stock, moves the other lines and deletes the anonymous cart', async () => {
      const s = session();
      const c = await customer();
      const a = await simple({}, { stock_quantity: 4 });
      const b = await simple({}, { stock_quantity: 10 });
      const gone = await simple({}, { stock_quantity: 5 });
      const own = await add({ product_id: a.productId, quantity: 3 }, undefined, c.headers);
      await add({ product_id: a.productId, quantity: 2 }, s);
      const moved = await add({ product_id: b.productId, quantity: 6 }, s);
      await add({ product_id: gone.productId, quantity: 2 }, s);
      const movedId = moved.body.items[1]?.id;
      const anonymousCartId = moved.body.id as number;
      // The stock of b and gone drops after they were put in the anonymous cart.
      await updateVariant(db(), b.variantId, { stock_quantity: 4 });
      await updateVariant(db(), gone.variantId, { stock_quantity: 0 });

      const merged = await getCart(s, c.headers);
      expect(merged).toMatchObject({ id: own.body.id, customer_id: c.id, session_id: null });
      expect(merged.items.map((i) => [i.product_id, i.quantity])).toEqual([
        [a.productId, 4], // 3 + 2 capped at the 4 in stock
        [b.productId, 4], // moved, capped at 4
      ]);
      expect(merged.items[1]?.id).toBe(movedId);
      expect(
        await db().selectFrom('carts').select('id').where('id', '=', anonymousCartId).execute(),
      ).toEqual([]);
      expect((await getCart(s)).items).toEqual([]);
      // Once merged, nothing is merged twice.
      expect((await getCart(s, c.headers)).item_count).toBe(8);
    });

    it('merges on any cart call, never shrinking the customer line', async () => {
      const s = session();
      const c = await customer();
      const a = await simple({}, { stock_quantity: 5 });
      const b = await simple({}, { stock_quantity: 5 });
      await add({ product_id: a.productId, quantity: 5 }, undefined, c.headers);
      await add({ product_id: a.productId, quantity: 1 }, s);
      await updateVariant(db(), a.variantId, { stock_quantity: 2 });
      // Adding b with the session id merges first.
      const { body } = await add({ product_id: b.productId, quantity: 1 }, s, c.headers);
      expect(body.items.map((i) => [i.product_id, i.quantity])).toEqual([
        [a.productId, 5],
        [b.productId, 1],
      ]);
      expect(await db().selectFrom('carts').select('customer_id').execute()).toEqual([
        { customer_id: c.id },
      ]);
    });
  });
});
