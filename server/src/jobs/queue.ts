// The job table every instance shares (migration 017_jobs): enqueue, claim, and the outcome of a
// run. Claiming marks the row running with a lease (locked_until): a job whose instance died is
// claimed again once the lease has run out. PostgreSQL claims with SELECT … FOR UPDATE SKIP LOCKED
// (workers on other connections skip the row being claimed); SQLite has one writer, so a single
// UPDATE … WHERE id = (SELECT …) RETURNING is atomic.
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import { DEFAULT_JOB_MAX_ATTEMPTS } from '../config';
import type { Db, DialectName } from '../db/database';
import type { Database } from '../db/schema';

export type JobStatus = 'queued' | 'running' | 'done' | 'dead';

export interface NewJob {
  /** Dotted name of the work, e.g. `mail.send`: the worker's handler of that name runs it. */
  kind: string;
  /** JSON-serialisable; never a secret in clear (it is stored as is). */
  payload: unknown;
  /** Not before this time (default now). */
  runAt?: Date;
  /** At most one job with this key ever exists, e.g. `media.sweep:2026-11-24T21`. */
  uniqueKey?: string;
  maxAttempts?: number;
}

/**
 * Adds a job; `db` may be the caller's transaction, so the job exists only if what it announces
 * commits. Resolves with its id, or null when a job with the same uniqueKey exists already.
 */
export async function enqueueJob(db: Db, job: NewJob): Promise<number | null> {
  const row = await db
    .insertInto('jobs')
    .values({
      kind: job.kind,
      payload: JSON.stringify(job.payload ?? null),
      status: 'queued',
      max_attempts: job.maxAttempts ?? DEFAULT_JOB_MAX_ATTEMPTS,
      run_at: (job.runAt ?? new Date()).toISOString(),
      unique_key: job.uniqueKey ?? null,
    })
    .onConflict((oc) => oc.column('unique_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/** A job a worker holds until its lease ends; `attempts` counts this run. */
export interface ClaimedJob {
  id: number;
  kind: string;
  payload: string;
  attempts: number;
  max_attempts: number;
}

/** Due: queued and its time has come, or running with a lease that ran out. */
const due =
  (nowIso: string, kinds: readonly string[]) => (eb: ExpressionBuilder<Database, 'jobs'>) =>
    eb.and([
      eb('kind', 'in', kinds),
      eb.or([
        eb.and([eb('status', '=', 'queued'), eb('run_at', '<=', nowIso)]),
        eb.and([eb('status', '=', 'running'), eb('locked_until', '<=', nowIso)]),
      ]),
    ]);

/** Takes the next due job of these kinds, or resolves undefined when there is none. */
export async function claimJob(
  db: Kysely<Database>,
  dialect: DialectName,
  { now, leaseMs, kinds }: { now: Date; leaseMs: number; kinds: readonly string[] },
): Promise<ClaimedJob | undefined> {
  if (kinds.length === 0) return undefined;
  const nowIso = now.toISOString();
  const claim = {
    status: 'running' as const,
    attempts: sql<number>`attempts + 1`,
    locked_until: new Date(now.getTime() + leaseMs).toISOString(),
  };
  const columns = ['id', 'kind', 'payload', 'attempts', 'max_attempts'] as const;
  const next = (q: Db) =>
    q
      .selectFrom('jobs')
      .select('id')
      .where(due(nowIso, kinds))
      .orderBy('run_at')
      .orderBy('id')
      .limit(1);
  if (dialect === 'postgres') {
    return db.transaction().execute(async (trx) => {
      const row = await next(trx).forUpdate().skipLocked().executeTakeFirst();
      if (!row) return undefined;
      return trx
        .updateTable('jobs')
        .set(claim)
        .where('id', '=', row.id)
        .returning(columns)
        .executeTakeFirstOrThrow();
    });
  }
  // A read first: an UPDATE takes SQLite's write lock even when it changes nothing.
  if (!(await next(db).executeTakeFirst())) return undefined;
  return db
    .updateTable('jobs')
    .set(claim)
    .where('id', '=', next(db))
    .returning(columns)
    .executeTakeFirst();
}

/** The claim still held: no other worker has taken the job since (its lease had not run out). */
const held = (job: ClaimedJob) => (eb: ExpressionBuilder<Database, 'jobs'>) =>
  eb.and([eb('id', '=', job.id), eb('status', '=', 'running'), eb('attempts', '=', job.attempts)]);

/** Pushes the lease of a job still running further. */
export async function extendLease(db: Db, job: ClaimedJob, until: Date): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ locked_until: until.toISOString() })
    .where(held(job))
    .execute();
}

export async function markJobDone(db: Db, job: ClaimedJob, now: Date): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ status: 'done', locked_until: null, last_error: null, finished_at: now.toISOString() })
    .where(held(job))
    .execute();
}

/** Longest error message kept: enough to see what went wrong, not a dump. */
const MAX_ERROR_LENGTH = 1000;

/**
 * A failed run: back to queued at `retryAt`, or dead when it was the last attempt (or when
 * `retryAt` is null). The message is the handler's error, which names no secret.
 */
export async function markJobFailed(
  db: Db,
  job: ClaimedJob,
  { error, now, retryAt }: { error: string; now: Date; retryAt: Date | null },
): Promise<JobStatus> {
  const retry = job.attempts < job.max_attempts ? retryAt : null;
  await db
    .updateTable('jobs')
    .set({
      status: retry ? 'queued' : 'dead',
      locked_until: null,
      last_error: error.slice(0, MAX_ERROR_LENGTH),
      ...(retry ? { run_at: retry.toISOString() } : { finished_at: now.toISOString() }),
    })
    .where(held(job))
    .execute();
  return retry ? 'queued' : 'dead';
}

/**
 * Deletes the jobs done before `before` (their payloads hold addresses); dead ones stay for
 * admins to see and retry. Resolves with how many.
 */
export async function pruneDoneJobs(db: Db, before: Date): Promise<number> {
  const result = await db
    .deleteFrom('jobs')
    .where('status', '=', 'done')
    .where('finished_at', '<', before.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** How many jobs are in each status (metrics). */
export async function jobQueueDepth(db: Db): Promise<Record<JobStatus, number>> {
  const rows = await db
    .selectFrom('jobs')
    .select((eb) => ['status', eb.fn.countAll<number>().as('n')])
    .groupBy('status')
    .execute();
  const depth: Record<JobStatus, number> = { queued: 0, running: 0, done: 0, dead: 0 };
  for (const row of rows) depth[row.status] = Number(row.n);
  return depth;
}
