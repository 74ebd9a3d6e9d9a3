// The server's background work as jobs of the shared queue: what each kind does, and which
// kinds recur (each once per period, whatever the number of instances). The services register
// their work here; the app hands it to the queue at start (jobs/background.ts, main.ts), which
// imports no service (issue #27).
// A job runs at least once, not exactly once (jobs/worker.ts): a run whose outcome was not
// recorded (its instance died, or stalled past its lease) is run again, possibly while the first
// still runs. Each handler below says why a second run is harmless, or what makes it so.
import type { AppContext } from '../../context';
import type { JobRegistry } from '../../jobs/background';
import type { PeriodicJob } from '../../jobs/periodic';
import type { JobHandlers, JobLog } from '../../jobs/worker';
import { sendOnce } from '../../mail/deliveries';
import type { Storage } from '../../storage/storage';
import { AUDIT_RETENTION_JOB, auditRetentionJob } from './audit';
import { BACKUP_JOB_KIND, backupJob } from './backups';
import { INTEGRITY_JOB, integrityJob } from './health';
import { MAIL_JOB, magicLinkMessage } from '../identity/magic-links';
import { MEDIA_SWEEP_JOB, mediaSweepJob } from './media';
import { ORDER_EMAIL_JOB, orderEmailJob } from '../orders/order-emails';
import { networkFetchDeps } from '../catalogue/import-formats/image-fetch';
import { IMPORT_IMAGES_JOB, importImagesJob } from '../catalogue/import-formats/import-images';
import { DEFAULT_UPLOAD_LIMITS } from '../../domain/media-limits';
import { httpTtnClient } from '../../teif';
import { teifSubmitJob } from '../billing/teif';
import { TEIF_JOB } from '../billing/teif-queue';
import { webhookDeliveryJob } from '../webhooks/delivery';
import { WEBHOOK_JOB } from '../webhooks/outbox';
import { WEBHOOK_PRUNE_JOB, webhookPruneJob } from '../webhooks/pruning';

/** The housekeeping each instance enqueues for every period (it runs once per period). */
const PERIODIC_JOBS: readonly PeriodicJob[] = [
  MEDIA_SWEEP_JOB,
  AUDIT_RETENTION_JOB,
  INTEGRITY_JOB,
  WEBHOOK_PRUNE_JOB,
];

/** The handler of every kind the services enqueue (jobs.prune is the queue's own). */
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
    // An order's e-mail to its customer (services/orders/order-emails.ts), rendered when it runs
    // and sent once as above; a run finding it sent records it and sends nothing.
    [ORDER_EMAIL_JOB]: orderEmailJob({ ctx, storage, send: sendMail }),
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
    // The images of the products an import created, fetched from the file's URLs (public
    // addresses only, the image upload size limit). A second run finds the product's images set
    // and stores nothing (import-images.ts).
    [IMPORT_IMAGES_JOB]: importImagesJob({
      db: ctx.db,
      storage,
      fetch: networkFetchDeps(DEFAULT_UPLOAD_LIMITS.maxFileBytes),
      now: () => ctx.now(),
      log,
    }),
    // A scheduled backup (BACKUP_INTERVAL_H), then the newest BACKUP_KEEP scheduled ones kept.
    // A second run writes one more complete archive (written aside, then renamed into place) and
    // the pruning keeps the newest BACKUP_KEEP: one extra backup at worst until the next
    // pruning, never a half-written one.
    [BACKUP_JOB_KIND]: backupJob(ctx, { keep: ctx.config.backupKeep, log }),
    // A document's signed TEIF to TTN (TTN_URL), and TTN's answer on the document. A second run
    // finds the document accepted or rejected and sends nothing; a run cut short before TTN's
    // answer was recorded sends it again, which TTN answers as it did (same document number).
    [TEIF_JOB]: teifSubmitJob({
      db: ctx.db,
      config: ctx.config,
      client: ctx.config.ttnUrl === undefined ? undefined : httpTtnClient(ctx.config.ttnUrl),
      now: () => ctx.now(),
      log,
    }),
    // One webhook delivery's attempt (#31, services/webhooks/delivery.ts). The job names its
    // attempt: a second run finds the attempt made (the delivery moved on) and sends nothing.
    [WEBHOOK_JOB]: webhookDeliveryJob({
      db: ctx.db,
      config: ctx.config,
      now: () => ctx.now(),
      log,
    }),
    // Webhook deliveries sent or failed for good, older than WEBHOOK_DELIVERIES_KEPT_DAYS: a
    // second run deletes what the first left (nothing, or what aged since).
    [WEBHOOK_PRUNE_JOB.kind]: webhookPruneJob({ db: ctx.db, now: () => ctx.now(), log }),
  } satisfies JobHandlers;
}

/** The scheduled backup, every BACKUP_INTERVAL_H hours (none when 0). */
export function backupSchedule(config: AppContext['config']): PeriodicJob[] {
  const hours = config.backupIntervalHours;
  return hours > 0 ? [{ kind: BACKUP_JOB_KIND, everyMs: hours * 60 * 60 * 1000 }] : [];
}

/** What the services give the queue at start: every handler, and the periodic jobs. */
export function backgroundJobs(
  ctx: AppContext,
  options: { storage: Storage; log: JobLog },
): JobRegistry {
  return {
    handlers: backgroundJobHandlers(ctx, options),
    periodic: [...PERIODIC_JOBS, ...backupSchedule(ctx.config)],
  };
}
