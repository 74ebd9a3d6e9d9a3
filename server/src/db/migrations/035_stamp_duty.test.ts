// Migration 035: orders placed before it keep no stamp duty of their own (null: their invoices
// apply the settings at issue, as before), and the shop keeps charging it on every invoice and
// taking it back with the last credit note, as it did; the CHECKs refuse any other value.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { atMigration, insertBareOrder, testDialects } from '../../../test-support/databases';

describe.each(testDialects)('migration 035_stamp_duty on %s', (dialect) => {
  it('leaves old orders without a stamp duty and the settings as the invoices behaved', async () => {
    await atMigration(dialect, '034_draft_shipping_amount', async (db, migrator) => {
      const old = await insertBareOrder(db, 'ORD-20261101-0001');
      expect((await migrator.migrateTo('035_stamp_duty')).error).toBeUndefined();
      const order = await db
        .selectFrom('orders')
        .select(['stamp_duty_amount'])
        .where('id', '=', old)
        .executeTakeFirstOrThrow();
      expect(order.stamp_duty_amount).toBeNull();
      const settings = await db
        .selectFrom('shop_settings')
        .select(['stamp_duty', 'stamp_duty_applies_to', 'stamp_duty_on_credit_notes'])
        .executeTakeFirstOrThrow();
      expect({ ...settings, stamp_duty: Number(settings.stamp_duty) }).toEqual({
        stamp_duty: 1000,
        stamp_duty_applies_to: 'every_invoice',
        stamp_duty_on_credit_notes: 'reversed',
      });
      await sql`update orders set stamp_duty_amount = 1000 where id = ${old}`.execute(db);
      const stored = await db
        .selectFrom('orders')
        .select('stamp_duty_amount')
        .where('id', '=', old)
        .executeTakeFirstOrThrow();
      expect(Number(stored.stamp_duty_amount)).toBe(1000);
      await expect(
        sql`update shop_settings set stamp_duty_applies_to = 'sometimes'`.execute(db),
      ).rejects.toThrow(/check/i);
      await expect(
        sql`update shop_settings set stamp_duty_on_credit_notes = 'halved'`.execute(db),
      ).rejects.toThrow(/check/i);

      expect((await migrator.migrateDown()).error).toBeUndefined();
      const tables = await db.introspection.getTables();
      const columns = (name: string) =>
        tables.find((t) => t.name === name)?.columns.map((c) => c.name);
      expect(columns('orders')).not.toContain('stamp_duty_amount');
      expect(columns('shop_settings')).not.toContain('stamp_duty_applies_to');
      expect(columns('shop_settings')).not.toContain('stamp_duty_on_credit_notes');
    });
  });
});
