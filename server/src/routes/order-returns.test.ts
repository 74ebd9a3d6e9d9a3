// Returns of part of an order (createOrderReturn, listOrderReturns; issue #28): what a return
// credits (cumulatively, so the credit notes of an invoice sum to it), the stock it gives back
// (restocked units only, never a damaged one), the invoice that stays in force, the order that
// becomes refunded once every unit is back, and what a later cancellation or reopening does
// with what is left. Refusals: 422 naming the line, 409 on a credited order, 404, 403.
import { describe, expect, it } from 'vitest';
import {
  anyNumber,
  anyString,
  anyTimestamp,
  expectIssues,
  expectProblem,
  expectStatus,
  matching,
} from '../../test-support/contract';
import { testDialects } from '../../test-support/databases';
import { insertCategory } from '../../test-support/fixtures';
import { creditedByColumn, type Invoice } from '../../test-support/invoices';
import { useOrderDesk } from '../../test-support/order-desk';
import { expectMovedTo, type Order } from '../../test-support/shop';
import { stockLedgerMismatches } from '../../test-support/stock';
import { toMillimes } from '../domain/money';
import { ALREADY_INVOICED } from '../services/billing/invoices';
import { NOT_RETURNABLE } from '../services/orders/order-returns';
import type { Schemas } from '../api/types';

type OrderReturn = Schemas['OrderReturn'];

describe.each(testDialects)('order returns (%s)', (dialect) => {
  const {
    t,
    shop,
    support,
    inventory,
    api,
    place,
    post,
    documents,
    getOrder,
    timeline,
    returnsOf,
  } = useOrderDesk(dialect);
  let variantId = 0;
  /** An order of `quantity` units of a product (price 10.000 incl. VAT, 50 in stock). */
  const order = async (quantity: number, status?: Order['status']): Promise<Order> => {
    const category = await insertCategory(t.database.db);
    const product = await api().product(
      `Linen shirt ${Math.random().toString(36).slice(2, 8)}`,
      { stock_quantity: 50 },
      { vatRateId: shop.tn19.id, categoryId: category.id },
    );
    variantId = product.variantId;
    return place([{ productId: product.productId, quantity }], status);
  };
  const returnItems = post('createOrderReturn', '/returns');
  const created = async (id: number, payload: unknown) =>
    expectStatus<OrderReturn>(await returnItems(id, payload), 201, 'createOrderReturn');
  const line = (o: Order, quantity: number, restock = true) => ({
    order_item_id: o.items[0]?.id,
    quantity,
    restock,
  });
  const sum = (values: string[]) => values.reduce((s, v) => s + toMillimes(v), 0);
  /** The kinds of an order's documents: its invoice, then `notes` credit notes. */
  const invoiceAndCreditNotes = (notes: number) => [
    'invoice',
    ...Array.from({ length: notes }, () => 'credit_note'),
  ];

  it('takes back one unit of three: the return, the stock, a partial credit note, the invoice still in force', async () => {
    const placed = await order(3, 'confirmed');
    const item = placed.items[0];
    const [invoice] = await documents(placed.id);
    expect(item).toMatchObject({ quantity: 3, total_price: '25.210', vat_amount: '4.790' });

    const back = await created(placed.id, {
      reason: '  Wrong size  ',
      lines: [line(placed, 1)],
      shipping_amount: '2.5',
    });
    // 30.000 / 3 = 10.000 and round(4.790 / 3) = 1.597 of VAT, so 8.403 net; shipping 2.500 of
    // 7.000: its VAT round(1.330 × 2.5 / 7) = 0.475.
    expect(back).toEqual({
      id: anyNumber,
      order_id: placed.id,
      reason: 'Wrong size',
      lines: [
        {
          id: anyNumber,
          order_item_id: item?.id,
          product_name: item?.product_name,
          variant_title: item?.variant_title,
          product_sku: item?.product_sku,
          quantity: 1,
          restock: true,
          total_price: '8.403',
          vat_amount: '1.597',
          total_price_incl_vat: '10.000',
        },
      ],
      shipping_amount: '2.500',
      shipping_vat_amount: '0.475',
      subtotal: '8.403',
      vat_amount: '2.072',
      total_amount: '12.975',
      credit_note: { id: anyNumber, kind: 'credit_note', number: matching(/^CN-/) },
      created_by: anyString,
      created_at: anyTimestamp,
    });

    // The stock: one unit back, a movement of kind return linked to the order and the return.
    expect(await api().stockOf(variantId)).toBe(48);
    const movement = await t.database.db
      .selectFrom('stock_movements')
      .select(['kind', 'delta', 'order_id', 'return_id', 'reason'])
      .where('variant_id', '=', variantId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(movement).toEqual({
      kind: 'return',
      delta: 1,
      order_id: placed.id,
      return_id: back.id,
      reason: `Order ${placed.order_number} return`,
    });
    expect(await stockLedgerMismatches(t.database.db)).toEqual([]);

    // The credit note: exactly the return's amounts, of the invoice, which stays in force.
    const docs = await documents(placed.id);
    expect(docs.map((d) => d.kind)).toEqual(invoiceAndCreditNotes(1));
    expect(docs[1]).toMatchObject({
      credits: { id: invoice?.id, kind: 'invoice', number: invoice?.number },
      lines: [
        {
          quantity: 1,
          unit_price: item?.unit_price,
          total_price: '8.403',
          vat_amount: '1.597',
          total_price_incl_vat: '10.000',
        },
      ],
      vat_breakdown: [{ vat_rate: 19, taxable_amount: '10.903', vat_amount: '2.072' }],
      shipping_amount: '2.500',
      shipping_vat_amount: '0.475',
      discount_amount: '0.000',
      total_excl_vat: '10.903',
      total_vat: '2.072',
      total_incl_vat: '12.975',
      stamp_duty: '0.000',
      amount_due: '12.975',
    });
    expectProblem(
      await t.request('issueInvoice', {
        method: 'POST',
        url: `/api/v1/admin/orders/${placed.id}/invoices`,
        headers: support.headers,
      }),
      409,
      ALREADY_INVOICED,
      'issueInvoice',
    );

    // The order shows what came back, and lists its return.
    const now = await getOrder(placed.id);
    expect(now.status).toBe('confirmed');
    expect(now.items.map((i) => [i.quantity, i.returned_quantity])).toEqual([[3, 1]]);
    expect(await returnsOf(placed.id)).toEqual([back]);

    // The timeline and the audit log say so.
    const events = await timeline(placed.id);
    expect(events.filter((e) => e.type === 'return')).toEqual([
      {
        id: `return-${back.id}`,
        type: 'return',
        return_id: back.id,
        reason: 'Wrong size',
        quantity: 1,
        total_amount: '12.975',
        created_at: back.created_at,
        changed_by: back.created_by,
      },
    ]);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'entity', 'entity_id', 'label'])
      .where('entity', '=', 'order_return')
      .execute();
    expect(audit).toEqual([
      { action: 'create', entity: 'order_return', entity_id: back.id, label: placed.order_number },
    ]);
  });

  it('credits the lines cumulatively: three returns of one unit sum to the invoice, and the last one refunds the order', async () => {
    const placed = await order(3, 'confirmed');
    const [invoice] = await documents(placed.id);
    const first = await created(placed.id, { reason: 'Too big', lines: [line(placed, 1)] });
    const second = await created(placed.id, { reason: 'Too big', lines: [line(placed, 1, false)] });
    const third = await created(placed.id, { reason: 'Too big', lines: [line(placed, 1)] });
    // VAT round(4.790 × k / 3) for k = 1, 2, 3: 1.597, 3.193, 4.790, each return the
    // difference; every unit credits its 10.000, the net being the rest.
    expect(
      [first, second, third].map((r) => [
        r.lines[0]?.total_price,
        r.vat_amount,
        r.lines[0]?.total_price_incl_vat,
      ]),
    ).toEqual([
      ['8.403', '1.597', '10.000'],
      ['8.404', '1.596', '10.000'],
      ['8.403', '1.597', '10.000'],
    ]);

    // Every unit is back: refunded, through the status machinery (a history entry, and the
    // credit note of what is left: the shipping and the stamp duty; no stock to give back).
    const now = await getOrder(placed.id);
    expectMovedTo(now, 'refunded', 'confirmed', 'Too big');
    const docs = await documents(placed.id);
    expect(docs.map((d) => d.kind)).toEqual(invoiceAndCreditNotes(4));
    const remainder = docs[4];
    expect(remainder).toMatchObject({
      credits: { id: invoice?.id },
      lines: [],
      shipping_amount: '7.000',
      shipping_vat_amount: '1.330',
      stamp_duty: '1.000',
      amount_due: '9.330',
    });
    // The credit notes of the invoice sum to it, column by column.
    expect(invoice).toBeDefined();
    for (const { column, whole, credited } of creditedByColumn(invoice as Invoice, docs.slice(1))) {
      expect(credited, column).toBe(whole);
    }
    // Two units restocked, the damaged one not; the refund gave nothing back twice.
    expect(await api().stockOf(variantId)).toBe(49);
    expect(await stockLedgerMismatches(t.database.db)).toEqual([]);
  });

  it('leaves a later cancellation and reopening only what the order still holds', async () => {
    const placed = await order(4, 'processing');
    const [invoice] = await documents(placed.id);
    await created(placed.id, { reason: 'Damaged in transit', lines: [line(placed, 1, false)] });
    await created(placed.id, { reason: 'Changed mind', lines: [line(placed, 1)] });
    expect(await api().stockOf(variantId)).toBe(47);

    // Cancelled: two units come back (4 sold, 1 restocked already, 1 damaged), and the credit
    // note credits only what the two partial ones left.
    expect((await api().cancel(placed.id)).statusCode).toBe(200);
    expect(await api().stockOf(variantId)).toBe(49);
    const docs = await documents(placed.id);
    expect(docs.map((d) => d.kind)).toEqual(invoiceAndCreditNotes(3));
    expect(docs[3]?.lines.map((l) => [l.quantity, l.total_price_incl_vat])).toEqual([
      [2, '20.000'],
    ]);
    expect(sum(docs.slice(1).map((d) => d.amount_due))).toBe(toMillimes(invoice?.amount_due ?? ''));

    // Reopened: two units are taken again, and the new invoice is for those two.
    expect((await api().status(placed.id, 'confirmed')).statusCode).toBe(200);
    expect(await api().stockOf(variantId)).toBe(47);
    const reissued = (await documents(placed.id)).at(-1);
    expect(reissued).toMatchObject({
      kind: 'invoice',
      lines: [{ quantity: 2, total_price_incl_vat: '20.000' }],
      shipping_amount: '7.000',
    });
    expect(await stockLedgerMismatches(t.database.db)).toEqual([]);

    // And the rest comes back later against that invoice: the order is refunded.
    await created(placed.id, { reason: 'Returned', lines: [line(placed, 2)] });
    expect((await getOrder(placed.id)).status).toBe('refunded');
    expect(await api().stockOf(variantId)).toBe(49);
    expect(await stockLedgerMismatches(t.database.db)).toEqual([]);
  });

  it('credits nothing when no invoice is in force, and invoices later only what is left', async () => {
    const placed = await order(2);
    const back = await created(placed.id, {
      reason: 'Refused at the door',
      lines: [line(placed, 1)],
    });
    expect(back.credit_note).toBeNull();
    expect(await documents(placed.id)).toEqual([]);
    expect((await api().status(placed.id, 'confirmed')).statusCode).toBe(200);
    const [invoice] = await documents(placed.id);
    expect(invoice?.lines.map((l) => [l.quantity, l.total_price_incl_vat])).toEqual([
      [1, '10.000'],
    ]);
  });

  it('refuses more than sold minus returned, unknown or repeated items, a blank reason and too much shipping', async () => {
    const placed = await order(2, 'confirmed');
    const itemId = placed.items[0]?.id;
    await created(placed.id, { reason: 'Stained', lines: [line(placed, 1)] });
    const refused = async (payload: unknown, issues: unknown) =>
      expectIssues(await returnItems(placed.id, payload), 'createOrderReturn', issues);
    await refused({ reason: 'Again', lines: [line(placed, 2)] }, [
      {
        loc: ['body', 'lines', 0, 'quantity'],
        msg: `At most 1 of ${placed.items[0]?.product_name} can be returned: 2 sold, 1 already returned`,
        type: 'value_error',
      },
    ]);
    await refused(
      { reason: 'Again', lines: [{ order_item_id: 999_999, quantity: 1, restock: true }] },
      [
        {
          loc: ['body', 'lines', 0, 'order_item_id'],
          msg: 'Item 999999 is not an item of this order',
          type: 'value_error',
        },
      ],
    );
    await refused(
      {
        reason: 'Again',
        lines: [
          { order_item_id: itemId, quantity: 1, restock: true },
          { order_item_id: itemId, quantity: 1, restock: false },
        ],
      },
      [
        {
          loc: ['body', 'lines', 1, 'order_item_id'],
          msg: 'This item is already listed',
          type: 'value_error',
        },
      ],
    );
    await refused({ reason: '   ', lines: [line(placed, 1)] }, [
      { loc: ['body', 'reason'], msg: 'Must not be blank', type: 'value_error' },
    ]);
    await refused({ reason: 'Shipping', lines: [line(placed, 1)], shipping_amount: '7.001' }, [
      {
        loc: ['body', 'shipping_amount'],
        msg: 'At most 7.000 of shipping can be credited: 7.000 charged, 0.000 already credited',
        type: 'value_error',
      },
    ]);
    // The contract's own bounds.
    expect((await returnItems(placed.id, { reason: 'x', lines: [] })).statusCode).toBe(422);
    expect(
      (await returnItems(placed.id, { reason: 'x', lines: [line(placed, 0)] })).statusCode,
    ).toBe(422);
    // Nothing of the refused ones was written.
    expect((await getOrder(placed.id)).items[0]?.returned_quantity).toBe(1);
    expect((await documents(placed.id)).length).toBe(2);
    expect(await api().stockOf(variantId)).toBe(49);
  });

  it('refuses a cancelled order (409), an unknown one (404) and a role without orders:write (403)', async () => {
    const placed = await order(1);
    expect((await api().cancel(placed.id)).statusCode).toBe(200);
    expectProblem(
      await returnItems(placed.id, { reason: 'Late', lines: [line(placed, 1)] }),
      409,
      NOT_RETURNABLE,
      'createOrderReturn',
    );
    expect(NOT_RETURNABLE).toBe('A cancelled or refunded order cannot take a return');
    expectProblem(
      await returnItems(2_000_000_000, { reason: 'Late', lines: [line(placed, 1)] }),
      404,
      'Order not found',
      'createOrderReturn',
    );
    const other = await order(1);
    expect(
      (await returnItems(other.id, { reason: 'Late', lines: [line(other, 1)] }, inventory.headers))
        .statusCode,
    ).toBe(403);
    expect((await getOrder(other.id)).items[0]?.returned_quantity).toBe(0);
  });
});
