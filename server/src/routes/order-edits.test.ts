// Order edits (editOrder; issue #28): new quantities, removed and added lines, the address and
// the shipping, with the stock differences as movements of kind edit, totals = Σ lines, the
// invoice in force reversed and issued again for the new content, the timeline's entry and the
// audit entry; refusals (409 by status and with returns, 409 short stock, 422s, 404, 403) write
// nothing.
import { describe, expect, it } from 'vitest';
import {
  anyString,
  anyTimestamp,
  expectIssues,
  expectProblem,
  expectStatus,
  matching,
} from '../../test-support/contract';
import { testDialects } from '../../test-support/databases';
import { insertCategory } from '../../test-support/fixtures';
import { useOrderDesk } from '../../test-support/order-desk';
import { expectOrderAddsUp } from '../../test-support/order-totals';
import { ORDER_STATUSES, type Order } from '../../test-support/shop';
import { stockLedgerMismatches } from '../../test-support/stock';
import { HAS_RETURNS, NOT_EDITABLE } from '../services/orders/order-edits';
import { statusRules } from '../../../contract/order-status';

describe.each(testDialects)('order edits (%s)', (dialect) => {
  const { t, shop, inventory, api, place, post, documents, timeline } = useOrderDesk(dialect);
  let names = 0;
  /** A product (price 10.000 incl. VAT) with this stock. */
  const product = async (stock = 50) => {
    const category = await insertCategory(t.database.db);
    return api().product(
      `Scarf ${++names} ${Math.random().toString(36).slice(2, 6)}`,
      { stock_quantity: stock },
      { vatRateId: shop.tn19.id, categoryId: category.id },
    );
  };
  const edit = post('editOrder', '/edit');
  const edited = async (id: number, payload: unknown) =>
    expectStatus<Order>(await edit(id, payload), 200, 'editOrder');
  const expectTotalsOfLines = (o: Order) => expectOrderAddsUp(o, o.items);

  it('changes a quantity, adds a variant, the shipping and the address: stock, totals, documents, timeline, audit', async () => {
    const scarf = await product();
    const belt = await product();
    const placed = await place([{ productId: scarf.productId, quantity: 2 }], 'confirmed');
    const [invoice] = await documents(placed.id);
    const itemId = placed.items[0]!.id;

    const after = await edited(placed.id, {
      lines: [
        { order_item_id: itemId, quantity: 3 },
        { variant_id: belt.variantId, quantity: 1 },
      ],
      shipping_amount: '5.000',
      shipping_address: { ...placed.shipping_address, city: 'Sfax' },
      note: ' Customer called ',
    });
    expect(after.status).toBe('confirmed');
    expect(after.items.map((i) => [i.id === itemId, i.quantity, i.total_price_incl_vat])).toEqual([
      [true, 3, '30.000'],
      [false, 1, '10.000'],
    ]);
    expect(after.shipping_amount).toBe('5.000');
    expect(after.shipping_vat_amount).toBe('0.950');
    expect(after.shipping_address.city).toBe('Sfax');
    expectTotalsOfLines(after);
    // The order keeps its stamp duty (#30): 45.950 of goods and shipping + 1.000.
    expect(after.stamp_duty_amount).toBe('1.000');
    expect(after.total_amount).toBe('46.950');

    // Stock: one more scarf and one belt taken, each a movement of kind edit.
    expect(await api().stockOf(scarf.variantId)).toBe(47);
    expect(await api().stockOf(belt.variantId)).toBe(49);
    const movements = await t.database.db
      .selectFrom('stock_movements')
      .select(['variant_id', 'kind', 'delta', 'reason'])
      .where('order_id', '=', placed.id)
      .where('kind', '=', 'edit')
      .orderBy('id')
      .execute();
    expect(movements).toEqual(
      [
        {
          variant_id: scarf.variantId,
          kind: 'edit',
          delta: -1,
          reason: `Order ${placed.order_number} edited`,
        },
        {
          variant_id: belt.variantId,
          kind: 'edit',
          delta: -1,
          reason: `Order ${placed.order_number} edited`,
        },
      ].sort((a, b) => a.variant_id - b.variant_id),
    );
    expect(await stockLedgerMismatches(t.database.db)).toEqual([]);

    // The invoice reversed whole, and a new one for the new content.
    const docs = await documents(placed.id);
    expect(docs.map((d) => [d.kind, d.credits?.id ?? null])).toEqual([
      ['invoice', null],
      ['credit_note', invoice?.id],
      ['invoice', null],
    ]);
    expect(docs[1]?.amount_due).toBe(invoice?.amount_due);
    expect(docs[2]).toMatchObject({
      lines: [
        { quantity: 3, total_price_incl_vat: '30.000' },
        { quantity: 1, total_price_incl_vat: '10.000' },
      ],
      shipping_amount: '5.000',
      total_incl_vat: '45.950',
      // The edit's credit note took the stamp duty back; the new invoice bears it again.
      stamp_duty: '1.000',
      amount_due: after.total_amount,
    });
    expect(docs[2]?.buyer.address).toContain('Sfax');

    // The timeline lists the changes; the audit log has the entry.
    const events = (await timeline(placed.id)).filter((e) => e.type === 'edit');
    expect(events).toEqual([
      {
        id: matching(/^edit-\d+$/),
        type: 'edit',
        note: 'Customer called',
        changes: [
          {
            change: 'quantity',
            description: placed.items[0]?.product_name,
            sku: placed.items[0]?.product_sku,
            from: '2',
            to: '3',
          },
          {
            change: 'added',
            description: matching(/^Scarf /),
            sku: null, // a simple product's placeholder SKU is no SKU
            from: null,
            to: '1',
          },
          { change: 'address', description: null, sku: null, from: null, to: null },
          { change: 'shipping', description: null, sku: null, from: '7.000', to: '5.000' },
        ],
        created_at: anyTimestamp,
        changed_by: anyString,
      },
    ]);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'entity', 'entity_id', 'changes'])
      .where('entity', '=', 'order')
      .where('entity_id', '=', placed.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.action).toBe('update');
    expect((JSON.parse(audit.changes) as { field: string }[]).map((c) => c.field)).toEqual([
      'lines',
      'shipping_address',
      'shipping_amount',
      'total_amount',
    ]);
  });

  it('removes a line and gives its units back; changes nothing when nothing changes', async () => {
    const scarf = await product();
    const belt = await product();
    const placed = await place(
      [
        { productId: scarf.productId, quantity: 2 },
        { productId: belt.productId, quantity: 1 },
      ],
      'pending',
    );
    const beltItem = placed.items.find((i) => i.quantity === 1)!;
    const after = await edited(placed.id, { lines: [{ order_item_id: beltItem.id, quantity: 1 }] });
    expect(after.items.map((i) => i.id)).toEqual([beltItem.id]);
    expectTotalsOfLines(after);
    expect(await api().stockOf(scarf.variantId)).toBe(50);
    expect(await documents(placed.id)).toEqual([]); // no invoice was in force

    // The same content again: nothing written.
    const edits = () =>
      t.database.db
        .selectFrom('order_edits')
        .select('id')
        .where('order_id', '=', placed.id)
        .execute();
    const before = await edits();
    expect(
      await edited(placed.id, { lines: [{ order_item_id: beltItem.id, quantity: 1 }] }),
    ).toEqual(after);
    expect(await edits()).toEqual(before);
    expect(await stockLedgerMismatches(t.database.db)).toEqual([]);
  });

  it('is allowed exactly in the statuses the table calls editable', async () => {
    const scarf = await product(200);
    for (const status of ORDER_STATUSES) {
      const placed = await place([{ productId: scarf.productId, quantity: 1 }], status);
      const res = await edit(placed.id, { shipping_amount: '6.000' });
      if (statusRules(status).editable) expect(res.statusCode, status).toBe(200);
      else expectProblem(res, 409, NOT_EDITABLE, 'editOrder');
    }
    expect(NOT_EDITABLE).toBe('Only pending, confirmed or processing orders can be edited');
  });

  it('refuses an order with returns, short stock, bad lines, an unknown order and a role without orders:write', async () => {
    const scarf = await product();
    const rare = await product(1);
    const placed = await place([{ productId: scarf.productId, quantity: 2 }], 'confirmed');
    const itemId = placed.items[0]!.id;
    const docsBefore = await documents(placed.id);

    const short = await edit(placed.id, {
      lines: [
        { order_item_id: itemId, quantity: 2 },
        { variant_id: rare.variantId, quantity: 2 },
      ],
    });
    expect(short.statusCode).toBe(409);
    expect(short.json<{ detail: string }>().detail).toMatch(/^Only 1 in stock for Scarf /);
    expectIssues(
      await edit(placed.id, { lines: [{ order_item_id: 999_999, quantity: 1 }] }),
      'editOrder',
      [
        {
          loc: ['body', 'lines', 0, 'order_item_id'],
          msg: 'Item 999999 is not an item of this order',
          type: 'value_error',
        },
      ],
    );
    expectIssues(
      await edit(placed.id, {
        lines: [{ order_item_id: itemId, variant_id: scarf.variantId, quantity: 1 }],
      }),
      'editOrder',
      [
        {
          loc: ['body', 'lines', 0],
          msg: 'Give either order_item_id or variant_id',
          type: 'value_error',
        },
      ],
    );
    expectIssues(
      await edit(placed.id, {
        lines: [
          { order_item_id: itemId, quantity: 1 },
          { variant_id: scarf.variantId, quantity: 1 },
        ],
      }),
      'editOrder',
      [
        {
          loc: ['body', 'lines', 1, 'variant_id'],
          msg: "This variant is already on the order: change its line's quantity",
          type: 'value_error',
        },
      ],
    );
    expect((await edit(placed.id, { lines: [] })).statusCode).toBe(422);
    expectProblem(
      await edit(2_000_000_000, { shipping_amount: '1.000' }),
      404,
      'Order not found',
      'editOrder',
    );
    expect(
      (await edit(placed.id, { shipping_amount: '1.000' }, inventory.headers)).statusCode,
    ).toBe(403);

    // Nothing of those was written.
    expect(await api().stockOf(scarf.variantId)).toBe(48);
    expect(await api().stockOf(rare.variantId)).toBe(1);
    expect(await documents(placed.id)).toEqual(docsBefore);

    // With a return: 409.
    const back = await post('createOrderReturn', '/returns')(placed.id, {
      reason: 'Too long',
      lines: [{ order_item_id: itemId, quantity: 1, restock: true }],
    });
    expect(back.statusCode).toBe(201);
    expectProblem(
      await edit(placed.id, { shipping_amount: '1.000' }),
      409,
      HAS_RETURNS,
      'editOrder',
    );
  });
});
