// Webhook deliveries pruned by the daily housekeeping job (#31), on both databases: succeeded and
// failed ones older than 30 days go, by their last attempt (or creation, never attempted); the
// younger ones and every pending one stay, whatever their age.
import { beforeEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test-support/app';
import { testDialects } from '../../../test-support/databases';
import { insertWebhookEndpoint } from '../../../test-support/fixtures';
import { runPeriodicJob, silentJobLog } from '../../../test-support/jobs';
import { WEBHOOK_PRUNE_JOB, webhookPruneJob } from './pruning';

const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(testDialects)('webhook delivery pruning (%s)', (dialect) => {
  const t = useTestApp(dialect);
  const db = () => t.database.db;
  const now = new Date('2026-11-30T12:00:00.000Z');
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();
  let endpointId = 0;

  beforeEach(async () => {
    await db().deleteFrom('webhook_endpoints').execute();
    endpointId = await insertWebhookEndpoint(db(), ['order.created'], { at: daysAgo(100) });
  });

  /** A delivery named by its event id, created `created` days ago, last tried `tried` days ago. */
  const delivery = (
    name: string,
    status: 'pending' | 'succeeded' | 'failed',
    created: number,
    tried: number | null,
  ) =>
    db()
      .insertInto('webhook_deliveries')
      .values({
        endpoint_id: endpointId,
        event_id: name,
        event: 'order.created',
        payload: '{}',
        variant_id: null,
        status,
        attempts: tried === null ? 0 : 1,
        next_attempt_at: status === 'pending' ? now.toISOString() : null,
        last_attempt_at: tried === null ? null : daysAgo(tried),
        created_at: daysAgo(created),
      })
      .execute();
  const left = async () =>
    (await db().selectFrom('webhook_deliveries').select('event_id').orderBy('id').execute()).map(
      (d) => d.event_id,
    );
  const prune = () =>
    runPeriodicJob(
      t.database,
      WEBHOOK_PRUNE_JOB,
      webhookPruneJob({ db: db(), now: () => now, log: silentJobLog }),
      now,
    );

  it('deletes what was sent or failed for good more than 30 days ago, keeps the rest', async () => {
    await delivery('sent-31-days-ago', 'succeeded', 31, 31);
    await delivery('sent-30-days-ago', 'succeeded', 30, 30);
    await delivery('sent-29-days-ago', 'succeeded', 29, 29);
    await delivery('failed-31-days-ago', 'failed', 33, 31);
    // Created long ago, its last attempt recent: kept for 30 days from that attempt.
    await delivery('failed-lately', 'failed', 40, 2);
    // Failed without an attempt (its endpoint was disabled first): aged by its creation.
    await delivery('never-tried-old', 'failed', 31, null);
    await delivery('never-tried-new', 'failed', 5, null);
    // Still being sent: never pruned.
    await delivery('pending-old', 'pending', 60, 40);

    expect(await prune()).toBe(3);
    expect(await left()).toEqual([
      'sent-30-days-ago',
      'sent-29-days-ago',
      'failed-lately',
      'never-tried-new',
      'pending-old',
    ]);
    // A second run (the queue runs a job at least once) deletes nothing more.
    expect(await webhookPruneJob({ db: db(), now: () => new Date(now), log: silentJobLog })()).toBe(
      0,
    );
  });
});
