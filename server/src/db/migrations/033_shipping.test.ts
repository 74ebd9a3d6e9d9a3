// Migration 033: orders placed before it keep the flat rate (no method), carts hold no method,
// zone names are unique whatever their case, and deleting a method leaves its orders' snapshot.
import { describe, expect, it } from 'vitest';
import { atMigration, insertBareOrder, testDialects } from '../../../test-support/databases';

describe.each(testDialects)('migration 033_shipping on %s', (dialect) => {
  it('leaves existing orders and carts without a method and guards the new tables', async () => {
    await atMigration(dialect, '032_customer_notes', async (db, migrator) => {
      const id = await insertBareOrder(db, 'ORD-20260101-0001');
      // The order's shipping columns: none after the migration, the snapshot after its method's delete.
      const orderShipping = () =>
        db
          .selectFrom('orders')
          .select(['shipping_method_id', 'shipping_method'])
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
      const now = new Date().toISOString();
      await db
        .insertInto('carts')
        .values({ session_id: 's-1', customer_id: null, created_at: now, updated_at: now })
        .execute();
      expect((await migrator.migrateTo('033_shipping')).error).toBeUndefined();
      expect(await orderShipping()).toEqual({ shipping_method_id: null, shipping_method: null });
      expect(
        await db
          .selectFrom('carts')
          .select(['shipping_method_id', 'shipping_country', 'shipping_governorate'])
          .executeTakeFirstOrThrow(),
      ).toEqual({ shipping_method_id: null, shipping_country: null, shipping_governorate: null });

      await db
        .insertInto('shipping_zones')
        .values({ name: 'Grand Tunis', countries: '["TN"]', position: 0 })
        .execute();
      await expect(
        db
          .insertInto('shipping_zones')
          .values({ name: 'GRAND tunis', countries: '["TN"]', position: 1 })
          .execute(),
      ).rejects.toThrow();
      await expect(
        db
          .insertInto('shipping_methods')
          .values({
            name_en: 'X',
            name_fr: 'X',
            name_ar: 'X',
            rate_kind: 'volume',
            position: 0,
          } as never)
          .execute(),
      ).rejects.toThrow();

      const method = await db
        .insertInto('shipping_methods')
        .values({
          name_en: 'C',
          name_fr: 'C',
          name_ar: 'C',
          rate_kind: 'flat',
          flat_price: 7000,
          position: 0,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .updateTable('orders')
        .set({ shipping_method_id: method.id, shipping_method: '{"price":7000}' })
        .where('id', '=', id)
        .execute();
      await db.deleteFrom('shipping_methods').where('id', '=', method.id).execute();
      expect(await orderShipping()).toEqual({
        shipping_method_id: null,
        shipping_method: '{"price":7000}',
      });
    });
  });
});
