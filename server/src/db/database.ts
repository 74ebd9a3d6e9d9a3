// Opens the shop database: embedded SQLite by default, PostgreSQL when DATABASE_URL is set.
// Both go through Kysely with the same schema and portable SQL (see schema.ts conventions).
import { chmodSync, closeSync, existsSync, openSync, statSync } from 'node:fs';
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

/**
 * The database at DATA_DIR / DATABASE_URL is not a shop the server may start on. Here, not in
 * integrity.ts, which checks a database this module opened: the two would import each other.
 */
export class NotAShopDatabase extends Error {
  override name = 'NotAShopDatabase';
}

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
  /** Where PostgreSQL's pool reports a lost idle connection (the server's logger). */
  log?: PoolLog;
}

/** The part of a logger (pino's) the pool uses; console.error's words when none is given. */
interface PoolLog {
  error(details: object, message: string): void;
}

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  if (options.sqliteFile !== undefined) return openSqlite(options.sqliteFile);
  if (options.databaseUrl) {
    return openPostgres(options.databaseUrl, options.log ? { log: options.log } : {});
  }
  ensurePrivateDir(options.dataDir);
  const file = join(options.dataDir, 'shop.db');
  // A shop.db that exists but is empty is a failed copy or restore, not a new shop: opening it
  // would start an empty shop whose invoice numbers restart at 000001 (issue #25). Only a
  // DATA_DIR without shop.db starts a new shop.
  if (isEmptyFile(file) && !(existsSync(`${file}-wal`) && !isEmptyFile(`${file}-wal`))) {
    throw new NotAShopDatabase(
      `${file} exists but is empty (0 bytes): it is not a shop database (a failed copy or ` +
        'restore?). Restore a backup (npm run restore), or delete the file to start a new shop.',
    );
  }
  // Only the server's user may read the shop's data (0600). SQLite gives the -wal and -shm files
  // it creates the mode of the database file; existing ones are tightened too.
  closeSync(openSync(file, 'a', 0o600));
  for (const path of [file, `${file}-wal`, `${file}-shm`]) {
    if (existsSync(path)) chmodSync(path, 0o600);
  }
  try {
    return openSqlite(file);
  } catch (err) {
    // Unreadable (permissions, an I/O error) or not SQLite at all ("file is not a database").
    throw new NotAShopDatabase(
      `${file} cannot be opened as the shop database (${err instanceof Error ? err.message : String(err)}). ` +
        'Check the file and its permissions, or restore a backup (npm run restore).',
      { cause: err },
    );
  }
}

const isEmptyFile = (path: string) => existsSync(path) && statSync(path).size === 0;

export function openSqlite(file: string): DatabaseHandle {
  const BetterSqlite3 = loadBetterSqlite3();
  const sqlite = new BetterSqlite3(file);
  try {
    // Wait for a competing writer (another process, e.g. a CLI) instead of failing at once.
    sqlite.pragma('busy_timeout = 5000');
    // WAL: readers never block the writer; FULL: a committed order survives power loss.
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = FULL');
    // Off by default in SQLite; our cascades and SET NULLs depend on it.
    sqlite.pragma('foreign_keys = ON');
  } catch (err) {
    // e.g. "file is not a database": the caller says so; the file stays closed.
    sqlite.close();
    throw err;
  }
  // Note: better-sqlite3 binds every JS number as REAL. INTEGER columns store integral values
  // as integers and every safe integer is exact as a double, so money stays exact as long as
  // values and intermediate results stay below 2^53.
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withSafeRollback(sqlite, withStatementCache(sqlite)) }),
  });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

/** What Kysely runs when a transaction's callback throws (SqliteDriver.rollbackTransaction). */
const ROLLBACK = 'rollback';
const NOTHING_TO_ROLL_BACK: SqliteStatement = {
  reader: false,
  all: () => [],
  run: () => ({ changes: 0, lastInsertRowid: 0 }),
  iterate: () => [][Symbol.iterator](),
};

/**
 * On some errors (SQLITE_FULL, SQLITE_IOERR, SQLITE_NOMEM…) SQLite rolls the transaction back
 * itself. Kysely's ROLLBACK then fails with "cannot rollback - no transaction is active" and that
 * error replaced the real one: a full disk was logged as 13 of those, never as "disk full"
 * (issue #25). With no transaction open there is nothing to roll back: the ROLLBACK is skipped
 * and the caller gets the error that ended the transaction.
 */
function withSafeRollback(
  sqlite: { readonly inTransaction: boolean },
  database: SqliteDatabase,
): SqliteDatabase {
  return {
    close: () => database.close(),
    prepare: (sql) =>
      sql === ROLLBACK && !sqlite.inTransaction ? NOTHING_TO_ROLL_BACK : database.prepare(sql),
  };
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
  log?: PoolLog;
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
    if (options.log) options.log.error({ err }, 'PostgreSQL pool error');
    else console.error('PostgreSQL pool error:', err.message);
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
