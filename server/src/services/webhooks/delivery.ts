// Sending one webhook delivery (#31): the job of kind webhook.deliver (outbox.ts queues it). Each
// attempt re-checks the endpoint's address (addresses.ts) and connects to the address checked,
// signs the stored body per Standard Webhooks (the `standardwebhooks` package: headers
// webhook-id, webhook-timestamp, webhook-signature), POSTs it with a 10 s timeout and follows no
// redirect. A 2xx succeeds; anything else is retried after 5 s, 5 min, 30 min, 2 h, 5 h, then
// every 10 h, at most MAX_WEBHOOK_ATTEMPTS times. An endpoint with no success for 24 hours since
// its first failure is disabled, its pending deliveries failed, and the dashboard says so.
//
// The queue runs a job at least once (jobs/worker.ts): the job names its attempt, and a job whose
// delivery is no longer pending at that attempt (a second run, a stale job after a resend) sends
// nothing. A run cut short between the POST and its record sends that attempt again: receivers
// drop duplicates by webhook-id, as the specification asks.
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { Webhook } from 'standardwebhooks';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { toBool } from '../../db/bool';
import type { JobLog } from '../../jobs/worker';
import { HttpProblem } from '../../api/problem';
import { getVariantOrThrow } from '../catalogue/variants';
import { checkedWebhookAddress, WebhookUrlRefused } from './addresses';
import { enqueueDelivery, type WebhookJobPayload } from './outbox';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
/** The wait after the n-th failed attempt (then the last one again). */
const WEBHOOK_BACKOFF_MS = [5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR];
/** 5 s + … + 10 h × 3: about 38 hours of trying, past the day after which an endpoint stops. */
const MAX_WEBHOOK_ATTEMPTS = 8;
/** Failing this long without a success disables the endpoint. */
const WEBHOOK_DISABLE_AFTER_MS = 24 * HOUR;
const WEBHOOK_TIMEOUT_MS = 10 * SECOND;
/** What a delivery keeps of a receiver's answer: its status, not its body. */
const MAX_ERROR_LENGTH = 500;
const DISABLED = 'The endpoint was disabled after 24 hours of failed deliveries';

const webhookBackoffMs = (attempt: number): number =>
  WEBHOOK_BACKOFF_MS[Math.min(attempt, WEBHOOK_BACKOFF_MS.length) - 1]!;

const VARIANT_GONE = 'The variant was deleted before the event could be sent';

/**
 * A stock event's body with its variant as the API presents it now (outbox.ts says why then),
 * stored so that every later attempt sends the same bytes; null when the variant is gone.
 */
async function stockEventBody(
  db: Db,
  delivery: { id: number; payload: string; variant_id: number | null },
  at: Date,
): Promise<string | null> {
  const variant = await getVariantOrThrow(db, delivery.variant_id!, at).catch((error: unknown) => {
    if (error instanceof HttpProblem && error.statusCode === 404) return null;
    throw error;
  });
  if (variant === null) return null;
  const event = JSON.parse(delivery.payload) as { type: string; timestamp: string };
  const body = JSON.stringify({ type: event.type, timestamp: event.timestamp, data: variant });
  await db
    .updateTable('webhook_deliveries')
    .set({ payload: body, variant_id: null })
    .where('id', '=', delivery.id)
    .execute();
  return body;
}

/** An attempt's outcome as the delivery records it. */
interface Outcome {
  ok: boolean;
  responseCode: number | null;
  durationMs: number | null;
  error: string | null;
}

/** One POST to the checked address (TLS still checks the host name); no redirect followed. */
function post(
  url: URL,
  address: string,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
): Promise<Outcome> {
  const pinned: LookupFunction = (_host, options, callback) => {
    const family = isIP(address);
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    const req = send(url, {
      method: 'POST',
      lookup: pinned,
      signal: AbortSignal.timeout(timeoutMs),
      headers: {
        ...headers,
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
        'user-agent': 'shop-webhooks/1',
      },
    });
    req.on('response', (res) => {
      const code = res.statusCode ?? 0;
      // The body is not read: only the status matters, and a receiver may answer with anything.
      res.destroy();
      const ok = code >= 200 && code < 300;
      const redirect = code >= 300 && code < 400;
      resolve({
        ok,
        responseCode: code,
        durationMs: elapsed(),
        error: redirect ? `Redirect to ${res.headers.location ?? '(none)'} not followed` : null,
      });
    });
    req.on('error', (err: Error) => {
      const timedOut = err.name === 'AbortError' || err.name === 'TimeoutError';
      resolve({
        ok: false,
        responseCode: null,
        durationMs: elapsed(),
        error: timedOut ? `No answer within ${timeoutMs / SECOND} s` : err.message,
      });
    });
    req.end(body);
  });
}

interface WebhookJobDeps {
  db: Db;
  config: Pick<Config, 'webhooksAllowPrivate'>;
  now: () => Date;
  log: JobLog;
}

/** The handler of webhook.deliver jobs. */
export function webhookDeliveryJob(deps: WebhookJobDeps) {
  const { db, now, log } = deps;
  return async (payload: unknown): Promise<void> => {
    const { delivery_id: id, attempt } = payload as WebhookJobPayload;
    const delivery = await db
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
      .select([
        'd.id',
        'd.event_id',
        'd.payload',
        'd.variant_id',
        'd.status',
        'd.attempts',
        'd.endpoint_id',
        'e.url',
        'e.secret',
        'e.enabled',
      ])
      .where('d.id', '=', id)
      .executeTakeFirst();
    // Deleted with its endpoint, sent already, or this attempt was made (a repeated job).
    if (!delivery || delivery.status !== 'pending' || delivery.attempts !== attempt - 1) return;
    const at = now();
    let outcome: Outcome;
    if (!toBool(delivery.enabled)) {
      outcome = {
        ok: false,
        responseCode: null,
        durationMs: null,
        error: 'The endpoint is disabled',
      };
      await record(deps, delivery, attempt, at, outcome, { final: true });
      return;
    }
    let body = delivery.payload;
    if (delivery.variant_id !== null) {
      const filled = await stockEventBody(db, delivery, at);
      if (filled === null) {
        outcome = { ok: false, responseCode: null, durationMs: null, error: VARIANT_GONE };
        await record(deps, delivery, attempt, at, outcome, { final: true });
        return;
      }
      body = filled;
    }
    try {
      const { url, address } = await checkedWebhookAddress(delivery.url, {
        allowPrivate: deps.config.webhooksAllowPrivate,
      });
      const signature = new Webhook(delivery.secret).sign(delivery.event_id, at, body);
      const headers = {
        'webhook-id': delivery.event_id,
        'webhook-timestamp': String(Math.floor(at.getTime() / SECOND)),
        'webhook-signature': signature,
      };
      outcome = await post(url, address, headers, body, WEBHOOK_TIMEOUT_MS);
    } catch (error) {
      if (!(error instanceof WebhookUrlRefused)) throw error;
      outcome = { ok: false, responseCode: null, durationMs: null, error: error.message };
    }
    await record(deps, delivery, attempt, at, outcome, { final: false });
    if (!outcome.ok) {
      log.warn(
        { delivery: id, endpoint: delivery.endpoint_id, attempt, code: outcome.responseCode },
        'Webhook delivery failed',
      );
    }
  };
}

/**
 * The attempt's outcome on the delivery and its endpoint, in one transaction: succeeded; or
 * pending again with its next attempt queued; or failed (attempts exhausted, endpoint disabled).
 */
async function record(
  { db }: WebhookJobDeps,
  delivery: { id: number; endpoint_id: number },
  attempt: number,
  at: Date,
  outcome: Outcome,
  { final }: { final: boolean },
): Promise<void> {
  const atIso = at.toISOString();
  await db.transaction().execute(async (trx) => {
    const attemptFields = {
      attempts: attempt,
      response_code: outcome.responseCode,
      duration_ms: outcome.durationMs,
      error: outcome.error?.slice(0, MAX_ERROR_LENGTH) ?? null,
      last_attempt_at: atIso,
    };
    const update = (fields: { status: 'pending' | 'succeeded' | 'failed'; next: Date | null }) =>
      trx
        .updateTable('webhook_deliveries')
        .set({
          ...attemptFields,
          status: fields.status,
          next_attempt_at: fields.next?.toISOString() ?? null,
        })
        .where('id', '=', delivery.id)
        .where('status', '=', 'pending')
        .where('attempts', '=', attempt - 1)
        .executeTakeFirst();
    if (outcome.ok) {
      await update({ status: 'succeeded', next: null });
      await trx
        .updateTable('webhook_endpoints')
        .set({ failing_since: null })
        .where('id', '=', delivery.endpoint_id)
        .execute();
      return;
    }
    if (final) {
      await update({ status: 'failed', next: null });
      return;
    }
    const endpoint = await trx
      .selectFrom('webhook_endpoints')
      .select(['failing_since', 'enabled'])
      .where('id', '=', delivery.endpoint_id)
      .executeTakeFirstOrThrow();
    const failingSince = endpoint.failing_since ?? atIso;
    if (at.getTime() - Date.parse(failingSince) >= WEBHOOK_DISABLE_AFTER_MS) {
      await update({ status: 'failed', next: null });
      await trx
        .updateTable('webhook_endpoints')
        .set({ enabled: 0, disabled_at: atIso, failing_since: failingSince, updated_at: atIso })
        .where('id', '=', delivery.endpoint_id)
        .execute();
      // Its other deliveries would only fail too: they stop here (a resend after re-enabling).
      await trx
        .updateTable('webhook_deliveries')
        .set({ status: 'failed', next_attempt_at: null, error: DISABLED })
        .where('endpoint_id', '=', delivery.endpoint_id)
        .where('status', '=', 'pending')
        .execute();
      return;
    }
    if (endpoint.failing_since === null) {
      await trx
        .updateTable('webhook_endpoints')
        .set({ failing_since: atIso })
        .where('id', '=', delivery.endpoint_id)
        .execute();
    }
    if (attempt >= MAX_WEBHOOK_ATTEMPTS) {
      await update({ status: 'failed', next: null });
      return;
    }
    const next = new Date(at.getTime() + webhookBackoffMs(attempt));
    const updated = await update({ status: 'pending', next });
    if (Number(updated.numUpdatedRows) > 0) {
      await enqueueDelivery(trx, { delivery_id: delivery.id, attempt: attempt + 1 }, next);
    }
  });
}
