// Migrated databases that each test's database is copied from. Migrating a fresh database took
// ~95 ms on SQLite and ~315 ms on PostgreSQL (idle machine), for every test database of a run
// (~315 in test:db); a copy takes ~2 ms (a file) and ~60 ms (CREATE DATABASE … TEMPLATE). The
// templates are migrated once per run, by the server projects' globalSetup (template-setup.ts),
// so they always hold the migrations of the tree under test. No vitest imports here: the
// globalSetup runs this in vitest's main process.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { openPostgres, openSqlite, type DialectName } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';

/**
 * The databases each server test runs on: SQLite, and PostgreSQL when DATABASE_URL is set
 * (scripts/with-postgres.sh). TEST_DIALECTS narrows them: `npm run test:db` sets it to postgres,
 * because `npm run test:unit` has just run the whole server suite on SQLite (running it twice
 * cost five minutes of `npm test`).
 */
const available: DialectName[] = process.env.DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
const wanted = process.env.TEST_DIALECTS?.split(',').map((d) => d.trim());
export const testDialects: DialectName[] = wanted
  ? available.filter((d) => wanted.includes(d))
  : available;
if (testDialects.length === 0)
  throw new Error(`TEST_DIALECTS=${process.env.TEST_DIALECTS} names no database available here`);

/** Where the migrated templates of this run are (what globalSetup provides to the tests). */
export interface DatabaseTemplates {
  /** A migrated SQLite file, never opened again: each test copies it. */
  sqlite?: string;
  /** A migrated database in DATABASE_URL's cluster that takes no connections (see below). */
  postgres?: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Missing when the run had no such globalSetup: each test database is migrated then. */
    testDatabaseTemplates?: DatabaseTemplates;
  }
}

/** The URL of database `name` in the cluster of DATABASE_URL. */
export function postgresUrl(name: string): string {
  const clusterUrl = process.env.DATABASE_URL;
  if (!clusterUrl) throw new Error('DATABASE_URL is not set');
  const url = new URL(clusterUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** `work` on one connection to DATABASE_URL's own database, for CREATE and DROP DATABASE. */
export async function onCluster<T>(work: (db: Kysely<unknown>) => Promise<T>): Promise<T> {
  const clusterUrl = process.env.DATABASE_URL;
  if (!clusterUrl) throw new Error('DATABASE_URL is not set');
  const admin = openPostgres(clusterUrl, { max: 1 });
  try {
    return await work(admin.db as Kysely<unknown>);
  } finally {
    await admin.close();
  }
}

/**
 * Drops database `name`. A pool's close resolves before its connections have ended: plain DROP
 * DATABASE waits for them (up to 5 s). Connections a test left open are ended by force, as a
 * dropped schema did not care about them either; forcing every time made the closing pools log
 * "terminating connection due to administrator command".
 */
export async function dropDatabase(name: string): Promise<void> {
  await onCluster(async (db) => {
    try {
      await sql`drop database if exists ${sql.id(name)}`.execute(db);
    } catch (err) {
      // 55006 object_in_use: "database … is being accessed by other users"
      if (!(err instanceof Error && 'code' in err && err.code === '55006')) throw err;
      await sql`drop database if exists ${sql.id(name)} with (force)`.execute(db);
    }
  });
}

/** A name for a new database or template: `<prefix>_<random>`. */
export const databaseName = (prefix: string) => `${prefix}_${randomBytes(6).toString('hex')}`;

/** Migrates a template for each dialect; `remove` deletes them (globalSetup's teardown). */
export async function buildTemplates(
  dialects: readonly DialectName[],
): Promise<{ templates: DatabaseTemplates; remove: () => Promise<void> }> {
  const templates: DatabaseTemplates = {};
  const removals: (() => Promise<void> | void)[] = [];
  const remove = async () => {
    for (const removal of removals.reverse()) await removal();
  };
  try {
    if (dialects.includes('sqlite')) {
      const dir = mkdtempSync(join(tmpdir(), 'shop-db-template-'));
      removals.push(() => rmSync(dir, { recursive: true, force: true }));
      templates.sqlite = await migratedSqliteFile(join(dir, 'shop.db'));
    }
    if (dialects.includes('postgres')) {
      const name = databaseName('test_template');
      await onCluster((db) => sql`create database ${sql.id(name)}`.execute(db));
      removals.push(() => dropDatabase(name));
      const template = openPostgres(postgresUrl(name), { max: 1 });
      try {
        await migrateToLatest(template.db, 'postgres');
      } finally {
        await template.close();
      }
      // CREATE DATABASE … TEMPLATE fails while anyone is connected to the template: refusing
      // connections keeps a stray one from failing other tests' copies.
      await onCluster((db) =>
        sql`alter database ${sql.id(name)} allow_connections false`.execute(db),
      );
      templates.postgres = name;
    }
  } catch (err) {
    await remove();
    throw err;
  }
  return { templates, remove };
}

/** Migrates the SQLite database at `file` and leaves it whole in that one file (no -wal). */
async function migratedSqliteFile(file: string): Promise<string> {
  const handle = openSqlite(file);
  try {
    await migrateToLatest(handle.db, 'sqlite');
    // Everything into the main file, so that copying the file alone copies the database.
    await sql`pragma wal_checkpoint(TRUNCATE)`.execute(handle.db);
  } finally {
    await handle.close();
  }
  const wal = `${file}-wal`;
  if (existsSync(wal) && statSync(wal).size > 0)
    throw new Error(`The SQLite template ${file} left a write-ahead log behind`);
  return file;
}
