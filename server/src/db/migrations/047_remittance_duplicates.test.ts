// Migration 047: a remittance recorded before it has no file fingerprint (NULL: it cannot be
// told apart from a file sent again, only by its reference), gets its folded carrier and
// reference key, and down removes the columns and their indexes.
import { describe, expect, it } from 'vitest';
import { atMigration, testDialects } from '../../../test-support/databases';

describe.each(testDialects)('migration 047_remittance_duplicates on %s', (dialect) => {
  it('leaves the remittances recorded before it without a file, and goes down cleanly', async () => {
    await atMigration(dialect, '046_product_sales_monthly', async (db, migrator) => {
      const remittance = (carrier: string, reference: string | null) =>
        db
          .insertInto('payment_remittances')
          .values({
            carrier,
            received_on: '2026-11-27',
            reference,
            total_amount: 12_500,
            order_count: 1,
            created_by_admin_id: null,
            created_by: null,
          })
          .execute();
      await remittance('Aramex', ' ARX-9 ');
      await remittance('Livraison Éclair', 'RÉF-1');
      await remittance('Aramex', null);
      expect((await migrator.migrateTo('047_remittance_duplicates')).error).toBeUndefined();
      const rows = await db
        .selectFrom('payment_remittances')
        .select(['reference', 'reference_key', 'file_sha256'])
        .orderBy('id')
        .execute();
      // The key a new remittance would get (remittanceKey), beyond ASCII too.
      expect(rows).toEqual([
        { reference: ' ARX-9 ', reference_key: 'aramex\u001farx-9', file_sha256: null },
        { reference: 'RÉF-1', reference_key: 'livraison éclair\u001fréf-1', file_sha256: null },
        { reference: null, reference_key: null, file_sha256: null },
      ]);

      expect((await migrator.migrateDown()).error).toBeUndefined();
      const tables = await db.introspection.getTables();
      const columns = tables.find((t) => t.name === 'payment_remittances')?.columns;
      expect(columns?.map((c) => c.name)).not.toContain('file_sha256');
      expect(columns?.map((c) => c.name)).not.toContain('reference_key');
      expect(columns?.map((c) => c.name)).toContain('reference');
      // Up again: the indexes were dropped with it (creating them twice would fail).
      expect((await migrator.migrateTo('047_remittance_duplicates')).error).toBeUndefined();
    });
  });
});
