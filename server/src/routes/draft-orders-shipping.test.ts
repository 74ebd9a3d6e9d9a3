// Staff (draft) orders and shipping methods (#36), on both databases: a draft names a method
// and is priced by it for its lines and destination, as the checkout prices a cart; the amount
// staff give is a price agreed with the customer, the method still recorded; a draft without a
// method while the shop has active ones, or with one that cannot ship it, says why and cannot
// be completed (the checkout's 409); completing freezes the method on the order as checkout does.
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import { useAdminAccount, useTestApp } from '../../test-support/app';
import { expectIssues, expectProblem, type Schemas } from '../../test-support/contract';
import { testDialects } from '../../test-support/databases';
import { completeShopSettings, resetShopSettings } from '../../test-support/invoices';
import { methodNames, useShippingMethods } from '../../test-support/shipping-methods';
import { assertProperty } from '../../test-support/properties';
import { addToCart, checkout, shippingAddress, useShop } from '../../test-support/shop';
import { rowCount } from '../../test-support/fixtures';
import { NO_SUCH_METHOD } from '../services/orders/draft-orders';
import { SHIPPING_REFUSALS } from '../domain/shipping';

type DraftOrder = Schemas['DraftOrder'];
type Order = Schemas['Order'];

const URL = '/api/v1/admin/draft-orders/';
const GUEST = { name: 'Amira Ben Salah', phone: '+216 98 000 000', email: 'amira@example.tn' };
const TRACKING = 'https://track.example.tn/{tracking_number}';

/** Millimes or grams as the API writes a band limit or an amount: 3 decimals. */
const decimal3 = (n: number) => (n / 1000).toFixed(3);

/** A method's rate and options, and a cart of up to 3 products (weight in grams, or none). */
const runArb = fc.record({
  rateKind: fc.constantFrom('flat', 'weight', 'subtotal'),
  flatPrice: fc.integer({ min: 0, max: 20_000 }),
  limits: fc.uniqueArray(fc.integer({ min: 1, max: 150_000 }), { minLength: 1, maxLength: 3 }),
  bandPrices: fc.array(fc.integer({ min: 0, max: 20_000 }), { minLength: 3, maxLength: 3 }),
  openEnded: fc.boolean(),
  /** A band limit or the free threshold put exactly at the cart's measure, or a millime/gram under. */
  edge: fc.constantFrom('none', 'band', 'bandBelow', 'free', 'freeBelow'),
  freeAbove: fc.option(fc.integer({ min: 0, max: 150_000 }), { nil: null }),
  codFee: fc.option(fc.integer({ min: 0, max: 5_000 }), { nil: null }),
  payment: fc.constantFrom('cash_on_delivery', 'card'),
  lines: fc.array(
    fc.record({
      price: fc.integer({ min: 1, max: 60_000 }),
      grams: fc.option(fc.integer({ min: 0, max: 20_000 }), { nil: null }),
      quantity: fc.integer({ min: 1, max: 4 }),
    }),
    { minLength: 1, maxLength: 3 },
  ),
});

/** What a staff order and a checkout of the same cart must agree on. */
const charged = (o: DraftOrder | Order) => ({
  shipping_method: o.shipping_method,
  shipping_amount: o.shipping_amount,
  shipping_vat_amount: o.shipping_vat_amount,
  subtotal: o.subtotal,
  vat_amount: o.vat_amount,
  total_amount: o.total_amount,
});

/** The answer's status (its body in the failure message) and body; t.request checked the contract. */
function ok<T>(res: LightMyRequestResponse, status: number): T {
  expect(res.statusCode, res.body).toBe(status);
  return res.json<T>();
}

describe.each(testDialects)('staff orders with shipping methods (%s)', (dialect) => {
  const t = useTestApp(dialect, { config: { shippingFlatRateMillimes: 7_000 } });
  const shop = useShop(t);
  const shipping = useShippingMethods(t);
  const manager = useAdminAccount(t, 'manager');

  // The shipping is the subject here: these orders bear no stamp duty (stamp-duty*.test.ts
  // check that staff orders charge it as checkout does).
  beforeAll(() => completeShopSettings(t.database.db, { stamp_duty_applies_to: 'none' }));
  afterAll(() => resetShopSettings(t.database.db));

  const call = (
    operationId: string,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: object,
  ) =>
    t.request(operationId, {
      method,
      url,
      headers: manager.headers,
      ...(payload ? { payload } : {}),
    });
  const get = async (id: number) =>
    ok<DraftOrder>(await call('getDraftOrder', 'GET', `${URL}${id}`), 200);
  const complete = (id: number) => call('completeDraftOrder', 'POST', `${URL}${id}/complete`);

  /** A guest's draft to Tunis (TN-11), cash on delivery, with the body's extras. */
  const body = (lines: object[], extra: object = {}) => ({
    guest: GUEST,
    shipping_address: shippingAddress({ governorate: 'TN-11' }),
    payment_method: 'cash_on_delivery',
    lines,
    ...extra,
  });
  const create = async (lines: object[], extra: object = {}) =>
    ok<DraftOrder>(await call('createDraftOrder', 'POST', URL, body(lines, extra)), 201);

  /** A tee of 20.000 incl. VAT weighing 1.2 kg (2 of them: 2.4 kg, 40.000). */
  const tee = () => shop.simple({ name: 'Tee', base_price: 20_000 }, { sku: 'TEE-1', weight: 1.2 });

  /** Grand Tunis (TN-11) and the rest of Tunisia, and a courier by weight to Grand Tunis. */
  async function courierToTunis(extra: object = {}) {
    const tunis = await shipping.zone(['TN'], ['TN-11']);
    const courier = await shipping.method('Courier', [tunis.id], {
      rate_kind: 'weight',
      flat_price: null,
      bands: [
        { up_to: '2.000', price: '6.000' },
        { up_to: '5.000', price: '9.000' },
      ],
      cod_fee: '1.500',
      carrier: 'Aramex',
      tracking_url_template: TRACKING,
      ...extra,
    });
    return { tunis, courier };
  }

  it('prices the draft by its method for its weight and address, and the order freezes it', async () => {
    const p = await tee();
    const { courier } = await courierToTunis();
    const draft = await create([{ variant_id: p.variantId, quantity: 2 }], {
      shipping_method_id: courier.id,
    });
    const method = {
      id: courier.id,
      name: methodNames('Courier'),
      carrier: 'Aramex',
      tracking_url_template: TRACKING,
      // 2.4 kg: the second band; paid cash on delivery: its fee.
      price: '9.000',
      cod_fee: '1.500',
    };
    expect(draft).toMatchObject({
      shipping_method: method,
      shipping_problem: null,
      shipping_amount: '10.500',
      // The method's price, not one staff agreed: a reopened draft leaves it to the method.
      shipping_amount_agreed: false,
      // 19 % of 10.500.
      shipping_vat_amount: '1.995',
      subtotal: '33.613',
      vat_amount: '8.382',
      total_amount: '52.495',
      completable: true,
    });
    // Paid by card, the fee goes.
    const byCard = ok<DraftOrder>(
      await call(
        'updateDraftOrder',
        'PUT',
        `${URL}${draft.id}`,
        body([{ variant_id: p.variantId, quantity: 2 }], {
          shipping_method_id: courier.id,
          payment_method: 'card',
        }),
      ),
      200,
    );
    expect([byCard.shipping_method?.cod_fee, byCard.shipping_amount]).toEqual(['0.000', '9.000']);

    const order = ok<Order>(await complete(draft.id), 201);
    expect(order.shipping_method).toEqual({ ...method, cod_fee: '0.000' });
    expect([order.shipping_amount, order.shipping_vat_amount, order.total_amount]).toEqual([
      '9.000',
      '1.710',
      byCard.total_amount,
    ]);
    const listed = ok<Order[]>(
      await call(
        'listAdminOrders',
        'GET',
        `/api/v1/admin/orders/?shipping_method_id=${courier.id}`,
      ),
      200,
    );
    expect(listed.map((o) => o.id)).toEqual([order.id]);
  });

  it('charges the amount staff agreed, recording the method, and audits both', async () => {
    const p = await tee();
    const { courier } = await courierToTunis();
    const draft = await create([{ variant_id: p.variantId, quantity: 2 }], {
      shipping_method_id: courier.id,
      shipping_amount: '4.000',
    });
    expect(draft).toMatchObject({
      shipping_method: { id: courier.id, price: '4.000', cod_fee: '0.000' },
      shipping_amount: '4.000',
      shipping_amount_agreed: true,
      shipping_vat_amount: '0.760',
      completable: true,
    });
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select('changes')
      .where('entity', '=', 'draft_order')
      .where('entity_id', '=', draft.id)
      .executeTakeFirstOrThrow();
    const changes = JSON.parse(audit.changes) as { field: string; after: unknown }[];
    expect(
      changes.filter((c) => c.field.startsWith('shipping_') && c.field !== 'shipping_address'),
    ).toEqual([
      { field: 'shipping_method_id', before: null, after: courier.id },
      { field: 'shipping_amount', before: null, after: '4.000' },
    ]);
    const order = ok<Order>(await complete(draft.id), 201);
    expect(order.shipping_method).toMatchObject({
      id: courier.id,
      price: '4.000',
      cod_fee: '0.000',
    });
    expect([order.shipping_amount, order.total_amount]).toEqual(['4.000', draft.total_amount]);
  });

  it('needs a method (or an amount) once the shop has an active one', async () => {
    const p = await tee();
    // Saved while the shop had no method: the flat rate.
    const draft = await create([{ variant_id: p.variantId, quantity: 1 }]);
    expect([draft.shipping_amount, draft.shipping_method, draft.shipping_problem]).toEqual([
      '7.000',
      null,
      null,
    ]);
    const agreed = await create([{ variant_id: p.variantId, quantity: 1 }], {
      shipping_amount: '5.000',
    });
    await courierToTunis();
    // Now it names none: nothing charged for shipping, and it cannot be completed.
    expect(await get(draft.id)).toMatchObject({
      shipping_method: null,
      shipping_problem: 'no_shipping_method',
      shipping_amount: '0.000',
      shipping_vat_amount: '0.000',
      total_amount: '20.000',
      completable: false,
    });
    expectProblem(
      await complete(draft.id),
      409,
      SHIPPING_REFUSALS.chooseAMethod,
      'completeDraftOrder',
    );
    // The amount staff agreed stands without a method.
    expect(await get(agreed.id)).toMatchObject({
      shipping_method: null,
      shipping_problem: null,
      shipping_amount: '5.000',
      completable: true,
    });
    const order = ok<Order>(await complete(agreed.id), 201);
    expect([order.shipping_method, order.shipping_amount]).toEqual([null, '5.000']);
  });

  it('says when its method cannot ship it, and completing gives the checkout’s 409', async () => {
    const p = await tee();
    const { courier } = await courierToTunis();
    const sfax = await shipping.zone(['TN'], ['TN-61']);
    const post = await shipping.method('Rapid-Poste', [sfax.id]);
    const lines = [{ variant_id: p.variantId, quantity: 2 }];
    const unavailable = async (draft: DraftOrder, detail: string) => {
      expect(await get(draft.id)).toMatchObject({
        shipping_problem: 'method_unavailable',
        // Still named, nothing charged for it.
        shipping_method: { id: courier.id, name: methodNames('Courier'), price: '0.000' },
        shipping_amount: '0.000',
        total_amount: '40.000',
        completable: false,
      });
      expectProblem(await complete(draft.id), 409, detail, 'completeDraftOrder');
    };
    // To Sfax: the courier does not deliver there (the post does).
    const toSfax = await create(lines, {
      shipping_method_id: courier.id,
      shipping_address: shippingAddress({ governorate: 'TN-61' }),
    });
    await unavailable(
      toSfax,
      'The shipping method "Courier" does not deliver to this address; choose another',
    );
    // Beyond its last band: 6 kg.
    const heavy = await create([{ variant_id: p.variantId, quantity: 5 }], {
      shipping_method_id: courier.id,
    });
    expect(await get(heavy.id)).toMatchObject({
      shipping_problem: 'method_unavailable',
      completable: false,
    });
    expectProblem(
      await complete(heavy.id),
      409,
      'The shipping method "Courier" does not take a cart of this weight; choose another',
      'completeDraftOrder',
    );
    // Deactivated after the draft was saved (the post is still active).
    const draft = await create(lines, { shipping_method_id: courier.id });
    expect(draft.completable).toBe(true);
    await shipping.update(courier.id, { is_active: false });
    await unavailable(draft, 'The shipping method "Courier" is not available; choose another');
    expect(post.is_active).toBe(true);
    // Nothing was placed.
    expect(await rowCount(t.database.db, 'orders')).toBe(0);
  });

  it('prices free shipping and subtotal bands on the goods after the discount', async () => {
    const p = await tee();
    const tunis = await shipping.zone(['TN'], ['TN-11']);
    const method = await shipping.method('Courier', [tunis.id], {
      flat_price: '8.000',
      free_above: '40.000',
    });
    const lines = [{ variant_id: p.variantId, quantity: 2 }];
    // 40.000 of goods: free AT the amount.
    const free = await create(lines, { shipping_method_id: method.id });
    expect(free).toMatchObject({
      shipping_method: { price: '0.000', cod_fee: '0.000' },
      shipping_amount: '0.000',
      total_amount: '40.000',
    });
    // 10 % off: 36.000 of goods, below the threshold: the rate is charged (8.000 + 1.520).
    const discounted = await create(lines, {
      shipping_method_id: method.id,
      manual_discount: { percent: 10, reason: 'Loyal customer' },
    });
    expect(discounted).toMatchObject({
      shipping_method: { price: '8.000' },
      shipping_amount: '8.000',
      shipping_vat_amount: '1.520',
      total_amount: '45.520',
    });
    const order = ok<Order>(await complete(discounted.id), 201);
    expect([order.shipping_amount, order.total_amount]).toEqual(['8.000', '45.520']);
  });

  it('charges a staff order the shipping the checkout charges the same cart (property)', async () => {
    const db = t.database.db;
    const zone = await shipping.zone(['TN'], ['TN-11']);
    let run = 0;
    await assertProperty(
      fc.asyncProperty(runArb, async (r) => {
        run += 1;
        await db.deleteFrom('shipping_methods').execute();
        // The cart's weight (grams) and goods (its prices are entered incl. VAT), to aim at edges.
        const weight = r.lines.reduce((sum, l) => sum + (l.grams ?? 0) * l.quantity, 0);
        const goods = r.lines.reduce((sum, l) => sum + l.price * l.quantity, 0);
        const measure = r.rateKind === 'weight' ? weight : goods;
        const aimed = {
          none: [],
          band: [measure],
          bandBelow: [measure - 1],
          free: [],
          freeBelow: [],
        };
        const kept = aimed[r.edge].length > 0 ? r.limits.slice(1) : r.limits;
        const limits = [...new Set([...kept, ...aimed[r.edge]])]
          .filter((n) => n > 0)
          .sort((a, b) => a - b);
        if (limits.length === 0) limits.push(...r.limits);
        const freeAbove =
          r.edge === 'free' ? goods : r.edge === 'freeBelow' ? goods + 1 : r.freeAbove;
        const bands = limits.map((upTo, i) => ({
          up_to: r.openEnded && i === limits.length - 1 ? null : decimal3(upTo),
          price: decimal3(r.bandPrices[i] ?? 0),
        }));
        const method = await shipping.method('Courier', [zone.id], {
          rate_kind: r.rateKind,
          flat_price: r.rateKind === 'flat' ? decimal3(r.flatPrice) : null,
          bands: r.rateKind === 'flat' ? [] : bands,
          free_above: freeAbove === null ? null : decimal3(freeAbove),
          cod_fee: r.codFee === null ? null : decimal3(r.codFee),
        });
        const products = [];
        for (const [i, l] of r.lines.entries()) {
          const p = await shop.simple(
            { name: `P${run}-${i}`, base_price: l.price },
            {
              sku: `P${run}-${i}`,
              stock_quantity: 100,
              weight: l.grams === null ? null : l.grams / 1000,
            },
          );
          products.push({ ...p, quantity: l.quantity });
        }
        const address = shippingAddress({ governorate: 'TN-11' });
        const extra = { shipping_method_id: method.id, payment_method: r.payment };
        const draft = ok<DraftOrder>(
          await call(
            'createDraftOrder',
            'POST',
            URL,
            body(
              products.map((p) => ({ variant_id: p.variantId, quantity: p.quantity })),
              { ...extra, shipping_address: address },
            ),
          ),
          201,
        );
        const buyer = { session: `sess_draft_shipping_${dialect}_${run}` };
        for (const p of products) {
          const added = await addToCart(t.app, buyer, {
            product_id: p.productId,
            quantity: p.quantity,
          });
          expect(added.statusCode, added.body).toBe(201);
        }
        const placed = await checkout(t.app, buyer, { ...extra, shipping_address: address });
        const completed = await complete(draft.id);
        if (placed.statusCode === 409) {
          // The cart is beyond the method's bands: the draft says so and is refused alike.
          expect(draft.shipping_problem).toBe('method_unavailable');
          expect(completed.statusCode).toBe(409);
          expect(completed.json()).toEqual(placed.json());
          return;
        }
        expect(placed.statusCode, placed.body).toBe(201);
        const order = placed.json<Order>();
        expect(charged(draft)).toEqual(charged(order));
        expect(charged(ok<Order>(completed, 201))).toEqual(charged(order));
      }),
      { numRuns: 30 },
    );
  });

  it('refuses a method that does not exist (422), saving nothing', async () => {
    const p = await tee();
    const res = await call(
      'createDraftOrder',
      'POST',
      URL,
      body([{ variant_id: p.variantId, quantity: 1 }], { shipping_method_id: 987_654 }),
    );
    expectIssues(res, 'createDraftOrder', [
      { loc: ['body', 'shipping_method_id'], msg: NO_SUCH_METHOD, type: 'value_error' },
    ]);
    expect(await rowCount(t.database.db, 'draft_orders')).toBe(0);
  });
});
