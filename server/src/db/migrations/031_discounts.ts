// Discount codes and automatic promotions (issue #29):
// - discounts: a code (stored upper-cased, unique; null for an automatic promotion), its kind
//   (percent in basis points of a percent, fixed_amount in millimes, free_shipping), its scope
//   (order, products, categories: discount_products / discount_categories), its rules
//   (minimum_subtotal in millimes as the cart shows its lines, starts_on / ends_on as days of the
//   shop's time zone, usage limits) and usage_count: the orders placed with it that are not
//   cancelled, kept by the order's writers in the order's transaction (services/discounts).
// - orders freeze the discount they were given (discount_code, discount_name, discount_kind, the
//   free shipping's waived net amount in discount_shipping_amount); discount_id links back for
//   the counts and is set null when the discount goes (it can only go unused: see the contract).
// - order_items.discount_amount: the line's share of the discount, net (millimes).
// - carts.discount_code: the code the customer entered (re-checked every time the cart is read).
// - draft_orders: a code, or a manual discount (percent in bp or amount in millimes, and why).
import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../database';
import { indexColumn, withId, withTimestamps } from './helpers';

export function discounts(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // As in 030: fire the orders' pending deferred triggers before the DDL on orders below.
      if (dialect === 'postgres') await sql`set constraints all immediate`.execute(db);
      await withTimestamps(
        withId(db.schema.createTable('discounts'), dialect)
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('code', 'text', (c) => c.unique())
          .addColumn('kind', 'text', (c) => c.notNull())
          .addColumn('percent_bp', 'integer')
          .addColumn('amount', 'bigint')
          .addColumn('scope', 'text', (c) => c.notNull().defaultTo('order'))
          .addColumn('minimum_subtotal', 'bigint')
          .addColumn('starts_on', 'text')
          .addColumn('ends_on', 'text')
          .addColumn('usage_limit', 'integer')
          .addColumn('usage_limit_per_customer', 'integer')
          .addColumn('usage_count', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
          .addCheckConstraint('discounts_code_upper', sql`code is null or code = upper(code)`)
          .addCheckConstraint('discounts_usage_count', sql`usage_count >= 0`),
        dialect,
      ).execute();
      await db.schema
        .createIndex('discounts_created_at_id')
        .on('discounts')
        .columns(['created_at', 'id'])
        .execute();
      await db.schema
        .createTable('discount_products')
        .addColumn('discount_id', 'integer', (c) =>
          c.notNull().references('discounts.id').onDelete('cascade'),
        )
        .addColumn('product_id', 'integer', (c) =>
          c.notNull().references('products.id').onDelete('cascade'),
        )
        .addPrimaryKeyConstraint('discount_products_pk', ['discount_id', 'product_id'])
        .execute();
      await indexColumn(db, 'discount_products', 'product_id');
      await db.schema
        .createTable('discount_categories')
        .addColumn('discount_id', 'integer', (c) =>
          c.notNull().references('discounts.id').onDelete('cascade'),
        )
        .addColumn('category_id', 'integer', (c) =>
          c.notNull().references('categories.id').onDelete('cascade'),
        )
        .addPrimaryKeyConstraint('discount_categories_pk', ['discount_id', 'category_id'])
        .execute();
      await indexColumn(db, 'discount_categories', 'category_id');

      for (const [column, type] of [
        ['discount_id', 'integer'],
        ['discount_code', 'text'],
        ['discount_name', 'text'],
        ['discount_kind', 'text'],
      ] as const) {
        await db.schema
          .alterTable('orders')
          .addColumn(column, type, (c) =>
            column === 'discount_id' ? c.references('discounts.id').onDelete('set null') : c,
          )
          .execute();
      }
      await db.schema
        .alterTable('orders')
        .addColumn('discount_shipping_amount', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
      await indexColumn(db, 'orders', 'discount_id');
      await db.schema
        .alterTable('order_items')
        .addColumn('discount_amount', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('carts').addColumn('discount_code', 'text').execute();
      for (const [column, type] of [
        ['discount_code', 'text'],
        ['manual_discount_percent_bp', 'integer'],
        ['manual_discount_amount', 'bigint'],
        ['manual_discount_reason', 'text'],
      ] as const) {
        await db.schema.alterTable('draft_orders').addColumn(column, type).execute();
      }
    },
    async down(db: Kysely<unknown>) {
      for (const column of [
        'manual_discount_reason',
        'manual_discount_amount',
        'manual_discount_percent_bp',
        'discount_code',
      ]) {
        await db.schema.alterTable('draft_orders').dropColumn(column).execute();
      }
      await db.schema.alterTable('carts').dropColumn('discount_code').execute();
      await db.schema.alterTable('order_items').dropColumn('discount_amount').execute();
      await db.schema.dropIndex('orders_discount_id').execute();
      for (const column of [
        'discount_shipping_amount',
        'discount_kind',
        'discount_name',
        'discount_code',
        'discount_id',
      ]) {
        await db.schema.alterTable('orders').dropColumn(column).execute();
      }
      await db.schema.dropTable('discount_categories').execute();
      await db.schema.dropTable('discount_products').execute();
      await db.schema.dropTable('discounts').execute();
    },
  };
}
