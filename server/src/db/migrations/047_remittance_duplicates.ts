// A carrier's remittance recorded twice pays its orders twice wherever the carrier remitted less
// than an order owed (the second copy's lines still fit the balances left). So a remittance is
// refused (409) when one still in force (with a payment not removed) has the same carrier and
// reference, or, for an imported CSV, the same file (services/orders/remittances.ts):
// - file_sha256: the SHA-256 of the CSV file it was imported from (NULL for one typed in, and
//   for every remittance recorded before);
// - reference_key: its carrier and reference folded by domain/payments.ts remittanceKey (NULL
//   without a reference), filled here for the remittances recorded before.
// Both are indexed for that check.
import type { Kysely, Migration } from 'kysely';
import { remittanceKey } from '../../domain/payments';
import { indexColumn } from './helpers';

export function remittanceDuplicates(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('payment_remittances').addColumn('file_sha256', 'text').execute();
      await db.schema
        .alterTable('payment_remittances')
        .addColumn('reference_key', 'text')
        .execute();
      const table = db as unknown as Kysely<{
        payment_remittances: {
          id: number;
          carrier: string;
          reference: string | null;
          reference_key: string | null;
        };
      }>;
      // A shop records a few remittances a day: folded one by one, in JavaScript like new ones.
      const rows = await table
        .selectFrom('payment_remittances')
        .select(['id', 'carrier', 'reference'])
        .where('reference', 'is not', null)
        .execute();
      for (const row of rows) {
        await table
          .updateTable('payment_remittances')
          .set({ reference_key: remittanceKey(row.carrier, row.reference) })
          .where('id', '=', row.id)
          .execute();
      }
      await indexColumn(db, 'payment_remittances', 'file_sha256');
      await indexColumn(db, 'payment_remittances', 'reference_key');
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('payment_remittances_reference_key').execute();
      await db.schema.dropIndex('payment_remittances_file_sha256').execute();
      await db.schema.alterTable('payment_remittances').dropColumn('reference_key').execute();
      await db.schema.alterTable('payment_remittances').dropColumn('file_sha256').execute();
    },
  };
}
