// The e-invoice of each document at TTN (#30 part 5; docs/product.md §10.29), on the document's
// own row beside its frozen content (it is not part of it: TTN's answer comes after issue):
// - teif_status: not_sent (every document issued before, and all while TTN_URL is unset), queued,
//   sent, accepted, rejected (the contract's TeifStatus; a CHECK refuses any other word);
// - teif_reference and teif_qr_code: what TTN gave an accepted e-invoice (printed on its PDF);
// - teif_reason: why TTN rejected it, or why the last attempt could not reach TTN;
// - teif_attempts: submissions tried; teif_updated_at: when the status last changed (NULL: never).
import { sql, type Kysely, type Migration } from 'kysely';

const COLUMNS = [
  'teif_updated_at',
  'teif_attempts',
  'teif_reason',
  'teif_qr_code',
  'teif_reference',
  'teif_status',
] as const;

export function teif(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('invoices')
        .addColumn('teif_status', 'text', (c) =>
          c
            .notNull()
            .defaultTo('not_sent')
            .check(sql`teif_status in ('not_sent', 'queued', 'sent', 'accepted', 'rejected')`),
        )
        .execute();
      await db.schema.alterTable('invoices').addColumn('teif_reference', 'text').execute();
      await db.schema.alterTable('invoices').addColumn('teif_qr_code', 'text').execute();
      await db.schema.alterTable('invoices').addColumn('teif_reason', 'text').execute();
      await db.schema
        .alterTable('invoices')
        .addColumn('teif_attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('invoices').addColumn('teif_updated_at', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      for (const column of COLUMNS) {
        await db.schema.alterTable('invoices').dropColumn(column).execute();
      }
    },
  };
}
