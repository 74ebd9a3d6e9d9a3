// Shipping (#36) over HTTP: zones and methods (CRUD, rules, access, audit), the quotes a cart is
// offered (zone matching, each rate kind at its band edges, the free threshold), the cart's
// chosen method re-priced and dropped with a notice, and the checkout's shipping (COD fee, VAT
// domestic / reverse charge / export, the 409s, the flat rate without methods).
import { beforeEach, describe, expect, it } from 'vitest';
import {
  expectStatus,
  problemDetail,
  validationIssues,
  type Schemas,
} from '../../test-support/contract';
import type { LightMyRequestResponse } from 'fastify';
import { useAdmin, useTestApp, type AuthHeaders } from '../../test-support/app';
import { testDialects } from '../../test-support/databases';
import { addToCart, checkout, shippingAddress, useShop, type Buyer } from '../../test-support/shop';

type Zone = Schemas['ShippingZone'];
type Method = Schemas['ShippingMethod'];
type Quote = Schemas['ShippingQuote'];
type Cart = Schemas['Cart'];
type Order = Schemas['Order'];

const ZONES = '/api/v1/admin/shipping-zones/';
const METHODS = '/api/v1/admin/shipping-methods/';
const SFAX = shippingAddress({ city: 'Sfax', postal_code: '3000', governorate: 'TN-61' });
const TUNIS = shippingAddress({ governorate: 'TN-11' });
const BERLIN = shippingAddress({ country: 'DE', city: 'Berlin', postal_code: '10115' });
const name = (en: string) => ({ en, fr: `${en} FR`, ar: `${en} AR` });

/** The status, and the detail of the error: a 422's messages joined, else its detail text. */
function problem(res: LightMyRequestResponse, status: number): { detail: string } {
  expect(res.statusCode, res.body).toBe(status);
  return {
    detail:
      status === 422
        ? validationIssues(res)
            .map((i) => `${i.loc.join('.')}: ${i.msg}`)
            .join('; ')
        : problemDetail(res),
  };
}

describe.each(testDialects)('shipping (%s)', (dialect) => {
  const t = useTestApp(dialect, { config: { shippingFlatRateMillimes: 7_000 } });
  const shop = useShop(t);
  const admin = useAdmin(t, 'admin');
  const support = useAdmin(t, 'support');
  let seq = 0;
  const guest = (): Buyer => ({ session: `sess_${dialect}_${++seq}_shipping` });
  const q = (buyer: Buyer) => `session_id=${buyer.session ?? ''}`;

  beforeEach(async () => {
    await t.database.db.deleteFrom('shipping_methods').execute();
    await t.database.db.deleteFrom('shipping_zones').execute();
  });

  const post = (url: string, body: object, headers: AuthHeaders = admin) =>
    t.app.inject({ method: 'POST', url, headers, payload: body });
  const zone = async (body: Record<string, unknown>) =>
    expectStatus<Zone>(await post(ZONES, body), 201, 'createShippingZone');
  const method = async (body: Record<string, unknown>) =>
    expectStatus<Method>(
      await post(METHODS, {
        name: name('Courier'),
        rate_kind: 'flat',
        flat_price: '7.000',
        ...body,
      }),
      201,
      'createShippingMethod',
    );
  const patchMethod = async (id: number, body: object) =>
    expectStatus<Method>(
      await t.app.inject({
        method: 'PATCH',
        url: `${METHODS}${id}`,
        headers: admin,
        payload: body,
      }),
      200,
      'updateShippingMethod',
    );
  /** A product of `price` millimes incl. VAT (19 %) weighing `weight` kg, in stock. */
  const product = async (price: number, weight: number | null = null) =>
    (await shop.simple({ base_price: price }, { price, weight, stock_quantity: 1000 })).productId;
  async function fill(buyer: Buyer, lines: [number, number][]) {
    for (const [product_id, quantity] of lines) {
      const res = await addToCart(t.app, buyer, { product_id, quantity });
      expect(res.statusCode, res.body).toBe(201);
    }
  }
  const quotesRes = (buyer: Buyer, destination: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/cart/shipping-methods?${q(buyer)}&${destination}`,
    });
  const quotes = async (buyer: Buyer, destination: string) =>
    expectStatus<Quote[]>(await quotesRes(buyer, destination), 200, 'listCartShippingMethods');
  const choose = (buyer: Buyer, body: object) =>
    t.app.inject({ method: 'PUT', url: `/api/v1/cart/shipping-method?${q(buyer)}`, payload: body });
  const getCart = async (buyer: Buyer) =>
    expectStatus<Cart>(
      await t.app.inject({ method: 'GET', url: `/api/v1/cart/?${q(buyer)}` }),
      200,
      'getCart',
    );
  const order = async (buyer: Buyer, body: object) =>
    expectStatus<Order>(await checkout(t.app, buyer, body), 201, 'createOrder');

  // -------------------------------------------------------------------------------------------
  describe('zones and methods', () => {
    it('creates, reads, lists, updates and deletes them, each write audited', async () => {
      const grand = await zone({
        name: 'Grand Tunis',
        countries: ['tn'],
        governorates: ['TN-12', 'TN-11'],
      });
      expect(grand).toMatchObject({
        name: 'Grand Tunis',
        countries: ['TN'],
        governorates: ['TN-11', 'TN-12'],
        position: 0,
        method_count: 0,
      });
      const rest = await zone({ name: 'Tunisia', countries: ['TN'] });
      expect(rest.position).toBe(1);
      const byWeight = await method({
        name: name('Rapid-Poste'),
        zone_ids: [rest.id, grand.id],
        rate_kind: 'weight',
        flat_price: null,
        bands: [
          { up_to: '2.5', price: '7.000' },
          { up_to: null, price: '12.000' },
        ],
        free_above: '150.000',
        cod_fee: '2.000',
        carrier: 'Rapid-Poste',
        tracking_url_template: 'https://www.poste.tn/suivi?code={tracking_number}',
      });
      expect(byWeight).toMatchObject({
        zone_ids: [grand.id, rest.id].sort((a, b) => a - b),
        bands: [
          { up_to: '2.500', price: '7.000' },
          { up_to: null, price: '12.000' },
        ],
        flat_price: null,
        free_above: '150.000',
        cod_fee: '2.000',
        is_active: true,
        position: 0,
      });
      const zonesRes = await t.app.inject({ method: 'GET', url: ZONES, headers: support });
      expect(zonesRes.headers['x-total-count']).toBe('2');
      expect(
        expectStatus<Zone[]>(zonesRes, 200, 'listShippingZones').map((z) => [
          z.name,
          z.method_count,
        ]),
      ).toEqual([
        ['Grand Tunis', 1],
        ['Tunisia', 1],
      ]);
      const methodsRes = await t.app.inject({ method: 'GET', url: METHODS, headers: support });
      expect(methodsRes.headers['x-total-count']).toBe('1');

      const renamed = await patchMethod(byWeight.id, { is_active: false, cod_fee: null });
      expect(renamed).toMatchObject({ is_active: false, cod_fee: null, free_above: '150.000' });
      const del = await t.app.inject({
        method: 'DELETE',
        url: `${METHODS}${byWeight.id}`,
        headers: admin,
      });
      expect(del.statusCode).toBe(204);

      const audit = await t.database.db
        .selectFrom('audit_log')
        .select(['action', 'entity', 'entity_id', 'label', 'changes'])
        .where('entity', 'in', ['shipping_zone', 'shipping_method'])
        .orderBy('id')
        .execute();
      expect(audit.map((a) => [a.action, a.entity, a.label])).toEqual([
        ['create', 'shipping_zone', 'Grand Tunis'],
        ['create', 'shipping_zone', 'Tunisia'],
        ['create', 'shipping_method', 'Rapid-Poste'],
        ['update', 'shipping_method', 'Rapid-Poste'],
        ['delete', 'shipping_method', 'Rapid-Poste'],
      ]);
      expect(JSON.parse(audit[3]!.changes)).toEqual([
        { field: 'cod_fee', before: '2.000', after: null },
        { field: 'is_active', before: true, after: false },
      ]);
    });

    it('refuses a writer without settings:write (403) and lets settings:read read', async () => {
      const refused = await post(ZONES, { name: 'X', countries: ['TN'] }, support);
      expect(refused.statusCode).toBe(403);
      const z = await zone({ name: 'X', countries: ['TN'] });
      const read = await t.app.inject({ method: 'GET', url: `${ZONES}${z.id}`, headers: support });
      expect(expectStatus<Zone>(read, 200, 'getShippingZone').name).toBe('X');
      const refusedMethod = await post(
        METHODS,
        { name: name('C'), zone_ids: [z.id], rate_kind: 'flat', flat_price: '1.000' },
        support,
      );
      expect(refusedMethod.statusCode).toBe(403);
    });

    it('names the field breaking a rule (422) and the conflicts (409)', async () => {
      expect(
        problem(
          await post(ZONES, { name: 'Sfax', countries: ['FR'], governorates: ['TN-61'] }),
          422,
        ).detail,
      ).toBe(
        "body.governorates: Governorates are Tunisia's: add TN to the countries or remove them",
      );
      const z = await zone({ name: 'Grand Tunis', countries: ['TN'] });
      const taken = await post(ZONES, { name: 'GRAND TUNIS ', countries: ['TN'] });
      expect(problem(taken, 409).detail).toBe(
        'Another shipping zone is already named "Grand Tunis"',
      );

      const flatWithBands = await post(METHODS, {
        name: name('C'),
        zone_ids: [z.id],
        rate_kind: 'flat',
        flat_price: '1.000',
        bands: [{ up_to: null, price: '1.000' }],
      });
      expect(problem(flatWithBands, 422).detail).toContain('A flat rate has no bands');
      const descending = await post(METHODS, {
        name: name('C'),
        zone_ids: [z.id],
        rate_kind: 'weight',
        bands: [
          { up_to: '2', price: '1.000' },
          { up_to: '1', price: '2.000' },
        ],
      });
      expect(problem(descending, 422).detail).toContain(
        'Bands must be listed by strictly ascending up_to',
      );
      const noBands = await post(METHODS, {
        name: name('C'),
        zone_ids: [z.id],
        rate_kind: 'subtotal',
      });
      expect(problem(noBands, 422).detail).toContain('A subtotal rate needs at least one band');
      const unknownZone = await post(METHODS, {
        name: name('C'),
        zone_ids: [z.id + 999],
        rate_kind: 'flat',
        flat_price: '1.000',
      });
      expect(problem(unknownZone, 409).detail).toBe(`Shipping zone ${z.id + 999} does not exist`);

      await method({ zone_ids: [z.id] });
      const lastZone = await t.app.inject({
        method: 'DELETE',
        url: `${ZONES}${z.id}`,
        headers: admin,
      });
      expect(problem(lastZone, 409).detail).toBe(
        'The shipping method "Courier" delivers only to the zone "Grand Tunis"; give it another zone or delete it first',
      );
    });
  });

  // -------------------------------------------------------------------------------------------
  describe('quotes for a cart', () => {
    it('offers the methods of the first zone matching the country and governorate', async () => {
      const grand = await zone({
        name: 'Grand Tunis',
        countries: ['TN'],
        governorates: ['TN-11', 'TN-12', 'TN-13', 'TN-14'],
        position: 0,
      });
      const tunisia = await zone({ name: 'Tunisia', countries: ['TN'], position: 1 });
      const europe = await zone({ name: 'Europe', countries: ['FR', 'DE'], position: 2 });
      await method({
        name: name('City courier'),
        zone_ids: [grand.id],
        flat_price: '5.000',
        position: 0,
      });
      await method({
        name: name('Courier'),
        zone_ids: [tunisia.id],
        flat_price: '8.000',
        position: 1,
      });
      await method({
        name: name('Poste'),
        zone_ids: [grand.id, tunisia.id],
        flat_price: '6.000',
        position: 2,
      });
      await method({
        name: name('Europe'),
        zone_ids: [europe.id],
        flat_price: '30.000',
        position: 3,
      });
      await method({
        name: name('Off'),
        zone_ids: [grand.id],
        flat_price: '1.000',
        is_active: false,
      });
      const buyer = guest();
      await fill(buyer, [[await product(20_000), 1]]);
      const names = async (destination: string) =>
        (await quotes(buyer, destination)).map((x) => x.name.en);
      // Tunis: Grand Tunis first, so the Tunisia zone's courier is not offered.
      expect(await names('country=TN&governorate=TN-11')).toEqual(['City courier', 'Poste']);
      expect(await names('country=TN&governorate=TN-61')).toEqual(['Courier', 'Poste']);
      // Without a governorate, only a zone listing none matches.
      expect(await names('country=TN')).toEqual(['Courier', 'Poste']);
      expect(await names('country=de')).toEqual(['Europe']);
      expect(await names('country=IT')).toEqual([]);
      expect(problem(await quotesRes(buyer, 'country=FR&governorate=TN-61'), 422).detail).toContain(
        'A governorate is only for an address in TN',
      );
      const [tunis] = await quotes(buyer, 'country=TN&governorate=TN-11');
      expect(tunis).toEqual({
        id: tunis!.id,
        name: name('City courier'),
        carrier: null,
        price: '5.000',
        price_incl_vat: '5.950',
        cod_fee: '0.000',
        cod_fee_incl_vat: '0.000',
        free_above: null,
        is_free: false,
      });
      // Abroad the quote carries no VAT.
      expect((await quotes(buyer, 'country=DE'))[0]).toMatchObject({
        price: '30.000',
        price_incl_vat: '30.000',
      });
    });

    it('prices weight and subtotal bands at their edges and is free exactly at free_above', async () => {
      const z = await zone({ name: 'Tunisia', countries: ['TN'] });
      await method({
        name: name('By weight'),
        zone_ids: [z.id],
        rate_kind: 'weight',
        flat_price: null,
        bands: [
          { up_to: '2.000', price: '7.000' },
          { up_to: '5.000', price: '12.000' },
        ],
      });
      await method({
        name: name('By subtotal'),
        zone_ids: [z.id],
        rate_kind: 'subtotal',
        flat_price: null,
        bands: [
          { up_to: '100.000', price: '8.000' },
          { up_to: null, price: '3.000' },
        ],
        free_above: '200.000',
        cod_fee: '2.500',
      });
      const priceOf = async (lines: [number, number][]) => {
        const buyer = guest();
        await fill(buyer, lines);
        return Object.fromEntries(
          (await quotes(buyer, 'country=TN')).map((x) => [x.name.en, [x.price, x.is_free]]),
        );
      };
      const half = await product(50_000, 0.5); // 50.000 TND incl. VAT, 0.5 kg
      const light = await product(1, 0.0004); // 1 millime, 0 g once rounded
      // 4 × 0.5 kg = 2.000 kg, 200.000 TND: exactly at both edges.
      expect(await priceOf([[half, 2]])).toEqual({
        'By weight': ['7.000', false],
        'By subtotal': ['8.000', false],
      });
      expect(
        await priceOf([
          [half, 2],
          [light, 1],
        ]),
      ).toEqual({
        'By weight': ['7.000', false],
        'By subtotal': ['3.000', false],
      });
      expect(await priceOf([[half, 4]])).toEqual({
        'By weight': ['7.000', false],
        'By subtotal': ['0.000', true],
      });
      const gram = await product(1, 0.001);
      expect(
        await priceOf([
          [half, 4],
          [gram, 1],
        ]),
      ).toEqual({
        'By weight': ['12.000', false],
        'By subtotal': ['0.000', true],
      });
      // One millime below free_above: charged.
      const bigMinusOne = await product(199_999, null);
      expect(await priceOf([[bigMinusOne, 1]])).toEqual({
        'By subtotal': ['3.000', false],
        'By weight': ['7.000', false],
      });
      // Beyond the last weight band (10 kg > 5 kg): not offered.
      expect(await priceOf([[half, 11]])).toEqual({ 'By subtotal': ['0.000', true] });
    });
  });

  // -------------------------------------------------------------------------------------------
  describe('the cart holds a method', () => {
    it('keeps the choice re-priced, then drops it once with a notice when it cannot ship', async () => {
      const z = await zone({ name: 'Tunisia', countries: ['TN'] });
      const courier = await method({
        zone_ids: [z.id],
        rate_kind: 'weight',
        flat_price: null,
        bands: [{ up_to: '1.000', price: '7.000' }],
      });
      const buyer = guest();
      const item = await product(10_000, 0.4);
      await fill(buyer, [[item, 1]]);
      const chosen = expectStatus<Cart>(
        await choose(buyer, {
          shipping_method_id: courier.id,
          country: 'TN',
          governorate: 'TN-61',
        }),
        200,
        'chooseCartShippingMethod',
      );
      expect(chosen.shipping).toMatchObject({
        country: 'TN',
        governorate: 'TN-61',
        method: { id: courier.id, price: '7.000', price_incl_vat: '8.330' },
      });
      expect(chosen.shipping_notice).toBeNull();
      await patchMethod(courier.id, { bands: [{ up_to: '1.000', price: '9.000' }] });
      expect((await getCart(buyer)).shipping?.method.price).toBe('9.000');
      // 3 × 0.4 kg = 1.2 kg: beyond the only band. The answer to the add is the read that
      // drops the method.
      const added = await addToCart(t.app, buyer, { product_id: item, quantity: 2 });
      const dropped = expectStatus<Cart>(added, 201, 'addCartItem');
      expect(dropped.shipping).toBeNull();
      expect(dropped.shipping_notice).toBe(
        'The shipping method "Courier" no longer takes a cart of this weight; choose another',
      );
      expect((await getCart(buyer)).shipping_notice).toBeNull();
      // Choosing it now is refused with the same reason.
      const refused = await choose(buyer, { shipping_method_id: courier.id, country: 'TN' });
      expect(problem(refused, 409).detail).toBe(
        'The shipping method "Courier" does not take a cart of this weight; choose another',
      );
      const unknown = await choose(buyer, { shipping_method_id: courier.id + 999, country: 'TN' });
      expect(problem(unknown, 404).detail).toBe('Shipping method not found');
      const abroad = await choose(buyer, {
        shipping_method_id: courier.id,
        country: 'FR',
        governorate: 'TN-61',
      });
      expect(problem(abroad, 422).detail).toContain('A governorate is only for an address in TN');
    });

    it('drops a deactivated or deleted method with its notice', async () => {
      const z = await zone({ name: 'Tunisia', countries: ['TN'] });
      const courier = await method({ zone_ids: [z.id] });
      const buyer = guest();
      await fill(buyer, [[await product(10_000), 1]]);
      expect(
        (await choose(buyer, { shipping_method_id: courier.id, country: 'TN' })).statusCode,
      ).toBe(200);
      await patchMethod(courier.id, { is_active: false });
      expect((await getCart(buyer)).shipping_notice).toBe(
        'The shipping method "Courier" is no longer available; choose another',
      );
      await patchMethod(courier.id, { is_active: true });
      expect(
        (await choose(buyer, { shipping_method_id: courier.id, country: 'TN' })).statusCode,
      ).toBe(200);
      // The zone no longer holds the destination.
      await t.app.inject({
        method: 'PATCH',
        url: `${ZONES}${z.id}`,
        headers: admin,
        payload: { countries: ['TN'], governorates: ['TN-11'] },
      });
      expect((await getCart(buyer)).shipping_notice).toBe(
        'The shipping method "Courier" no longer delivers to this address; choose another',
      );
      await t.app.inject({
        method: 'PATCH',
        url: `${ZONES}${z.id}`,
        headers: admin,
        payload: { governorates: [] },
      });
      expect(
        (await choose(buyer, { shipping_method_id: courier.id, country: 'TN' })).statusCode,
      ).toBe(200);
      await t.app.inject({ method: 'DELETE', url: `${METHODS}${courier.id}`, headers: admin });
      const cart = await getCart(buyer);
      expect([cart.shipping, cart.shipping_notice]).toEqual([
        null,
        'Your shipping method is no longer available; choose another',
      ]);
      const removed = await t.app.inject({
        method: 'DELETE',
        url: `/api/v1/cart/shipping-method?${q(buyer)}`,
      });
      expect(expectStatus<Cart>(removed, 200, 'removeCartShippingMethod').shipping).toBeNull();
    });
  });

  // -------------------------------------------------------------------------------------------
  describe('checkout', () => {
    async function courierShop() {
      const z = await zone({ name: 'Tunisia', countries: ['TN', 'DE', 'DZ'] });
      return method({
        name: name('Courier'),
        zone_ids: [z.id],
        flat_price: '8.000',
        free_above: '100.000',
        cod_fee: '2.000',
        carrier: 'Rapid-Poste',
        tracking_url_template: 'https://www.poste.tn/suivi?code={tracking_number}',
      });
    }

    it('charges the method and its COD fee with TN VAT and freezes the method', async () => {
      const courier = await courierShop();
      const buyer = guest();
      await fill(buyer, [[await product(20_000), 1]]);
      const placed = await order(buyer, { shipping_method_id: courier.id, shipping_address: SFAX });
      expect(placed).toMatchObject({
        shipping_amount: '10.000',
        shipping_vat_amount: '1.900',
        shipping_method: {
          id: courier.id,
          name: name('Courier'),
          carrier: 'Rapid-Poste',
          tracking_url_template: 'https://www.poste.tn/suivi?code={tracking_number}',
          price: '8.000',
          cod_fee: '2.000',
        },
      });
      const stored = await t.database.db
        .selectFrom('orders')
        .select(['shipping_address', 'shipping_method_id'])
        .where('id', '=', placed.id)
        .executeTakeFirstOrThrow();
      expect(JSON.parse(stored.shipping_address)).toMatchObject({ governorate: 'TN-61' });
      // By card, no COD fee; the cart's own choice is used when the body names none.
      const card = guest();
      await fill(card, [[await product(20_000), 1]]);
      expect(
        (await choose(card, { shipping_method_id: courier.id, country: 'TN' })).statusCode,
      ).toBe(200);
      const byCard = await order(card, { payment_method: 'card', shipping_address: TUNIS });
      expect([byCard.shipping_amount, byCard.shipping_method?.cod_fee]).toEqual(['8.000', '0.000']);
      // A method deleted later leaves the order's snapshot, its id null.
      await t.app.inject({ method: 'DELETE', url: `${METHODS}${courier.id}`, headers: admin });
      const again = await t.app.inject({
        method: 'GET',
        url: `/api/v1/admin/orders/${placed.id}`,
        headers: admin,
      });
      expect(expectStatus<Order>(again, 200, 'getAdminOrder').shipping_method).toMatchObject({
        id: null,
        price: '8.000',
      });
    });

    it('is free at free_above but for the COD fee; a free-shipping discount waives all', async () => {
      const courier = await courierShop();
      const buyer = guest();
      await fill(buyer, [[await product(100_000), 1]]);
      const free = await order(buyer, { shipping_method_id: courier.id });
      expect([
        free.shipping_amount,
        free.shipping_method?.price,
        free.shipping_method?.cod_fee,
      ]).toEqual(['2.000', '0.000', '2.000']);
      await post('/api/v1/admin/discounts/', {
        name: 'Ship free',
        code: 'SHIPFREE',
        kind: 'free_shipping',
        scope: 'order',
      });
      const waived = guest();
      await fill(waived, [[await product(20_000), 1]]);
      const applied = await t.app.inject({
        method: 'POST',
        url: `/api/v1/cart/discount?${q(waived)}`,
        payload: { code: 'SHIPFREE' },
      });
      expect(applied.statusCode, applied.body).toBe(200);
      const noShipping = await order(waived, { shipping_method_id: courier.id });
      expect([noShipping.shipping_amount, noShipping.shipping_vat_amount]).toEqual([
        '0.000',
        '0.000',
      ]);
      // All of it: the rate and the COD fee.
      expect(noShipping.discount?.shipping_waived).toBe('10.000');
    });

    it('charges no VAT on shipping under the reverse charge or for an export', async () => {
      const courier = await courierShop();
      const business = guest();
      await fill(business, [[await product(20_000), 1]]);
      const reverse = await order(business, {
        shipping_method_id: courier.id,
        payment_method: 'card',
        customer_type: 'professional',
        vat_number: 'DE 123 456 789',
        customer_country_code: 'DE',
        shipping_address: BERLIN,
      });
      expect([
        reverse.vat_reverse_charge,
        reverse.shipping_amount,
        reverse.shipping_vat_amount,
      ]).toEqual([true, '8.000', '0.000']);
      const algeria = guest();
      await fill(algeria, [[await product(20_000), 1]]);
      const exported = await order(algeria, {
        shipping_method_id: courier.id,
        payment_method: 'card',
        customer_country_code: 'DZ',
        shipping_address: shippingAddress({ country: 'DZ', city: 'Alger', postal_code: '16000' }),
      });
      expect([
        exported.vat_treatment,
        exported.shipping_amount,
        exported.shipping_vat_amount,
      ]).toEqual(['export', '8.000', '0.000']);
    });

    it('refuses a method that cannot ship the order, with a detail (409)', async () => {
      const courier = await courierShop();
      const buyer = guest();
      await fill(buyer, [[await product(20_000), 1]]);
      expect(problem(await checkout(t.app, buyer, {}), 409).detail).toBe(
        'Choose a shipping method (shipping_method_id) for this address',
      );
      expect(
        (await choose(buyer, { shipping_method_id: courier.id, country: 'TN' })).statusCode,
      ).toBe(200);
      // Deactivated between the cart and the checkout.
      await patchMethod(courier.id, { is_active: false });
      await method({ name: name('Other'), zone_ids: courier.zone_ids });
      expect(problem(await checkout(t.app, buyer, {}), 409).detail).toBe(
        'The shipping method "Courier" is not available; choose another',
      );
      const france = await checkout(t.app, buyer, {
        shipping_method_id: courier.id,
        shipping_address: shippingAddress({ country: 'FR', city: 'Paris', postal_code: '75001' }),
      });
      expect(problem(france, 409).detail).toBe(
        'The shipping method "Courier" is not available; choose another',
      );
      await patchMethod(courier.id, { is_active: true });
      const france2 = await checkout(t.app, buyer, {
        shipping_method_id: courier.id,
        shipping_address: shippingAddress({ country: 'FR', city: 'Paris', postal_code: '75001' }),
      });
      expect(problem(france2, 409).detail).toBe(
        'The shipping method "Courier" does not deliver to this address; choose another',
      );
      const wrongGovernorate = await checkout(t.app, buyer, {
        shipping_method_id: courier.id,
        shipping_address: shippingAddress({ country: 'FR', governorate: 'TN-61' }),
      });
      expect(problem(wrongGovernorate, 422).detail).toContain(
        'A governorate is only for an address in TN',
      );
      // Nothing was taken: the cart still holds its line.
      expect((await getCart(buyer)).item_count).toBe(1);
      // The cart's method deleted before the checkout (without reading the cart in between).
      const held = guest();
      await fill(held, [[await product(20_000), 1]]);
      expect(
        (await choose(held, { shipping_method_id: courier.id, country: 'TN' })).statusCode,
      ).toBe(200);
      await t.app.inject({ method: 'DELETE', url: `${METHODS}${courier.id}`, headers: admin });
      expect(problem(await checkout(t.app, held, {}), 409).detail).toBe(
        'The shipping method chosen no longer exists; choose another',
      );
    });

    it('keeps the flat rate without methods, or when all are inactive', async () => {
      const buyer = guest();
      await fill(buyer, [[await product(20_000), 1]]);
      const flat = await order(buyer, {});
      expect([flat.shipping_amount, flat.shipping_vat_amount, flat.shipping_method]).toEqual([
        '7.000',
        '1.330',
        null,
      ]);
      const courier = await courierShop();
      await patchMethod(courier.id, { is_active: false });
      const inactive = guest();
      await fill(inactive, [[await product(20_000), 1]]);
      expect(
        problem(await checkout(t.app, inactive, { shipping_method_id: courier.id }), 409).detail,
      ).toBe(
        'This shop has no active shipping method: leave shipping_method_id out (the flat rate applies)',
      );
      const flatAgain = await order(inactive, {});
      expect([flatAgain.shipping_amount, flatAgain.shipping_method]).toEqual(['7.000', null]);
    });
  });
});
