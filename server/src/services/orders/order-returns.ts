// Returns of part of an order (issue #28 part 3): createOrderReturn and listOrderReturns.
//
// Rules (docs/product.md §10.17):
// - Any status that is not credited (contract/order-status.ts) takes a return; a cancelled or
//   refunded order is a 409. Never more of an item than sold minus already returned, nor more
//   shipping than charged minus already credited (422 naming the line or the field).
// - One transaction, the order's row locked first (PostgreSQL `for update`; SQLite has one
//   writer), then the products of the restocked variants (inventory/stock.ts
//   lockProductsOfVariants), as a status change does:
//   1. the return and its lines, each with the amounts it credits, computed cumulatively on the
//      order's line (domain/credit-notes.ts creditedPart), so the returns of a line credit it
//      exactly once all of its units are back;
//   2. a stock movement (kind return, linked to the order and the return) per restocked line,
//      for at most what the order's ledger still holds of that variant less the units already
//      returned as damaged (a variant that tracked no stock at checkout gets nothing: nothing was
//      taken); a damaged unit never comes back to stock;
//   3. when an invoice is in force, a partial credit note of exactly these amounts
//      (billing/invoices.ts issueReturnCreditNote); the invoice stays in force;
//   4. the audit entry; the timeline reads the return itself;
//   5. when every unit of every line is back, the order moves to refunded through the status
//      machinery (orders.ts changeStatusIn), whose effects find nothing left to give back (the
//      ledger holds only damaged units) and credit only what no credit note credited yet;
//   6. the order's balance (order-balance.ts).
// - A preview (dry_run) runs all of it and rolls the transaction back, so the amounts the console
//   shows before confirming are exactly the ones the return then records: one computation.
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context';
import type { AdminUserRow, Database } from '../../db/schema';
import type { Db } from '../../db/database';
import { conflict, HttpProblem, invalid, notFound } from '../../api/problem';
import { money } from '../../api/present';
import type { Schemas } from '../../api/types';
import { toBool } from '../../db/bool';
import { creditedPart, type CreditedLine } from '../../domain/credit-notes';
import { lineDescription } from '../../domain/invoice';
import { toMillimes } from '../../domain/money';
import { issueBy, issueReturnCreditNote, returnedSoFar } from '../billing/invoices';
import { queueCreditNoteEmail } from './order-emails';
import { adjustStock, lockProductsOfVariants } from '../inventory/stock';
import { recordAudit } from '../platform/audit';
import { requiredText } from '../platform/text-input';
import { ORDER_NOT_FOUND, orderItemsOf, requireOrder } from './order-lookup';
import { refreshOrderBalance } from './order-balance';
import { changeStatusIn, damagedUnits, getAdminOrder } from './orders';
import { emitWebhookEvent } from '../webhooks/outbox';
import { statusesWhere, statusRules } from '../../../../contract/order-status';

type OrderReturn = Schemas['OrderReturn'];

/** Thrown at the end of a preview's transaction to roll it back with the return it computed. */
class PreviewRollback extends Error {
  constructor(readonly preview: OrderReturn) {
    super('preview rolled back');
  }
}
type Admin = Pick<AdminUserRow, 'id' | 'username'> | null;
type Trx = Transaction<Database>;

// 'A cancelled or refunded order cannot take a return', from the status table.
export const NOT_RETURNABLE = `A ${statusesWhere('credited')
  .join(', ')
  .replace(/, ([^,]*)$/, ' or $1')} order cannot take a return`;

// ---------------------------------------------------------------------------------------------
// Reading

/** The returns of these orders (or of the ones given by id), oldest first, in three queries. */
async function presentReturns(db: Db, where: { orderId?: number; id?: number }) {
  let query = db
    .selectFrom('order_returns as r')
    .leftJoin('invoices as c', 'c.id', 'r.credit_note_id')
    .leftJoin('admin_users as a', 'a.id', 'r.created_by_admin_id')
    .select([
      'r.id',
      'r.order_id',
      'r.reason',
      'r.shipping_amount',
      'r.shipping_vat_amount',
      'r.subtotal',
      'r.vat_amount',
      'r.total_amount',
      'r.created_at',
      'c.id as credit_note_id',
      'c.number as credit_note_number',
      'a.username',
    ])
    .orderBy('r.id');
  if (where.orderId !== undefined) query = query.where('r.order_id', '=', where.orderId);
  if (where.id !== undefined) query = query.where('r.id', '=', where.id);
  const rows = await query.execute();
  if (rows.length === 0) return [];
  const lines = await db
    .selectFrom('order_return_lines as l')
    .innerJoin('order_items as oi', 'oi.id', 'l.order_item_id')
    .select([
      'l.id',
      'l.return_id',
      'l.order_item_id',
      'l.quantity',
      'l.restock',
      'l.total_price',
      'l.vat_amount',
      'l.total_price_incl_vat',
      'oi.product_name',
      'oi.variant_title',
      'oi.product_sku',
    ])
    .where(
      'l.return_id',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('l.id')
    .execute();
  return rows.map((r): OrderReturn => ({
    id: r.id,
    order_id: r.order_id,
    reason: r.reason,
    lines: lines
      .filter((l) => l.return_id === r.id)
      .map((l) => ({
        id: l.id,
        order_item_id: l.order_item_id,
        product_name: l.product_name,
        variant_title: l.variant_title,
        product_sku: l.product_sku,
        quantity: Number(l.quantity),
        restock: toBool(l.restock),
        total_price: money(l.total_price),
        vat_amount: money(l.vat_amount),
        total_price_incl_vat: money(l.total_price_incl_vat),
      })),
    shipping_amount: money(r.shipping_amount),
    shipping_vat_amount: money(r.shipping_vat_amount),
    subtotal: money(r.subtotal),
    vat_amount: money(r.vat_amount),
    total_amount: money(r.total_amount),
    credit_note:
      r.credit_note_id === null || r.credit_note_number === null
        ? null
        : { id: r.credit_note_id, kind: 'credit_note', number: r.credit_note_number },
    created_by: r.username ?? null,
    created_at: r.created_at,
  }));
}

export async function listOrderReturns(db: Db, orderId: number): Promise<OrderReturn[]> {
  await requireOrder(db, orderId);
  return presentReturns(db, { orderId });
}

// ---------------------------------------------------------------------------------------------
// Creating

type Body = Schemas['OrderReturnCreate'];

/** The body's shipping as millimes (422 on the field when it is not an amount). */
function shippingOf(body: Body): number {
  if (body.shipping_amount === undefined) return 0;
  try {
    return toMillimes(body.shipping_amount);
  } catch {
    throw invalid(['body', 'shipping_amount'], 'Must be an amount with at most 3 decimals');
  }
}

/** The order's row, locked until the transaction ends on PostgreSQL. */
async function lockedOrder(trx: Trx, ctx: AppContext, orderId: number) {
  const query = trx
    .selectFrom('orders')
    .select(['id', 'order_number', 'status', 'shipping_amount', 'shipping_vat_amount'])
    .where('id', '=', orderId);
  const order = await (ctx.dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
  if (!order) throw notFound(ORDER_NOT_FOUND);
  return order;
}

/** What the order's ledger still holds of each variant (−Σ its movements), less damaged units. */
async function givableUnits(trx: Trx, orderId: number): Promise<Map<number, number>> {
  const [held, damaged] = await Promise.all([
    trx
      .selectFrom('stock_movements')
      .select(['variant_id', (eb) => eb.fn.sum<number | string>('delta').as('net')])
      .where('order_id', '=', orderId)
      .where('variant_id', 'is not', null)
      .groupBy('variant_id')
      .execute(),
    damagedUnits(trx, orderId),
  ]);
  return new Map(
    held.map((h) => [
      Number(h.variant_id),
      -Number(h.net) - (damaged.get(Number(h.variant_id)) ?? 0),
    ]),
  );
}

/**
 * Records the return (see the header); with `body.dry_run`, computes it in full and rolls it
 * back, answering what it would have recorded.
 */
export async function createOrderReturn(
  ctx: AppContext,
  orderId: number,
  body: Body,
  admin: Admin,
): Promise<OrderReturn> {
  try {
    return await recordReturn(ctx, orderId, body, admin);
  } catch (err) {
    if (err instanceof PreviewRollback) return err.preview;
    throw err;
  }
}

async function recordReturn(
  ctx: AppContext,
  orderId: number,
  body: Body,
  admin: Admin,
): Promise<OrderReturn> {
  const reason = requiredText(body.reason, 'reason');
  const shipping = shippingOf(body);
  const seen = new Set<number>();
  body.lines.forEach((line, index) => {
    if (seen.has(line.order_item_id)) {
      throw invalid(['body', 'lines', index, 'order_item_id'], 'This item is already listed');
    }
    seen.add(line.order_item_id);
  });
  const now = ctx.now().toISOString();
  return ctx.db.transaction().execute(async (trx) => {
    const order = await lockedOrder(trx, ctx, orderId);
    if (statusRules(order.status).credited) throw conflict(NOT_RETURNABLE);
    const items = await orderItemsOf(trx, orderId);
    const returned = await returnedSoFar(trx, orderId);

    // Each line against what is left of its item; its amounts, cumulatively.
    const lines = body.lines.map((line, index) => {
      const item = items.find((i) => i.id === line.order_item_id);
      if (!item) {
        throw invalid(
          ['body', 'lines', index, 'order_item_id'],
          `Item ${line.order_item_id} is not an item of this order`,
        );
      }
      const sold = Number(item.quantity);
      const prev = returned.items.get(item.id) ?? 0;
      if (line.quantity > sold - prev) {
        throw invalid(
          ['body', 'lines', index, 'quantity'],
          `At most ${sold - prev} of ${lineDescription(item)} can be returned: ` +
            `${sold} sold, ${prev} already returned`,
        );
      }
      // Gross and VAT credited cumulatively, the net their difference (domain/credit-notes.ts).
      const gross = creditedPart(Number(item.total_price_incl_vat), prev, line.quantity, sold);
      const vat = creditedPart(Number(item.vat_amount), prev, line.quantity, sold);
      return { line, item, net: gross - vat, vat };
    });
    const shippingCharged = Number(order.shipping_amount);
    if (shipping > shippingCharged - returned.shipping) {
      throw invalid(
        ['body', 'shipping_amount'],
        `At most ${money(shippingCharged - returned.shipping)} of shipping can be credited: ` +
          `${money(shippingCharged)} charged, ${money(returned.shipping)} already credited`,
      );
    }
    const shippingVat = creditedPart(
      Number(order.shipping_vat_amount),
      returned.shipping,
      shipping,
      shippingCharged,
    );
    const subtotal = lines.reduce((s, l) => s + l.net, 0);
    const vatAmount = lines.reduce((s, l) => s + l.vat, 0) + shippingVat;

    const created = await trx
      .insertInto('order_returns')
      .values({
        order_id: orderId,
        reason,
        shipping_amount: shipping,
        shipping_vat_amount: shippingVat,
        subtotal,
        vat_amount: vatAmount,
        total_amount: subtotal + shipping + vatAmount,
        credit_note_id: null,
        invoice_id: null,
        created_by_admin_id: admin?.id ?? null,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const returnId = created.id;
    await trx
      .insertInto('order_return_lines')
      .values(
        lines.map(({ line, net, vat }) => ({
          return_id: returnId,
          order_item_id: line.order_item_id,
          quantity: line.quantity,
          restock: line.restock ? 1 : 0,
          total_price: net,
          vat_amount: vat,
          total_price_incl_vat: net + vat,
        })),
      )
      .execute();

    await restock(trx, ctx, order, returnId, lines, admin, now);

    const credited: CreditedLine[] = lines.map(({ line, item, net, vat }) => ({
      description: lineDescription(item),
      sku: item.product_sku,
      quantity: line.quantity,
      unit_price: Number(item.unit_price),
      vat_rate_bp: Number(item.vat_rate_bp),
      total_price: net,
      vat_amount: vat,
    }));
    const credit = await issueReturnCreditNote(
      trx,
      orderId,
      {
        lines: credited,
        extras: {
          shipping_amount: shipping,
          shipping_vat_amount: shippingVat,
          discount_amount: 0,
          stamp_duty: 0,
        },
      },
      issueBy(ctx, admin, new Date(now)),
    );
    if (credit) {
      await trx
        .updateTable('order_returns')
        .set({ credit_note_id: credit.note.id, invoice_id: credit.invoiceId })
        .where('id', '=', returnId)
        .execute();
      await queueCreditNoteEmail(trx, orderId, credit.note.id, now);
    }

    const [presented] = await presentReturns(trx, { id: returnId });
    if (!presented) throw new Error('unreachable: the return was just written');
    await recordAudit(trx, admin, {
      action: 'create',
      entity: 'order_return',
      entity_id: returnId,
      label: order.order_number,
      after: {
        order_id: orderId,
        reason,
        lines: presented.lines.map((l) => ({
          order_item_id: l.order_item_id,
          quantity: l.quantity,
          restock: l.restock,
        })),
        shipping_amount: presented.shipping_amount,
        total_amount: presented.total_amount,
        credit_note: presented.credit_note?.number ?? null,
      },
    });

    // Every unit back: the order is refunded, through the status machinery.
    const allBack = items.every(
      (i) => (returned.items.get(i.id) ?? 0) + lineQuantity(body, i.id) >= Number(i.quantity),
    );
    if (allBack) {
      await changeStatusIn(trx, ctx, orderId, 'refunded', { admin, note: reason, now });
    }
    await refreshOrderBalance(trx, orderId);
    // A preview rolls back below, and its event with it (the outbox is in this transaction).
    await emitWebhookEvent(trx, 'order.returned', new Date(now), () => getAdminOrder(trx, orderId));
    if (body.dry_run === true) throw new PreviewRollback(presented);
    return presented;
  });
}

const lineQuantity = (body: Body, itemId: number) =>
  body.lines.find((l) => l.order_item_id === itemId)?.quantity ?? 0;

/** The restocked lines back to stock (see the header, step 2). */
async function restock(
  trx: Trx,
  ctx: AppContext,
  order: { id: number; order_number: string },
  returnId: number,
  lines: { line: Body['lines'][number]; item: { variant_id: number | null } }[],
  admin: Admin,
  now: string,
): Promise<void> {
  const back = lines.filter(
    (l): l is typeof l & { item: { variant_id: number } } =>
      l.line.restock && l.item.variant_id !== null,
  );
  if (back.length === 0) return;
  await lockProductsOfVariants(
    trx,
    ctx.dialect,
    back.map((l) => l.item.variant_id),
  );
  // Damaged units of this very return count already (its lines are written).
  const givable = await givableUnits(trx, order.id);
  for (const { line, item } of [...back].sort((a, b) => a.item.variant_id - b.item.variant_id)) {
    const units = Math.min(line.quantity, givable.get(item.variant_id) ?? 0);
    if (units <= 0) continue;
    givable.set(item.variant_id, (givable.get(item.variant_id) ?? 0) - units);
    try {
      await adjustStock(
        trx,
        item.variant_id,
        units,
        {
          kind: 'return',
          orderId: order.id,
          orderNumber: order.order_number,
          returnId,
          adminUserId: admin?.id ?? null,
          now,
        },
        // Taken while tracked: it comes back even if the variant stopped tracking since.
        { evenUntracked: true },
      );
    } catch (err) {
      // Deleted meanwhile: nothing to give back to.
      if (!(err instanceof HttpProblem && err.statusCode === 404)) throw err;
    }
  }
}
