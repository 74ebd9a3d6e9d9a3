// A carrier's remittance recorded twice pays its orders twice wherever the carrier remitted less
// than an order owed (the second copy's lines still fit the balances left). So a remittance is
// refused (409) when one still in force (with a payment not removed) has the same carrier and
// reference, or, for an imported CSV, the same file: payment_remittances keeps the SHA-256 of
// the file it was imported from (NULL for one typed in, and for every remittance recorded
// before), and both are indexed for that check (services/orders/remittances.ts).
import { sql, type Kysely, type Migration } from 'kysely';
import { indexColumn } from './helpers';

export function remittanceDuplicates(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('payment_remittances').addColumn('file_sha256', 'text').execute();
      await indexColumn(db, 'payment_remittances', 'file_sha256');
      // The check compares references case-insensitively: lower(reference) is what it looks up.
      await db.schema
        .createIndex('payment_remittances_reference')
        .on('payment_remittances')
        .expression(sql`lower(reference)`)
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('payment_remittances_reference').execute();
      await db.schema.dropIndex('payment_remittances_file_sha256').execute();
      await db.schema.alterTable('payment_remittances').dropColumn('file_sha256').execute();
    },
  };
}
