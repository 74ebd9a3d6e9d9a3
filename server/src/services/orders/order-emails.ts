// Customers told (issue #28 part 6): the e-mails an order's events send its customer.
//
// - Queued in the transaction of the event (queueOrderEmail, called by the services where the
//   events happen: orders.ts, order-timeline.ts, order-returns.ts, order-edits.ts), so a change
//   that rolls back sends nothing. Each e-mail is a row of order_emails whose dedupe_key (the
//   order, the event and what it is about: the shipment, the credit note) is unique: a retried
//   request, or the same event again, queues nothing twice. Its `order.email` job renders the
//   e-mail when it runs and sends it once (mail/deliveries.ts, as `mail.send` does), then
//   records sent_at on the row, which the timeline shows after the job is pruned.
// - A switched-off event (shop settings, order_emails_off) queues nothing.
// - The language: the one chosen at checkout or on the staff order, else the shipping
//   country's (orderEmailLanguage in domain/order-emails.ts, the one statement of the rule).
// - Credit notes are attached as their download renders them (document-pdfs.ts invoicePdf), in
//   French for a customer written to in French or Arabic (documents exist in English and French).
import type { Selectable } from 'kysely';
import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import type { ClaimedJob } from '../../jobs/queue';
import { enqueueJob } from '../../jobs/queue';
import type { MailMessage } from '../../mail/transport';
import type { Schemas } from '../../api/types';
import { json } from '../../api/present';
import type { Storage } from '../../storage/storage';
import { shipmentTrackingUrl } from './order-tracking';
import { invoicePdf } from '../billing/document-pdfs';
import {
  previewOrderEmail,
  renderOrderEmail,
  type OrderEmailData,
} from '../../domain/order-email-templates';
import {
  orderEmailLanguage,
  switchedOff,
  type EmailLanguage,
  type OrderEmailEvent,
} from '../../domain/order-emails';

export const ORDER_EMAIL_JOB = 'order.email';

// ---------------------------------------------------------------------------------------------
// Queueing, in the event's transaction

export interface OrderEmailCause {
  /** What makes this e-mail unique for the order besides its event (a shipment, a credit note). */
  about?: string;
  /** The credit note attached. */
  creditNoteId?: number | null;
  now: string;
}

/**
 * Queues the e-mail of `event` for the order in the caller's transaction, unless the event is
 * switched off or this e-mail was queued already (same order, event and `about`).
 */
export async function queueOrderEmail(
  trx: Db,
  orderId: number,
  event: OrderEmailEvent,
  cause: OrderEmailCause,
): Promise<void> {
  const settings = await trx
    .selectFrom('shop_settings')
    .select('order_emails_off')
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  if (switchedOff(settings.order_emails_off).includes(event)) return;
  const order = await trx
    .selectFrom('orders')
    .select(['customer_email', 'language', 'customer_country_code', 'shipping_address'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  const address = json<{ country?: string }>(order.shipping_address, {});
  const row = await trx
    .insertInto('order_emails')
    .values({
      order_id: orderId,
      event,
      dedupe_key: [orderId, event, cause.about].filter((p) => p !== undefined).join(':'),
      language: orderEmailLanguage({ ...order, shipping_address: address }),
      recipient: order.customer_email,
      credit_note_id: cause.creditNoteId ?? null,
      created_at: cause.now,
    })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!row) return;
  const jobId = await enqueueJob(trx, {
    kind: ORDER_EMAIL_JOB,
    payload: { order_email_id: row.id },
    uniqueKey: `${ORDER_EMAIL_JOB}:${row.id}`,
  });
  await trx.updateTable('order_emails').set({ job_id: jobId }).where('id', '=', row.id).execute();
}

/** The e-mail a status change sends, if any: confirmed, delivered, cancelled, refunded. */
export async function queueStatusEmail(
  trx: Db,
  orderId: number,
  to: Schemas['OrderStatus'],
  creditNote: { id: number } | null,
  now: string,
): Promise<void> {
  if (to !== 'confirmed' && to !== 'delivered' && to !== 'cancelled' && to !== 'refunded') return;
  await queueOrderEmail(trx, orderId, to, {
    about: creditNote ? `credit-note-${creditNote.id}` : undefined,
    creditNoteId: creditNote?.id ?? null,
    now,
  });
}

/** The refund e-mail of a credit note a return or an edit issued, with it attached. */
export function queueCreditNoteEmail(
  trx: Db,
  orderId: number,
  creditNoteId: number,
  now: string,
): Promise<void> {
  return queueOrderEmail(trx, orderId, 'refunded', {
    about: `credit-note-${creditNoteId}`,
    creditNoteId,
    now,
  });
}

// ---------------------------------------------------------------------------------------------
// Rendering and sending (the job)

type OrderEmailRow = Selectable<Database['order_emails']>;

/** The display name of MAIL_FROM ("Store" of "Store <no-reply@…>"), the shop's name without one. */
function senderName(mailFrom: string): string {
  const name = /^\s*"?([^"<]*?)"?\s*</.exec(mailFrom)?.[1]?.trim();
  return name || mailFrom;
}

async function shopName(db: Db, mailFrom: string): Promise<string> {
  const row = await db
    .selectFrom('shop_settings')
    .select('legal_name')
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  return row.legal_name ?? senderName(mailFrom);
}

async function orderEmailData(
  db: Db,
  email: Pick<OrderEmailRow, 'order_id' | 'credit_note_id'>,
  mailFrom: string,
): Promise<OrderEmailData> {
  const [order, items, shipment, creditNote, shop] = await Promise.all([
    db
      .selectFrom('orders')
      .select([
        'order_number',
        'shipping_address',
        'shipping_amount',
        'shipping_vat_amount',
        'discount_amount',
        'vat_amount',
        'total_amount',
        'shipping_method',
      ])
      .where('id', '=', email.order_id)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('order_items')
      .select(['product_name', 'variant_title', 'quantity', 'total_price_incl_vat'])
      .where('order_id', '=', email.order_id)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('order_shipments')
      .select(['carrier', 'tracking_number'])
      .where('order_id', '=', email.order_id)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst(),
    email.credit_note_id === null
      ? undefined
      : db
          .selectFrom('invoices')
          .select('number')
          .where('id', '=', email.credit_note_id)
          .executeTakeFirst(),
    shopName(db, mailFrom),
  ]);
  const address = json<{ first_name?: string; last_name?: string }>(order.shipping_address, {});
  const name = [address.first_name, address.last_name].filter(Boolean).join(' ').trim();
  return {
    shopName: shop,
    orderNumber: order.order_number,
    customerName: name || null,
    lines: items.map((item) => ({
      name: item.variant_title ? `${item.product_name} (${item.variant_title})` : item.product_name,
      quantity: Number(item.quantity),
      total: Number(item.total_price_incl_vat),
    })),
    shipping: Number(order.shipping_amount) + Number(order.shipping_vat_amount),
    discount: Number(order.discount_amount),
    vat: Number(order.vat_amount),
    total: Number(order.total_amount),
    shipment: shipment
      ? {
          carrier: shipment.carrier,
          trackingNumber: shipment.tracking_number,
          trackingUrl: shipmentTrackingUrl(order.shipping_method, shipment.tracking_number),
        }
      : null,
    creditNote: creditNote?.number ?? null,
  };
}

/** The message of one queued order e-mail, its credit note attached. */
async function orderEmailMessage(
  db: Db,
  storage: Storage,
  email: OrderEmailRow,
  mailFrom: string,
): Promise<MailMessage> {
  const rendered = renderOrderEmail(
    email.event,
    email.language,
    await orderEmailData(db, email, mailFrom),
  );
  const attachments =
    email.credit_note_id === null
      ? []
      : await invoicePdf(
          db,
          storage,
          email.credit_note_id,
          email.language === 'en' ? 'en' : 'fr',
        ).then(({ pdf, fileName }) => [
          { filename: fileName, content: pdf, contentType: 'application/pdf' },
        ]);
  return { to: email.recipient, kind: 'Order e-mail', ...rendered, attachments };
}

const isPayload = (payload: unknown): payload is { order_email_id: number } =>
  typeof payload === 'object' &&
  payload !== null &&
  Number.isSafeInteger((payload as { order_email_id?: unknown }).order_email_id);

/**
 * The `order.email` handler: renders the queued e-mail, hands it to `send` (mail/deliveries.ts
 * sendOnce: a second run finding it sent does not send it again), then records it sent.
 */
export function orderEmailJob({
  ctx,
  storage,
  send,
}: {
  ctx: Pick<AppContext, 'db' | 'config' | 'now'>;
  storage: Storage;
  send: (message: MailMessage, job: Pick<ClaimedJob, 'id'>) => Promise<void>;
}) {
  return async (payload: unknown, job: Pick<ClaimedJob, 'id'>): Promise<void> => {
    if (!isPayload(payload)) throw new Error('Not the payload of an order e-mail');
    const email = await ctx.db
      .selectFrom('order_emails')
      .selectAll()
      .where('id', '=', payload.order_email_id)
      .executeTakeFirst();
    if (!email || email.sent_at !== null) return;
    await send(await orderEmailMessage(ctx.db, storage, email, ctx.config.mailFrom), job);
    await ctx.db
      .updateTable('order_emails')
      .set({ sent_at: ctx.now().toISOString() })
      .where('id', '=', email.id)
      .where('sent_at', 'is', null)
      .execute();
  };
}

// ---------------------------------------------------------------------------------------------
// The preview in Settings

export async function getOrderEmailPreview(
  ctx: Pick<AppContext, 'db' | 'config'>,
  query: { event: OrderEmailEvent; language: EmailLanguage },
): Promise<Schemas['OrderEmailPreview']> {
  const shop = await shopName(ctx.db, ctx.config.mailFrom);
  return { ...query, ...previewOrderEmail(query.event, query.language, shop) };
}

// ---------------------------------------------------------------------------------------------
// The timeline

/**
 * The order's e-mails as timeline events: sent once the mail server took it; while not, what
 * its job says (failed: a run failed and it will be retried; dead: the queue gave up).
 */
export async function orderEmailEvents(
  db: Db,
  orderId: number,
): Promise<Schemas['EmailSentEvent'][]> {
  const rows = await db
    .selectFrom('order_emails as e')
    .leftJoin('jobs as j', 'j.id', 'e.job_id')
    .leftJoin('invoices as i', 'i.id', 'e.credit_note_id')
    .select([
      'e.id',
      'e.event',
      'e.language',
      'e.recipient',
      'e.created_at',
      'e.sent_at',
      'j.status',
      'j.last_error',
      'i.number',
    ])
    .where('e.order_id', '=', orderId)
    .orderBy('e.id')
    .execute();
  return rows.map((row) => ({
    id: `email-${row.id}`,
    type: 'email_sent' as const,
    created_at: row.created_at,
    changed_by: null,
    event: row.event,
    language: row.language,
    recipient: row.recipient,
    delivery:
      row.sent_at !== null
        ? 'sent'
        : row.status === 'dead'
          ? 'dead'
          : row.last_error
            ? 'failed'
            : 'queued',
    sent_at: row.sent_at,
    attachment: row.number === null ? null : `${row.number}.pdf`,
  }));
}
