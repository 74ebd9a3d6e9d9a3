// Shipping to the millime, property (#36 Done when): random methods (flat, weight or subtotal
// bands with random edges, free_above, COD fee), random carts (prices incl. or excl. VAT,
// weights, quantities, a percent code or none), payment methods and destinations: the order's
// shipping is exactly the chosen method's quote for the cart at checkout (price, plus the COD fee
// when paid cash on delivery), its VAT the shop's rate within Tunisia and 0 abroad, and a method
// the cart falls outside of is neither offered nor accepted.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expectStatus, problemDetail, type Schemas } from '../../test-support/contract';
import { useAdmin, useTestApp } from '../../test-support/app';
import { testDialects } from '../../test-support/databases';
import { assertProperty } from '../../test-support/properties';
import { addToCart, checkout, shippingAddress, useShop } from '../../test-support/shop';
import { formatScaled } from '../domain/fixed-point';
import { fromMillimes, toMillimes } from '../domain/money';
import { vatOfNet } from '../domain/vat';
import { enteredPrice } from '../../test-support/entered-price';

type Quote = Schemas['ShippingQuote'];
type Order = Schemas['Order'];
type Method = Schemas['ShippingMethod'];
const m = (amount: string) => toMillimes(amount);

const lineArb = fc.record({
  ...enteredPrice(120_000),
  weightGrams: fc.option(fc.integer({ min: 0, max: 4_000 }), { nil: null }),
  quantity: fc.integer({ min: 1, max: 4 }),
});
const bandsArb = fc
  .uniqueArray(fc.integer({ min: 1, max: 600_000 }), { minLength: 1, maxLength: 4 })
  .chain((edges) =>
    fc.record({
      edges: fc.constant([...edges].sort((a, b) => a - b)),
      prices: fc.array(fc.integer({ min: 0, max: 30_000 }), {
        minLength: edges.length,
        maxLength: edges.length,
      }),
      open: fc.boolean(),
    }),
  );
const caseArb = fc.record({
  kind: fc.constantFrom('flat' as const, 'weight' as const, 'subtotal' as const),
  flatPrice: fc.integer({ min: 0, max: 30_000 }),
  bands: bandsArb,
  freeAbove: fc.option(fc.integer({ min: 1, max: 500_000 }), { nil: null }),
  codFee: fc.option(fc.integer({ min: 0, max: 5_000 }), { nil: null }),
  lines: fc.array(lineArb, { minLength: 1, maxLength: 3 }),
  percentOff: fc.option(fc.integer({ min: 1, max: 50 }), { nil: null }),
  payment: fc.constantFrom('cash_on_delivery' as const, 'card' as const, 'bank_transfer' as const),
  destination: fc.constantFrom(
    { country: 'TN', governorate: 'TN-61' as const },
    { country: 'TN', governorate: null },
    { country: 'FR', governorate: null },
    { country: 'DZ', governorate: null },
  ),
});

describe.each(testDialects)('shipping through checkout, property (%s)', (dialect) => {
  const t = useTestApp(dialect, { config: { shippingFlatRateMillimes: 7_000 } });
  const shop = useShop(t);
  const admin = useAdmin(t, 'admin');
  let seq = 0;

  it("the order's shipping is the chosen method's quote for the cart at checkout", async () => {
    await assertProperty(
      fc.asyncProperty(caseArb, async (c) => {
        const run = ++seq;
        const { db } = t.database;
        await db.deleteFrom('shipping_methods').execute();
        await db.deleteFrom('shipping_zones').execute();
        const post = (url: string, payload: object) =>
          t.app.inject({ method: 'POST', url, headers: admin, payload });
        const zone = expectStatus<{ id: number }>(
          await post('/api/v1/admin/shipping-zones/', {
            name: `Zone ${run}`,
            countries: ['TN', 'FR', 'DZ'],
          }),
          201,
          'createShippingZone',
        );
        // Weight edges in grams travel as kg; subtotal edges in millimes as money.
        const upTo = (edge: number) =>
          c.kind === 'weight' ? formatScaled(BigInt(edge), 3) : fromMillimes(edge);
        const bands = c.bands.edges.map((edge, i) => ({
          up_to: c.bands.open && i === c.bands.edges.length - 1 ? null : upTo(edge),
          price: fromMillimes(c.bands.prices[i]!),
        }));
        const method = expectStatus<Method>(
          await post('/api/v1/admin/shipping-methods/', {
            name: { en: 'Courier', fr: 'Coursier', ar: 'ساعي' },
            zone_ids: [zone.id],
            rate_kind: c.kind,
            flat_price: c.kind === 'flat' ? fromMillimes(c.flatPrice) : null,
            bands: c.kind === 'flat' ? [] : bands,
            free_above: c.freeAbove === null ? null : fromMillimes(c.freeAbove),
            cod_fee: c.codFee === null ? null : fromMillimes(c.codFee),
          }),
          201,
          'createShippingMethod',
        );
        const buyer = `sess_${dialect}_${run}_shipping_property`;
        for (const l of c.lines) {
          const { productId } = await shop.simple(
            { base_price: l.price, price_includes_vat: l.includesVat ? 1 : 0 },
            {
              price: l.price,
              weight: l.weightGrams === null ? null : l.weightGrams / 1000,
              stock_quantity: 100,
            },
          );
          const res = await addToCart(
            t.app,
            { session: buyer },
            { product_id: productId, quantity: l.quantity },
          );
          expect(res.statusCode, res.body).toBe(201);
        }
        if (c.percentOff !== null) {
          const code = `SHIP${run}${dialect.length}`;
          const created = await post('/api/v1/admin/discounts/', {
            name: `Off ${run}`,
            code,
            kind: 'percent',
            percent: c.percentOff,
            scope: 'order',
          });
          expect(created.statusCode, created.body).toBe(201);
          const applied = await t.app.inject({
            method: 'POST',
            url: `/api/v1/cart/discount?session_id=${buyer}`,
            payload: { code },
          });
          expect(applied.statusCode, applied.body).toBe(200);
        }
        const governorate = c.destination.governorate;
        const quotes = expectStatus<Quote[]>(
          await t.app.inject({
            method: 'GET',
            url: `/api/v1/cart/shipping-methods?session_id=${buyer}&country=${c.destination.country}${governorate ? `&governorate=${governorate}` : ''}`,
          }),
          200,
          'listCartShippingMethods',
        );
        const address = shippingAddress({
          country: c.destination.country,
          city: 'Somewhere',
          postal_code: '3000',
          governorate,
        });
        const res = await checkout(
          t.app,
          { session: buyer },
          {
            payment_method: c.payment,
            shipping_method_id: method.id,
            shipping_address: address,
            customer_country_code: c.destination.country,
          },
        );
        const quote = quotes[0];
        if (quote === undefined) {
          // Beyond the bands: not offered, and refused at checkout.
          expect(res.statusCode, res.body).toBe(409);
          expect(problemDetail(res)).toMatch(/^The shipping method "Courier" does not take a cart/);
          return;
        }
        const order = expectStatus<Order>(res, 201, 'createOrder');
        const cod = c.payment === 'cash_on_delivery' ? m(quote.cod_fee) : 0;
        const shipping = m(quote.price) + cod;
        expect(m(order.shipping_amount)).toBe(shipping);
        expect(order.shipping_method).toEqual({
          id: method.id,
          name: { en: 'Courier', fr: 'Coursier', ar: 'ساعي' },
          carrier: null,
          tracking_url_template: null,
          price: quote.price,
          cod_fee: fromMillimes(cod),
        });
        expect(m(order.shipping_vat_amount)).toBe(
          c.destination.country === 'TN' ? vatOfNet(shipping, 1900) : 0,
        );
        // The stamp duty only shipped to Tunisia (#30: every_invoice, 1.000), in the total.
        expect(m(order.stamp_duty_amount)).toBe(c.destination.country === 'TN' ? 1000 : 0);
        expect(m(order.total_amount)).toBe(
          m(order.subtotal) +
            m(order.vat_amount) +
            shipping -
            m(order.discount_amount) +
            m(order.stamp_duty_amount),
        );
      }),
      { numRuns: 25 },
    );
  });
});
