// VAT in force, end to end over HTTP: only a rate in force is ever shown or charged (admin
// price_incl_vat, public catalogue, cart, checkout), a rate hands over to its successor on the
// successor's start date without touching the products, refused assignments and defaults, the
// VAT rates list (status and usage counts), and the money invariants through the real checkout
// with random carts (fast-check; bad quantities and unknown products mixed in must be refused
// with a `detail` and leave the cart as it was; assertProperty prints the seed and path of a
// failure, FC_SEED / FC_PATH / FC_RUNS replay it).
import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import { expectIssues, expectProblem } from '../../test-support/contract';
import type { Schemas } from '../../test-support/contract';
import { useAdmin, useTestApp } from '../../test-support/app';
import { testDialects } from '../../test-support/databases';
import {
  insertCategory,
  insertCustomer,
  insertProduct,
  insertSimpleProduct,
  insertVariant,
  insertVatRate,
} from '../../test-support/fixtures';
import { expectResponseMatches } from '../../test-support/openapi-validator';
import { expectOrderAddsUp } from '../../test-support/order-totals';
import { assertProperty } from '../../test-support/properties';
import {
  addToCart as addCartLine,
  checkout as shopCheckout,
  clearShop,
  shippingAddress,
} from '../../test-support/shop';

type VatRate = Schemas['VatRate'];
type Product = Schemas['Product'];
type PublicProduct = Schemas['PublicProduct'];
type Cart = Schemas['Cart'];
type Order = Schemas['Order'];

const RATES = '/api/v1/admin/vat-rates/';
const ADMIN_PRODUCTS = '/api/v1/admin/products/';
const ITEMS = '/api/v1/cart/items';
const CART = '/api/v1/cart/';
const ORDERS = '/api/v1/orders/';
const DAY = 86_400_000;
const ADDRESS = shippingAddress();

/** Start and end of a UTC day, `offset` days from `now`. */
function dayBounds(now: Date, offset: number) {
  const start = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + offset),
  );
  return { start: start.toISOString(), end: new Date(start.getTime() + DAY - 1).toISOString() };
}

const m = (s: string) => Math.round(Number(s) * 1000);

describe.each(testDialects)('VAT in force (%s)', (dialect) => {
  const t = useTestApp(dialect, { config: { shippingFlatRateMillimes: 7_000 } });
  const admin = useAdmin(t, 'manager');
  let seq = 0;
  beforeEach(async () => {
    const db = t.database.db;
    await clearShop(db);
  });

  const db = () => t.database.db;
  /** Moves the app's clock; a fresh admin token for the new time (tokens expire). */
  const moveClock = async (ms: number) => {
    t.advanceClock(ms);
    Object.assign(admin, await t.authAs('manager'));
  };
  const session = () => `sess_${dialect}_${++seq}_vif`;
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: admin });
  const send = (method: 'POST' | 'PATCH', url: string, payload: object) =>
    t.app.inject({ method, url, headers: admin, payload });
  const addToCart = (s: string, productId: number, quantity = 1) =>
    addCartLine(t.app, { session: s }, { product_id: productId, variant_id: null, quantity });
  const checkout = (s: string, body: Record<string, unknown> = {}) =>
    shopCheckout(
      t.app,
      { session: s },
      { payment_method: 'card', shipping_address: ADDRESS, ...body },
    );
  const publicProduct = async (slug: string) =>
    expectResponseMatches<PublicProduct>(
      'getProductBySlug',
      await t.app.inject({ method: 'GET', url: `/api/v1/products/${slug}?country_code=TN` }),
    );
  const adminProduct = async (id: number) =>
    expectResponseMatches<Product>('getProduct', await get(`${ADMIN_PRODUCTS}${id}`));

  async function createRate(payload: Record<string, unknown>): Promise<VatRate> {
    const res = await send('POST', RATES, { country_code: 'TN', ...payload });
    expect(res.statusCode, res.body).toBe(201);
    return expectResponseMatches<VatRate>('createVatRate', res);
  }

  it('charges 13 % until it ends, then its 19 % successor, without editing the product', async () => {
    const now = t.ctx.now();
    const tomorrow = dayBounds(now, 1);
    const dayAfter = dayBounds(now, 2);
    // The successor is recorded first, then the current rate names it.
    const r19 = await createRate({ name: 'TVA 19', rate: 19, effective_from: dayAfter.start });
    expect(r19.status).toBe('scheduled');
    const r13 = await createRate({
      name: 'TVA 13',
      rate: 13,
      is_default: true,
      effective_from: '2018-01-01T00:00:00.000Z',
      effective_to: tomorrow.end,
      successor_id: r19.id,
    });
    expect(r13).toMatchObject({ status: 'in_force', successor_id: r19.id, is_default: true });
    const p = await insertSimpleProduct(
      db(),
      {
        slug: 'lamp',
        name: 'Lamp',
        base_price: 10_000,
        price_includes_vat: 0,
        vat_rate_id: r13.id,
      },
      { stock_quantity: 50 },
    );

    // Today: 13 % everywhere.
    expect(await adminProduct(p.productId)).toMatchObject({
      vat_rate_id: r13.id,
      vat_rate: 13,
      price_incl_vat: '11.300',
    });
    expect(await publicProduct('lamp')).toMatchObject({
      vat_rate: 13,
      price: '10.000',
      price_incl_vat: '11.300',
    });
    const s = session();
    const added = await addToCart(s, p.productId, 2);
    expect(added.statusCode, added.body).toBe(201);
    expect(expectResponseMatches<Cart>('addCartItem', added).items[0]).toMatchObject({
      vat_rate: 13,
      unit_price_incl_vat: '11.300',
      line_total_incl_vat: '22.600',
    });
    const today = await checkout(s);
    expect(today.statusCode, today.body).toBe(201);
    expect(expectResponseMatches<Order>('createOrder', today)).toMatchObject({
      subtotal: '20.000',
      vat_amount: '3.510', // 2.600 on the lamps + 13 % of the 7.000 shipping (0.910)
      shipping_vat_amount: '0.910',
      stamp_duty_amount: '1.000', // shipped to Tunisia (#30), in the total
      total_amount: '31.510',
      items: [expect.objectContaining({ vat_rate: 13, total_price_incl_vat: '22.600' })],
    });

    // The day after tomorrow: the same product, untouched, is shown and charged at 19 %.
    await moveClock(2 * DAY);
    try {
      expect(await adminProduct(p.productId)).toMatchObject({
        vat_rate_id: r13.id,
        vat_rate: 19,
        price_incl_vat: '11.900',
      });
      expect(await publicProduct('lamp')).toMatchObject({ vat_rate: 19, price_incl_vat: '11.900' });
      const s2 = session();
      const cart = expectResponseMatches<Cart>('addCartItem', await addToCart(s2, p.productId, 2));
      expect(cart.items[0]).toMatchObject({ vat_rate: 19, line_total_incl_vat: '23.800' });
      const later = await checkout(s2);
      expect(later.statusCode, later.body).toBe(201);
      expect(expectResponseMatches<Order>('createOrder', later)).toMatchObject({
        subtotal: '20.000',
        vat_amount: '5.130', // 3.800 + 19 % of 7.000 (1.330): the default handed over too
        shipping_vat_amount: '1.330',
        stamp_duty_amount: '1.000',
        total_amount: '33.130',
        items: [expect.objectContaining({ vat_rate: 19, total_price_incl_vat: '23.800' })],
      });
      const list = expectResponseMatches<VatRate[]>('listVatRates', await get(RATES));
      expect(list.map((r) => [r.name, r.status, r.product_count])).toEqual([
        ['TVA 19', 'in_force', 0],
        ['TVA 13', 'expired', 1],
      ]);
    } finally {
      await moveClock(-2 * DAY);
    }
  });

  it('never charges nor shows an expired, scheduled or inactive rate', async () => {
    await insertVatRate(db(), { name: 'TN 19', rate_bp: 1900, is_default: 1 });
    const expired = await insertVatRate(db(), {
      name: 'TN 25 (old)',
      rate_bp: 2500,
      effective_from: '2010-01-01T00:00:00.000Z',
      effective_to: '2017-12-31T23:59:59.999Z',
    });
    const future = await insertVatRate(db(), {
      name: 'TN 30',
      rate_bp: 3000,
      effective_from: '2035-01-01T00:00:00.000Z',
    });
    const inactive = await insertVatRate(db(), { name: 'TN 11', rate_bp: 1100, is_active: 0 });
    for (const [slug, rate] of [
      ['old', expired],
      ['future', future],
      ['off', inactive],
    ] as const) {
      const p = await insertSimpleProduct(db(), {
        slug,
        name: `Item ${slug}`,
        base_price: 10_000,
        price_includes_vat: 0,
        vat_rate_id: rate.id,
      });
      expect(await publicProduct(slug)).toMatchObject({
        price: null,
        price_incl_vat: null,
        vat_rate: null,
      });
      expect(await adminProduct(p.productId)).toMatchObject({
        vat_rate_id: rate.id,
        price_incl_vat: null,
        vat_rate: null,
      });
      const res = await addToCart(session(), p.productId);
      expectProblem(
        res,
        409,
        `Item ${slug} cannot be sold: no VAT rate is in force for it; an administrator must assign a rate in force`,
        'addCartItem',
      );
    }
    // Price filters never match a product without a price.
    const listed = await t.app.inject({ method: 'GET', url: '/api/v1/products/?min_price=0' });
    expect(expectResponseMatches<PublicProduct[]>('listProducts', listed)).toEqual([]);
  });

  it('refuses the checkout of a line whose rate ended after it was put in the cart', async () => {
    const now = t.ctx.now();
    await insertVatRate(db(), { name: 'TN 19', rate_bp: 1900, is_default: 1 });
    const ending = await insertVatRate(db(), {
      name: 'TN 7',
      rate_bp: 700,
      effective_to: dayBounds(now, 0).end,
    });
    const p = await insertSimpleProduct(db(), { name: 'Bread', vat_rate_id: ending.id });
    const s = session();
    expect((await addToCart(s, p.productId)).statusCode).toBe(201);
    t.advanceClock(DAY);
    try {
      const cart = expectResponseMatches<Cart>(
        'getCart',
        await t.app.inject({ method: 'GET', url: `${CART}?session_id=${s}` }),
      );
      expect(cart.items[0]).toMatchObject({ unit_price_incl_vat: null, line_total_incl_vat: null });
      expect(cart).toMatchObject({ subtotal: '0.000', total_incl_vat: '0.000' });
      const res = await checkout(s);
      expectProblem(
        res,
        409,
        'Bread cannot be sold: no VAT rate is in force for it; an administrator must assign a rate in force',
        'createOrder',
      );
      expect(await db().selectFrom('orders').select('id').execute()).toEqual([]);
    } finally {
      t.advanceClock(-DAY);
    }
  });

  describe('refused assignments and defaults', () => {
    it('refuses to assign an expired or inactive rate to a product or a variant (422)', async () => {
      const ok = await insertVatRate(db(), { name: 'TN 19', rate_bp: 1900, is_default: 1 });
      const expired = await insertVatRate(db(), {
        name: 'TN 25 (old)',
        rate_bp: 2500,
        effective_from: '2010-01-01T00:00:00.000Z',
        effective_to: '2017-12-31T23:59:59.999Z',
      });
      const inactive = await insertVatRate(db(), { name: 'TN 11', rate_bp: 1100, is_active: 0 });
      const category = await insertCategory(db());
      const body = {
        name: 'Desk',
        slug: 'desk',
        description: 'Oak',
        category_id: category.id,
        base_price: '100',
      };
      const expiredMsg =
        'VAT rate "TN 25 (old)" expired on 2017-12-31 and cannot be assigned; choose a rate in force';
      const inactiveMsg =
        'VAT rate "TN 11" is inactive and cannot be assigned; choose a rate in force';

      const refused = await send('POST', ADMIN_PRODUCTS, { ...body, vat_rate_id: expired.id });
      expectIssues(refused, 'createProduct', [
        { loc: ['body', 'vat_rate_id'], msg: expiredMsg, type: 'value_error' },
      ]);
      expect(await db().selectFrom('products').select('id').execute()).toEqual([]);

      const created = await send('POST', ADMIN_PRODUCTS, { ...body, vat_rate_id: ok.id });
      expect(created.statusCode, created.body).toBe(201);
      const product = expectResponseMatches<Product>('createProduct', created);
      const patch = await send('PATCH', `${ADMIN_PRODUCTS}${product.id}`, {
        vat_rate_id: inactive.id,
      });
      expectIssues(patch, 'updateProduct', [
        { loc: ['body', 'vat_rate_id'], msg: inactiveMsg, type: 'value_error' },
      ]);
      expect((await adminProduct(product.id)).vat_rate_id).toBe(ok.id);

      const withVariants = await insertProduct(db(), { vat_rate_id: ok.id, has_variants: 1 });
      const variant = await send('POST', `/api/v1/admin/variants/${withVariants.id}/variants`, {
        option_values: {},
        sku: 'DESK-1',
        variant_title: 'Small',
        price: '10',
        cost_price: '5',
        vat_rate_id: expired.id,
      });
      expectIssues(variant, 'createVariant', [
        { loc: ['body', 'vat_rate_id'], msg: expiredMsg, type: 'value_error' },
      ]);
    });

    it('keeps an expired rate a product already has when the form sends it back', async () => {
      await insertVatRate(db(), { name: 'TN 19', rate_bp: 1900, is_default: 1 });
      const expired = await insertVatRate(db(), {
        rate_bp: 2500,
        effective_from: '2010-01-01T00:00:00.000Z',
        effective_to: '2017-12-31T23:59:59.999Z',
      });
      const p = await insertProduct(db(), { vat_rate_id: expired.id });
      const res = await send('PATCH', `${ADMIN_PRODUCTS}${p.id}`, {
        name: 'Renamed',
        vat_rate_id: expired.id,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(expectResponseMatches<Product>('updateProduct', res)).toMatchObject({
        name: 'Renamed',
        price_incl_vat: null,
      });
    });

    it('refuses a default that is not in force, so a country never loses its default', async () => {
      const current = await createRate({
        name: 'Standard',
        rate: 19,
        is_default: true,
        effective_from: '2018-01-01T00:00:00.000Z',
      });
      const expired = await insertVatRate(db(), {
        name: 'Old standard',
        rate_bp: 1800,
        effective_from: '2010-01-01T00:00:00.000Z',
        effective_to: '2017-12-31T23:59:59.999Z',
      });
      const inactive = await insertVatRate(db(), { name: 'Off', is_active: 0 });
      const future = await insertVatRate(db(), {
        name: 'Next',
        effective_from: '2035-01-01T00:00:00.000Z',
      });
      const cases: [number, Record<string, unknown>, string, string][] = [
        [
          expired.id,
          { is_default: true },
          'is_default',
          '"Old standard" cannot be the default rate: it expired on 2017-12-31 and the country would have no default rate in force',
        ],
        [
          inactive.id,
          { is_default: true },
          'is_default',
          '"Off" cannot be the default rate: it is inactive and the country would have no default rate in force',
        ],
        [
          future.id,
          { is_default: true },
          'is_default',
          '"Next" cannot be the default rate before it starts on 2035-01-01: make it the successor of the current default instead',
        ],
        [
          current.id,
          { is_active: false },
          'is_active',
          '"Standard" cannot be the default rate: it is inactive and the country would have no default rate in force',
        ],
      ];
      for (const [id, payload, field, msg] of cases) {
        const res = await send('PATCH', `${RATES}${id}`, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(422);
        expect(
          expectResponseMatches<Schemas['ValidationErrorBody']>('updateVatRate', res).detail,
        ).toEqual([{ loc: ['body', field], msg, type: 'value_error' }]);
      }
      const created = await send('POST', RATES, {
        name: 'Ended',
        rate: 18,
        country_code: 'TN',
        is_default: true,
        effective_from: '2010-01-01T00:00:00.000Z',
        effective_to: '2017-12-31T23:59:59.999Z',
      });
      expect(created.statusCode).toBe(422);
      // The country still has its default in force.
      const stored = await db()
        .selectFrom('vat_rates')
        .select(['id'])
        .where('is_default', '=', 1)
        .execute();
      expect(stored.map((r) => r.id)).toEqual([current.id]);
    });

    it('checks successors: same country, starting after the end, no loop', async () => {
      const a = await createRate({
        name: 'A',
        rate: 13,
        effective_from: '2018-01-01T00:00:00.000Z',
        effective_to: '2030-12-31T23:59:59.999Z',
      });
      const b = await createRate({
        name: 'B',
        rate: 19,
        effective_from: '2031-01-01T00:00:00.000Z',
      });
      const early = await createRate({
        name: 'C',
        rate: 7,
        effective_from: '2030-06-01T00:00:00.000Z',
      });
      const fr = await createRate({
        name: 'FR',
        rate: 20,
        country_code: 'FR',
        effective_from: '2031-01-01T00:00:00.000Z',
      });
      const refusal = async (id: number, payload: Record<string, unknown>, msg: string) => {
        const res = await send('PATCH', `${RATES}${id}`, payload);
        expect(res.statusCode, res.body).toBe(422);
        expect(
          expectResponseMatches<Schemas['ValidationErrorBody']>('updateVatRate', res).detail,
        ).toEqual([{ loc: ['body', 'successor_id'], msg, type: 'value_error' }]);
      };
      await refusal(a.id, { successor_id: a.id }, 'A VAT rate cannot be its own successor');
      await refusal(a.id, { successor_id: fr.id }, 'The successor must be a rate of TN');
      await refusal(
        a.id,
        { successor_id: early.id },
        'The successor must start after this rate ends (2030-12-31); it starts on 2030-06-01',
      );
      await refusal(
        b.id,
        { successor_id: a.id },
        'A rate with a successor needs an effective_to (the day before the successor starts)',
      );
      await refusal(a.id, { successor_id: 999_999 }, 'Successor VAT rate not found');
      const linked = await send('PATCH', `${RATES}${a.id}`, { successor_id: b.id });
      expect(linked.statusCode, linked.body).toBe(200);
      expect(expectResponseMatches<VatRate>('updateVatRate', linked).successor_id).toBe(b.id);
      // B cannot name A back (A starts before B ends anyway, and it would loop).
      await send('PATCH', `${RATES}${b.id}`, { effective_to: '2040-12-31T23:59:59.999Z' });
      await refusal(
        b.id,
        { successor_id: a.id },
        'The successor must start after this rate ends (2040-12-31); it starts on 2018-01-01',
      );
      // A rate that is some rate's successor cannot be deleted.
      const del = await t.app.inject({ method: 'DELETE', url: `${RATES}${b.id}`, headers: admin });
      expectProblem(
        del,
        409,
        'VAT rate is the successor of "A"; remove it from that rate first',
        'deleteVatRate',
      );
    });
  });

  it('lists each rate with its status and how many products and variants use it', async () => {
    const inForce = await insertVatRate(db(), { name: 'In force', rate_bp: 1900, is_default: 1 });
    const expired = await insertVatRate(db(), {
      name: 'Expired',
      effective_from: '2010-01-01T00:00:00.000Z',
      effective_to: '2017-12-31T23:59:59.999Z',
    });
    await insertVatRate(db(), { name: 'Scheduled', effective_from: '2035-01-01T00:00:00.000Z' });
    await insertVatRate(db(), { name: 'Inactive', is_active: 0 });
    const p1 = await insertProduct(db(), { vat_rate_id: inForce.id, has_variants: 1 });
    await insertProduct(db(), { vat_rate_id: inForce.id });
    await insertProduct(db(), { vat_rate_id: expired.id });
    await insertVariant(db(), p1.id, { vat_rate_id: expired.id });
    await insertVariant(db(), p1.id);
    const list = expectResponseMatches<VatRate[]>('listVatRates', await get(RATES));
    expect(
      list
        .map((r) => [r.name, r.status, r.product_count, r.variant_count])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    ).toEqual([
      ['Expired', 'expired', 1, 1],
      ['In force', 'in_force', 2, 0],
      ['Inactive', 'inactive', 0, 0],
      ['Scheduled', 'scheduled', 0, 0],
    ]);
    expect(
      expectResponseMatches<VatRate>('getVatRate', await get(`${RATES}${expired.id}`)),
    ).toMatchObject({ status: 'expired', product_count: 1, variant_count: 1 });
  });

  it('reconciles every order placed through checkout, for random carts and prices (property)', async () => {
    const rates = [
      await insertVatRate(db(), { rate_bp: 1900, is_default: 1 }),
      await insertVatRate(db(), { rate_bp: 1300 }),
      await insertVatRate(db(), { rate_bp: 700 }),
      await insertVatRate(db(), { rate_bp: 0 }),
      await insertVatRate(db(), { rate_bp: 1999 }),
    ];
    const line = fc.record({
      price: fc.oneof(fc.integer({ min: 0, max: 2_000 }), fc.integer({ min: 0, max: 50_000_000 })),
      includesVat: fc.boolean(),
      rate: fc.integer({ min: 0, max: rates.length - 1 }),
      quantity: fc.integer({ min: 1, max: 40 }),
    });
    // Lines the contract or the catalogue refuses, sent between the good ones.
    const badLine = fc.oneof(
      fc.record({
        product: fc.constant('known' as const),
        quantity: fc.oneof(
          fc.constantFrom<unknown>(0, -1, 1000, 2.5, '3', null, true),
          fc.integer({ min: 1000, max: 2 ** 31 }),
        ),
      }),
      fc.record({ product: fc.constant('unknown' as const), quantity: fc.constant(1) }),
    );
    const cartItems = async () =>
      db().selectFrom('cart_items').select(['variant_id', 'quantity']).orderBy('id').execute();
    await assertProperty(
      fc.asyncProperty(
        fc.array(line, { minLength: 1, maxLength: 4 }),
        fc.array(fc.tuple(fc.nat(), badLine), { maxLength: 3 }),
        async (lines, bads) => {
          const s = session();
          const shown: { name: string; incl: string }[] = [];
          let lastProductId = 0;
          const sendBad = async (bad: { product: 'known' | 'unknown'; quantity: unknown }) => {
            const before = await cartItems();
            const res = await addToCart(
              s,
              bad.product === 'known' ? lastProductId : 2_000_000_000,
              bad.quantity as number,
            );
            expect(res.statusCode, `${JSON.stringify(bad)}: ${res.body}`).toBe(
              bad.product === 'known' ? 422 : 404,
            );
            const detail: unknown = res.json<{ detail: unknown }>().detail;
            expect(
              typeof detail === 'string' || Array.isArray(detail) ? detail.length : 0,
            ).toBeGreaterThan(0);
            expect(await cartItems()).toEqual(before);
          };
          for (const [i, l] of lines.entries()) {
            const slug = `prop-${++seq}`;
            const p = await insertSimpleProduct(
              db(),
              {
                slug,
                name: slug,
                base_price: l.price,
                price_includes_vat: l.includesVat ? 1 : 0,
                vat_rate_id: rates[l.rate]?.id,
              },
              { track_inventory: 0 },
            );
            shown.push({ name: slug, incl: (await publicProduct(slug)).price_incl_vat ?? 'none' });
            const added = await addToCart(s, p.productId, l.quantity);
            expect(added.statusCode, added.body).toBe(201);
            lastProductId = p.productId;
            for (const [, bad] of bads.filter(([at]) => at % lines.length === i))
              await sendBad(bad);
          }
          const res = await checkout(s);
          expect(res.statusCode, res.body).toBe(201);
          const order = expectResponseMatches<Order>('createOrder', res);
          let inclTotal = 0;
          for (const [i, item] of order.items.entries()) {
            const l = lines[i];
            if (!l) throw new Error('line missing');
            expect(m(item.total_price_incl_vat)).toBe(m(item.total_price) + m(item.vat_amount));
            // What the catalogue showed per unit is what each unit was charged.
            expect(item.unit_price_incl_vat).toBe(shown[i]?.incl);
            if (l.includesVat) {
              expect(m(item.total_price_incl_vat)).toBe(l.price * l.quantity);
            } else {
              expect(m(item.total_price)).toBe(l.price * l.quantity);
            }
            inclTotal += m(item.total_price_incl_vat);
          }
          expect(inclTotal).toBe(
            m(order.subtotal) + m(order.vat_amount) - m(order.shipping_vat_amount),
          );
          expect(m(order.shipping_vat_amount)).toBe(1_330);
          expectOrderAddsUp(order, order.items);
        },
      ),
      { numRuns: 100 },
    );
  }, 600_000);

  it('shows the order a customer placed at 13 % in the admin order detail unchanged later', async () => {
    const now = t.ctx.now();
    const r19 = await insertVatRate(db(), {
      rate_bp: 1900,
      effective_from: dayBounds(now, 1).start,
    });
    const r13 = await insertVatRate(db(), {
      rate_bp: 1300,
      is_default: 1,
      effective_to: dayBounds(now, 0).end,
      successor_id: r19.id,
    });
    const p = await insertSimpleProduct(db(), {
      base_price: 1_000,
      price_includes_vat: 0,
      vat_rate_id: r13.id,
    });
    const c = await insertCustomer(db());
    const headers = await t.customerAuth(c.id);
    await t.app.inject({
      method: 'POST',
      url: ITEMS,
      headers,
      payload: { product_id: p.productId, variant_id: null, quantity: 1 },
    });
    const placed = await t.app.inject({
      method: 'POST',
      url: ORDERS,
      headers,
      payload: { payment_method: 'card', shipping_address: ADDRESS },
    });
    const order = expectResponseMatches<Order>('createOrder', placed);
    await moveClock(DAY);
    try {
      const detail = expectResponseMatches<Order>(
        'getAdminOrder',
        await get(`/api/v1/admin/orders/${order.id}`),
      );
      expect(detail).toMatchObject({
        vat_amount: '1.040', // 0.130 + 13 % of 7.000
        items: [expect.objectContaining({ vat_rate: 13, total_price_incl_vat: '1.130' })],
      });
    } finally {
      await moveClock(-DAY);
    }
  });
});
