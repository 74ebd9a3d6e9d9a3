// This instance's part of the background work: a worker over the shared queue, and its part in
// enqueueing the periodic jobs. jobs/ is infrastructure the services use: what each kind does
// comes from the services (services/platform/background-jobs.ts lists their handlers and periods) and is
// handed over at start (main.ts), so nothing here imports a service (issue #27, eslint.walls.js).
import type { AppContext } from '../context';
import { startPeriodicJobs, type PeriodicJob } from './periodic';
import { pruneDoneJobs } from './queue';
import { startJobWorker, type JobHandlers, type JobLog } from './worker';

/** The work the services give the queue: a handler for every kind, and the kinds that recur. */
export interface JobRegistry {
  handlers: JobHandlers;
  periodic: readonly PeriodicJob[];
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Done jobs are deleted a week after (the dead ones stay until retried). */
const DONE_JOBS_KEPT_MS = 7 * DAY_MS;
const JOBS_PRUNE_JOB = { kind: 'jobs.prune', everyMs: DAY_MS } as const;

/**
 * This instance's worker over the shared queue, running the services' handlers and the queue's
 * own housekeeping, and its part in enqueueing the periodic jobs. `stop` waits for the job running.
 */
export function startBackgroundJobs(
  ctx: Pick<AppContext, 'db' | 'dialect' | 'config' | 'now'>,
  { handlers, periodic, log }: JobRegistry & { log: JobLog },
): { stop(): Promise<void> } {
  const worker = startJobWorker({
    db: ctx.db,
    dialect: ctx.dialect,
    handlers: {
      ...handlers,
      // Done jobs older than a week: deleting them again deletes nothing more.
      [JOBS_PRUNE_JOB.kind]: () =>
        pruneDoneJobs(ctx.db, new Date(ctx.now().getTime() - DONE_JOBS_KEPT_MS)),
    },
    log,
    pollMs: ctx.config.jobPollMs,
    now: () => ctx.now(),
  });
  const periodicJobs = startPeriodicJobs({
    db: ctx.db,
    jobs: [JOBS_PRUNE_JOB, ...periodic],
    now: () => ctx.now(),
    maxAttempts: ctx.config.jobMaxAttempts,
    log,
  });
  return {
    async stop() {
      periodicJobs.stop();
      await worker.stop();
    },
  };
}
