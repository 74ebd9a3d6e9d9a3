// A consistent copy of the running shop's database, and the facts a manifest records about it.
// SQLite: `VACUUM INTO` on a connection of its own in a worker thread, so the server's event loop
// (and its writes: WAL readers never block the writer) keeps going meanwhile; the copy is one
// read transaction, hence consistent. (A `cp` of shop.db is not: recent commits sit in the -wal
// file.) PostgreSQL: pg_dump in the custom format, of the shop's schema, on a snapshot this
// process exported from a REPEATABLE READ transaction in which it also read the facts, so the
// manifest describes exactly what the dump holds.
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { Worker } from 'node:worker_threads';
import { sql, type Kysely } from 'kysely';
import type { Db, DialectName } from '../db/database';
import { openSqlite } from '../db/database';
import type { Database } from '../db/schema';
import { pgConnection, pgTool } from './pg-client';

const run = promisify(execFile);
const require = createRequire(import.meta.url);

/** What a manifest says of the database it comes with. */
export interface DatabaseFacts {
  migration_level: string;
  row_counts: Record<string, number>;
  last_invoice_number: string | null;
  last_credit_note_number: string | null;
}

/** The facts of the database `db` sees (the snapshot's transaction, or a restored database). */
export async function databaseFacts(db: Db, dialect: DialectName): Promise<DatabaseFacts> {
  const level = await sql<{
    name: string;
  }>`select name from kysely_migration order by name desc limit 1`.execute(db);
  const tables =
    dialect === 'sqlite'
      ? await sql<{ name: string }>`select name from sqlite_master
          where type = 'table' and name not like 'sqlite_%' order by name`.execute(db)
      : await sql<{ name: string }>`select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE'
          order by table_name`.execute(db);
  const row_counts: Record<string, number> = {};
  for (const { name } of tables.rows) {
    const { rows } = await sql<{
      n: number | string;
    }>`select count(*) as n from ${sql.id(name)}`.execute(db);
    row_counts[name] = Number(rows[0]?.n ?? 0);
  }
  const last = async (kind: 'invoice' | 'credit_note') =>
    (
      await db
        .selectFrom('invoices')
        .select('number')
        .where('kind', '=', kind)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst()
    )?.number ?? null;
  return {
    migration_level: level.rows[0]?.name ?? '',
    row_counts,
    last_invoice_number: await last('invoice'),
    last_credit_note_number: await last('credit_note'),
  };
}

/** Copies the SQLite database the app has open into `dest` (a new file) and reads its facts. */
export async function snapshotSqlite(db: Kysely<Database>, dest: string): Promise<DatabaseFacts> {
  // The file the app's connection has open, wherever it came from (DATA_DIR, a test's folder).
  const { rows } = await sql<{
    file: string;
  }>`select file from pragma_database_list where name = 'main'`.execute(db);
  const file = rows[0]?.file;
  if (!file) throw new Error('The SQLite database is not a file: nothing to back up');
  await vacuumInto(file, dest);
  const copy = openSqlite(dest);
  try {
    await sql`pragma journal_mode = delete`.execute(copy.db);
    return await databaseFacts(copy.db, 'sqlite');
  } finally {
    await copy.close();
  }
}

// Plain CommonJS for an `eval` worker: a worker file would need a loader for TypeScript under
// tsx and vitest, and a path that esbuild's bundle keeps.
const VACUUM_WORKER = `
const { workerData, parentPort } = require('node:worker_threads');
const Sqlite = require(workerData.module);
const db = new Sqlite(workerData.file, { readonly: true, fileMustExist: true });
try {
  db.pragma('busy_timeout = 5000');
  db.prepare('VACUUM INTO ?').run(workerData.dest);
  parentPort.postMessage({ ok: true });
} catch (error) {
  parentPort.postMessage({ ok: false, message: String(error && error.message), code: error && error.code });
} finally {
  db.close();
}`;

function vacuumInto(file: string, dest: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(VACUUM_WORKER, {
      eval: true,
      workerData: { module: require.resolve('better-sqlite3'), file, dest },
    });
    worker.once('message', (result: { ok: boolean; message?: string; code?: string }) => {
      if (result.ok) return resolve();
      const error: NodeJS.ErrnoException = new Error(
        `Could not copy the database: ${result.message}`,
      );
      // SQLITE_FULL: the disk is full (the caller answers 503).
      if (result.code === 'SQLITE_FULL') error.code = 'ENOSPC';
      reject(error);
    });
    worker.once('error', reject);
  });
}

/**
 * pg_dump of the schema `db` works in, on a snapshot from which the facts are read too.
 * `databaseUrl` is the URL of the database (the schema comes from the connection's search_path).
 */
export async function snapshotPostgres(
  db: Kysely<Database>,
  databaseUrl: string,
  dest: string,
): Promise<DatabaseFacts & { schema: string; extensions: { name: string; schema: string }[] }> {
  const pgDump = await pgTool('pg_dump', db);
  const { dbname, env } = pgConnection(databaseUrl);
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const { rows } = await sql<{
        snapshot: string;
        schema: string;
      }>`select pg_export_snapshot() as snapshot, current_schema() as schema`.execute(trx);
      const { snapshot, schema } = rows[0]!;
      const facts = await databaseFacts(trx, 'postgres');
      const { rows: extensions } = await sql<{ name: string; schema: string }>`
        select extname as name, extnamespace::regnamespace::text as schema from pg_extension
        where extname <> 'plpgsql' order by extname`.execute(trx);
      await run(
        pgDump,
        [
          '--format=custom',
          `--snapshot=${snapshot}`,
          `--schema=${schema}`,
          '--no-owner',
          '--no-privileges',
          `--file=${dest}`,
          `--dbname=${dbname}`,
        ],
        { maxBuffer: 16 * 1024 * 1024, env },
      ).catch((err: { stderr?: string; message: string }) => {
        const message = (err.stderr ?? '').trim() || err.message;
        const error: NodeJS.ErrnoException = new Error(`pg_dump failed: ${message}`);
        if (/No space left on device/i.test(message)) error.code = 'ENOSPC';
        throw error;
      });
      return { ...facts, schema, extensions };
    });
}
