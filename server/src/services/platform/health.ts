// What /readyz (http/health.ts) asks of the database and the disk, and the daily integrity check
// (issue #25). The check's last result is kept in the database (table `health`, one row), so
// every instance's /readyz shows a failure whichever instance's worker found it.
import { statfs } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { existsSync } from 'node:fs';
import type { Kysely } from 'kysely';
import type { DialectName } from '../../db/database';
import { quickCheck } from '../../db/integrity';
import type { Database } from '../../db/schema';
import type { JobLog } from '../../jobs/worker';

/**
 * Daily, and dead at its first failure: a damaged database does not heal by being checked again
 * (Retry on the Background Jobs screen runs the check again, e.g. after a repair).
 */
export const INTEGRITY_JOB = {
  kind: 'db.integrity',
  everyMs: 24 * 60 * 60 * 1000,
  maxAttempts: 1,
} as const;

export interface WriteProbe {
  /** What the last integrity check found; null when nothing (or none ran yet). */
  integrityProblem: string | null;
}

/**
 * A real write, committed: the one row of `health` gets the time. Safe on both databases: it
 * takes one row lock for a moment (SQLite: the write lock of one tiny transaction), never grows a
 * table (an update in place; PostgreSQL's dead row versions are HOT-pruned and vacuumed), and it
 * goes where every write goes (SQLite's WAL with its fsync, PostgreSQL's WAL and heap), so it
 * fails when writes fail: a full disk, a read-only file or database. A rolled-back savepoint
 * would prove nothing on SQLite, which writes nothing of a transaction it rolls back.
 */
export async function probeWrite(db: Kysely<Database>, now: Date): Promise<WriteProbe> {
  const row = await db
    .updateTable('health')
    .set({ write_probe_at: now.toISOString() })
    .where('id', '=', 1)
    .returning('integrity_problem')
    .executeTakeFirst();
  if (!row) throw new Error('the health row is missing (migration 023_health)');
  return { integrityProblem: row.integrity_problem };
}

/** Keeps the result of an integrity check (null: nothing found) for every instance's /readyz. */
export async function recordIntegrity(
  db: Kysely<Database>,
  now: Date,
  problem: string | null,
): Promise<void> {
  await db
    .updateTable('health')
    .set({ integrity_checked_at: now.toISOString(), integrity_problem: problem })
    .where('id', '=', 1)
    .execute();
}

/** The db.integrity job: the quick check, kept; a failure is logged and fails the job. */
export function integrityJob(options: {
  db: Kysely<Database>;
  dialect: DialectName;
  now: () => Date;
  log: Pick<JobLog, 'error'>;
}): () => Promise<void> {
  return async () => {
    const problem = await quickCheck(options.db, options.dialect);
    await recordIntegrity(options.db, options.now(), problem);
    if (problem !== null) {
      options.log.error({ problem }, 'The database failed its integrity check');
      throw new Error(`The database failed its integrity check: ${problem}`);
    }
  };
}

/**
 * Bytes free for the server's user on the disk that holds `dir` (or would: DATA_DIR may not be
 * made yet, e.g. with PostgreSQL, S3 and the secrets in the environment).
 */
export async function freeBytesUnder(dir: string): Promise<number> {
  let path = resolve(dir);
  while (!existsSync(path) && dirname(path) !== path) path = dirname(path);
  const stats = await statfs(path);
  return stats.bavail * stats.bsize;
}
