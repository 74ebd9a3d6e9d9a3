// Webhook endpoints (#31) as admins manage them: list, create (the signing secret answered once),
// update, delete, a new secret; their deliveries and a resend; and the endpoints the server
// disabled, for the dashboard. The secret is kept in clear in webhook_endpoints (the server signs
// with it), never listed nor audited (audit.ts redacts fields named secret).
import { randomBytes } from 'node:crypto';
import { conflict, invalid, notFound } from '../../api/problem';
import type { Schemas } from '../../api/types';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { fromBool, toBool } from '../../db/bool';
import type { AdminUserRow } from '../../db/schema';
import { recordAudit, type AuditAction, type AuditEntry } from '../platform/audit';
import { checkedWebhookAddress, WebhookUrlRefused } from './addresses';
import { enqueueDelivery, type WebhookEventType } from './outbox';

type Endpoint = Schemas['WebhookEndpoint'];
type Delivery = Schemas['WebhookDelivery'];

/** More endpoints would make every event's fan-out a burst; no shop needs as many. */
const MAX_WEBHOOK_ENDPOINTS = 100;
const ENDPOINT_NOT_FOUND = 'Webhook endpoint not found';

/** A Standard Webhooks secret: `whsec_` + base64 of 32 random bytes. */
const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

const ENDPOINT_COLUMNS = [
  'id',
  'url',
  'description',
  'events',
  'enabled',
  'disabled_at',
  'failing_since',
  'created_at',
  'updated_at',
] as const;

interface EndpointRow {
  id: number;
  url: string;
  description: string;
  events: string;
  enabled: number;
  disabled_at: string | null;
  failing_since: string | null;
  created_at: string;
  updated_at: string;
}

function present(row: EndpointRow): Endpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: JSON.parse(row.events) as WebhookEventType[],
    enabled: toBool(row.enabled),
    disabled_at: row.disabled_at,
    failing_since: row.failing_since,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** What the audit log records of an endpoint (never its secret). */
const audited = (e: Endpoint) => ({
  url: e.url,
  description: e.description,
  events: e.events,
  enabled: e.enabled,
});

/**
 * The audit entry of a write on `endpoint`, named by its URL: the values before and after as
 * `audited` shows them.
 */
const endpointEntry = (
  action: AuditAction,
  endpoint: Endpoint,
  values: { before?: Endpoint; after?: Endpoint },
): AuditEntry => ({
  action,
  entity: 'webhook_endpoint',
  entity_id: endpoint.id,
  label: endpoint.url,
  before: values.before ? audited(values.before) : null,
  after: values.after ? audited(values.after) : null,
});

interface WebhookSettings {
  config: Pick<Config, 'webhooksAllowPrivate'>;
}

/** The URL as saved, or a 422 on body.url saying why it is refused. */
async function checkedUrl(url: string, settings: WebhookSettings): Promise<string> {
  try {
    await checkedWebhookAddress(url, { allowPrivate: settings.config.webhooksAllowPrivate });
  } catch (error) {
    if (error instanceof WebhookUrlRefused) throw invalid(['body', 'url'], error.message);
    throw error;
  }
  return url;
}

const endpointRow = (db: Db, id: number) =>
  db.selectFrom('webhook_endpoints').select(ENDPOINT_COLUMNS).where('id', '=', id);

async function endpointOrThrow(db: Db, id: number): Promise<Endpoint> {
  const row = await endpointRow(db, id).executeTakeFirst();
  if (!row) throw notFound(ENDPOINT_NOT_FOUND);
  return present(row);
}

export async function listWebhookEndpoints(db: Db): Promise<Endpoint[]> {
  const rows = await db
    .selectFrom('webhook_endpoints')
    .select(ENDPOINT_COLUMNS)
    .orderBy('id', 'desc')
    .limit(MAX_WEBHOOK_ENDPOINTS)
    .execute();
  return rows.map(present);
}

export const getWebhookEndpoint = endpointOrThrow;

export async function createWebhookEndpoint(
  db: Db,
  settings: WebhookSettings,
  admin: AdminUserRow,
  body: Schemas['WebhookEndpointCreate'],
  now: Date,
): Promise<Schemas['WebhookEndpointCreated']> {
  const url = await checkedUrl(body.url, settings);
  const secret = newSecret();
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const { n } = await trx
      .selectFrom('webhook_endpoints')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    if (Number(n) >= MAX_WEBHOOK_ENDPOINTS) {
      throw invalid(['body'], `A shop has at most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints`);
    }
    const row = await trx
      .insertInto('webhook_endpoints')
      .values({
        url,
        description: (body.description ?? '').trim(),
        events: JSON.stringify(body.events),
        secret,
        enabled: fromBool(body.enabled ?? true),
        created_at: at,
        updated_at: at,
      })
      .returning(ENDPOINT_COLUMNS)
      .executeTakeFirstOrThrow();
    const endpoint = present(row);
    await recordAudit(trx, admin, endpointEntry('create', endpoint, { after: endpoint }), now);
    return { ...endpoint, secret };
  });
}

export async function updateWebhookEndpoint(
  db: Db,
  settings: WebhookSettings,
  admin: AdminUserRow,
  id: number,
  body: Schemas['WebhookEndpointUpdate'],
  now: Date,
): Promise<Endpoint> {
  const url = body.url === undefined ? undefined : await checkedUrl(body.url, settings);
  return db.transaction().execute(async (trx) => {
    const before = await endpointOrThrow(trx, id);
    // Enabled again (by hand): its failures are forgiven, its next delivery starts afresh.
    const reenabled = body.enabled === true && !before.enabled;
    const row = await trx
      .updateTable('webhook_endpoints')
      .set({
        ...(url === undefined ? {} : { url }),
        ...(body.description === undefined ? {} : { description: body.description.trim() }),
        ...(body.events === undefined ? {} : { events: JSON.stringify(body.events) }),
        ...(body.enabled === undefined ? {} : { enabled: fromBool(body.enabled) }),
        ...(reenabled ? { disabled_at: null, failing_since: null } : {}),
        updated_at: now.toISOString(),
      })
      .where('id', '=', id)
      .returning(ENDPOINT_COLUMNS)
      .executeTakeFirstOrThrow();
    const after = present(row);
    await recordAudit(trx, admin, endpointEntry('update', after, { before, after }), now);
    return after;
  });
}

export async function deleteWebhookEndpoint(
  db: Db,
  admin: AdminUserRow,
  id: number,
  now: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await endpointOrThrow(trx, id);
    // Its deliveries go with it (ON DELETE CASCADE); their queued jobs find nothing to send.
    await trx.deleteFrom('webhook_endpoints').where('id', '=', id).execute();
    await recordAudit(trx, admin, endpointEntry('delete', before, { before }), now);
  });
}

export async function rotateWebhookSecret(
  db: Db,
  admin: AdminUserRow,
  id: number,
  now: Date,
): Promise<Schemas['WebhookSecret']> {
  const secret = newSecret();
  return db.transaction().execute(async (trx) => {
    const endpoint = await endpointOrThrow(trx, id);
    await trx
      .updateTable('webhook_endpoints')
      .set({ secret, updated_at: now.toISOString() })
      .where('id', '=', id)
      .execute();
    // Recorded as changed, without its values (audit.ts redacts a field named secret).
    await recordAudit(
      trx,
      admin,
      {
        ...endpointEntry('update', endpoint, {}),
        before: { secret: 'old' },
        after: { secret: 'new' },
      },
      now,
    );
    return { secret };
  });
}

// ---------------------------------------------------------------------------------------------
// Deliveries

const DELIVERY_COLUMNS = [
  'id',
  'endpoint_id',
  'event_id',
  'event',
  'status',
  'attempts',
  'response_code',
  'duration_ms',
  'error',
  'next_attempt_at',
  'last_attempt_at',
  'created_at',
] as const;

const presentDelivery = (row: Omit<Delivery, 'event'> & { event: string }): Delivery => ({
  ...row,
  event: row.event as WebhookEventType,
});

interface DeliveryQuery {
  status?: Schemas['WebhookDeliveryStatus'] | undefined;
  skip: number;
  limit: number;
}

/** One page of an endpoint's deliveries, newest first, and how many match. */
export async function listWebhookDeliveries(
  db: Db,
  endpointId: number,
  q: DeliveryQuery,
): Promise<{ items: Delivery[]; total: number }> {
  await endpointOrThrow(db, endpointId);
  let selection = db.selectFrom('webhook_deliveries').where('endpoint_id', '=', endpointId);
  if (q.status !== undefined) selection = selection.where('status', '=', q.status);
  const [rows, count] = await Promise.all([
    selection
      .select(DELIVERY_COLUMNS)
      .orderBy('id', 'desc')
      .limit(q.limit)
      .offset(q.skip)
      .execute(),
    selection.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(presentDelivery), total: Number(count.n) };
}

/**
 * A delivery back to pending, due now, with the same webhook-id and body; its attempt count goes
 * on (the job of its next attempt is queued with it). 409 when it is pending or its endpoint is
 * disabled (it would not be sent).
 */
export async function resendWebhookDelivery(
  db: Db,
  admin: AdminUserRow,
  endpointId: number,
  deliveryId: number,
  now: Date,
): Promise<Delivery> {
  return db.transaction().execute(async (trx) => {
    const endpoint = await endpointOrThrow(trx, endpointId);
    const delivery = await trx
      .selectFrom('webhook_deliveries')
      .select(DELIVERY_COLUMNS)
      .where('id', '=', deliveryId)
      .where('endpoint_id', '=', endpointId)
      .executeTakeFirst();
    if (!delivery) throw notFound('Webhook delivery not found');
    if (!endpoint.enabled) {
      throw conflict('The endpoint is disabled: enable it before resending its deliveries');
    }
    // Conditional: of two resends at once, one queues it and the other finds it pending.
    const resent = await trx
      .updateTable('webhook_deliveries')
      .set({ status: 'pending', next_attempt_at: now.toISOString() })
      .where('id', '=', deliveryId)
      .where('status', '!=', 'pending')
      .returning(DELIVERY_COLUMNS)
      .executeTakeFirst();
    if (!resent) throw conflict('The delivery is pending already: it will be sent');
    await enqueueDelivery(trx, { delivery_id: deliveryId, attempt: resent.attempts + 1 }, now);
    await recordAudit(
      trx,
      admin,
      {
        action: 'update',
        entity: 'webhook_delivery',
        entity_id: deliveryId,
        label: `${delivery.event} → ${endpoint.url}`,
        before: { status: delivery.status },
        after: { status: 'pending' },
      },
      now,
    );
    return presentDelivery(resent);
  });
}

/** The endpoints the server disabled after a day of failures, the latest first (the dashboard). */
export async function disabledWebhooks(db: Db): Promise<Schemas['DisabledWebhook'][]> {
  const rows = await db
    .selectFrom('webhook_endpoints')
    .select(['id', 'url', 'disabled_at'])
    .where('enabled', '=', 0)
    .where('disabled_at', 'is not', null)
    .orderBy('disabled_at', 'desc')
    .limit(MAX_WEBHOOK_ENDPOINTS)
    .execute();
  return rows.map((r) => ({ id: r.id, url: r.url, disabled_at: r.disabled_at! }));
}
