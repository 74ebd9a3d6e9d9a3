// Pruning webhook deliveries (#31): a delivery that succeeded or failed for good is history, kept
// WEBHOOK_DELIVERIES_KEPT_DAYS for an integrator to look up and resend, then deleted by a daily
// job of the queue's housekeeping (services/platform/background-jobs.ts). A pending delivery is
// never deleted, whatever its age: it is still being sent. A job of a delivery deleted meanwhile
// finds nothing and sends nothing (delivery.ts).
import type { Db } from '../../db/database';
import type { JobLog } from '../../jobs/worker';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * 30 days: past the 38 hours a failing delivery is retried and the day after which its endpoint
 * is disabled, long enough for an integrator back from a month's leave to find what failed and
 * resend it, short enough that the table holds a month of events, not the shop's whole history.
 */
const WEBHOOK_DELIVERIES_KEPT_DAYS = 30;

/** The daily job (one per day whatever the number of instances: jobs/periodic.ts). */
export const WEBHOOK_PRUNE_JOB = { kind: 'webhooks.prune', everyMs: DAY_MS } as const;

/**
 * Deletes the succeeded and failed deliveries whose last attempt (or creation, for one failed
 * without an attempt: its endpoint was disabled first) is older than the kept days; resolves
 * with the number deleted. One conditional DELETE: a delivery resent meanwhile is pending again
 * and stays. Timestamps are ISO texts, compared as text on both databases.
 */
async function pruneWebhookDeliveries(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - WEBHOOK_DELIVERIES_KEPT_DAYS * DAY_MS).toISOString();
  const result = await db
    .deleteFrom('webhook_deliveries')
    .where('status', 'in', ['succeeded', 'failed'])
    .where((eb) =>
      eb.or([
        eb('last_attempt_at', '<', cutoff),
        eb.and([eb('last_attempt_at', 'is', null), eb('created_at', '<', cutoff)]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The job's handler: a second run deletes what the first left (nothing, or what aged since). */
export function webhookPruneJob(options: {
  db: Db;
  now: () => Date;
  log: Pick<JobLog, 'info'>;
}): () => Promise<number> {
  return async () => {
    const deleted = await pruneWebhookDeliveries(options.db, options.now());
    if (deleted > 0) options.log.info({ deleted }, 'Deleted old webhook deliveries');
    return deleted;
  };
}
