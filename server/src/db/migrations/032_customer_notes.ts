// Customers as people (issue #29 part 2):
// - customer_notes: what staff keep about a person, keyed by the normalised e-mail (trimmed,
//   lower case: the orders' shipping_email_key and an account's e-mail), so a guest, who has no
//   row of their own, can have notes and tags too, and they stay with the person when the guest
//   later opens an account with the same e-mail. first_name, last_name and phone are a guest's
//   name and phone as staff corrected them (an account's live in customers); tags: JSON array.
// - a data version for the customers table: the customers list names each person by their
//   account when one has the e-mail, so a new or deleted account must refresh the cached list.
import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../database';
import { createPostgresTriggers, createSqliteTriggers, dropTriggers } from './007_data_versions';
import { withTimestamps } from './helpers';

export const SCOPES_032 = { customers: ['customers'] } as const;
const scopes = Object.entries(SCOPES_032);

export function customerNotes(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // Earlier steps of the same transaction may have queued deferred data-version triggers
      // (see 030), which would refuse the DDL on data_versions below.
      if (dialect === 'postgres') await sql`set constraints all immediate`.execute(db);
      await withTimestamps(
        db.schema
          .createTable('customer_notes')
          .addColumn('email_key', 'text', (c) => c.primaryKey())
          .addColumn('first_name', 'text')
          .addColumn('last_name', 'text')
          .addColumn('phone', 'text')
          .addColumn('notes', 'text')
          .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]')),
        dialect,
      ).execute();
      await db.schema
        .alterTable('data_versions')
        .addColumn('customers', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
      if (dialect === 'sqlite') await createSqliteTriggers(db, scopes);
      else await createPostgresTriggers(db, scopes);
    },
    async down(db: Kysely<unknown>) {
      await dropTriggers(db, dialect, scopes);
      await db.schema.alterTable('data_versions').dropColumn('customers').execute();
      await db.schema.dropTable('customer_notes').execute();
    },
  };
}
