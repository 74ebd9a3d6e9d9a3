// Opens the shop database: embedded SQLite by default, PostgreSQL when DATABASE_URL is set.
// Both go through Kysely with the same schema and portable SQL (see schema.ts conventions).
import { chmodSync, closeSync, existsSync, openSync } from 'node:fs';
import { join } from 'node:path';
import {
  Kysely,
  PostgresDialect,
  SqliteDialect,
  type SqliteDatabase,
  type SqliteStatement,
  type Transaction,
} from 'kysely';
import { ensurePrivateDir } from '../config';
import { loadBetterSqlite3, loadPg } from './drivers';
import type { Database } from './schema';

export type DialectName = 'sqlite' | 'postgres';

/** The database or an open transaction on it: what a query runs on. */
export type Db = Kysely<Database> | Transaction<Database>;

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  dataDir: string;
  databaseUrl?: string | undefined;
  /** Forces SQLite on this file (or ':memory:'), ignoring databaseUrl; for tests and tools. */
  sqliteFile?: string;
}

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  if (options.sqliteFile !== undefined) return openSqlite(options.sqliteFile);
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  ensurePrivateDir(options.dataDir);
  const file = join(options.dataDir, 'shop.db');
  // Only the server's user may read the shop's data (0600). SQLite gives the -wal and -shm files
  // it creates the mode of the database file; existing ones are tightened too.
  closeSync(openSync(file, 'a', 0o600));
  for (const path of [file, `${file}-wal`, `${file}-shm`]) {
    if (existsSync(path)) chmodSync(path, 0o600);
  }
  return openSqlite(file);
}

export function openSqlite(file: string): DatabaseHandle {
  const BetterSqlite3 = loadBetterSqlite3();
  const sqlite = new BetterSqlite3(file);
  // Wait for a competing writer (another process, e.g. a CLI) instead of failing at once.
  sqlite.pragma('busy_timeout = 5000');
  // WAL: readers never block the writer; FULL: a committed order survives power loss.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  // Off by default in SQLite; our cascades and SET NULLs depend on it.
  sqlite.pragma('foreign_keys = ON');
  // Note: better-sqlite3 binds every JS number as REAL. INTEGER columns store integral values
  // as integers and every safe integer is exact as a double, so money stays exact as long as
  // values and intermediate results stay below 2^53.
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
  });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

/** Statements kept compiled; the oldest goes first beyond this. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely asks SQLite to compile every query it runs, though the app runs the same few hundred
 * texts again and again (parameters are bound); compiling was half the cost of a small query.
 * Reusing a statement is safe: Kysely runs one query at a time on the connection (a stream
 * holds it until it ends), and SQLite recompiles a statement itself when the schema changed.
 */
function withStatementCache(sqlite: SqliteDatabase): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    close: () => sqlite.close(),
    prepare(sql) {
      let statement = statements.get(sql);
      if (statement === undefined) {
        statement = sqlite.prepare(sql);
        if (statements.size >= STATEMENT_CACHE_SIZE) {
          statements.delete(statements.keys().next().value ?? '');
        }
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}

export interface PostgresOptions {
  /** Sets search_path for every connection (tests use one schema each). */
  schema?: string;
  max?: number;
}

let pgTypesConfigured = false;

export function openPostgres(
  connectionString: string,
  options: PostgresOptions = {},
): DatabaseHandle {
  const pg = loadPg();
  if (!pgTypesConfigured) {
    // int8 (BIGINT, COUNT(*)) arrives as a string by default. Money is integer millimes, far
    // below 2^53, so numbers are exact; refuse loudly rather than lose precision. NUMERIC
    // (e.g. SUM(bigint)) stays a string: cast sums with `cast(sum(x) as bigint)`.
    pg.types.setTypeParser(20, parseInt8);
    pgTypesConfigured = true;
  }
  if (options.schema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(options.schema)) {
    throw new Error(`Invalid schema name: ${options.schema}`);
  }
  const pool = new pg.Pool({
    connectionString,
    ...(options.max !== undefined ? { max: options.max } : {}),
    ...(options.schema !== undefined ? { options: `-c search_path=${options.schema}` } : {}),
  });
  // An idle client losing its connection emits 'error' on the pool; unhandled, it would
  // crash the process. The next query gets a fresh connection.
  pool.on('error', (err) => {
    console.error('PostgreSQL pool error:', err.message);
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  pools.set(db, pool);
  return { db, dialect: 'postgres', close: () => db.destroy() };
}

/** Connections of a database (metrics): PostgreSQL's pool; SQLite has one connection. */
export interface ConnectionStats {
  total: number;
  idle?: number;
  /** Queries waiting for a connection of the pool. */
  waiting?: number;
}

/** The pg pools behind the Kysely instances openPostgres made (Kysely keeps its pool private). */
const pools = new WeakMap<
  Kysely<Database>,
  { totalCount: number; idleCount: number; waitingCount: number }
>();

export function connectionStats(db: Kysely<Database>): ConnectionStats {
  const pool = pools.get(db);
  if (!pool) return { total: 1 };
  return { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount };
}

function parseInt8(value: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new RangeError(`BIGINT value ${value} exceeds 2^53`);
  return n;
}
