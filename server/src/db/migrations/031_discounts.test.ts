// Migration 031: orders placed before it carry no discount (and their lines none), carts hold
// no code, and the discounts' tables start empty.
import { describe, expect, it } from 'vitest';
import { atMigration, insertBareOrder, testDialects } from '../../../test-support/databases';

describe.each(testDialects)('migration 031_discounts on %s', (dialect) => {
  it('leaves existing orders, lines and carts without a discount', async () => {
    await atMigration(dialect, '030_order_emails', async (db, migrator) => {
      const id = await insertBareOrder(db, 'ORD-20260101-0001');
      await db
        .insertInto('order_items')
        .values({
          order_id: id,
          product_id: null,
          variant_id: null,
          product_name: 'Old line',
          variant_title: null,
          product_sku: null,
          quantity: 2,
          unit_price: 1000,
          unit_price_incl_vat: 1190,
          vat_rate_bp: 1900,
          vat_amount: 380,
          total_price: 2000,
          total_price_incl_vat: 2380,
        })
        .execute();
      const now = new Date().toISOString();
      await db
        .insertInto('carts')
        .values({ session_id: 's-1', customer_id: null, created_at: now, updated_at: now })
        .execute();
      expect((await migrator.migrateTo('031_discounts')).error).toBeUndefined();
      const order = await db
        .selectFrom('orders')
        .select([
          'discount_id',
          'discount_code',
          'discount_name',
          'discount_kind',
          'discount_shipping_amount',
          'discount_amount',
        ])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect({
        ...order,
        discount_shipping_amount: Number(order.discount_shipping_amount),
      }).toEqual({
        discount_id: null,
        discount_code: null,
        discount_name: null,
        discount_kind: null,
        discount_shipping_amount: 0,
        discount_amount: order.discount_amount,
      });
      const line = await db
        .selectFrom('order_items')
        .select('discount_amount')
        .where('order_id', '=', id)
        .executeTakeFirstOrThrow();
      expect(Number(line.discount_amount)).toBe(0);
      const cart = await db.selectFrom('carts').select('discount_code').executeTakeFirstOrThrow();
      expect(cart.discount_code).toBeNull();
      expect(await db.selectFrom('discounts').selectAll().execute()).toEqual([]);
      // A code is stored in upper case only.
      await expect(
        db
          .insertInto('discounts')
          .values({ name: 'Lower', code: 'summer', kind: 'percent', percent_bp: 1000 } as never)
          .execute(),
      ).rejects.toThrow();
    });
  });
});
