// The server's background work as jobs of the shared queue: what each kind does, and which
// kinds recur (each once per period, whatever the number of instances).
import type { AppContext } from '../context';
import type { Storage } from '../storage/storage';
import { AUDIT_RETENTION_JOB, auditRetentionJob } from '../services/audit';
import { MAIL_JOB, magicLinkMessage } from '../services/magic-links';
import { MEDIA_SWEEP_JOB, mediaSweepJob } from '../services/media';
import { startPeriodicJobs } from './periodic';
import { startJobWorker, type JobHandlers, type JobLog } from './worker';

/** The handler of every kind the server enqueues. */
export function backgroundJobHandlers(
  ctx: AppContext,
  { storage, log }: { storage: Storage; log: JobLog },
) {
  return {
    // One e-mail template so far: the magic link.
    [MAIL_JOB]: (payload) => ctx.mailer.send(magicLinkMessage(ctx.config, payload)),
    [MEDIA_SWEEP_JOB.kind]: mediaSweepJob({
      db: ctx.db,
      storage,
      now: () => ctx.now(),
      // Uploaded files that nothing references, older than UNUSED_MEDIA_GRACE_H.
      graceMs: ctx.config.unusedMediaGraceHours * 60 * 60 * 1000,
      log,
    }),
    // Audit log entries older than AUDIT_RETENTION_DAYS.
    [AUDIT_RETENTION_JOB.kind]: auditRetentionJob({
      db: ctx.db,
      days: ctx.config.auditRetentionDays,
      now: () => ctx.now(),
      log,
    }),
  } satisfies JobHandlers;
}

/**
 * This instance's worker over the shared queue, and its part in enqueueing the periodic jobs.
 * `stop` waits for the job running.
 */
export function startBackgroundJobs(
  ctx: AppContext,
  options: { storage: Storage; log: JobLog; periodic?: boolean },
): { stop(): Promise<void> } {
  const worker = startJobWorker({
    db: ctx.db,
    dialect: ctx.dialect,
    handlers: backgroundJobHandlers(ctx, options),
    log: options.log,
    pollMs: ctx.config.jobPollMs,
    now: () => ctx.now(),
  });
  const periodic =
    options.periodic === false
      ? null
      : startPeriodicJobs({
          db: ctx.db,
          jobs: [MEDIA_SWEEP_JOB, AUDIT_RETENTION_JOB],
          now: () => ctx.now(),
          maxAttempts: ctx.config.jobMaxAttempts,
          log: options.log,
        });
  return {
    async stop() {
      periodic?.stop();
      await worker.stop();
    },
  };
}
