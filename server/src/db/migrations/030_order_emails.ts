// Customers told (issue #28 part 6):
// - orders.language: the language of the order's e-mails (en, fr, ar) chosen at checkout or on
//   the staff order; null when none was chosen (the shipping country decides when an e-mail is
//   written, services/orders/order-emails.ts).
// - draft_orders.language: the same, carried by a staff order to the order it completes into.
// - shop_settings.order_emails_off: JSON array of the order e-mail events switched off
//   (all sent by default, so the default is the empty array).
// - order_emails: each e-mail an event of an order queued. dedupe_key is unique, so a retried
//   request (or a second run of the same change) queues nothing twice; job_id is its
//   `order.email` job (null once done jobs are pruned); sent_at is set when the mail server took
//   it, which the timeline shows long after the job is gone. credit_note_id: the credit note
//   attached.
import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../database';
import { indexColumn, withId } from './helpers';

export function orderEmails(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // On PostgreSQL the pending migrations run in one transaction, and 029 ends by updating
      // every order, which queues the orders' deferred triggers (data versions, 007): until they
      // fire, the table takes no DDL ("pending trigger events"), so a shop upgrading from 028 or
      // earlier could not pass this step. Firing them now lets the DDL below run.
      if (dialect === 'postgres') await sql`set constraints all immediate`.execute(db);
      await db.schema.alterTable('orders').addColumn('language', 'text').execute();
      await db.schema.alterTable('draft_orders').addColumn('language', 'text').execute();
      await db.schema
        .alterTable('shop_settings')
        .addColumn('order_emails_off', 'text', (c) => c.notNull().defaultTo('[]'))
        .execute();
      await withId(db.schema.createTable('order_emails'), dialect)
        .addColumn('order_id', 'integer', (c) =>
          c.notNull().references('orders.id').onDelete('cascade'),
        )
        .addColumn('event', 'text', (c) => c.notNull())
        .addColumn('dedupe_key', 'text', (c) => c.notNull().unique())
        .addColumn('language', 'text', (c) => c.notNull())
        .addColumn('recipient', 'text', (c) => c.notNull())
        // Documents are never deleted; tests that empty the tables do not trip on the link.
        .addColumn('credit_note_id', 'integer', (c) =>
          c.references('invoices.id').onDelete('set null'),
        )
        .addColumn('job_id', 'integer', (c) => c.references('jobs.id').onDelete('set null'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('sent_at', 'text')
        .execute();
      await indexColumn(db, 'order_emails', 'order_id');
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('order_emails').execute();
      await db.schema.alterTable('shop_settings').dropColumn('order_emails_off').execute();
      await db.schema.alterTable('draft_orders').dropColumn('language').execute();
      await db.schema.alterTable('orders').dropColumn('language').execute();
    },
  };
}
