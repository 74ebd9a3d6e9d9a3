// The loop each instance runs over the shared job table: claim a due job, run its handler,
// record the outcome; when nothing is due, wait JOB_POLL_MS. Failures retry with exponential
// backoff until max_attempts, then the job is dead (admins see it in listJobs and may retry it).
// A job runs at least once: one whose outcome could not be recorded runs again after its lease
// (its instance died, or stalled so long that the lease ran out while it still ran). A claim is
// exclusive (queue.ts), so two workers never start the same attempt; but a handler may run
// again, so each must be harmless run twice: services/platform/background-jobs.ts says why for each kind.
import type { Kysely } from 'kysely';
import type { DialectName } from '../db/database';
import type { Database } from '../db/schema';
import { claimJob, extendLease, markJobDone, markJobFailed, type ClaimedJob } from './queue';

/** Runs one job; a rejection is a failed attempt and its message is stored (no secrets in it). */
type JobHandler = (payload: unknown, job: ClaimedJob) => Promise<unknown>;
export type JobHandlers = Readonly<Record<string, JobHandler>>;

export interface JobLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface JobWorkerOptions {
  db: Kysely<Database>;
  dialect: DialectName;
  /** By kind; the worker claims only the kinds it has a handler for. */
  handlers: JobHandlers;
  log: JobLog;
  /** Wait between looks at an empty queue (JOB_POLL_MS). */
  pollMs: number;
  now?: () => Date;
  /** How long a claim holds before another worker may take the job (renewed while it runs). */
  leaseMs?: number;
  /** Wait before the retry that follows the `attempt`-th failure. */
  backoffMs?: (attempt: number) => number;
}

export interface JobRunner {
  /** Claims and runs one due job; resolves false when none was due. */
  runNext(): Promise<boolean>;
}

export interface JobWorker {
  /** Stops polling; resolves once the job running (if any) has finished. */
  stop(): Promise<void>;
}

const DEFAULT_LEASE_MS = 5 * 60 * 1000;

/** 10 s, 20 s, 40 s … capped at an hour. */
const defaultBackoffMs = (attempt: number): number =>
  Math.min(10_000 * 2 ** (attempt - 1), 60 * 60 * 1000);

/** Runs due jobs one at a time when asked (the worker's loop asks; tests ask themselves). */
export function jobRunner(options: Omit<JobWorkerOptions, 'pollMs'>): JobRunner {
  const { db, dialect, handlers, log } = options;
  const now = options.now ?? (() => new Date());
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const backoffMs = options.backoffMs ?? defaultBackoffMs;
  const kinds = Object.keys(handlers);

  const run = async (job: ClaimedJob) => {
    const handler = handlers[job.kind];
    // Claimed again after the lease of its last allowed attempt ran out: its worker died on it.
    if (job.attempts > job.max_attempts || !handler) {
      const error = handler ? 'The worker stopped during the last attempt' : 'No handler';
      await markJobFailed(db, job, { error, now: now(), retryAt: null });
      log.error({ job: job.id, kind: job.kind }, `Job is dead: ${error}`);
      return;
    }
    const renew = setInterval(
      () =>
        void extendLease(db, job, new Date(now().getTime() + leaseMs)).catch((err: unknown) =>
          log.warn({ err, job: job.id }, 'Could not renew the lease of a job'),
        ),
      Math.max(1, Math.floor(leaseMs / 3)),
    );
    try {
      await handler(JSON.parse(job.payload) as unknown, job);
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      const at = now();
      const status = await markJobFailed(db, job, {
        error,
        now: at,
        retryAt: new Date(at.getTime() + backoffMs(job.attempts)),
      });
      const details = { job: job.id, kind: job.kind, attempts: job.attempts, err };
      if (status === 'dead') log.error(details, 'Job failed for the last time: it is dead');
      else log.warn(details, 'Job failed; it will be retried');
      return;
    } finally {
      clearInterval(renew);
    }
    // Outside the try: a job that ran is not failed because recording it failed (it stays
    // running until its lease ends, then runs again: jobs run at least once).
    await markJobDone(db, job, now());
  };

  return {
    async runNext() {
      const job = await claimJob(db, dialect, { now: now(), leaseMs, kinds });
      if (!job) return false;
      await run(job);
      return true;
    },
  };
}

/** Runs due jobs until stopped, looking again every `pollMs` while none is due. */
export function startJobWorker(options: JobWorkerOptions): JobWorker {
  const { log, pollMs } = options;
  const runner = jobRunner(options);
  let stopped = false;
  let wake: (() => void) | null = null;
  const pause = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, pollMs);
      function done() {
        clearTimeout(timer);
        wake = null;
        resolve();
      }
      wake = done;
    });
  const loop = (async () => {
    while (!stopped) {
      let worked = false;
      try {
        worked = await runner.runNext();
      } catch (err) {
        log.error({ err }, 'Could not claim or record a job');
      }
      if (!worked && !stopped) await pause();
    }
  })();

  return {
    async stop() {
      stopped = true;
      wake?.();
      await loop;
    },
  };
}
