// The preview of a return (createOrderReturn with dry_run; issue #28): the amounts the console
// shows before a return is confirmed. A preview answers 200 with exactly the return the same
// request then records (amounts, lines, credit note number), refuses what the real request
// refuses in the same words, and changes nothing: no return, stock movement, document, status,
// balance or audit entry.
import { describe, expect, it } from 'vitest';
import { expectIssues, expectProblem, expectStatus, matching } from '../../test-support/contract';
import { testDialects } from '../../test-support/databases';
import { insertCategory, rowCount } from '../../test-support/fixtures';
import { useOrderDesk } from '../../test-support/order-desk';
import type { Order } from '../../test-support/shop';
import { stockLedgerMismatches } from '../../test-support/stock';
import { NOT_RETURNABLE } from '../services/orders/order-returns';
import type { Schemas } from '../api/types';
import type { Database } from '../db/schema';

type OrderReturn = Schemas['OrderReturn'];

describe.each(testDialects)('order return previews (%s)', (dialect) => {
  const { t, shop, api, place, post, documents, getOrder, timeline, returnsOf } =
    useOrderDesk(dialect);

  /** An order of two products (3 and 2 units of 10.000 incl. VAT), moved to `status`. */
  const order = async (status?: Order['status']) => {
    const category = await insertCategory(t.database.db);
    const made = [];
    for (const name of ['Linen shirt', 'Wool scarf']) {
      made.push(
        await api().product(
          `${name} ${Math.random().toString(36).slice(2, 8)}`,
          { stock_quantity: 50 },
          { vatRateId: shop.tn19.id, categoryId: category.id },
        ),
      );
    }
    const placed = await place(
      [
        { productId: made[0]?.productId ?? 0, quantity: 3 },
        { productId: made[1]?.productId ?? 0, quantity: 2 },
      ],
      status,
    );
    return { placed, variants: made.map((p) => p.variantId) };
  };
  const returnItems = post('createOrderReturn', '/returns');

  /** Everything a return could change, as the API and the tables show it. */
  const state = async (orderId: number, variants: number[]) => {
    const db = t.database.db;
    const count = (table: keyof Database) => rowCount(db, table);
    return {
      order: await getOrder(orderId),
      documents: await documents(orderId),
      returns: await returnsOf(orderId),
      timeline: await timeline(orderId),
      stock: await Promise.all(variants.map((v) => api().stockOf(v))),
      counters: await db
        .selectFrom('document_counters')
        .selectAll()
        .orderBy('kind')
        .orderBy('year')
        .execute(),
      rows: {
        order_returns: await count('order_returns'),
        order_return_lines: await count('order_return_lines'),
        stock_movements: await count('stock_movements'),
        audit_log: await count('audit_log'),
        invoices: await count('invoices'),
      },
    };
  };

  /** A return without what only the recording gives it (ids, time, author). */
  const amountsOf = (r: OrderReturn) => ({
    ...r,
    id: 0,
    created_at: '',
    credit_note: r.credit_note && { kind: r.credit_note.kind, number: r.credit_note.number },
    lines: r.lines.map((l) => ({ ...l, id: 0 })),
  });

  it('answers the return it would record, changes nothing, and the real call then records exactly that', async () => {
    const { placed, variants } = await order('confirmed');
    const [first, second] = placed.items;
    const body = {
      reason: 'Wrong size',
      lines: [
        { order_item_id: first?.id, quantity: 1, restock: true },
        { order_item_id: second?.id, quantity: 1, restock: false },
      ],
      shipping_amount: '2.500',
    };
    const before = await state(placed.id, variants);

    const preview = expectStatus<OrderReturn>(
      await returnItems(placed.id, { ...body, dry_run: true }),
      200,
      'createOrderReturn',
    );
    // One unit of each line, 10.000 incl. VAT: VAT round(4.790 / 3) = 1.597 of the first,
    // round(3.193 / 2) = 1.597 of the second; shipping 2.500 of 7.000, its VAT
    // round(1.330 × 2.5 / 7) = 0.475.
    expect(preview).toMatchObject({
      order_id: placed.id,
      reason: 'Wrong size',
      lines: [
        { quantity: 1, restock: true, total_price_incl_vat: '10.000', vat_amount: '1.597' },
        { quantity: 1, restock: false, total_price_incl_vat: '10.000', vat_amount: '1.597' },
      ],
      shipping_amount: '2.500',
      shipping_vat_amount: '0.475',
      vat_amount: '3.669',
      total_amount: '22.975',
      credit_note: { kind: 'credit_note', number: matching(/^CN-/) },
    });
    expect(await state(placed.id, variants)).toEqual(before);
    expect(await stockLedgerMismatches(t.database.db)).toEqual([]);

    const recorded = expectStatus<OrderReturn>(
      await returnItems(placed.id, body),
      201,
      'createOrderReturn',
    );
    expect(amountsOf(recorded)).toEqual(amountsOf(preview));
    expect((await documents(placed.id)).at(-1)?.number).toBe(preview.credit_note?.number);
    expect((await state(placed.id, variants)).stock).toEqual([
      (before.stock[0] ?? 0) + 1,
      before.stock[1],
    ]);
  });

  it('previews the return that refunds the order without refunding it', async () => {
    const { placed, variants } = await order('processing');
    const body = {
      reason: 'Refused at the door',
      lines: placed.items.map((i) => ({
        order_item_id: i.id,
        quantity: i.quantity,
        restock: true,
      })),
      shipping_amount: '7.000',
    };
    const before = await state(placed.id, variants);
    const preview = expectStatus<OrderReturn>(
      await returnItems(placed.id, { ...body, dry_run: true }),
      200,
      'createOrderReturn',
    );
    // Everything back credits the invoice's lines and shipping (its stamp duty is no return's).
    expect(preview.total_amount).toBe(before.documents[0]?.total_incl_vat);
    const after = await state(placed.id, variants);
    expect(after).toEqual(before);
    expect(after.order.status).toBe('processing');

    const recorded = expectStatus<OrderReturn>(
      await returnItems(placed.id, body),
      201,
      'createOrderReturn',
    );
    expect(amountsOf(recorded)).toEqual(amountsOf(preview));
    expect((await getOrder(placed.id)).status).toBe('refunded');
  });

  it('previews a return with no credit note when no invoice is in force', async () => {
    const { placed } = await order();
    const preview = expectStatus<OrderReturn>(
      await returnItems(placed.id, {
        reason: 'Changed mind',
        lines: [{ order_item_id: placed.items[0]?.id, quantity: 2, restock: true }],
        dry_run: true,
      }),
      200,
      'createOrderReturn',
    );
    expect(preview).toMatchObject({ total_amount: '20.000', credit_note: null });
    expect(await returnsOf(placed.id)).toEqual([]);
  });

  it('refuses what the real request refuses, in the same words', async () => {
    const { placed } = await order('confirmed');
    const item = placed.items[0];
    expectIssues(
      await returnItems(placed.id, {
        reason: 'Again',
        lines: [{ order_item_id: item?.id, quantity: 4, restock: true }],
        dry_run: true,
      }),
      'createOrderReturn',
      [
        {
          loc: ['body', 'lines', 0, 'quantity'],
          msg: `At most 3 of ${item?.product_name} can be returned: 3 sold, 0 already returned`,
          type: 'value_error',
        },
      ],
    );
    expect((await api().cancel(placed.id)).statusCode).toBe(200);
    expectProblem(
      await returnItems(placed.id, {
        reason: 'Late',
        lines: [{ order_item_id: item?.id, quantity: 1, restock: true }],
        dry_run: true,
      }),
      409,
      NOT_RETURNABLE,
      'createOrderReturn',
    );
  });
});
