// Housekeeping that runs once per period whatever the number of instances (media sweep, audit
// retention). Every instance enqueues the current period's job at start and then on a timer; its
// unique key (`media.sweep:2026-11-24T21`) lets only the first enqueue of the period through, and
// a worker of any instance runs it.
import type { Db } from '../db/database';
import { enqueueJob } from './queue';

export interface PeriodicJob {
  kind: string;
  /** The period: an hour, a day… (a whole number of hours gives readable keys). */
  everyMs: number;
  /** Attempts before the job is dead, when not JOB_MAX_ATTEMPTS (e.g. 1 for a check). */
  maxAttempts?: number;
}

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** The unique key of the period `now` falls in, e.g. `media.sweep:2026-11-24T21`. */
export function periodKey({ kind, everyMs }: PeriodicJob, now: Date): string {
  const start = new Date(Math.floor(now.getTime() / everyMs) * everyMs).toISOString();
  const length = everyMs % DAY_MS === 0 ? 10 : everyMs % HOUR_MS === 0 ? 13 : start.length;
  return `${kind}:${start.slice(0, length)}`;
}

/** Enqueues each job's current period (a no-op for a period already enqueued). */
export async function enqueuePeriodicJobs(
  db: Db,
  jobs: readonly PeriodicJob[],
  now: Date,
  maxAttempts?: number,
): Promise<void> {
  for (const job of jobs) {
    await enqueueJob(db, {
      kind: job.kind,
      payload: {},
      runAt: now,
      uniqueKey: periodKey(job, now),
      ...((job.maxAttempts ?? maxAttempts) === undefined
        ? {}
        : { maxAttempts: job.maxAttempts ?? maxAttempts }),
    });
  }
}

/** How often an instance looks whether a new period began. */
const TICK_MS = 60 * 1000;

/**
 * Enqueues at start, then every minute (the timer never keeps the process alive); failures are
 * logged and tried again at the next tick.
 */
export function startPeriodicJobs(options: {
  db: Db;
  jobs: readonly PeriodicJob[];
  now: () => Date;
  maxAttempts?: number;
  log: { warn(details: object, message: string): void };
}): { stop(): void } {
  const tick = () =>
    void enqueuePeriodicJobs(options.db, options.jobs, options.now(), options.maxAttempts).catch(
      (err: unknown) => options.log.warn({ err }, 'Could not enqueue the periodic jobs'),
    );
  const timer = setInterval(tick, TICK_MS);
  timer.unref();
  tick();
  return { stop: () => clearInterval(timer) };
}
