// The server agrees with the one status table (contract/order-status.ts, issue #27): for every
// pair of statuses, what the real API does on the move (stock movements, invoice or credit note
// issued) is the table's effect; the cancel call answers 409 exactly where the table says the
// status is not cancellable; shipments, invoices on demand and the dashboard's earned revenue
// follow the table's rows; and the database's CHECK constraint on orders.status lists exactly the
// table's statuses.
import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  mayBeInvoiced,
  mayBeShipped,
  ORDER_STATUSES,
  statusRules,
  transitionEffects,
  type DocumentEffect,
  type OrderStatus,
  type StockEffect,
} from '../../../contract/order-status';
import { useAdminAccount, useTestApp } from '../../test-support/app';
import { testDialects } from '../../test-support/databases';
import { completeShopSettings } from '../../test-support/invoices';
import { NOT_CANCELLABLE, placeOrder, useShop } from '../../test-support/shop';

const ORDERS = '/api/v1/admin/orders';

/** The statuses a CHECK constraint's text allows: the quoted words after `status in (` / ANY. */
const quotedWords = (text: string) => [...text.matchAll(/'([a-z_]+)'/g)].map((m) => m[1]);

describe.each(testDialects)('the order status table (%s)', (dialect) => {
  const t = useTestApp(dialect);
  const admin = useAdminAccount(t, 'super_admin');
  const shop = useShop(t);
  let seq = 0;
  let variantId = 0;
  let productId = 0;

  beforeEach(async () => {
    await completeShopSettings(t.database.db);
    const product = await shop.simple({ name: 'Status' }, { sku: 'ST-1', stock_quantity: 1000 });
    productId = product.productId;
    variantId = product.variantId;
  });

  const db = () => t.database.db;
  const order = async () => {
    seq += 1;
    return placeOrder(t.app, { session: `sess_status_${dialect}_${seq}` }, [
      { productId, quantity: 2 },
    ]);
  };
  const setStatus = async (id: number, status: OrderStatus) => {
    const res = await t.request('updateOrderStatus', {
      method: 'PATCH',
      url: `${ORDERS}/${id}/status`,
      headers: admin.headers,
      payload: { status },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  /** The order's stock movements (net delta, count) and documents (kinds, oldest first). */
  const recordsOf = async (orderId: number) => {
    const [movements, documents] = await Promise.all([
      db().selectFrom('stock_movements').select('delta').where('order_id', '=', orderId).execute(),
      db()
        .selectFrom('invoices')
        .select('kind')
        .where('order_id', '=', orderId)
        .orderBy('id')
        .execute(),
    ]);
    return {
      movements: movements.map((m) => Number(m.delta)),
      documents: documents.map((d) => d.kind),
    };
  };
  /** An order moved to `status`: through confirmed, so that it has an invoice to credit. */
  const orderIn = async (status: OrderStatus) => {
    const placed = await order();
    if (status !== placed.status) {
      if (status !== 'confirmed') await setStatus(placed.id, 'confirmed');
      await setStatus(placed.id, status);
    }
    return placed;
  };

  /** The held stock and the dashboard's earned revenue follow the table's rows for every order. */
  async function expectStockAndRevenueByTable() {
    const rows = await db().selectFrom('orders').select(['status', 'total_amount']).execute();
    const held = rows.filter((r) => statusRules(r.status).holdsStock).length * 2;
    const stockNow = await db()
      .selectFrom('variants')
      .select('stock_quantity')
      .where('id', '=', variantId)
      .executeTakeFirstOrThrow();
    expect(Number(stockNow.stock_quantity)).toBe(1000 - held);
    // The product was inserted with its 1000 units (no movement): the ledger holds the rest.
    const ledger = await db()
      .selectFrom('stock_movements')
      .select((eb) => eb.fn.sum<number | string>('delta').as('sum'))
      .where('variant_id', '=', variantId)
      .executeTakeFirstOrThrow();
    expect(Number(ledger.sum ?? 0)).toBe(-held);

    const stats = await t.request('getDashboardStats', {
      method: 'GET',
      url: '/api/v1/admin/stats/',
      headers: admin.headers,
    });
    const earned = rows
      .filter((r) => !statusRules(r.status).credited)
      .reduce((sum, r) => sum + Number(r.total_amount), 0);
    const figures = stats.json<{ revenue_excluding_cancelled_refunded: string }>();
    expect(Math.round(Number(figures.revenue_excluding_cancelled_refunded) * 1000)).toBe(earned);
  }

  /**
   * A walk from pending that takes every (from, to) pair once, the same status again included:
   * an Euler circuit of the complete graph of statuses (every status has as many ways in as out),
   * so one order covers all 49 moves.
   */
  function everyMoveOnce(): [OrderStatus, OrderStatus][] {
    const unused = new Map(ORDER_STATUSES.map((s) => [s, [...ORDER_STATUSES]]));
    const stack: OrderStatus[] = ['pending'];
    const circuit: OrderStatus[] = [];
    while (stack.length > 0) {
      const at = stack[stack.length - 1]!;
      const next = unused.get(at)!.shift();
      if (next === undefined) circuit.push(stack.pop()!);
      else stack.push(next);
    }
    circuit.reverse();
    return circuit.slice(1).map((to, i) => [circuit[i]!, to]);
  }

  it('moves every status to every status with the effects the table derives', async () => {
    const moves = everyMoveOnce();
    expect(new Set(moves.map(([from, to]) => `${from} → ${to}`)).size).toBe(49);
    const placed = await order();
    const seen: string[] = [];
    const expected: string[] = [];
    let before = await recordsOf(placed.id);
    for (const [from, to] of moves) {
      await setStatus(placed.id, to);
      const after = await recordsOf(placed.id);

      const moved = after.movements.slice(before.movements.length);
      const net = moved.reduce((sum, delta) => sum + delta, 0);
      const stock: StockEffect = net > 0 ? 'give_back' : net < 0 ? 'take' : 'none';
      const issued = after.documents.slice(before.documents.length);
      const document: DocumentEffect = issued[0] ?? 'none';
      // A movement that nets to nothing, or two documents, would be a bug the names above hide.
      expect(moved.length === 0 || net !== 0, `${from} → ${to}: ${moved.join(', ')}`).toBe(true);
      expect(issued.length, `${from} → ${to}: ${issued.join(', ')}`).toBeLessThanOrEqual(1);
      seen.push(`${from} → ${to}: stock ${stock}, document ${document}`);

      const effects = transitionEffects(from, to);
      // The document effect happens when there is something to issue: an invoice when none is
      // in force, a credit note when one is.
      const inForce = before.documents.at(-1) === 'invoice';
      const due =
        (effects.document === 'invoice' && !inForce) ||
        (effects.document === 'credit_note' && inForce);
      expected.push(
        `${from} → ${to}: stock ${effects.stock}, document ${due ? effects.document : 'none'}`,
      );
      before = after;
    }
    expect(seen).toEqual(expected);
    // Both document effects and both stock effects were seen, so the comparison is not vacuous.
    const all = seen.join('\n');
    for (const effect of [
      'stock give_back',
      'stock take',
      'document invoice',
      'document credit_note',
    ])
      expect(all).toContain(effect);
    await expectStockAndRevenueByTable();
  });

  it('cancels, ships and invoices on demand exactly where the table allows', async () => {
    for (const status of ORDER_STATUSES) {
      const placed = await orderIn(status);
      const before = await recordsOf(placed.id);

      const shipment = await t.request('setOrderShipment', {
        method: 'PUT',
        url: `${ORDERS}/${placed.id}/shipment`,
        headers: admin.headers,
        payload: { carrier: 'Aramex', tracking_number: 'AR 1' },
      });
      expect(shipment.statusCode, `${status}: ${shipment.body}`).toBe(
        mayBeShipped(status) ? 200 : 409,
      );

      // Orders that may be invoiced have one in force (through confirmed), except pending.
      const invoice = await t.request('issueInvoice', {
        method: 'POST',
        url: `${ORDERS}/${placed.id}/invoices`,
        headers: admin.headers,
      });
      const inForce = before.documents.at(-1) === 'invoice';
      expect(invoice.statusCode, `${status}: ${invoice.body}`).toBe(
        mayBeInvoiced(status) && !inForce ? 201 : 409,
      );
      if (!mayBeInvoiced(status))
        expect(invoice.json<{ detail: string }>().detail).toBe(
          'A cancelled or refunded order cannot be invoiced',
        );

      const beforeCancel = await recordsOf(placed.id);
      const cancel = await t.request('cancelOrder', {
        method: 'POST',
        url: `${ORDERS}/${placed.id}/cancel`,
        headers: admin.headers,
      });
      const afterCancel = await recordsOf(placed.id);
      if (statusRules(status).cancellable) {
        expect(cancel.statusCode, `${status}: ${cancel.body}`).toBe(200);
        // The cancel call has the effects of a move to cancelled: stock back, invoice credited.
        expect(transitionEffects(status, 'cancelled')).toEqual({
          stock: 'give_back',
          document: 'credit_note',
        });
        expect(afterCancel.movements.slice(beforeCancel.movements.length)).toEqual([2]);
        expect(afterCancel.documents.slice(beforeCancel.documents.length)).toEqual(['credit_note']);
      } else {
        expect(cancel.statusCode, `${status}: ${cancel.body}`).toBe(409);
        expect(cancel.json<{ detail: string }>().detail).toBe(NOT_CANCELLABLE);
        expect(afterCancel).toEqual(beforeCancel);
      }
    }
    await expectStockAndRevenueByTable();
  });

  it("has the database's CHECK constraint on orders.status list exactly the table's statuses", async () => {
    let allowed: (string | undefined)[];
    if (dialect === 'sqlite') {
      const { rows } = await sql<{ sql: string }>`select sql from sqlite_master
        where type = 'table' and name = 'orders'`.execute(db());
      const create = rows[0]?.sql ?? '';
      const check = /check\s*\(\s*"?status"?\s+in\s*\(([^)]*)\)/i.exec(create);
      expect(check, create).not.toBeNull();
      allowed = quotedWords(check?.[1] ?? '');
    } else {
      const { rows } = await sql<{ def: string }>`select pg_get_constraintdef(c.oid) as def
        from pg_constraint c
        join pg_class r on r.oid = c.conrelid
        join pg_namespace n on n.oid = r.relnamespace
        where c.contype = 'c' and r.relname = 'orders' and n.nspname = current_schema()`.execute(
        db(),
      );
      const defs = rows.map((r) => r.def).filter((def) => /\bstatus\b/.test(def));
      expect(defs, rows.map((r) => r.def).join('\n')).toHaveLength(1);
      allowed = quotedWords(defs[0] ?? '');
    }
    expect([...allowed].sort()).toEqual([...ORDER_STATUSES].sort());
    // And the database refuses a status outside the table.
    const placed = await order();
    await expect(
      db()
        .updateTable('orders')
        .set({ status: 'lost' as OrderStatus })
        .where('id', '=', placed.id)
        .execute(),
    ).rejects.toThrow(/check/i);
  });
});
