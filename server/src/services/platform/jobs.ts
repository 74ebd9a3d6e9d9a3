// What admins see of the queue (listJobs) and the one thing they may do: run a dead job again.
import { conflict, notFound } from '../../api/problem';
import type { Schemas } from '../../api/types';
import type { Db } from '../../db/database';
import { equalTo, newestFirst, selectedPage } from '../../db/search';
import type { JobStatus } from '../../jobs/queue';

type Job = Schemas['Job'];

/** Every column but the payload, which may hold addresses. */
const JOB_COLUMNS = [
  'id',
  'kind',
  'status',
  'attempts',
  'max_attempts',
  'run_at',
  'last_error',
  'created_at',
  'finished_at',
] as const;

export interface JobQuery {
  status?: JobStatus | undefined;
  kind?: string | undefined;
  skip: number;
  limit: number;
}

const jobSelection = (db: Db, q: JobQuery) =>
  newestFirst(db, 'jobs', [...equalTo('status', q.status), ...equalTo('kind', q.kind)]);

/** One page of jobs, newest first, and the number under the filters. */
export async function listJobs(db: Db, q: JobQuery): Promise<{ items: Job[]; total: number }> {
  const { rows, total } = await selectedPage(
    db.selectFrom('jobs').select(JOB_COLUMNS),
    jobSelection(db, q),
    q,
  );
  return { items: rows, total };
}

/** A dead job queued again with its attempts reset, due now; 409 unless it is dead. */
export async function retryJob(db: Db, id: number, now: Date): Promise<Job> {
  const job = await db.selectFrom('jobs').select('status').where('id', '=', id).executeTakeFirst();
  if (!job) throw notFound('Job not found');
  // Conditional: of two retries at once, one queues it and the other finds it queued.
  const queued =
    job.status === 'dead'
      ? await db
          .updateTable('jobs')
          .set({
            status: 'queued',
            attempts: 0,
            run_at: now.toISOString(),
            locked_until: null,
            finished_at: null,
          })
          .where('id', '=', id)
          .where('status', '=', 'dead')
          .returning(JOB_COLUMNS)
          .executeTakeFirst()
      : undefined;
  if (!queued) throw conflict(`Only a dead job can be retried; this one is ${job.status}`);
  return queued;
}
