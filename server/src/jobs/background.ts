// The server's background work as jobs of the shared queue: what each kind does, and which
// kinds recur (each once per period, whatever the number of instances).
// A job runs at least once, not exactly once (jobs/worker.ts): a run whose outcome was not
// recorded (its instance died, or stalled past its lease) is run again, possibly while the first
// still runs. Each handler below says why a second run is harmless, or what makes it so.
import type { AppContext } from '../context';
import type { Storage } from '../storage/storage';
import { AUDIT_RETENTION_JOB, auditRetentionJob } from '../services/audit';
import { BACKUP_JOB_KIND, backupJob } from '../services/backups';
import { sendOnce } from '../mail/deliveries';
import { MAIL_JOB, magicLinkMessage } from '../services/magic-links';
import { MEDIA_SWEEP_JOB, mediaSweepJob } from '../services/media';
import { INTEGRITY_JOB, integrityJob } from '../services/health';
import { startPeriodicJobs, type PeriodicJob } from './periodic';
import { pruneDoneJobs } from './queue';
import { startJobWorker, type JobHandlers, type JobLog } from './worker';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Done jobs are deleted a week after (the dead ones stay until retried). */
const DONE_JOBS_KEPT_MS = 7 * DAY_MS;
const JOBS_PRUNE_JOB = { kind: 'jobs.prune', everyMs: DAY_MS } as const;

/** The housekeeping each instance enqueues for every period (it runs once per period). */
const PERIODIC_JOBS: readonly PeriodicJob[] = [
  MEDIA_SWEEP_JOB,
  AUDIT_RETENTION_JOB,
  JOBS_PRUNE_JOB,
  INTEGRITY_JOB,
];

/** The handler of every kind the server enqueues. */
export function backgroundJobHandlers(
  ctx: AppContext,
  { storage, log }: { storage: Storage; log: JobLog },
) {
  const sendMail = sendOnce({
    db: ctx.db,
    // ctx.mailer when the job runs (what tests and the server set).
    mailer: { send: (message) => ctx.mailer.send(message) },
    now: () => ctx.now(),
    log,
  });
  return {
    // One e-mail template so far: the magic link. A second run must not send it twice: the
    // send is recorded (mail/deliveries.ts), and a run finding it sent sends nothing.
    [MAIL_JOB]: (payload, job) => sendMail(magicLinkMessage(ctx.config, payload), job),
    // Deletes files nothing references that are older than the grace period: a second run finds
    // them deleted already (a missing file is skipped), or deletes what has become old enough.
    [MEDIA_SWEEP_JOB.kind]: mediaSweepJob({
      db: ctx.db,
      storage,
      now: () => ctx.now(),
      // Uploaded files that nothing references, older than UNUSED_MEDIA_GRACE_H.
      graceMs: ctx.config.unusedMediaGraceHours * 60 * 60 * 1000,
      log,
    }),
    // Audit log entries older than AUDIT_RETENTION_DAYS: a second run deletes what the first
    // left (nothing, or entries that expired meanwhile); the audit log keeps its retention.
    [AUDIT_RETENTION_JOB.kind]: auditRetentionJob({
      db: ctx.db,
      days: ctx.config.auditRetentionDays,
      now: () => ctx.now(),
      log,
    }),
    // The database's quick integrity check (#25): a failure shows on /readyz, and the job is dead.
    // Read-only but for the result it records: a second run checks again and records the newer.
    [INTEGRITY_JOB.kind]: integrityJob({
      db: ctx.db,
      dialect: ctx.dialect,
      now: () => ctx.now(),
      log,
    }),
    // Done jobs older than a week: deleting them again deletes nothing more.
    [JOBS_PRUNE_JOB.kind]: () =>
      pruneDoneJobs(ctx.db, new Date(ctx.now().getTime() - DONE_JOBS_KEPT_MS)),
    // A scheduled backup (BACKUP_INTERVAL_H), then the newest BACKUP_KEEP scheduled ones kept.
    // A second run writes one more complete archive (written aside, then renamed into place) and
    // the pruning keeps the newest BACKUP_KEEP: one extra backup at worst until the next
    // pruning, never a half-written one.
    [BACKUP_JOB_KIND]: backupJob(ctx, { keep: ctx.config.backupKeep, log }),
  } satisfies JobHandlers;
}

/** The scheduled backup, every BACKUP_INTERVAL_H hours (none when 0). */
export function backupSchedule(config: AppContext['config']): PeriodicJob[] {
  const hours = config.backupIntervalHours;
  return hours > 0 ? [{ kind: BACKUP_JOB_KIND, everyMs: hours * 60 * 60 * 1000 }] : [];
}

/**
 * This instance's worker over the shared queue, and its part in enqueueing the periodic jobs.
 * `stop` waits for the job running.
 */
export function startBackgroundJobs(
  ctx: AppContext,
  options: { storage: Storage; log: JobLog },
): { stop(): Promise<void> } {
  const worker = startJobWorker({
    db: ctx.db,
    dialect: ctx.dialect,
    handlers: backgroundJobHandlers(ctx, options),
    log: options.log,
    pollMs: ctx.config.jobPollMs,
    now: () => ctx.now(),
  });
  const periodic = startPeriodicJobs({
    db: ctx.db,
    jobs: [...PERIODIC_JOBS, ...backupSchedule(ctx.config)],
    now: () => ctx.now(),
    maxAttempts: ctx.config.jobMaxAttempts,
    log: options.log,
  });
  return {
    async stop() {
      periodic.stop();
      await worker.stop();
    },
  };
}
