// Migration 030: orders placed before it have no language chosen (their e-mails take the
// shipping country's), every order e-mail is switched on, and the e-mails' table starts empty.
import { describe, expect, it } from 'vitest';
import { atMigration, insertBareOrder, testDialects } from '../../../test-support/databases';

describe.each(testDialects)('migration 030_order_emails on %s', (dialect) => {
  it('leaves existing orders without a language and every e-mail switched on', async () => {
    await atMigration(dialect, '029_order_payments', async (db, migrator) => {
      const id = await insertBareOrder(db, 'ORD-20260101-0001');
      expect((await migrator.migrateTo('030_order_emails')).error).toBeUndefined();
      const order = await db
        .selectFrom('orders')
        .select('language')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(order.language).toBeNull();
      const settings = await db
        .selectFrom('shop_settings')
        .select('order_emails_off')
        .executeTakeFirstOrThrow();
      expect(settings.order_emails_off).toBe('[]');
      expect(await db.selectFrom('order_emails').selectAll().execute()).toEqual([]);
    });
  });
});
