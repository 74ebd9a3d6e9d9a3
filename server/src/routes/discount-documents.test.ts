// A discounted order's documents (#29): the invoice shows each line's discount and taxes each
// rate on the discounted amounts; returns and credit notes credit each line's discounted amounts
// in proportion to the units, so returning everything credits exactly the invoice.
import { describe, expect, it } from 'vitest';
import { expectStatus } from '../../test-support/contract';
import { testDialects } from '../../test-support/databases';
import { creditedByColumn, pdfText, type Invoice } from '../../test-support/invoices';
import { useOrderDesk } from '../../test-support/order-desk';
import { expectOrderAddsUp } from '../../test-support/order-totals';
import { addToCart, checkout, type Order } from '../../test-support/shop';
import { toMillimes } from '../domain/money';

const m = (amount: string) => toMillimes(amount);

describe.each(testDialects)('documents of a discounted order (%s)', (dialect) => {
  const desk = useOrderDesk(dialect);
  const { t, shop, admin, documents, getOrder, post } = desk;
  let seq = 0;

  /** A guest's order of 3 × 11.900 (incl. 19 %) and 1 × 10.001 (excl. 19 %) with 10 % off. */
  async function discountedOrder(): Promise<Order> {
    const a = await shop.simple({ base_price: 11_900 });
    const b = await shop.simple({ base_price: 10_001, price_includes_vat: 0 });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/discounts/',
      headers: admin.headers,
      payload: {
        name: 'Ten off',
        code: `TEN${++seq}`,
        kind: 'percent',
        percent: 10,
        scope: 'order',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const buyer = { session: `sess_${dialect}_${seq}_docs` };
    for (const [product_id, quantity] of [
      [a.productId, 3],
      [b.productId, 1],
    ]) {
      expect((await addToCart(t.app, buyer, { product_id, quantity })).statusCode).toBe(201);
    }
    const applied = await t.app.inject({
      method: 'POST',
      url: `/api/v1/cart/discount?session_id=${buyer.session}`,
      payload: { code: `ten${seq}` },
    });
    expect(applied.statusCode, applied.body).toBe(200);
    const res = await checkout(t.app, buyer);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Order>();
  }

  it('invoices each line with its discount and taxes the discounted amounts', async () => {
    const placed = await discountedOrder();
    expect((await desk.api().status(placed.id, 'confirmed')).statusCode).toBe(200);
    const order = await getOrder(placed.id);
    expectOrderAddsUp(order, order.items);
    const [invoice] = await documents(placed.id);
    expect(
      invoice!.lines.map((l) => [
        l.total_price,
        l.discount_amount,
        l.vat_amount,
        l.total_price_incl_vat,
      ]),
    ).toEqual([
      // 35.700 shown less its share 3.570: 32.130 incl. 19 %, i.e. 27.000 + 5.130.
      ['30.000', '3.000', '5.130', '32.130'],
      // 11.901 shown less 1.190: 10.711 incl. 19 %, i.e. 9.001 + 1.710.
      ['10.001', '1.000', '1.710', '10.711'],
    ]);
    expect(invoice).toMatchObject({
      discount_amount: '4.000',
      // The lines' nets after their discount, then the shipping, each at 19 %.
      vat_breakdown: [{ vat_rate: 19, taxable_amount: '43.001', vat_amount: '8.170' }],
      total_excl_vat: '43.001',
      total_vat: '8.170',
      total_incl_vat: '51.171',
    });
    // The invoice charges what the order charges, its stamp duty included (#30).
    expect(invoice!.stamp_duty).toBe(order.stamp_duty_amount);
    expect(m(invoice!.amount_due)).toBe(m(order.total_amount));
    const pdf = await pdfText(
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/admin/invoices/${invoice!.id}/pdf`,
        headers: admin.headers,
      }),
    );
    expect(pdf).toContain('Discount -3.000');
    expect(pdf).toContain('Discount -1.000');
  });

  it('credits returned units at their discounted amounts; all of them credit the invoice exactly', async () => {
    const placed = await discountedOrder();
    expect((await desk.api().status(placed.id, 'delivered')).statusCode).toBe(200);
    const returnItems = post('createOrderReturn', '/returns');
    const [first, second] = placed.items;
    const firstReturn = await returnItems(placed.id, {
      reason: 'Changed their mind',
      lines: [{ order_item_id: first!.id, quantity: 1, restock: true }],
      shipping_amount: '0.000',
    });
    expect(firstReturn.statusCode, firstReturn.body).toBe(201);
    const back = expectStatus<{ total_amount: string; lines: { total_price_incl_vat: string }[] }>(
      firstReturn,
      201,
      'createOrderReturn',
    );
    // One unit of three of a line charged 32.130: 10.710.
    expect(back.lines[0]!.total_price_incl_vat).toBe('10.710');
    // The rest, then: the last two units, the other line and the shipping.
    expectStatus(
      await returnItems(placed.id, {
        reason: 'Changed their mind',
        lines: [
          { order_item_id: first!.id, quantity: 2, restock: true },
          { order_item_id: second!.id, quantity: 1, restock: true },
        ],
        shipping_amount: '7.000',
      }),
      201,
      'createOrderReturn',
    );
    const docs = await documents(placed.id);
    const invoice = docs.find((d) => d.kind === 'invoice') as Invoice;
    const notes = docs.filter((d) => d.kind === 'credit_note');
    // The two returns' notes (and the refund's of what is left, nothing here).
    expect(notes.length).toBeGreaterThanOrEqual(2);
    for (const { whole, credited } of creditedByColumn(invoice, notes)) {
      expect(credited).toBe(whole);
    }
  });

  it('cancelling after a partial return credits exactly the rest of the invoice', async () => {
    const placed = await discountedOrder();
    expect((await desk.api().status(placed.id, 'confirmed')).statusCode).toBe(200);
    const returnItems = post('createOrderReturn', '/returns');
    expectStatus(
      await returnItems(placed.id, {
        reason: 'Changed their mind',
        lines: [{ order_item_id: placed.items[0]!.id, quantity: 1, restock: true }],
        shipping_amount: '0.000',
      }),
      201,
      'createOrderReturn',
    );
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${placed.id}/cancel`,
      headers: admin.headers,
      payload: {},
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const docs = await documents(placed.id);
    const invoice = docs.find((d) => d.kind === 'invoice') as Invoice;
    const notes = docs.filter((d) => d.kind === 'credit_note');
    for (const { whole, credited } of creditedByColumn(invoice, notes)) {
      expect(credited).toBe(whole);
    }
    // Each note taxes what it credits at the discounted amounts: its breakdown adds up to it.
    for (const note of notes) {
      const taxable = note.vat_breakdown.reduce((s, b) => s + m(b.taxable_amount), 0);
      expect(taxable).toBe(m(note.total_excl_vat));
    }
  });

  it("refuses to edit a discounted order's lines (its address may change)", async () => {
    const placed = await discountedOrder();
    const edit = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/admin/orders/${placed.id}/edit`,
        headers: admin.headers,
        payload,
      });
    const refused = await edit({
      lines: placed.items.map((i) => ({ order_item_id: i.id, quantity: 1 })),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      detail:
        'The lines and shipping of an order with a discount cannot be edited; cancel it and place it again',
    });
    expect((await getOrder(placed.id)).total_amount).toBe(placed.total_amount);
    const moved = await edit({
      shipping_address: { ...placed.shipping_address, city: 'Sfax' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
  });
});
