// Background work shared by every server instance on the database (server/src/jobs/): mails,
// the media sweep, the audit retention. A worker claims a due row by marking it running with a
// lease (locked_until); a row whose lease ran out (its instance died) is claimed again.
// - status: queued | running | done | dead (dead: failed max_attempts times; an admin may retry);
// - payload is JSON and never holds a secret in clear (services/identity/magic-links.ts seals its token);
// - unique_key, when set, makes periodic work enqueued by N instances exist once per period;
// - times are ISO text as everywhere else, so they compare as text.
import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../database';
import { nowIso, withId } from './helpers';

const INDEXES: [string, string[]][] = [
  // Claiming: the due queued jobs in order, and the running ones whose lease ran out.
  ['jobs_status_run_at_id', ['status', 'run_at', 'id']],
  ['jobs_status_locked_until', ['status', 'locked_until']],
  // The admin list: newest first, alone or by kind (by status: the claiming index's prefix).
  ['jobs_kind_id', ['kind', 'id']],
];

export function jobs(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable('jobs'), dialect)
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) =>
          c.notNull().check(sql`status in ('queued', 'running', 'done', 'dead')`),
        )
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('max_attempts', 'integer', (c) => c.notNull())
        .addColumn('run_at', 'text', (c) => c.notNull())
        .addColumn('locked_until', 'text')
        .addColumn('last_error', 'text')
        .addColumn('unique_key', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(nowIso(dialect)))
        .addColumn('finished_at', 'text')
        .execute();
      // Both engines let several NULLs through a unique index: only keyed jobs are unique.
      await db.schema
        .createIndex('jobs_unique_key')
        .on('jobs')
        .column('unique_key')
        .unique()
        .execute();
      for (const [name, columns] of INDEXES) {
        await db.schema.createIndex(name).on('jobs').columns(columns).execute();
      }
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('jobs').execute();
    },
  };
}
