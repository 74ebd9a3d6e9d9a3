// Jobs in tests: run what an instance would have enqueued and run, without timers.
import type { DatabaseHandle } from '../src/db/database';
import { enqueuePeriodicJobs, type PeriodicJob } from '../src/jobs/periodic';
import { jobRunner, type JobLog } from '../src/jobs/worker';

export const silentJobLog: JobLog = { info: () => {}, warn: () => {}, error: () => {} };

/**
 * Enqueues the period's job as every instance does at start, then a worker runs the due jobs of
 * that kind with `handler`; resolves with what the handler resolved (it must have run once).
 */
export async function runPeriodicJob<T>(
  database: Pick<DatabaseHandle, 'db' | 'dialect'>,
  job: PeriodicJob,
  handler: () => Promise<T>,
  now: Date,
): Promise<T> {
  await enqueuePeriodicJobs(database.db, [job], now);
  const results: T[] = [];
  const runner = jobRunner({
    ...database,
    handlers: { [job.kind]: async () => results.push(await handler()) },
    log: silentJobLog,
    now: () => now,
  });
  while (await runner.runNext());
  if (results.length !== 1) throw new Error(`${job.kind} ran ${results.length} times`);
  return results[0] as T;
}
