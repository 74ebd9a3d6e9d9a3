// Is this the shop's database, and is it whole? Run at start (a failure stops the start) and
// daily as the db.integrity job (services/platform/health.ts), so a damaged database never starts "ready"
// and then answers 500 on the first invoice read (issue #25).
//
// SQLite: `PRAGMA quick_check`, which reads every page and checks the b-trees, records and
// free-list (not that indexes match their tables: integrity_check does that, at many times the
// cost). PostgreSQL has no such check without an extension (amcheck needs superuser rights): we
// read the first row of every table of the schema (every table's files open and its first page
// is valid) and the server's count of data-checksum failures (pg_stat_database, when the cluster
// has data checksums); PostgreSQL verifies every page it reads against its checksum itself.
import { sql, type Kysely } from 'kysely';
import { NotAShopDatabase, type DialectName } from './database';
import type { Database } from './schema';

/** At most this much of what a check found is kept and shown (readyz, the job's error). */
const MAX_PROBLEM_LENGTH = 1000;

/**
 * What is wrong with the database, or null when the quick check finds nothing. Throws when the
 * check itself could not run (e.g. the database is unreachable): that says nothing of integrity.
 */
export async function quickCheck(
  db: Kysely<Database>,
  dialect: DialectName,
): Promise<string | null> {
  const problems = dialect === 'sqlite' ? await sqliteQuickCheck(db) : await postgresQuickCheck(db);
  if (problems.length === 0) return null;
  const text = problems.join('; ');
  return text.length > MAX_PROBLEM_LENGTH ? `${text.slice(0, MAX_PROBLEM_LENGTH - 1)}…` : text;
}

async function sqliteQuickCheck(db: Kysely<Database>): Promise<string[]> {
  try {
    const { rows } = await sql<{ quick_check: string }>`pragma quick_check(20)`.execute(db);
    // One row per problem, some of several lines, under a '*** in database main ***' heading.
    return rows
      .flatMap((r) => r.quick_check.split('\n'))
      .map((line) => line.trim())
      .filter((line) => line !== 'ok' && line !== '' && !line.startsWith('***'));
  } catch (err) {
    // A page too damaged to read stops the check itself ("database disk image is malformed").
    if (hasCode(err, (code) => code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB'))
      return [errorMessage(err)];
    throw err;
  }
}

async function postgresQuickCheck(db: Kysely<Database>): Promise<string[]> {
  const problems: string[] = [];
  const { rows: tables } = await sql<{ name: string }>`
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and c.relkind = 'r' order by c.relname`.execute(db);
  for (const { name } of tables) {
    try {
      await sql`select 1 from ${sql.table(name)} limit 1`.execute(db);
    } catch (err) {
      // XX: data_corrupted, index_corrupted…; 58: a relation's file is missing or unreadable.
      if (!hasCode(err, (code) => code.startsWith('XX') || code.startsWith('58'))) throw err;
      problems.push(`${name}: ${errorMessage(err)}`);
    }
  }
  const { rows } = await sql<{ failures: number | null }>`
    select checksum_failures as failures from pg_stat_database
    where datname = current_database()`.execute(db);
  const failures = rows[0]?.failures ?? 0;
  if (failures > 0) problems.push(`${failures} data checksum failures reported by PostgreSQL`);
  return problems;
}

/**
 * Refuses to start on a database that is not a shop: one another program made (tables, but not
 * ours: SQLite only, where the file is the shop's own), or one that fails the quick check.
 */
export async function assertShopDatabase(
  db: Kysely<Database>,
  dialect: DialectName,
  where: string,
): Promise<void> {
  if (dialect === 'sqlite') {
    let tables: string[];
    try {
      const { rows } = await sql<{ name: string }>`
        select name from sqlite_master where type = 'table'`.execute(db);
      tables = rows.map((r) => r.name);
    } catch (err) {
      throw new NotAShopDatabase(
        `${where} cannot be read as the shop database (${errorMessage(err)}). Restore a backup ` +
          '(npm run restore).',
        { cause: err },
      );
    }
    if (tables.length > 0 && !tables.includes('kysely_migration'))
      throw new NotAShopDatabase(
        `${where} is a database of another program (tables ${tables.slice(0, 5).join(', ')}), ` +
          'not a shop: point DATA_DIR elsewhere or restore a backup (npm run restore).',
      );
  }
  const problem = await quickCheck(db, dialect).catch((err: unknown) => {
    throw new NotAShopDatabase(`${where} cannot be checked (${errorMessage(err)}).`, {
      cause: err,
    });
  });
  if (problem !== null)
    throw new NotAShopDatabase(
      `${where} is damaged: its integrity check found ${problem}. The shop was not started; ` +
        'restore a backup (npm run restore).',
    );
}

function hasCode(err: unknown, test: (code: string) => boolean): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && test(code);
}

const errorMessage = (err: unknown) => (err instanceof Error ? err.message : String(err));
