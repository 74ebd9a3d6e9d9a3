// Raising a webhook event (#31): the services call emitWebhookEvent in the transaction of the
// write that raised it, after the write. It writes one delivery per enabled endpoint subscribed to
// the event, each with the job that sends it (jobs/queue.ts enqueueJob on the same transaction):
// the outbox. A write that rolls back leaves neither delivery nor job, so nothing is ever sent
// for a change that did not happen; a committed one is sent at least once (delivery.ts).
// The payload is built here, in the transaction, as the API returns the object (a snapshot: a
// deleted product is sent as it was; a stock event's variant is read by its first attempt, see
// emitStockEvent), and only when some endpoint wants the event, so a shop without webhooks pays
// one read of its (empty) endpoints table per event.
import { randomBytes } from 'node:crypto';
import type { Schemas } from '../../api/types';
import type { Db } from '../../db/database';
import { enqueueJob } from '../../jobs/queue';

export type WebhookEventType = Schemas['WebhookEventType'];

/** The object each event carries (`data`), by event. */
type WebhookData<T extends WebhookEventType> = T extends `order.${string}`
  ? Schemas['Order']
  : T extends 'invoice.issued' | 'credit_note.issued'
    ? Schemas['Invoice']
    : T extends `stock.${string}`
      ? Schemas['Variant']
      : Schemas['Product'];

/** The queue's kind of the job that sends one delivery (delivery.ts). */
export const WEBHOOK_JOB = 'webhook.deliver';

/** The job's payload: which delivery, and which attempt (a stale or repeated job sends nothing). */
export interface WebhookJobPayload {
  delivery_id: number;
  attempt: number;
}

/** A Standard Webhooks message id: `msg_` + 27 random base62-ish characters, unique per event. */
const newEventId = () => `msg_${randomBytes(20).toString('base64url').slice(0, 27)}`;

/** Enqueues the job of a delivery's `attempt`-th try at `at` (on the caller's transaction). */
export function enqueueDelivery(db: Db, payload: WebhookJobPayload, at: Date) {
  return enqueueJob(db, { kind: WEBHOOK_JOB, payload, runAt: at });
}

/** The endpoints an event goes to: enabled and subscribed to it. */
async function subscribers(db: Db, type: WebhookEventType): Promise<number[]> {
  const rows = await db
    .selectFrom('webhook_endpoints')
    .select(['id', 'events'])
    .where('enabled', '=', 1)
    .execute();
  return rows.filter((r) => (JSON.parse(r.events) as string[]).includes(type)).map((r) => r.id);
}

/** One pending delivery per endpoint, each with the job of its first attempt, in `trx`. */
async function queueDeliveries(
  trx: Db,
  endpoints: readonly number[],
  event: { type: WebhookEventType; at: Date; payload: string; variantId: number | null },
): Promise<void> {
  const eventId = newEventId();
  for (const endpointId of endpoints) {
    const { id } = await trx
      .insertInto('webhook_deliveries')
      .values({
        endpoint_id: endpointId,
        event_id: eventId,
        event: event.type,
        payload: event.payload,
        variant_id: event.variantId,
        status: 'pending',
        next_attempt_at: event.at.toISOString(),
        created_at: event.at.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await enqueueDelivery(trx, { delivery_id: id, attempt: 1 }, event.at);
  }
}

const body = (type: WebhookEventType, at: Date, data: unknown) =>
  JSON.stringify({ type, timestamp: at.toISOString(), data });

/**
 * Queues `type` for every endpoint that wants it, in `trx` (the raising write's transaction).
 * `data` gives the object as the API returns it after the write; it is read only when an
 * endpoint wants the event.
 */
export async function emitWebhookEvent<T extends Exclude<WebhookEventType, `stock.${string}`>>(
  trx: Db,
  type: T,
  at: Date,
  data: () => Promise<WebhookData<T>>,
): Promise<void> {
  const endpoints = await subscribers(trx, type);
  if (endpoints.length === 0) return;
  await queueDeliveries(trx, endpoints, {
    type,
    at,
    payload: body(type, at, await data()),
    variantId: null,
  });
}

/**
 * emitWebhookEvent for the objects of one write that changes many (an import, a bulk edit): one
 * event per object, `data` read only when some endpoint wants the event, the endpoints read once
 * (a 10,000-row import in a shop without webhooks pays one read, not 10,000).
 */
export async function emitWebhookEvents<T extends Exclude<WebhookEventType, `stock.${string}`>>(
  trx: Db,
  type: T,
  at: Date,
  data: readonly (() => Promise<WebhookData<T>>)[],
): Promise<void> {
  if (data.length === 0) return;
  const endpoints = await subscribers(trx, type);
  if (endpoints.length === 0) return;
  for (const read of data) {
    await queueDeliveries(trx, endpoints, {
      type,
      at,
      payload: body(type, at, await read()),
      variantId: null,
    });
  }
}

/**
 * Queues a stock event of a variant, in the stock change's transaction (inventory/stock.ts). The
 * stock ledger cannot present a variant (catalogue/variants.ts builds on the ledger), so the
 * delivery's first attempt fills in `data` with the variant as it is then (delivery.ts).
 */
export async function emitStockEvent(
  trx: Db,
  type: 'stock.low' | 'stock.out',
  variantId: number,
  at: Date,
): Promise<void> {
  const endpoints = await subscribers(trx, type);
  if (endpoints.length === 0) return;
  await queueDeliveries(trx, endpoints, { type, at, payload: body(type, at, null), variantId });
}

/**
 * emitStockEvent for the stock changes of one write that moves many variants without
 * inventory/stock.ts (the CSV import writes its movements in batches): the endpoints read once.
 */
export async function emitStockEvents(
  trx: Db,
  events: readonly { type: 'stock.low' | 'stock.out'; variantId: number }[],
  at: Date,
): Promise<void> {
  for (const type of ['stock.low', 'stock.out'] as const) {
    const ids = events.filter((e) => e.type === type).map((e) => e.variantId);
    if (ids.length === 0) continue;
    const endpoints = await subscribers(trx, type);
    if (endpoints.length === 0) continue;
    for (const variantId of ids) {
      await queueDeliveries(trx, endpoints, { type, at, payload: body(type, at, null), variantId });
    }
  }
}

/**
 * Whether a save changed what an integration sees of a row: its values but the time of the save
 * (a save of the values a row has still moves its updated_at). A save that changes nothing
 * raises no event.
 */
export const changedBySave = <T extends { updated_at: string }>(before: T, after: T): boolean =>
  savedValues(before) !== savedValues(after);

const savedValues = ({ updated_at: _, ...values }: { updated_at: string }) =>
  JSON.stringify(values);
