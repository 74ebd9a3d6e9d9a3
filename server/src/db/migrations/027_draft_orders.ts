// Staff (draft) orders (#28): an order an admin prepares before it is placed. A draft holds no
// stock and no price: it is priced whenever it is read (services/orders/draft-orders.ts), and
// completing it writes a real order and deletes it.
// - draft_orders: the buyer (customer_id of an account, or a guest's name, phone and e-mail;
//   exactly one, checked by the service and by a CHECK), the buyer's VAT details as sent (null:
//   the profile's, or the guest defaults), the shipping address (JSON, as on orders) and the
//   shipping name searched by the list, the NET shipping amount, payment method and notes;
//   created_by_admin_id outlives its admin (set null).
// - draft_order_lines: one per variant (unique), quantity, an optional unit price override in
//   the basis the product's price is entered in, with its reason. A line goes with its variant
//   when the variant is deleted, as a cart line does; a draft goes with its customer account.
import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../database';
import { dropTables, indexColumn, withId, withTimestamps } from './helpers';

export function draftOrders(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withTimestamps(withId(db.schema.createTable('draft_orders'), dialect), dialect)
        .addColumn('customer_id', 'integer', (c) =>
          c.references('customers.id').onDelete('cascade'),
        )
        .addColumn('guest_name', 'text')
        .addColumn('guest_phone', 'text')
        .addColumn('guest_email', 'text')
        .addColumn('customer_type', 'text', (c) =>
          c.check(sql`customer_type in ('individual', 'professional')`),
        )
        .addColumn('vat_number', 'text')
        // Whether vat_number was sent (null sent means "none", not "the profile's").
        .addColumn('vat_number_set', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('customer_country_code', 'text')
        .addColumn('shipping_address', 'text', (c) => c.notNull())
        .addColumn('shipping_name', 'text', (c) => c.notNull())
        .addColumn('shipping_amount', 'bigint', (c) => c.notNull().check(sql`shipping_amount >= 0`))
        .addColumn('payment_method', 'text', (c) => c.notNull())
        .addColumn('notes', 'text')
        .addColumn('created_by_admin_id', 'integer', (c) =>
          c.references('admin_users.id').onDelete('set null'),
        )
        .addCheckConstraint(
          'draft_orders_one_buyer',
          sql`(customer_id is null) <> (guest_name is null)`,
        )
        .execute();
      await indexColumn(db, 'draft_orders', 'customer_id');
      await indexColumn(db, 'draft_orders', 'updated_at');

      await withId(db.schema.createTable('draft_order_lines'), dialect)
        .addColumn('draft_order_id', 'integer', (c) =>
          c.notNull().references('draft_orders.id').onDelete('cascade'),
        )
        .addColumn('variant_id', 'integer', (c) =>
          c.notNull().references('variants.id').onDelete('cascade'),
        )
        .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity >= 1`))
        .addColumn('unit_price_override', 'bigint', (c) => c.check(sql`unit_price_override >= 0`))
        .addColumn('override_reason', 'text')
        // The order the admin entered the lines in.
        .addColumn('position', 'integer', (c) => c.notNull())
        .addUniqueConstraint('draft_order_lines_one_per_variant', ['draft_order_id', 'variant_id'])
        .addCheckConstraint(
          'draft_order_lines_override_reason',
          sql`(unit_price_override is null) = (override_reason is null)`,
        )
        .execute();
      await indexColumn(db, 'draft_order_lines', 'variant_id');
    },
    async down(db: Kysely<unknown>) {
      await dropTables(db, ['draft_order_lines', 'draft_orders']);
    },
  };
}
