// Property: a staff order is priced exactly as the checkout prices the same cart for the same
// buyer, and completing it keeps stock = Σ movements. For random catalogues (prices entered
// with or without VAT, 19 %, 7 % or 0 %) and random buyers (a Tunisian guest, an export, an EU
// professional under the reverse charge), a draft of random lines is read (priced now), the
// same lines are checked out by a guest cart with the same buyer details, and the draft is then
// completed:
// - the draft's lines and totals equal the checkout order's items and totals, to the millime,
//   and so do the completed order's;
// - the completion is refused (409 naming the line, nothing written) exactly when a line asks
//   for more than the stock the checkout left, and the draft is then still there;
// - after every step each variant's stock is the sum of its movements (products made through
//   the API, so their initial stock is a movement).
// Driven through the API on both databases; assertProperty prints the seed and path of a
// failure, FC_SEED / FC_PATH / FC_RUNS replay it (server/test-support/properties.ts).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useAdmin, useTestApp } from '../../test-support/app';
import type { Schemas } from '../../test-support/contract';
import { testDialects } from '../../test-support/databases';
import { insertCategory, insertVatRate } from '../../test-support/fixtures';
import { assertProperty } from '../../test-support/properties';
import {
  addToCart,
  checkout,
  clearShop,
  REVERSE_CHARGE_BUYER,
  shippingAddress,
} from '../../test-support/shop';
import { stockLedgerMismatches, stockShop } from '../../test-support/stock';
import { enteredPrice } from '../../test-support/entered-price';

const NUM_RUNS = 25;
const SHIPPING = 7_000;

type DraftOrder = Schemas['DraftOrder'];
type Order = Schemas['Order'];

const RATES_BP = [1900, 700, 0] as const;

/** Who buys: the same details go to the draft and to the checkout. */
const BUYERS = {
  domestic: { body: {}, country: 'TN' },
  export: { body: {}, country: 'DE' },
  reverseCharge: REVERSE_CHARGE_BUYER,
} as const;

const productArb = fc.record({
  ...enteredPrice(250_000),
  rate: fc.constantFrom(0, 1, 2),
  stock: fc.integer({ min: 0, max: 12 }),
  backorder: fc.boolean(),
});

const runArb = fc.record({
  products: fc.array(productArb, { minLength: 1, maxLength: 4 }),
  buyer: fc.constantFrom(...(Object.keys(BUYERS) as (keyof typeof BUYERS)[])),
  lines: fc.uniqueArray(
    fc.record({ product: fc.nat({ max: 3 }), quantity: fc.integer({ min: 1, max: 6 }) }),
    { minLength: 1, maxLength: 4, selector: (l) => l.product },
  ),
});

/** What must be equal between a draft line and an order item. */
const lineAmounts = (l: {
  variant_id: number | null;
  quantity: number;
  unit_price: string | null;
  unit_price_incl_vat: string | null;
  vat_rate: number | null;
  vat_amount: string | null;
  total_price: string | null;
  total_price_incl_vat: string | null;
}) => ({
  variant_id: l.variant_id,
  quantity: l.quantity,
  unit_price: l.unit_price,
  unit_price_incl_vat: l.unit_price_incl_vat,
  vat_rate: l.vat_rate,
  vat_amount: l.vat_amount,
  total_price: l.total_price,
  total_price_incl_vat: l.total_price_incl_vat,
});

/** What must be equal between a draft and an order. */
const orderAmounts = (o: DraftOrder | Order) => ({
  customer_email: o.customer_email,
  customer_type: o.customer_type,
  customer_country_code: o.customer_country_code,
  vat_number: o.vat_number,
  vat_treatment: o.vat_treatment,
  subtotal: o.subtotal,
  vat_amount: o.vat_amount,
  shipping_amount: o.shipping_amount,
  discount_amount: o.discount_amount,
  stamp_duty_amount: o.stamp_duty_amount,
  total_amount: o.total_amount,
});

describe.each(testDialects)('staff orders price as the checkout, property (%s)', (dialect) => {
  const t = useTestApp(dialect, { config: { shippingFlatRateMillimes: SHIPPING } });
  const shop = stockShop(t, useAdmin(t, 'super_admin'));

  it('prices drafts as the checkout, completes them as it does, and keeps the ledger', async () => {
    const db = t.database.db;
    await assertProperty(
      fc.asyncProperty(runArb, async (run) => {
        await clearShop(db);
        const rateIds: number[] = [];
        for (const [i, bp] of RATES_BP.entries()) {
          rateIds.push(
            (
              await insertVatRate(db, {
                rate_bp: bp,
                country_code: 'TN',
                is_default: i === 0 ? 1 : 0,
              })
            ).id,
          );
        }
        const categoryId = (await insertCategory(db, { name: 'All', slug: 'all' })).id;
        const products: { productId: number; variantId: number; backorder: boolean }[] = [];
        for (const [i, p] of run.products.entries()) {
          const res = await shop.call('POST', '/api/v1/admin/products/', {
            name: `Product ${i}`,
            slug: `product-${i}`,
            description: 'A product',
            category_id: categoryId,
            base_price: (p.price / 1000).toFixed(3),
            price_includes_vat: p.includesVat,
            vat_rate_id: rateIds[p.rate],
            inventory: { stock_quantity: p.stock, allow_backorder: p.backorder },
          });
          expect(res.statusCode, res.body).toBe(201);
          const productId = res.json<{ id: number }>().id;
          const variant = await db
            .selectFrom('variants')
            .select('id')
            .where('product_id', '=', productId)
            .executeTakeFirstOrThrow();
          products.push({ productId, variantId: variant.id, backorder: p.backorder });
        }
        const lines = run.lines
          .filter((l) => l.product < products.length)
          .map((l) => ({ ...l, p: products[l.product] as (typeof products)[number] }));
        fc.pre(lines.length > 0);
        const buyer = BUYERS[run.buyer];
        const address = shippingAddress({ country: buyer.country, email: 'Buyer@Example.com' });

        // The draft, priced now.
        const draft = await shop.guestDraft(
          lines.map((l) => ({ variant_id: l.p.variantId, quantity: l.quantity })),
          { shipping_address: address, ...buyer.body },
        );

        // The same cart, checked out by a guest with the same details.
        const guest = shop.guest();
        const stockBefore = new Map<number, number>();
        for (const l of lines) stockBefore.set(l.p.variantId, await shop.stockOf(l.p.variantId));
        const shortAtCheckout = lines.some(
          (l) => !l.p.backorder && l.quantity > (stockBefore.get(l.p.variantId) ?? 0),
        );
        let cartAccepted = true;
        for (const l of lines) {
          const added = await addToCart(t.app, guest, {
            product_id: l.p.productId,
            quantity: l.quantity,
          });
          // The cart refuses more than the stock (409), as the checkout would.
          expect(added.statusCode, added.body).toBe(
            !l.p.backorder && l.quantity > (stockBefore.get(l.p.variantId) ?? 0) ? 409 : 201,
          );
          cartAccepted &&= added.statusCode === 201;
        }
        if (!cartAccepted) {
          expect(shortAtCheckout).toBe(true);
        } else {
          const placed = await checkout(t.app, guest, { shipping_address: address, ...buyer.body });
          expect(placed.statusCode, placed.body).toBe(201);
          const order = placed.json<Order>();
          const byVariant = [...draft.lines].sort((a, b) => a.variant_id - b.variant_id);
          expect(byVariant.map(lineAmounts)).toEqual(order.items.map(lineAmounts));
          expect(orderAmounts(draft)).toEqual(orderAmounts(order));
        }
        expect(await stockLedgerMismatches(db)).toEqual([]);

        // Completion: refused exactly when a line asks for more than is left.
        const left = new Map<number, number>();
        for (const l of lines) left.set(l.p.variantId, await shop.stockOf(l.p.variantId));
        const short = [...lines]
          .sort((a, b) => a.p.variantId - b.p.variantId)
          .find((l) => !l.p.backorder && l.quantity > (left.get(l.p.variantId) ?? 0));
        const completed = await shop.complete(draft.id);
        if (short) {
          expect(completed.statusCode, completed.body).toBe(409);
          expect(completed.json()).toEqual({
            detail: `Only ${Math.max(0, left.get(short.p.variantId) ?? 0)} in stock for Product ${short.product}`,
          });
          for (const l of lines) {
            expect(await shop.stockOf(l.p.variantId)).toBe(left.get(l.p.variantId));
          }
          const still = await shop.call('GET', `/api/v1/admin/draft-orders/${draft.id}`);
          expect(still.statusCode).toBe(200);
        } else {
          expect(completed.statusCode, completed.body).toBe(201);
          const order = completed.json<Order>();
          const byVariant = [...draft.lines].sort((a, b) => a.variant_id - b.variant_id);
          expect(
            [...order.items]
              .sort((a, b) => (a.variant_id ?? 0) - (b.variant_id ?? 0))
              .map(lineAmounts),
          ).toEqual(byVariant.map(lineAmounts));
          expect(orderAmounts(order)).toEqual(orderAmounts(draft));
          for (const l of lines) {
            expect(await shop.stockOf(l.p.variantId)).toBe(
              (left.get(l.p.variantId) ?? 0) - l.quantity,
            );
          }
        }
        expect(await stockLedgerMismatches(db)).toEqual([]);
      }),
      { numRuns: NUM_RUNS },
    );
  });
});
