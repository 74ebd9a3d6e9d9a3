// Customer side: customers and their magic links, addresses, carts, orders with their items and
// status history, and the per-day order number counter.
import { sql, type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../database';
import { dropTables, indexColumn, withId, withTimestamps } from './helpers';

const bool = (value: 0 | 1) => (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(value);
const money = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);

export function customersOrders(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withTimestamps(withId(db.schema.createTable('customers'), dialect), dialect)
        // Stored lower-cased: one account per address whatever its spelling.
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('first_name', 'text')
        .addColumn('last_name', 'text')
        .addColumn('phone', 'text')
        .addColumn('customer_type', 'text', (c) =>
          c
            .notNull()
            .defaultTo('individual')
            .check(sql`customer_type in ('individual', 'professional')`),
        )
        .addColumn('company_name', 'text')
        .addColumn('vat_number', 'text')
        .addColumn('country_code', 'text', (c) => c.notNull().defaultTo('TN'))
        .addColumn('is_active', 'integer', bool(1))
        .execute();

      await withTimestamps(withId(db.schema.createTable('magic_link_tokens'), dialect), dialect, [
        'created_at',
      ])
        .addColumn('email', 'text', (c) => c.notNull())
        // Only the SHA-256 of the token is kept; the token itself exists only in the e-mail.
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .execute();
      await indexColumn(db, 'magic_link_tokens', 'email');

      await withTimestamps(withId(db.schema.createTable('addresses'), dialect), dialect)
        .addColumn('customer_id', 'integer', (c) =>
          c.notNull().references('customers.id').onDelete('cascade'),
        )
        .addColumn('label', 'text')
        .addColumn('first_name', 'text', (c) => c.notNull())
        .addColumn('last_name', 'text', (c) => c.notNull())
        .addColumn('company', 'text')
        .addColumn('street_address', 'text', (c) => c.notNull())
        .addColumn('apartment', 'text')
        .addColumn('city', 'text', (c) => c.notNull())
        .addColumn('state', 'text')
        .addColumn('postal_code', 'text', (c) => c.notNull())
        .addColumn('country', 'text', (c) => c.notNull())
        .addColumn('phone', 'text', (c) => c.notNull())
        .addColumn('is_default', 'integer', bool(0))
        .execute();
      await indexColumn(db, 'addresses', 'customer_id');

      // A cart belongs to an anonymous session or to a customer, never both.
      await withTimestamps(withId(db.schema.createTable('carts'), dialect), dialect)
        .addColumn('session_id', 'text', (c) => c.unique())
        .addColumn('customer_id', 'integer', (c) =>
          c.unique().references('customers.id').onDelete('cascade'),
        )
        .addCheckConstraint('carts_one_owner', sql`(session_id is null) <> (customer_id is null)`)
        .execute();

      await withTimestamps(withId(db.schema.createTable('cart_items'), dialect), dialect)
        .addColumn('cart_id', 'integer', (c) =>
          c.notNull().references('carts.id').onDelete('cascade'),
        )
        .addColumn('product_id', 'integer', (c) =>
          c.notNull().references('products.id').onDelete('cascade'),
        )
        .addColumn('variant_id', 'integer', (c) =>
          c.notNull().references('variants.id').onDelete('cascade'),
        )
        .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity >= 1`))
        .addUniqueConstraint('cart_items_one_line_per_variant', ['cart_id', 'variant_id'])
        .execute();

      await withTimestamps(withId(db.schema.createTable('orders'), dialect), dialect)
        .addColumn('order_number', 'text', (c) => c.notNull().unique())
        .addColumn('status', 'text', (c) =>
          c
            .notNull()
            .defaultTo('pending')
            .check(
              sql`status in ('pending', 'confirmed', 'processing', 'shipped', 'delivered', 'cancelled', 'refunded')`,
            ),
        )
        .addColumn('payment_method', 'text', (c) => c.notNull())
        // Orders outlive customer accounts: the e-mail and address are snapshots.
        .addColumn('customer_id', 'integer', (c) =>
          c.references('customers.id').onDelete('set null'),
        )
        .addColumn('customer_email', 'text', (c) => c.notNull())
        .addColumn('customer_type', 'text', (c) => c.notNull())
        .addColumn('customer_country_code', 'text', (c) => c.notNull())
        .addColumn('vat_number', 'text')
        .addColumn('vat_reverse_charge', 'integer', bool(0))
        .addColumn('subtotal', 'bigint', money)
        .addColumn('vat_amount', 'bigint', money)
        .addColumn('shipping_amount', 'bigint', money)
        .addColumn('discount_amount', 'bigint', money)
        .addColumn('total_amount', 'bigint', money)
        .addColumn('currency', 'text', (c) => c.notNull().defaultTo('TND'))
        /** JSON ShippingAddress. */
        .addColumn('shipping_address', 'text', (c) => c.notNull())
        .addColumn('notes', 'text')
        .execute();
      for (const column of ['created_at', 'status', 'customer_id', 'customer_email'] as const) {
        await indexColumn(db, 'orders', column);
      }

      await withId(db.schema.createTable('order_items'), dialect)
        .addColumn('order_id', 'integer', (c) =>
          c.notNull().references('orders.id').onDelete('cascade'),
        )
        // The catalogue may change or lose the product; the item keeps its snapshot.
        .addColumn('product_id', 'integer', (c) => c.references('products.id').onDelete('set null'))
        .addColumn('variant_id', 'integer', (c) => c.references('variants.id').onDelete('set null'))
        .addColumn('product_name', 'text', (c) => c.notNull())
        .addColumn('variant_title', 'text')
        .addColumn('product_sku', 'text')
        .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity >= 1`))
        .addColumn('unit_price', 'bigint', money)
        .addColumn('unit_price_incl_vat', 'bigint', money)
        .addColumn('vat_rate_bp', 'integer', (c) => c.notNull())
        .addColumn('vat_amount', 'bigint', money)
        .addColumn('total_price', 'bigint', money)
        .addColumn('total_price_incl_vat', 'bigint', money)
        .execute();
      await indexColumn(db, 'order_items', 'order_id');

      await withTimestamps(
        withId(db.schema.createTable('order_status_history'), dialect),
        dialect,
        ['created_at'],
      )
        .addColumn('order_id', 'integer', (c) =>
          c.notNull().references('orders.id').onDelete('cascade'),
        )
        .addColumn('from_status', 'text')
        .addColumn('to_status', 'text', (c) => c.notNull())
        .addColumn('note', 'text')
        .addColumn('changed_by_admin_id', 'integer', (c) =>
          c.references('admin_users.id').onDelete('set null'),
        )
        /** Username at the time, kept when the admin is deleted. */
        .addColumn('changed_by', 'text')
        .execute();
      await indexColumn(db, 'order_status_history', 'order_id');

      // ORD-YYYYMMDD-NNNN: one row per day, incremented with an atomic upsert.
      await db.schema
        .createTable('order_number_counters')
        .addColumn('day', 'text', (c) => c.primaryKey())
        .addColumn('last_value', 'integer', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await dropTables(db, [
        'order_number_counters',
        'order_status_history',
        'order_items',
        'orders',
        'cart_items',
        'carts',
        'addresses',
        'magic_link_tokens',
        'customers',
      ]);
    },
  };
}
