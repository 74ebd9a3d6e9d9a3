// Property (#30, "stamp duty in cart = order = invoice"): for random carts, buyers (in Tunisia as
// an individual or a professional, an export, an EU reverse charge), stamp duties and each
// stamp_duty_applies_to, through the API on both databases:
// - the cart's stamp_duty is the duty a buyer in Tunisia bears (every_invoice only);
// - the order placed bears the duty the rule gives its buyer and address (written again below,
//   not imported from the domain), its own line, in total_amount =
//   subtotal + vat_amount + shipping_amount − discount_amount + stamp_duty_amount;
// - a staff order for the same buyer shows the same duty and total, and completes into an order
//   with them;
// - the invoice of each order copies the order's duty, and its amount_due is the order's
//   total_amount, to the millime.
// assertProperty prints the seed and path of a failure (FC_SEED / FC_PATH / FC_RUNS replay it).
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { useAdmin, useTestApp } from '../../test-support/app';
import type { Schemas } from '../../test-support/contract';
import { testDialects } from '../../test-support/databases';
import { insertSimpleProduct, insertVatRate } from '../../test-support/fixtures';
import { completeShopSettings, resetShopSettings, type Invoice } from '../../test-support/invoices';
import { assertProperty } from '../../test-support/properties';
import {
  addToCart,
  checkout,
  clearShop,
  REVERSE_CHARGE_BUYER,
  shippingAddress,
} from '../../test-support/shop';
import { stockShop } from '../../test-support/stock';
import { fromMillimes, toMillimes } from '../domain/money';
import { enteredPrice } from '../../test-support/entered-price';

const NUM_RUNS = 12;
const SHIPPING = 7_000;

type Cart = Schemas['Cart'];
type DraftOrder = Schemas['DraftOrder'];
type Order = Schemas['Order'];
type Scope = Schemas['StampDutyScope'];

/** Who buys: the same details go to the checkout and to the staff order. */
const BUYERS = {
  tnIndividual: { body: {}, country: 'TN', professional: false },
  tnProfessional: { body: { customer_type: 'professional' }, country: 'TN', professional: true },
  export: { body: {}, country: 'DE', professional: false },
  reverseCharge: { ...REVERSE_CHARGE_BUYER, professional: true },
} as const;
type BuyerName = keyof typeof BUYERS;

/** The rule, as docs/product.md §10.28 states it. */
function expectedStamp(scope: Scope, stamp: number, buyer: BuyerName): number {
  const b = BUYERS[buyer];
  if (b.country !== 'TN' || scope === 'none') return 0;
  return scope === 'every_invoice' || b.professional ? stamp : 0;
}

const runArb = fc.record({
  buyer: fc.constantFrom(...(Object.keys(BUYERS) as BuyerName[])),
  scope: fc.constantFrom<Scope>('every_invoice', 'professional_buyers', 'none'),
  stamp: fc.oneof(fc.constant(1000), fc.integer({ min: 0, max: 9_999 })),
  lines: fc.array(
    fc.record({
      ...enteredPrice(250_000),
      quantity: fc.integer({ min: 1, max: 5 }),
    }),
    { minLength: 1, maxLength: 3 },
  ),
});

const m = (text: string) => toMillimes(text);

describe.each(testDialects)('stamp duty in cart = order = invoice, property (%s)', (dialect) => {
  const t = useTestApp(dialect, { config: { shippingFlatRateMillimes: SHIPPING } });
  const shop = stockShop(t, useAdmin(t, 'super_admin'));
  afterAll(async () => resetShopSettings(t.database.db));

  /** The order confirmed (its VAT number confirmed first under the reverse charge): its invoice. */
  async function invoiceOf(order: Order): Promise<Invoice> {
    if (order.vat_number_review === 'to_confirm') {
      const confirmed = await shop.call(
        'POST',
        `/api/v1/admin/orders/${order.id}/confirm-vat-number`,
      );
      expect(confirmed.statusCode, confirmed.body).toBe(200);
    }
    expect((await shop.status(order.id, 'confirmed')).statusCode).toBe(200);
    const docs = await shop.call('GET', `/api/v1/admin/orders/${order.id}/invoices`);
    expect(docs.statusCode, docs.body).toBe(200);
    const invoices = docs.json<Invoice[]>();
    expect(invoices.map((d) => d.kind)).toEqual(['invoice']);
    return invoices[0]!;
  }

  /** What the order, its invoice and the rule must agree on. */
  function expectStamped(order: Order | DraftOrder, stamp: number) {
    expect(order.stamp_duty_amount).toBe(fromMillimes(stamp));
    expect(m(order.total_amount)).toBe(
      m(order.subtotal) +
        m(order.vat_amount) +
        m(order.shipping_amount) -
        m(order.discount_amount) +
        stamp,
    );
  }

  it('charges the stamp duty its rule gives, as the cart, the staff order and the invoice say', async () => {
    const db = t.database.db;
    await assertProperty(
      fc.asyncProperty(runArb, async (run) => {
        await clearShop(db);
        await completeShopSettings(db, {
          stamp_duty: run.stamp,
          stamp_duty_applies_to: run.scope,
        });
        const rate = await insertVatRate(db, { rate_bp: 1900, country_code: 'TN', is_default: 1 });
        const products: { productId: number; variantId: number }[] = [];
        for (const [i, l] of run.lines.entries()) {
          products.push(
            await insertSimpleProduct(
              db,
              {
                name: `Product ${i}`,
                slug: `product-${i}`,
                base_price: l.price,
                price_includes_vat: l.includesVat ? 1 : 0,
                vat_rate_id: rate.id,
              },
              { price: l.price, stock_quantity: 100 },
            ),
          );
        }
        const buyer = BUYERS[run.buyer];
        const stamp = expectedStamp(run.scope, run.stamp, run.buyer);
        const address = shippingAddress({ country: buyer.country });

        // The cart: the duty of a buyer in Tunisia as the cart is priced for one (an individual).
        const guest = shop.guest();
        for (const [i, l] of run.lines.entries()) {
          const added = await addToCart(t.app, guest, {
            product_id: products[i]!.productId,
            quantity: l.quantity,
          });
          expect(added.statusCode, added.body).toBe(201);
        }
        const cart = await t.app.inject({
          method: 'GET',
          url: `/api/v1/cart?session_id=${guest.session}`,
        });
        expect(cart.statusCode, cart.body).toBe(200);
        const cartStamp = m(cart.json<Cart>().stamp_duty);
        expect(cartStamp).toBe(expectedStamp(run.scope, run.stamp, 'tnIndividual'));

        // The checkout: the buyer's own duty; for the cart's buyer, the cart's.
        const placed = await checkout(t.app, guest, { shipping_address: address, ...buyer.body });
        expect(placed.statusCode, placed.body).toBe(201);
        const order = placed.json<Order>();
        expectStamped(order, stamp);
        if (run.buyer === 'tnIndividual') expect(m(order.stamp_duty_amount)).toBe(cartStamp);

        // The staff order for the same buyer and lines, then completed.
        const draft = await shop.guestDraft(
          run.lines.map((l, i) => ({ variant_id: products[i]!.variantId, quantity: l.quantity })),
          { shipping_address: address, ...buyer.body },
        );
        expectStamped(draft, stamp);
        expect(draft.total_amount).toBe(order.total_amount);
        const completed = await shop.complete(draft.id);
        expect(completed.statusCode, completed.body).toBe(201);
        const staffOrder = completed.json<Order>();
        expectStamped(staffOrder, stamp);
        expect(staffOrder.total_amount).toBe(draft.total_amount);

        // Each invoice copies its order's duty; its amount due is the order's total.
        for (const o of [order, staffOrder]) {
          const invoice = await invoiceOf(o);
          expect(invoice.stamp_duty).toBe(o.stamp_duty_amount);
          expect(invoice.amount_due).toBe(o.total_amount);
          expect(m(invoice.amount_due)).toBe(m(invoice.total_incl_vat) + stamp);
        }
      }),
      { numRuns: NUM_RUNS },
    );
  });
});
