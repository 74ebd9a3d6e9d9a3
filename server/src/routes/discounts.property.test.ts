// Discounts to the millime through the whole order desk, property (#29 Done when): random lines
// (prices incl. or excl. VAT, rates 0, 7 and 19 %), a random percent or fixed amount code on the
// whole order or on some products; through the cart, the checkout, the invoice, returns of
// random units and the refund of what is left: Σ line discounts = the discount, the lines
// reconcile to the order and to what the cart showed, and the credit notes credit the invoice
// exactly, each taxing what it credits.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expectStatus, type Schemas } from '../../test-support/contract';
import { testDialects } from '../../test-support/databases';
import { insertVatRate } from '../../test-support/fixtures';
import { creditedByColumn, type Invoice } from '../../test-support/invoices';
import { useOrderDesk } from '../../test-support/order-desk';
import { expectOrderAddsUp } from '../../test-support/order-totals';
import { assertProperty, discountValueArb } from '../../test-support/properties';
import { addToCart, checkout, type Order } from '../../test-support/shop';
import { toMillimes } from '../domain/money';
import { enteredPrice } from '../../test-support/entered-price';

type Cart = Schemas['Cart'];
const m = (amount: string) => toMillimes(amount);

const lineArb = fc.record({
  ...enteredPrice(300_000),
  rate: fc.constantFrom(0, 700, 1900),
  quantity: fc.integer({ min: 1, max: 5 }),
  inScope: fc.boolean(),
});
const valueArb = discountValueArb(500_000);
const caseArb = fc.record({
  lines: fc.array(lineArb, { minLength: 1, maxLength: 4 }),
  value: valueArb,
  scopeProducts: fc.boolean(),
  // Units returned first (per line, at most its quantity), the rest refunded after.
  returned: fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 4, maxLength: 4 }),
});

describe.each(testDialects)('discounts through the order desk, property (%s)', (dialect) => {
  const desk = useOrderDesk(dialect);
  const { t, shop, admin, documents, getOrder, post } = desk;
  let seq = 0;

  it('Σ line discounts = the discount; lines, order, invoice and credit notes reconcile', async () => {
    const rates = new Map<number, number>();
    await assertProperty(
      fc.asyncProperty(caseArb, async (c) => {
        const run = ++seq;
        for (const bp of [0, 700]) {
          if (!rates.has(bp) || run === 1) {
            rates.set(bp, (await insertVatRate(t.database.db, { rate_bp: bp })).id);
          }
        }
        const rateId = (bp: number) => (bp === 1900 ? shop.tn19.id : rates.get(bp)!);
        const products = [];
        for (const l of c.lines) {
          products.push(
            await shop.simple(
              {
                base_price: l.price,
                price_includes_vat: l.includesVat ? 1 : 0,
                vat_rate_id: rateId(l.rate),
              },
              { stock_quantity: 50 },
            ),
          );
        }
        const scoped = products.filter((_, i) => c.lines[i]!.inScope);
        const useProducts = c.scopeProducts && scoped.length > 0;
        const code = `P${run}X${dialect.length}`;
        const created = await t.app.inject({
          method: 'POST',
          url: '/api/v1/admin/discounts/',
          headers: admin.headers,
          payload: {
            name: `Property ${run}`,
            code,
            kind: c.value.kind,
            ...(c.value.kind === 'percent'
              ? { percent: c.value.percentBp / 100 }
              : { amount: (c.value.amount / 1000).toFixed(3) }),
            scope: useProducts ? 'products' : 'order',
            ...(useProducts ? { product_ids: scoped.map((p) => p.productId) } : {}),
          },
        });
        expect(created.statusCode, created.body).toBe(201);

        const buyer = { session: `sess_${dialect}_${run}_discount_property` };
        for (const [i, p] of products.entries()) {
          const res = await addToCart(t.app, buyer, {
            product_id: p.productId,
            quantity: c.lines[i]!.quantity,
          });
          expect(res.statusCode, res.body).toBe(201);
        }
        const applied = await t.app.inject({
          method: 'POST',
          url: `/api/v1/cart/discount?session_id=${buyer.session}`,
          payload: { code },
        });
        // A fixed amount or a percent can round to nothing only on lines that sum to 0: never
        // here (prices ≥ 1), so the code applies.
        const cart = expectStatus<Cart>(applied, 200, 'applyCartDiscount');
        const shares = cart.items.reduce((s, i) => s + m(i.line_discount), 0);
        expect(shares).toBe(m(cart.discount!.amount));
        const shownBefore = cart.items.reduce((s, i) => s + m(i.line_total_incl_vat!), 0);
        expect(m(cart.total_incl_vat)).toBe(shownBefore - shares);

        const placed = expectStatus<Order>(await checkout(t.app, buyer), 201, 'createOrder');
        expectOrderAddsUp(placed, placed.items);
        expect(m(placed.discount_amount)).toBe(
          placed.items.reduce((s, i) => s + m(i.discount_amount), 0),
        );
        // Shown = charged: the order's lines cost what the cart showed after the discount.
        expect(placed.items.reduce((s, i) => s + m(i.total_price_incl_vat), 0)).toBe(
          m(cart.total_incl_vat),
        );

        expect((await desk.api().status(placed.id, 'delivered')).statusCode).toBe(200);
        const [invoice] = await documents(placed.id);
        // The invoice charges what the order charges, its stamp duty included (#30).
        expect(invoice!.stamp_duty).toBe(placed.stamp_duty_amount);
        expect(m(invoice!.amount_due)).toBe(m(placed.total_amount));
        const returns = placed.items
          .map((item, i) => ({
            order_item_id: item.id,
            quantity: Math.min(c.returned[i] ?? 0, item.quantity),
            restock: true,
          }))
          .filter((l) => l.quantity > 0);
        const returnItems = post('createOrderReturn', '/returns');
        if (returns.length > 0) {
          const res = await returnItems(placed.id, {
            reason: 'Property',
            lines: returns,
            shipping_amount: '0.000',
          });
          expect(res.statusCode, res.body).toBe(201);
        }
        const refunded = await t.app.inject({
          method: 'PATCH',
          url: `/api/v1/admin/orders/${placed.id}/status`,
          headers: admin.headers,
          payload: { status: 'refunded' },
        });
        expect(refunded.statusCode, refunded.body).toBe(200);
        expect((await getOrder(placed.id)).status).toBe('refunded');
        const docs = await documents(placed.id);
        const notes = docs.filter((d) => d.kind === 'credit_note');
        for (const { column, whole, credited } of creditedByColumn(
          docs.find((d) => d.kind === 'invoice') as Invoice,
          notes,
        )) {
          expect(credited, column).toBe(whole);
        }
        for (const note of notes) {
          const taxable = note.vat_breakdown.reduce((s, b) => s + m(b.taxable_amount), 0);
          expect(taxable).toBe(m(note.total_excl_vat));
        }
      }),
      { numRuns: 12 },
    );
  }, 240_000);
});
