// Transactions: use Kysely's `db.transaction().execute(async (trx) => ...)` on both dialects.
//
// SQLite: better-sqlite3 is synchronous and Kysely's SqliteDriver hands out its single
// connection behind a mutex, so a transaction holds the whole database until it ends; writers
// are serialised and nothing interleaves. Keep transactions short and never await network
// calls inside one. PostgreSQL: each transaction gets its own pooled connection and runs truly
// concurrently (READ COMMITTED), so invariants must live in the SQL itself, e.g. the
// conditional `UPDATE ... SET stock_quantity = stock_quantity + :d WHERE ... AND (...)`.

const SQLITE_UNIQUE = new Set(['SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY']);
const SQLITE_FOREIGN_KEY = new Set(['SQLITE_CONSTRAINT_FOREIGNKEY']);
const PG_UNIQUE = '23505';
const PG_FOREIGN_KEY = '23503';

/** A UNIQUE (or primary key) constraint failed, on SQLite or PostgreSQL. */
export function isUniqueViolation(err: unknown): boolean {
  return matchCode(err, (code) => SQLITE_UNIQUE.has(code) || code === PG_UNIQUE);
}

/** A FOREIGN KEY constraint failed (missing parent, or a parent still referenced). */
export function isForeignKeyViolation(err: unknown): boolean {
  return matchCode(err, (code) => SQLITE_FOREIGN_KEY.has(code) || code === PG_FOREIGN_KEY);
}

/**
 * A write failed for lack of space: SQLite's SQLITE_FULL, PostgreSQL's 53100 disk_full, or the
 * file system's ENOSPC (uploads, files). Nothing of the failed write was kept: SQLite and
 * PostgreSQL roll its transaction back, and a file is written under a temporary name first.
 */
export function isDiskFull(err: unknown): boolean {
  return matchCode(err, (code) => code === 'SQLITE_FULL' || code === '53100' || code === 'ENOSPC');
}

/** PostgreSQL's name of the violated constraint (SQLite only puts it in the message). */
export function constraintName(err: unknown): string | undefined {
  const c = (err as { constraint?: unknown } | null)?.constraint;
  return typeof c === 'string' ? c : undefined;
}

function matchCode(err: unknown, test: (code: string) => boolean): boolean {
  // Follow `cause` in case a caller wrapped the driver error.
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && test(code)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
