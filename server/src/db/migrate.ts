import { Migrator, sql, type Kysely } from 'kysely';
import { inspect } from 'node:util';
import type { DialectName } from './database';
import { allMigrations } from './migrations';

/** Advisory lock key space of the startup lock (the second key is the schema's hash). */
const STARTUP_LOCK_CLASS = 16_016;

/**
 * Runs `work` on one connection that holds the startup lock, so instances starting together
 * migrate (and bootstrap) one after the other: the later ones wait, then find nothing to do.
 * PostgreSQL: a session advisory lock per schema (reentrant on that connection). Kysely's
 * migrator locks only the run of the pending migrations itself (pg_advisory_lock on a fixed
 * key, in `#runMigrations`); it creates its bookkeeping tables before that, unlocked, relying on
 * IF NOT EXISTS and catching errors, which this lock covers too. SQLite: Kysely's single
 * connection is held for the whole work, but another process has its own: migrateToLatest
 * takes SQLite's write lock itself (BEGIN IMMEDIATE).
 */
export async function underStartupLock<DB, T>(
  db: Kysely<DB>,
  dialect: DialectName,
  work: (db: Kysely<DB>) => Promise<T>,
): Promise<T> {
  if (dialect !== 'postgres') return work(db);
  return db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${STARTUP_LOCK_CLASS}, hashtext(current_schema()))`.execute(
      conn,
    );
    try {
      return await work(conn);
    } finally {
      await sql`select pg_advisory_unlock(${STARTUP_LOCK_CLASS}, hashtext(current_schema()))`.execute(
        conn,
      );
    }
  });
}

/**
 * Applies pending migrations under the startup lock; a no-op when up to date. Throws (with the
 * failing migration's name) on failure. The dialect is passed in because a few column
 * definitions differ.
 */
export function migrateToLatest<DB>(db: Kysely<DB>, dialect: DialectName): Promise<string[]> {
  if (dialect === 'postgres')
    return underStartupLock(db, dialect, (conn) => migrateOn(conn, dialect));
  // Kysely runs SQLite migrations outside a transaction and locks nothing across processes: one
  // immediate transaction makes another process wait for the write lock (busy_timeout), then find
  // nothing to do, and a failed migration leaves nothing half done.
  return db.connection().execute(async (conn) => {
    await sql`begin immediate`.execute(conn);
    try {
      const applied = await migrateOn(conn, dialect);
      await sql`commit`.execute(conn);
      return applied;
    } catch (err) {
      await sql`rollback`.execute(conn);
      throw err;
    }
  });
}

async function migrateOn<DB>(db: Kysely<DB>, dialect: DialectName): Promise<string[]> {
  // Kysely looks for its bookkeeping table in every schema it can see; pin it to ours so a
  // database shared with other schemas (or our per-test schemas) is not confused.
  const schema =
    dialect === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]
          ?.schema
      : undefined;
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(allMigrations(dialect)) },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results = [] } = await migrator.migrateToLatest();
  const failed = results.find((r) => r.status === 'Error');
  if (error !== undefined) {
    const cause =
      error instanceof Error
        ? error
        : new Error(typeof error === 'string' ? error : inspect(error));
    throw new Error(`Migration ${failed?.migrationName ?? '(setup)'} failed: ${cause.message}`, {
      cause,
    });
  }
  return results.filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
