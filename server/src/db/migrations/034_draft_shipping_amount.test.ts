// Migration 034: a staff order saved before it keeps the shipping amount it was saved with (as
// given: 1), while a new draft can say it gave none (0).
import { describe, expect, it } from 'vitest';
import { atMigration, testDialects } from '../../../test-support/databases';

describe.each(testDialects)('migration 034_draft_shipping_amount on %s', (dialect) => {
  it('marks the existing drafts’ shipping amount as given', async () => {
    await atMigration(dialect, '033_shipping', async (db, migrator) => {
      const draft = {
        guest_name: 'Amira',
        guest_phone: '+216 98 000 000',
        shipping_address: '{}',
        shipping_name: 'Amira Ben Salah',
        payment_method: 'cash_on_delivery',
        created_at: '2026-11-01T10:00:00.000Z',
        updated_at: '2026-11-01T10:00:00.000Z',
      };
      const before = await db
        .insertInto('draft_orders')
        .values({ ...draft, customer_id: null, shipping_amount: 7_000, created_by_admin_id: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      expect((await migrator.migrateTo('034_draft_shipping_amount')).error).toBeUndefined();
      const after = await db
        .insertInto('draft_orders')
        .values({
          ...draft,
          customer_id: null,
          shipping_amount: 0,
          shipping_amount_set: 0,
          created_by_admin_id: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const rows = await db
        .selectFrom('draft_orders')
        .select(['id', 'shipping_amount', 'shipping_amount_set'])
        .orderBy('id')
        .execute();
      expect(
        rows.map((r) => ({
          id: r.id,
          shipping_amount: Number(r.shipping_amount),
          shipping_amount_set: Number(r.shipping_amount_set),
        })),
      ).toEqual([
        { id: before.id, shipping_amount: 7_000, shipping_amount_set: 1 },
        { id: after.id, shipping_amount: 0, shipping_amount_set: 0 },
      ]);
      expect((await migrator.migrateDown()).error).toBeUndefined();
      const columns = await db.introspection.getTables();
      const drafts = columns.find((t) => t.name === 'draft_orders');
      expect(drafts?.columns.map((c) => c.name)).not.toContain('shipping_amount_set');
    });
  });
});
