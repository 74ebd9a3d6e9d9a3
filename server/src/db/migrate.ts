import { Migrator, sql, type Kysely } from 'kysely';
import { inspect } from 'node:util';
import type { DialectName } from './database';
import { allMigrations } from './migrations';

/**
 * Applies pending migrations; a no-op when up to date. Throws (with the failing migration's
 * name) on failure. The dialect is passed in because a few column definitions differ.
 */
export async function migrateToLatest<DB>(db: Kysely<DB>, dialect: DialectName): Promise<string[]> {
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
