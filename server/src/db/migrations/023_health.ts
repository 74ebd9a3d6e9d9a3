// Health (issue #25): one row that /readyz writes to prove the database takes a write, and that
// the integrity check (db.integrity, at start and daily) records its last result in, so every
// instance's /readyz shows a failure found by whichever instance ran the check.
import { sql, type Kysely, type Migration } from 'kysely';

export function health(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('health')
        // Always 1: the probe updates this row in place (no growth, no id sequence).
        .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
        .addColumn('write_probe_at', 'text')
        .addColumn('integrity_checked_at', 'text')
        /** null: the last check found nothing wrong (or none ran yet); else what it found. */
        .addColumn('integrity_problem', 'text')
        .execute();
      await sql`insert into health (id) values (1)`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('health').execute();
    },
  };
}
