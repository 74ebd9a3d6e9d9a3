// Checkout (createOrder) over HTTP: exact VAT and totals with awkward prices, re-pricing from the
// catalogue, item snapshots, reverse charge, buyer defaults, stock decrement with its movements,
// refusals that roll everything back, and buyers racing for the last units.
import { describe, expect, it } from 'vitest';
import { anyNumber, expectIssues, expectProblem, expectStatus } from '../../test-support/contract';
import type { Schemas } from '../../test-support/contract';
import { useTestApp } from '../../test-support/app';
import { testDialects } from '../../test-support/databases';
import {
  insertProduct,
  insertVariant,
  insertVatRate,
  rowCount,
  updateProduct,
  updateVariant,
} from '../../test-support/fixtures';
import { expectResponseMatches } from '../../test-support/openapi-validator';
import { expectOrderAddsUp } from '../../test-support/order-totals';
import {
  addToCart,
  useShop,
  checkout as shopCheckout,
  shippingAddress,
  stockOf,
  TWO_UNITS_AT_20_INCL_19,
  type Buyer,
} from '../../test-support/shop';
import { orderDay } from '../services/orders/order-numbers';

type Order = Schemas['Order'];

const ORDERS = '/api/v1/orders/';

const ADDRESS = shippingAddress({ country: 'tn', email: 'Jane.Doe@Example.com' });

/** Every line adds up, and the lines add up to the order's totals (all in millimes). */
function expectConsistent(order: Order) {
  const m = (s: string) => Math.round(Number(s) * 1000);
  for (const i of order.items) {
    // Entered excl. VAT the net unit price is exact; entered incl. VAT the gross one is.
    expect(
      m(i.total_price) === m(i.unit_price) * i.quantity ||
        m(i.total_price_incl_vat) === m(i.unit_price_incl_vat) * i.quantity,
    ).toBe(true);
    expect(m(i.total_price_incl_vat)).toBe(m(i.total_price) + m(i.vat_amount));
  }
  // Subtotal, VAT (the lines' plus the shipping's) and total from the lines (test-support).
  expectOrderAddsUp(order, order.items);
  expect(order.item_count).toBe(order.items.reduce((s, i) => s + i.quantity, 0));
}

describe.each(testDialects)('checkout (%s)', (dialect) => {
  const t = useTestApp(dialect, { config: { shippingFlatRateMillimes: 7_000 } });
  const shop = useShop(t);
  const { simple, customer } = shop;
  let seq = 0;

  const db = () => t.database.db;
  const session = () => `sess_${dialect}_${++seq}_checkout`;

  async function add(
    productId: number,
    quantity: number,
    owner: Buyer,
    variantId: number | null = null,
  ) {
    const res = await addToCart(t.app, owner, {
      product_id: productId,
      variant_id: variantId,
      quantity,
    });
    expect(res.statusCode, res.body).toBe(201);
  }

  /** A new guest whose cart holds these [product id, quantity] lines. */
  async function guestCart(...lines: [productId: number, quantity: number][]): Promise<Buyer> {
    const guest = { session: session() };
    for (const [productId, quantity] of lines) await add(productId, quantity, guest);
    return guest;
  }

  /** A signed-in professional customer of `country` with this VAT number. */
  const professional = (vat_number: string, country_code: string) =>
    customer({ customer_type: 'professional', vat_number, country_code });

  const checkout = (owner: Buyer, body: Record<string, unknown> = {}) =>
    shopCheckout(t.app, owner, { shipping_address: ADDRESS, ...body });

  async function placed(owner: Buyer, body: Record<string, unknown> = {}): Promise<Order> {
    const res = await checkout(owner, body);
    expect(res.statusCode, res.body).toBe(201);
    const order = expectResponseMatches<Order>('createOrder', res);
    expectConsistent(order);
    return order;
  }

  const cartLines = () =>
    db().selectFrom('cart_items').select(['variant_id', 'quantity']).execute();
  const orderCount = () => rowCount(db(), 'orders');

  describe('amounts', () => {
    it('rounds VAT half-up per line and makes the lines add up to the totals', async () => {
      const r7 = await insertVatRate(db(), { rate_bp: 700, country_code: 'TN' });
      const a = await simple({ base_price: 333, price_includes_vat: 0 });
      const b = await simple({ base_price: 1_005, price_includes_vat: 0, vat_rate_id: r7.id });
      const order = await placed(await guestCart([a.productId, 3], [b.productId, 7]));
      expect(
        order.items.map((i) => [
          i.quantity,
          i.unit_price,
          i.unit_price_incl_vat,
          i.vat_rate,
          i.total_price,
          i.vat_amount,
          i.total_price_incl_vat,
        ]),
      ).toEqual([
        [3, '0.333', '0.396', 19, '0.999', '0.190', '1.189'],
        [7, '1.005', '1.075', 7, '7.035', '0.492', '7.527'],
      ]);
      // Shipping 7.000 is net: its VAT at TN's default 19 % is 1.330, part of vat_amount. The
      // stamp duty (1.000, shipped to Tunisia; #30) is its own line, in the total.
      expect(order).toMatchObject({
        subtotal: '8.034',
        vat_amount: '2.012',
        shipping_amount: '7.000',
        shipping_vat_amount: '1.330',
        discount_amount: '0.000',
        stamp_duty_amount: '1.000',
        total_amount: '18.046',
        currency: 'TND',
        item_count: 10,
        vat_reverse_charge: false,
      });
      const stored = await db()
        .selectFrom('orders')
        .select([
          'subtotal',
          'vat_amount',
          'shipping_amount',
          'shipping_vat_amount',
          'stamp_duty_amount',
          'total_amount',
        ])
        .executeTakeFirstOrThrow();
      expect(stored).toEqual({
        subtotal: 8_034,
        vat_amount: 2_012,
        shipping_amount: 7_000,
        shipping_vat_amount: 1_330,
        stamp_duty_amount: 1_000,
        total_amount: 18_046,
      });
    });

    it('charges prices entered including VAT exactly as shown, deriving the net', async () => {
      // 10.000 incl. 19 %, three units: 30.000 charged (not 29.999); the VAT inside it
      // 4.78992 → 4.790, net 25.210; unit net 8.40336 → 8.403 (display).
      // 1.005 incl. 19 %: 1.005 charged (not 1.006); VAT 0.16046 → 0.160, net 0.845.
      const a = await simple({ base_price: 10_000, price_includes_vat: 1 });
      const b = await simple({ base_price: 1_005, price_includes_vat: 1 });
      const order = await placed(await guestCart([a.productId, 3], [b.productId, 1]));
      expect(
        order.items.map((i) => [
          i.unit_price,
          i.unit_price_incl_vat,
          i.total_price,
          i.vat_amount,
          i.total_price_incl_vat,
        ]),
      ).toEqual([
        ['8.403', '10.000', '25.210', '4.790', '30.000'],
        ['0.845', '1.005', '0.845', '0.160', '1.005'],
      ]);
      // Lines 31.005 incl. VAT + shipping 7.000 + its VAT 1.330 + the stamp duty 1.000.
      expect(order).toMatchObject({
        subtotal: '26.055',
        vat_amount: '6.280',
        shipping_vat_amount: '1.330',
        stamp_duty_amount: '1.000',
        total_amount: '40.335',
      });
    });

    it('re-prices every line from the catalogue at checkout, at the VAT of the shop country', async () => {
      const a = await simple({ base_price: 12_000, price_includes_vat: 1 });
      const c = await customer();
      await add(a.productId, 2, { headers: c.headers });
      // The price changes after the product was put in the cart.
      await updateVariant(db(), a.variantId, { price: 24_000 });
      const order = await placed({ headers: c.headers }, { customer_country_code: 'fr' });
      // 24.000 incl. VAT, bought by a French buyer but shipped within Tunisia: TN 19 % (FR's
      // 20 % plays no part), 48.000 incl. VAT of which 7.664 VAT.
      expect(order.customer_country_code).toBe('FR');
      expect(order.vat_treatment).toBe('domestic');
      expect(order.items[0]).toMatchObject({
        unit_price: '20.168',
        unit_price_incl_vat: '24.000',
        vat_rate: 19,
        total_price: '40.336',
        vat_amount: '7.664',
      });
    });
  });

  describe('the order record', () => {
    it('snapshots the items, numbers the order, decrements the stock and empties the cart', async () => {
      const p = await insertProduct(db(), {
        vat_rate_id: shop.tn19.id,
        has_variants: 1,
        name: 'Tee',
      });
      const red = await insertVariant(db(), p.id, {
        variant_title: 'Red / M',
        sku: 'TEE-RED-M',
        price: 20_000,
        stock_quantity: 5,
      });
      const mug = await simple(
        { name: 'Mug', base_price: 5_000, price_includes_vat: 0 },
        { stock_quantity: 3 },
      );
      const untracked = await simple(
        { name: 'E-book' },
        { track_inventory: 0, stock_quantity: 0, sku: 'EBOOK-1' },
      );
      const c = await customer();
      await add(p.id, 2, { headers: c.headers }, red.id);
      await add(mug.productId, 3, { headers: c.headers });
      await add(untracked.productId, 1, { headers: c.headers });

      const order = await placed(
        { headers: c.headers },
        { payment_method: 'card', notes: ' Ring twice ' },
      );
      const day = orderDay(new Date());
      expect(order).toMatchObject({
        order_number: `ORD-${day}-0001`,
        status: 'pending',
        payment_method: 'card',
        customer_id: c.id,
        customer_email: c.email,
        customer_type: 'individual',
        customer_country_code: 'TN',
        vat_number: null,
        notes: 'Ring twice',
        shipping_address: {
          ...ADDRESS,
          country: 'TN',
          company: null,
          apartment: null,
          state: null,
        },
      });
      expect(order.items).toEqual([
        {
          id: anyNumber,
          product_id: p.id,
          variant_id: red.id,
          product_name: 'Tee',
          variant_title: 'Red / M',
          product_sku: 'TEE-RED-M',
          ...TWO_UNITS_AT_20_INCL_19,
          returned_quantity: 0,
        },
        expect.objectContaining({
          variant_id: mug.variantId,
          product_name: 'Mug',
          variant_title: null,
          product_sku: null,
          unit_price: '5.000',
          unit_price_incl_vat: '5.950',
        }),
        expect.objectContaining({
          variant_id: untracked.variantId,
          product_name: 'E-book',
          variant_title: null,
          product_sku: 'EBOOK-1',
        }),
      ]);
      expect(order.status_history).toEqual([
        {
          id: anyNumber,
          from_status: null,
          to_status: 'pending',
          note: null,
          changed_by_admin_id: null,
          changed_by: null,
          created_at: order.created_at,
        },
      ]);

      expect(await stockOf(db(), red.id)).toBe(3);
      expect(await stockOf(db(), mug.variantId)).toBe(0);
      expect(await stockOf(db(), untracked.variantId)).toBe(0);
      const movements = await db()
        .selectFrom('stock_movements')
        .select(['variant_id', 'delta', 'stock_before', 'stock_after', 'reason', 'admin_user_id'])
        .select(['kind', 'order_status'])
        .orderBy('variant_id')
        .execute();
      expect(movements).toEqual([
        {
          variant_id: red.id,
          delta: -2,
          stock_before: 5,
          stock_after: 3,
          reason: `Order ORD-${day}-0001`,
          admin_user_id: null,
          kind: 'checkout',
          order_status: null,
        },
        {
          variant_id: mug.variantId,
          delta: -3,
          stock_before: 3,
          stock_after: 0,
          reason: `Order ORD-${day}-0001`,
          admin_user_id: null,
          kind: 'checkout',
          order_status: null,
        },
      ]);
      expect(await cartLines()).toEqual([]);

      // Later catalogue changes leave the snapshot alone.
      await updateProduct(db(), p.id, { name: 'Renamed' });
      await updateVariant(db(), red.id, { price: 1, sku: 'X' });
      const res = await t.app.inject({
        method: 'GET',
        url: `${ORDERS}${order.id}`,
        headers: c.headers,
      });
      expect(expectResponseMatches<Order>('getOrder', res).items[0]).toEqual(order.items[0]);

      // The next order of the day gets the next number.
      await add(untracked.productId, 1, { headers: c.headers });
      expect((await placed({ headers: c.headers })).order_number).toBe(`ORD-${day}-0002`);
    });

    it('places a guest order from the session cart with the guest defaults', async () => {
      const a = await simple({ base_price: 1_000, price_includes_vat: 0 });
      const order = await placed(await guestCart([a.productId, 1]), {
        payment_method: 'bank_transfer',
        shipping_address: { ...ADDRESS, company: 'Acme SARL', country: 'FR' },
      });
      expect(order).toMatchObject({
        customer_id: null,
        customer_email: 'jane.doe@example.com',
        customer_type: 'individual',
        customer_country_code: 'TN',
        vat_number: null,
        vat_reverse_charge: false,
        // Shipped to FR: an export, 0 % on the line and on the shipping.
        vat_treatment: 'export',
        vat_number_review: null,
        payment_method: 'bank_transfer',
        vat_number_check: null,
        subtotal: '1.000',
        vat_amount: '0.000',
        shipping_vat_amount: '0.000',
        total_amount: '8.000',
      });
      expect(order.shipping_address).toMatchObject({
        company: 'Acme SARL',
        country: 'FR',
        email: ADDRESS.email,
      });
      expect(await cartLines()).toEqual([]);
    });
  });

  describe('reverse charge', () => {
    const shippedTo = (country: string) => ({ shipping_address: { ...ADDRESS, country } });

    it('charges no VAT to an EU professional with a valid-format VAT number shipped to its country', async () => {
      const a = await simple({ base_price: 11_900, price_includes_vat: 1 });
      const b = await simple({ base_price: 333, price_includes_vat: 0 });
      const c = await professional('FR40303265045', 'FR');
      await add(a.productId, 2, { headers: c.headers });
      await add(b.productId, 3, { headers: c.headers });
      const order = await placed({ headers: c.headers }, shippedTo('fr'));
      expect(order).toMatchObject({
        customer_type: 'professional',
        customer_country_code: 'FR',
        vat_number: 'FR40303265045',
        vat_number_check: 'format_checked',
        vat_reverse_charge: true,
        vat_treatment: 'reverse_charge',
        vat_number_review: 'to_confirm',
        vat_amount: '0.000',
        shipping_vat_amount: '0.000',
        // 11.900 incl. VAT is net 10.000 at the shop's TN 19 %; 2 × 10.000 + 3 × 0.333 = 20.999.
        subtotal: '20.999',
        total_amount: '27.999',
      });
      expect(
        order.items.map((i) => [
          i.vat_rate,
          i.vat_amount,
          i.unit_price,
          i.unit_price_incl_vat,
          i.total_price_incl_vat,
        ]),
      ).toEqual([
        [0, '0.000', '10.000', '10.000', '20.000'],
        [0, '0.000', '0.333', '0.333', '0.999'],
      ]);
    });

    it('normalises the VAT number and applies only to eligible buyers', async () => {
      await insertVatRate(db(), { rate_bp: 1900, country_code: 'DE', is_default: 1 });
      const a = await simple({ base_price: 1_000, price_includes_vat: 0 });
      const pro = (vat_number: string, country: string, shipTo = country) => ({
        customer_type: 'professional',
        vat_number,
        customer_country_code: country,
        ...shippedTo(shipTo),
      });
      const cases: [Record<string, unknown>, Record<string, unknown>][] = [
        // Body overrides a guest: German professional, number without prefix, shipped to DE.
        [
          pro('123 456 789', 'DE'),
          {
            vat_number: 'DE123456789',
            vat_number_check: 'format_checked',
            vat_reverse_charge: true,
            vat_amount: '0.000',
          },
        ],
        // Lower case and separators are normalised.
        [pro('fr 40.303-265.045', 'FR'), { vat_number: 'FR40303265045', vat_reverse_charge: true }],
        // A number of another country is kept as sent (compacted), without the reverse charge;
        // shipped to DE it is an export at 0 %.
        [
          pro('fr 40 303 265 045', 'DE'),
          {
            vat_number: 'FR40303265045',
            vat_number_check: 'format_invalid',
            vat_reverse_charge: false,
            vat_treatment: 'export',
            vat_amount: '0.000',
          },
        ],
        // An individual never gets it (an export all the same).
        [
          { ...pro('DE123456789', 'DE'), customer_type: 'individual' },
          { vat_reverse_charge: false, vat_treatment: 'export', vat_amount: '0.000' },
        ],
        // Invalid format for the country.
        [
          pro('DE12', 'DE'),
          { vat_number: 'DE12', vat_number_check: 'format_invalid', vat_reverse_charge: false },
        ],
        // Not in the EU: TN 19 % on the line (0.190) and on the 7.000 shipping (1.330).
        [
          pro('1234567A', 'TN'),
          { vat_number: '1234567A', vat_reverse_charge: false, vat_amount: '1.520' },
        ],
        // A valid EU number, but the goods go to Tunis: TN VAT is due (the self-declared claim).
        [
          pro('DE123456789', 'DE', 'TN'),
          {
            vat_number: 'DE123456789',
            vat_reverse_charge: false,
            vat_treatment: 'domestic',
            vat_number_review: null,
            vat_amount: '1.520',
          },
        ],
        // ...or to another member state than the buyer's: no reverse charge, an export.
        [
          pro('FR40303265045', 'FR', 'DE'),
          { vat_reverse_charge: false, vat_treatment: 'export', vat_amount: '0.000' },
        ],
      ];
      for (const [body, expected] of cases) {
        const order = await placed(await guestCart([a.productId, 1]), body);
        expect(order, JSON.stringify(body)).toMatchObject(expected);
      }
    });

    it('takes the buyer details from the profile unless the body says otherwise', async () => {
      await insertVatRate(db(), { rate_bp: 2200, country_code: 'IT', is_default: 1 });
      const a = await simple({ base_price: 1_000, price_includes_vat: 0 });
      const c = await professional('IT12345678901', 'IT');
      await add(a.productId, 1, { headers: c.headers });
      expect(await placed({ headers: c.headers }, shippedTo('IT'))).toMatchObject({
        customer_type: 'professional',
        vat_number: 'IT12345678901',
        customer_country_code: 'IT',
        vat_reverse_charge: true,
      });
      // vat_number null: none, the profile's is not used.
      await add(a.productId, 1, { headers: c.headers });
      expect(
        await placed({ headers: c.headers }, { vat_number: null, ...shippedTo('IT') }),
      ).toMatchObject({
        vat_number: null,
        vat_number_check: null,
        vat_reverse_charge: false,
        vat_treatment: 'export', // shipped to IT: 0 %, IT's 22 % plays no part
        vat_amount: '0.000',
      });
    });
  });

  describe('refusals', () => {
    it('answers 409 for an empty or missing cart', async () => {
      const s = session();
      const none = await checkout({ session: s });
      expectProblem(none, 409, 'Your cart is empty', 'createOrder');
      const a = await simple();
      await add(a.productId, 1, { session: s });
      await t.app.inject({ method: 'DELETE', url: `/api/v1/cart/?session_id=${s}` });
      const empty = await checkout({ session: s });
      expectProblem(empty, 409, 'Your cart is empty', 'createOrder');
      expect(await orderCount()).toBe(0);
    });

    it('answers 422 without session_id or with an incomplete address, 403 for an admin', async () => {
      const missing = await checkout({});
      expectIssues(missing, 'createOrder', [
        {
          loc: ['query', 'session_id'],
          msg: 'session_id is required without a customer token',
          type: 'missing',
        },
      ]);
      const incomplete: Partial<typeof ADDRESS> = { ...ADDRESS };
      delete incomplete.city;
      const bad = await checkout({ session: session() }, { shipping_address: incomplete });
      expectIssues(bad, 'createOrder', [
        { loc: ['body', 'shipping_address', 'city'], msg: 'Field required', type: 'missing' },
      ]);
      const payment = await checkout({ session: session() }, { payment_method: 'cheque' });
      expectStatus(payment, 422, 'createOrder');
      const admin = await checkout({ headers: await t.authAs('super_admin') });
      expectStatus(admin, 403, 'createOrder');
    });

    it('answers 409 for an item no longer active and rolls everything back', async () => {
      const ok = await simple({}, { stock_quantity: 5 });
      const p = await simple({ name: 'Retired lamp' }, { stock_quantity: 5 });
      const guest = await guestCart([ok.productId, 2], [p.productId, 1]);
      await updateProduct(db(), p.productId, { is_active: 0 });
      const res = await checkout(guest);
      expectProblem(res, 409, 'Retired lamp is no longer available', 'createOrder');

      await updateProduct(db(), p.productId, { is_active: 1 });
      await updateVariant(db(), p.variantId, { is_active: 0 });
      const variant = await checkout(guest);
      expectProblem(variant, 409, 'Retired lamp is no longer available', 'createOrder');

      expect(await stockOf(db(), ok.variantId)).toBe(5);
      expect(await cartLines()).toHaveLength(2);
      expect(await orderCount()).toBe(0);
    });

    it('answers 409 naming the product and what is left when stock is short, changing nothing', async () => {
      const first = await simple({}, { stock_quantity: 5 });
      const short = await simple({ name: 'Olive oil 1 L' }, { stock_quantity: 4 });
      const guest = await guestCart([first.productId, 2], [short.productId, 3]);
      await updateVariant(db(), short.variantId, { stock_quantity: 1 });
      const res = await checkout(guest);
      expectProblem(res, 409, 'Only 1 in stock for Olive oil 1 L', 'createOrder');
      expect(await stockOf(db(), first.variantId)).toBe(5);
      expect(await stockOf(db(), short.variantId)).toBe(1);
      expect(await db().selectFrom('stock_movements').select('id').execute()).toEqual([]);
      expect(await cartLines()).toHaveLength(2);
      expect(await orderCount()).toBe(0);
      expect(await db().selectFrom('order_number_counters').selectAll().execute()).toEqual([]);

      // Backorders may go below zero.
      await updateVariant(db(), short.variantId, { allow_backorder: 1 });
      const order = await placed(guest);
      expect(order.order_number).toMatch(/-0001$/);
      expect(await stockOf(db(), short.variantId)).toBe(-2);
    });
  });

  describe('concurrency', () => {
    it('sells the last unit once when two buyers race for it', async () => {
      const last = await simple({ name: 'Last lamp' }, { stock_quantity: 1 });
      const buyers = [session(), session()];
      for (const s of buyers) await add(last.productId, 1, { session: s });
      const results = await Promise.all(buyers.map((s) => checkout({ session: s })));
      for (const r of results) expectResponseMatches('createOrder', r);
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      const refused = results.find((r) => r.statusCode === 409);
      expect(refused?.json()).toEqual({ detail: 'Only 0 in stock for Last lamp' });
      expect(await stockOf(db(), last.variantId)).toBe(0);
      expect(await orderCount()).toBe(1);
    });

    it('never oversells when many buyers race for a few units', async () => {
      const few = await simple({}, { stock_quantity: 3 });
      const other = await simple({}, { stock_quantity: 100 });
      const buyers = Array.from({ length: 12 }, () => session());
      for (const s of buyers) {
        await add(other.productId, 1, { session: s });
        await add(few.productId, 1, { session: s });
      }
      const results = await Promise.all(buyers.map((s) => checkout({ session: s })));
      for (const r of results) expectResponseMatches('createOrder', r);
      const statuses = results.map((r) => r.statusCode);
      expect(statuses.filter((x) => x === 201)).toHaveLength(3);
      expect(statuses.filter((x) => x === 409)).toHaveLength(9);
      expect(await stockOf(db(), few.variantId)).toBe(0);
      // The refused orders rolled back entirely, their other line included.
      expect(await stockOf(db(), other.variantId)).toBe(97);
      const numbers = results
        .filter((r) => r.statusCode === 201)
        .map((r) => r.json<Order>().order_number.slice(-4))
        .sort();
      expect(numbers).toEqual(['0001', '0002', '0003']);
    });

    it('checks a cart out once when the same checkout is sent twice at once', async () => {
      const a = await simple({}, { stock_quantity: 10 });
      const guest = await guestCart([a.productId, 2]);
      const results = await Promise.all([checkout(guest), checkout(guest)]);
      for (const r of results) expectResponseMatches('createOrder', r);
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      expect(await stockOf(db(), a.variantId)).toBe(8);
      expect(await orderCount()).toBe(1);
    });
  });
});
