// better-sqlite3 and pg ship no type declarations and @types/* are not installed, so they are
// loaded through require() with the few types we use spelled out here (Kysely's own driver
// interfaces cover the rest). Swap for plain imports once @types/pg and @types/better-sqlite3
// are dev dependencies.
import { createRequire } from 'node:module';
import type { PostgresPool, SqliteDatabase } from 'kysely';

const require = createRequire(import.meta.url);

interface BetterSqlite3Database extends SqliteDatabase {
  pragma(source: string, options?: { simple?: boolean }): unknown;
  exec(source: string): unknown;
  /** A transaction is open (SQLite may have ended one itself, e.g. on SQLITE_FULL). */
  readonly inTransaction: boolean;
}

type BetterSqlite3Constructor = new (filename: string) => BetterSqlite3Database;

interface PgPoolConfig {
  connectionString: string;
  max?: number;
  /** Startup options, e.g. "-c search_path=myschema". */
  options?: string;
}

interface PgPool extends PostgresPool {
  on(event: 'error', listener: (err: Error) => void): unknown;
  /** Connections open, idle among them, and queries waiting for one (metrics). */
  readonly totalCount: number;
  readonly idleCount: number;
  readonly waitingCount: number;
}

interface PgModule {
  Pool: new (config: PgPoolConfig) => PgPool;
  types: { setTypeParser(oid: number, parser: (value: string) => unknown): void };
}

export function loadBetterSqlite3(): BetterSqlite3Constructor {
  return require('better-sqlite3') as BetterSqlite3Constructor;
}

export function loadPg(): PgModule {
  return require('pg') as PgModule;
}
