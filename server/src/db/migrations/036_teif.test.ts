// Migration 036: the documents issued before it were never sent to TTN (not_sent, no attempt),
// a status outside the contract's TeifStatus is refused, and down removes the columns.
import { describe, expect, it } from 'vitest';
import { atMigration, insertBareOrder, testDialects } from '../../../test-support/databases';

describe.each(testDialects)('migration 036_teif on %s', (dialect) => {
  it('leaves the documents issued before it not sent, and refuses an unknown status', async () => {
    await atMigration(dialect, '035_stamp_duty', async (db, migrator) => {
      const orderId = await insertBareOrder(db, 'ORD-20260101-0001');
      const invoice = await db
        .insertInto('invoices')
        .values({
          kind: 'invoice',
          number: 'INV-2026-000001',
          year: 2026,
          sequence: 1,
          order_id: orderId,
          credits_invoice_id: null,
          content: '{}',
          issued_by_admin_id: null,
          issued_at: '2026-01-01T10:00:00.000Z',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      expect((await migrator.migrateTo('036_teif')).error).toBeUndefined();
      const row = await db
        .selectFrom('invoices')
        .select([
          'teif_status',
          'teif_reference',
          'teif_qr_code',
          'teif_reason',
          'teif_attempts',
          'teif_updated_at',
        ])
        .where('id', '=', invoice.id)
        .executeTakeFirstOrThrow();
      expect({ ...row, teif_attempts: Number(row.teif_attempts) }).toEqual({
        teif_status: 'not_sent',
        teif_reference: null,
        teif_qr_code: null,
        teif_reason: null,
        teif_attempts: 0,
        teif_updated_at: null,
      });
      await expect(
        db
          .updateTable('invoices')
          .set({ teif_status: 'lost' as 'sent' })
          .where('id', '=', invoice.id)
          .execute(),
      ).rejects.toThrow(/check/i);
      expect((await migrator.migrateDown()).error).toBeUndefined();
      const tables = await db.introspection.getTables();
      const columns = tables.find((t) => t.name === 'invoices')?.columns.map((c) => c.name);
      expect(columns).toContain('content');
      expect(columns?.filter((c) => c.startsWith('teif_'))).toEqual([]);
    });
  });
});
