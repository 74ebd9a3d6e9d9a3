// What happened to an order (getOrderTimeline), its internal notes (addOrderNote) and its
// shipment (setOrderShipment).
//
// The timeline is read from the records each operation already writes, one query per kind of
// record (no N+1): status history, invoices and credit notes, stock movements linked to the
// order, notes and shipments. Each joins admin_users for the username, so an admin deleted since
// shows as null, like the checkout.
//
// Events are merged oldest first. Events at the same instant were written by one operation (a
// status change and its stock movements and documents share the transaction's `now`), so they
// are put in the order that operation writes them: the status change, then the stock, then the
// document; within a kind by id.
import type { AdminUserRow, OrderStatus } from '../db/schema';
import type { Db } from '../db/database';
import { conflict, notFound } from '../api/problem';
import type { Schemas } from '../api/types';
import type { AppContext } from '../context';
import { getAdminOrder } from './orders';
import { requiredText } from './text-input';

type TimelineEvent = Schemas['OrderTimelineEvent'];
type NoteEvent = Schemas['NoteEvent'];

const ORDER_NOT_FOUND = 'Order not found';
/** Statuses whose parcel will not leave: a tracking number there would be a mistake. */
const UNSHIPPABLE: readonly OrderStatus[] = ['cancelled', 'refunded'];

/** Write order of the records one operation makes at one instant (see the header). */
const WRITE_RANK: Record<TimelineEvent['type'], number> = {
  status_change: 0,
  stock_movement: 1,
  document_issued: 2,
  note: 3,
  shipment: 4,
};

interface Ranked {
  event: TimelineEvent;
  rowId: number;
}

async function requireOrder(db: Db, orderId: number): Promise<{ status: OrderStatus }> {
  const order = await db
    .selectFrom('orders')
    .select('status')
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (!order) throw notFound(ORDER_NOT_FOUND);
  return order;
}

const noteEvent = (row: {
  id: number;
  note: string;
  created_at: string;
  username: string | null;
}): NoteEvent => ({
  id: `note-${row.id}`,
  type: 'note',
  created_at: row.created_at,
  changed_by: row.username,
  note: row.note,
});

export async function getOrderTimeline(db: Db, orderId: number): Promise<TimelineEvent[]> {
  const [, statuses, documents, movements, notes, shipments] = await Promise.all([
    requireOrder(db, orderId),
    db
      .selectFrom('order_status_history as h')
      .leftJoin('admin_users as a', 'a.id', 'h.changed_by_admin_id')
      .select(['h.id', 'h.from_status', 'h.to_status', 'h.note', 'h.created_at', 'a.username'])
      .where('h.order_id', '=', orderId)
      .execute(),
    db
      .selectFrom('invoices as i')
      .leftJoin('admin_users as a', 'a.id', 'i.issued_by_admin_id')
      .select(['i.id', 'i.kind', 'i.number', 'i.issued_at', 'a.username'])
      .where('i.order_id', '=', orderId)
      .execute(),
    db
      .selectFrom('stock_movements as m')
      .leftJoin('admin_users as a', 'a.id', 'm.admin_user_id')
      .select([
        'm.id',
        'm.variant_id',
        'm.sku',
        'm.delta',
        'm.reason',
        'm.created_at',
        'a.username',
      ])
      .where('m.order_id', '=', orderId)
      .execute(),
    db
      .selectFrom('order_notes as n')
      .leftJoin('admin_users as a', 'a.id', 'n.admin_user_id')
      .select(['n.id', 'n.note', 'n.created_at', 'a.username'])
      .where('n.order_id', '=', orderId)
      .execute(),
    db
      .selectFrom('order_shipments as s')
      .leftJoin('admin_users as a', 'a.id', 's.admin_user_id')
      .select(['s.id', 's.carrier', 's.tracking_number', 's.created_at', 'a.username'])
      .where('s.order_id', '=', orderId)
      .execute(),
  ]);

  const events: Ranked[] = [
    ...statuses.map((r) => ({
      rowId: r.id,
      event: {
        id: `status-${r.id}`,
        type: 'status_change' as const,
        created_at: r.created_at,
        changed_by: r.username,
        from_status: r.from_status,
        to_status: r.to_status,
        note: r.note,
      },
    })),
    ...documents.map((r) => ({
      rowId: r.id,
      event: {
        id: `document-${r.id}`,
        type: 'document_issued' as const,
        created_at: r.issued_at,
        changed_by: r.username,
        document: { id: r.id, kind: r.kind, number: r.number },
      },
    })),
    ...movements.map((r) => ({
      rowId: r.id,
      event: {
        id: `stock-${r.id}`,
        type: 'stock_movement' as const,
        created_at: r.created_at,
        changed_by: r.username,
        variant_id: r.variant_id,
        sku: r.sku,
        quantity_change: Number(r.delta),
        reason: r.reason,
      },
    })),
    ...notes.map((r) => ({ rowId: r.id, event: noteEvent(r) })),
    ...shipments.map((r) => ({
      rowId: r.id,
      event: {
        id: `shipment-${r.id}`,
        type: 'shipment' as const,
        created_at: r.created_at,
        changed_by: r.username,
        carrier: r.carrier,
        tracking_number: r.tracking_number,
      },
    })),
  ];
  // Every timestamp is written by toISOString(), so text order is time order.
  events.sort(
    (a, b) =>
      a.event.created_at.localeCompare(b.event.created_at) ||
      WRITE_RANK[a.event.type] - WRITE_RANK[b.event.type] ||
      a.rowId - b.rowId,
  );
  return events.map((e) => e.event);
}

type Admin = Pick<AdminUserRow, 'id' | 'username'>;

export async function addOrderNote(
  ctx: AppContext,
  orderId: number,
  body: Schemas['OrderNoteCreate'],
  admin: Admin,
): Promise<NoteEvent> {
  const note = requiredText(body.note, 'note');
  await requireOrder(ctx.db, orderId);
  const row = await ctx.db
    .insertInto('order_notes')
    .values({
      order_id: orderId,
      note,
      admin_user_id: admin.id,
      created_at: ctx.now().toISOString(),
    })
    .returning(['id', 'note', 'created_at'])
    .executeTakeFirstOrThrow();
  return noteEvent({ ...row, username: admin.username });
}

/**
 * Records the carrier and tracking number (trimmed) unless they are the latest already stored.
 * The order's row is locked on PostgreSQL (SQLite serialises every writer anyway), so two
 * concurrent requests compare with each other's result and a cancellation cannot slip in
 * between the check and the insert.
 */
export async function setOrderShipment(
  ctx: AppContext,
  orderId: number,
  body: Schemas['OrderShipmentUpdate'],
  admin: Admin,
): Promise<Schemas['Order']> {
  const carrier = requiredText(body.carrier, 'carrier');
  const trackingNumber = requiredText(body.tracking_number, 'tracking_number');
  const now = ctx.now().toISOString();
  return ctx.db.transaction().execute(async (trx) => {
    let read = trx.selectFrom('orders').select('status').where('id', '=', orderId);
    if (ctx.dialect === 'postgres') read = read.forUpdate();
    const order = await read.executeTakeFirst();
    if (!order) throw notFound(ORDER_NOT_FOUND);
    if (UNSHIPPABLE.includes(order.status)) {
      throw conflict(`A ${order.status} order cannot be shipped: its shipment cannot be set`);
    }
    const latest = await trx
      .selectFrom('order_shipments')
      .select(['carrier', 'tracking_number'])
      .where('order_id', '=', orderId)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (latest?.carrier !== carrier || latest.tracking_number !== trackingNumber) {
      await trx
        .insertInto('order_shipments')
        .values({
          order_id: orderId,
          carrier,
          tracking_number: trackingNumber,
          admin_user_id: admin.id,
          created_at: now,
        })
        .execute();
    }
    return getAdminOrder(trx, orderId);
  });
}
