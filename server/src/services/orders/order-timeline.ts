// What happened to an order (getOrderTimeline), its internal notes (addOrderNote) and its
// shipment (setOrderShipment).
//
// The timeline is read from the records each operation already writes, one query per kind of
// record (no N+1): status history, invoices and credit notes, stock movements linked to the
// order, notes and shipments, their columns named as the events name them; then one query for
// the usernames of the admins involved, so an admin deleted since shows as null, like the
// checkout.
//
// Events are merged oldest first. Events at the same instant were written by one operation (a
// status change and its stock movements and documents share the transaction's `now`), so they
// are put in the order that operation writes them: the status change, then the stock, then the
// document; within a kind by id.
import { sql, type SqlBool } from 'kysely';
import type { AdminUserRow } from '../../db/schema';
import type { Db } from '../../db/database';
import { conflict, notFound } from '../../api/problem';
import type { Schemas } from '../../api/types';
import { json, money } from '../../api/present';
import type { AppContext } from '../../context';
import { ORDER_NOT_FOUND, requireOrder } from './order-lookup';
import { getAdminOrder } from './orders';
import { requiredText } from '../platform/text-input';
import { skuOf } from '../catalogue/sellable-lines';
import { recordAudit } from '../platform/audit';
import { mayBeShipped } from '../../../../contract/order-status';
import { orderEmailEvents, queueOrderEmail } from './order-emails';
import { shipmentTrackingUrl } from './order-tracking';

type TimelineEvent = Schemas['OrderTimelineEvent'];
type NoteEvent = Schemas['NoteEvent'];

/** Write order of the records one operation makes at one instant (see the header). */
const WRITE_RANK: Record<TimelineEvent['type'], number> = {
  // A return or an edit is written before the stock, documents and status change it makes.
  return: -1,
  edit: -1,
  status_change: 0,
  stock_movement: 1,
  document_issued: 2,
  note: 3,
  shipment: 4,
  // Queued by the change it tells of, so after everything that change wrote.
  email_sent: 5,
  // A payment is written alone (a remittance writes one line per order), with nothing else.
  payment: 6,
};

/** A record of the order: its id, when it was written and by which admin (null: nobody). */
interface OrderRecord {
  id: number;
  created_at: string;
  by: number | null;
}

/** The record's own columns become the event's; the admin becomes their username. */
function eventsBy(usernames: ReadonlyMap<number, string>) {
  return <T extends TimelineEvent['type']>(kind: string, type: T) =>
    <R extends OrderRecord>({ id, created_at, by, ...own }: R) => ({
      ...own,
      id: `${kind}-${id}`,
      type,
      created_at,
      changed_by: by === null ? null : (usernames.get(by) ?? null),
    });
}

// Each kind of record's columns, named as its event names them; `by` is the admin's id.
const RECORD = ['id', 'created_at'] as const;
const BY_ADMIN_USER = [...RECORD, 'admin_user_id as by'] as const;
const COLUMNS = {
  status: [...RECORD, 'from_status', 'to_status', 'note', 'changed_by_admin_id as by'],
  document: ['id', 'kind', 'number', 'issued_at as created_at', 'issued_by_admin_id as by'],
  stock: [...BY_ADMIN_USER, 'kind', 'variant_id', 'sku', 'delta as quantity_change', 'reason'],
  note: [...BY_ADMIN_USER, 'note'],
  shipment: [...BY_ADMIN_USER, 'carrier', 'tracking_number'],
  edit: [...BY_ADMIN_USER, 'changes', 'note'],
} as const;

/** The order's frozen shipping method (orders.shipping_method), or a 404 for no such order. */
async function frozenShippingMethod(db: Db, orderId: number): Promise<string | null> {
  const order = await db
    .selectFrom('orders')
    .select('shipping_method')
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (!order) throw notFound(ORDER_NOT_FOUND);
  return order.shipping_method;
}

/** The row id at the end of an event id (`stock-40` → 40). */
const rowIdOf = (event: TimelineEvent) => Number(event.id.slice(event.id.lastIndexOf('-') + 1));

export async function getOrderTimeline(db: Db, orderId: number): Promise<TimelineEvent[]> {
  const ofOrder = sql<SqlBool>`order_id = ${orderId}`;
  const [frozenMethod, statuses, documents, movements, notes, shipments, returns, edits] =
    await Promise.all([
      frozenShippingMethod(db, orderId),
      db.selectFrom('order_status_history').select(COLUMNS.status).where(ofOrder).execute(),
      db.selectFrom('invoices').select(COLUMNS.document).where(ofOrder).execute(),
      db.selectFrom('stock_movements').select(COLUMNS.stock).where(ofOrder).execute(),
      db.selectFrom('order_notes').select(COLUMNS.note).where(ofOrder).execute(),
      db.selectFrom('order_shipments').select(COLUMNS.shipment).where(ofOrder).execute(),
      db
        .selectFrom('order_returns as r')
        .select((eb) => [
          'r.id',
          'r.created_at',
          'r.created_by_admin_id as by',
          'r.reason',
          'r.total_amount',
          eb
            .selectFrom('order_return_lines as l')
            .select((e) => e.fn.sum<number | string>('l.quantity').as('n'))
            .whereRef('l.return_id', '=', 'r.id')
            .as('quantity'),
        ])
        .where('r.order_id', '=', orderId)
        .execute(),
      db.selectFrom('order_edits').select(COLUMNS.edit).where(ofOrder).execute(),
    ]);

  const admins = [statuses, documents, movements, notes, shipments, returns, edits].flatMap(
    (records) => records.flatMap((r) => (r.by === null ? [] : [r.by])),
  );
  const usernames = new Map(
    admins.length === 0
      ? []
      : (
          await db
            .selectFrom('admin_users')
            .select(['id', 'username'])
            .where('id', 'in', [...new Set(admins)])
            .execute()
        ).map((a) => [a.id, a.username]),
  );

  const event = eventsBy(usernames);
  const documentEvent = event('document', 'document_issued');
  const events: TimelineEvent[] = [
    ...statuses.map(event('status', 'status_change')),
    ...documents.map(({ kind, number, ...record }) =>
      documentEvent({ ...record, document: { id: record.id, kind, number } }),
    ),
    // A simple product's placeholder SKU is no SKU, as on the order's lines (skuOf).
    ...movements.map(({ sku, ...record }) =>
      event('stock', 'stock_movement')({ ...record, sku: skuOf({ sku }) }),
    ),
    ...notes.map(event('note', 'note')),
    // Each shipment's link from the method frozen on the order, as the order's shipment has it.
    ...shipments.map((record) =>
      event(
        'shipment',
        'shipment',
      )({ ...record, tracking_url: shipmentTrackingUrl(frozenMethod, record.tracking_number) }),
    ),
    ...returns.map(({ id, quantity, total_amount, ...record }) =>
      event(
        'return',
        'return',
      )({
        ...record,
        id,
        return_id: id,
        quantity: Number(quantity ?? 0),
        total_amount: money(total_amount),
      }),
    ),
    ...edits.map(({ changes, ...record }) =>
      event(
        'edit',
        'edit',
      )({
        ...record,
        changes: json<Schemas['OrderEditChange'][]>(changes, []),
      }),
    ),
  ];
  // The e-mails the customer was sent (order-emails.ts), with what became of each.
  events.push(...(await orderEmailEvents(db, orderId)));
  events.push(...(await paymentEvents(db, orderId)));
  // Every timestamp is written by toISOString(), so text order is time order.
  return events.sort(
    (a, b) =>
      a.created_at.localeCompare(b.created_at) ||
      WRITE_RANK[a.type] - WRITE_RANK[b.type] ||
      rowIdOf(a) - rowIdOf(b),
  );
}

/**
 * The payments and refunds of the order, each recorded (at its created_at) and, once removed,
 * removed (at its removed_at): docs/product.md §10.22. The payment keeps the usernames of who
 * recorded and removed it, as its list shows them.
 */
async function paymentEvents(db: Db, orderId: number): Promise<Schemas['PaymentEvent'][]> {
  const rows = await db
    .selectFrom('order_payments as p')
    .leftJoin('invoices as d', 'd.id', 'p.credit_note_id')
    .select([
      'p.id',
      'p.amount',
      'p.withholding_amount',
      'p.method',
      'p.received_on',
      'p.reference',
      'p.remittance_id',
      'p.recorded_by',
      'p.created_at',
      'p.removed_at',
      'p.removed_by',
      'd.id as note_id',
      'd.kind as note_kind',
      'd.number as note_number',
    ])
    .where('p.order_id', '=', orderId)
    .execute();
  return rows.flatMap((p) => {
    const payment = {
      type: 'payment' as const,
      payment_id: p.id,
      amount: money(p.amount),
      withholding_amount: money(p.withholding_amount),
      method: p.method,
      received_on: p.received_on,
      reference: p.reference,
      credit_note:
        p.note_id === null || p.note_kind === null || p.note_number === null
          ? null
          : { id: p.note_id, kind: p.note_kind, number: p.note_number },
      remittance_id: p.remittance_id,
    };
    const recorded = {
      ...payment,
      id: `payment-${p.id}`,
      action: 'recorded' as const,
      created_at: p.created_at,
      changed_by: p.recorded_by,
    };
    if (p.removed_at === null) return [recorded];
    return [
      recorded,
      {
        ...payment,
        id: `payment-removed-${p.id}`,
        action: 'removed' as const,
        created_at: p.removed_at,
        changed_by: p.removed_by,
      },
    ];
  });
}

type Admin = Pick<AdminUserRow, 'id' | 'username'>;

export async function addOrderNote(
  ctx: AppContext,
  orderId: number,
  body: Schemas['OrderNoteCreate'],
  admin: Admin,
): Promise<NoteEvent> {
  const note = requiredText(body.note, 'note');
  const row = await ctx.db.transaction().execute(async (trx) => {
    const orderNumber = await requireOrder(trx, orderId);
    const inserted = await trx
      .insertInto('order_notes')
      .values({
        order_id: orderId,
        note,
        admin_user_id: admin.id,
        created_at: ctx.now().toISOString(),
      })
      .returning(COLUMNS.note)
      .executeTakeFirstOrThrow();
    await recordAudit(trx, admin, {
      action: 'create',
      entity: 'order_note',
      entity_id: inserted.id,
      label: orderNumber,
      after: { order_id: orderId, note },
    });
    return inserted;
  });
  return eventsBy(new Map([[admin.id, admin.username]]))('note', 'note')(row);
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
    let read = trx
      .selectFrom('orders')
      .select(['status', 'order_number'])
      .where('id', '=', orderId);
    if (ctx.dialect === 'postgres') read = read.forUpdate();
    const order = await read.executeTakeFirst();
    if (!order) throw notFound(ORDER_NOT_FOUND);
    // A parcel whose sale is undone will not leave: a tracking number there would be a mistake.
    if (!mayBeShipped(order.status)) {
      throw conflict(`A ${order.status} order cannot be shipped`);
    }
    const latest = await trx
      .selectFrom('order_shipments')
      .select(['carrier', 'tracking_number'])
      .where('order_id', '=', orderId)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (latest?.carrier !== carrier || latest.tracking_number !== trackingNumber) {
      const shipment = await trx
        .insertInto('order_shipments')
        .values({
          order_id: orderId,
          carrier,
          tracking_number: trackingNumber,
          admin_user_id: admin.id,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await recordAudit(trx, admin, {
        action: 'create',
        entity: 'order_shipment',
        entity_id: shipment.id,
        label: order.order_number,
        after: { order_id: orderId, carrier, tracking_number: trackingNumber },
      });
      await queueOrderEmail(trx, orderId, 'shipped', { about: `shipment-${shipment.id}`, now });
    }
    return getAdminOrder(trx, orderId);
  });
}
