// Migration 047: a remittance recorded before it has no file fingerprint (NULL: it cannot be
// told apart from a file sent again, only by its reference), and down removes the column and
// its indexes.
import { describe, expect, it } from 'vitest';
import { atMigration, testDialects } from '../../../test-support/databases';

describe.each(testDialects)('migration 047_remittance_duplicates on %s', (dialect) => {
  it('leaves the remittances recorded before it without a file, and goes down cleanly', async () => {
    await atMigration(dialect, '046_product_sales_monthly', async (db, migrator) => {
      const { id } = await db
        .insertInto('payment_remittances')
        .values({
          carrier: 'Aramex',
          received_on: '2026-11-27',
          reference: 'ARX-9',
          total_amount: 12_500,
          order_count: 1,
          created_by_admin_id: null,
          created_by: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      expect((await migrator.migrateTo('047_remittance_duplicates')).error).toBeUndefined();
      const row = await db
        .selectFrom('payment_remittances')
        .select(['reference', 'file_sha256'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ reference: 'ARX-9', file_sha256: null });

      expect((await migrator.migrateDown()).error).toBeUndefined();
      const tables = await db.introspection.getTables();
      const columns = tables.find((t) => t.name === 'payment_remittances')?.columns;
      expect(columns?.map((c) => c.name)).not.toContain('file_sha256');
      expect(columns?.map((c) => c.name)).toContain('reference');
      // Up again: the indexes were dropped with it (creating them twice would fail).
      expect((await migrator.migrateTo('047_remittance_duplicates')).error).toBeUndefined();
    });
  });
});
