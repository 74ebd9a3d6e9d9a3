// Shipping zones and methods (issue #36):
// - shipping_zones: countries (JSON array of codes) and, for Tunisia, optionally governorates
//   (JSON array of ISO 3166-2:TN codes); matched by (position, id). The name is unique whatever
//   its case (an expression index, the same DDL on both dialects).
// - shipping_methods: a name per language, the rate (rate_kind flat with flat_price, or weight /
//   subtotal with bands: JSON [{"up_to": grams or millimes | null, "price": millimes}]),
//   free_above, cod_fee (all NET millimes), carrier and tracking_url_template, is_active and
//   position. shipping_method_zones links a method to the zones it delivers to.
// - carts remember the chosen method and destination (re-priced on every read).
// - orders freeze the method given at checkout: shipping_method_id links back (set null when the
//   method goes; indexed for the orders list filter) and shipping_method is the JSON snapshot
//   {"name":{"en","fr","ar"},"carrier","tracking_url_template","price","cod_fee"}; both null for
//   a flat-rate order.
// - draft_orders: the method staff picked.
import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../database';
import { indexColumn, withId, withTimestamps } from './helpers';

export function shipping(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // As in 030 and 032: fire the pending deferred triggers before the DDL on orders below.
      if (dialect === 'postgres') await sql`set constraints all immediate`.execute(db);
      await withTimestamps(
        withId(db.schema.createTable('shipping_zones'), dialect)
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('countries', 'text', (c) => c.notNull())
          .addColumn('governorates', 'text', (c) => c.notNull().defaultTo('[]'))
          .addColumn('position', 'integer', (c) => c.notNull()),
        dialect,
      ).execute();
      await sql`create unique index shipping_zones_name_lower on shipping_zones (lower(name))`.execute(
        db,
      );
      await withTimestamps(
        withId(db.schema.createTable('shipping_methods'), dialect)
          .addColumn('name_en', 'text', (c) => c.notNull())
          .addColumn('name_fr', 'text', (c) => c.notNull())
          .addColumn('name_ar', 'text', (c) => c.notNull())
          .addColumn('rate_kind', 'text', (c) => c.notNull())
          .addColumn('flat_price', 'bigint')
          .addColumn('bands', 'text', (c) => c.notNull().defaultTo('[]'))
          .addColumn('free_above', 'bigint')
          .addColumn('cod_fee', 'bigint')
          .addColumn('carrier', 'text')
          .addColumn('tracking_url_template', 'text')
          .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
          .addColumn('position', 'integer', (c) => c.notNull())
          .addCheckConstraint(
            'shipping_methods_rate_kind',
            sql`rate_kind in ('flat', 'weight', 'subtotal')`,
          ),
        dialect,
      ).execute();
      await db.schema
        .createTable('shipping_method_zones')
        .addColumn('method_id', 'integer', (c) =>
          c.notNull().references('shipping_methods.id').onDelete('cascade'),
        )
        .addColumn('zone_id', 'integer', (c) =>
          c.notNull().references('shipping_zones.id').onDelete('cascade'),
        )
        .addPrimaryKeyConstraint('shipping_method_zones_pk', ['method_id', 'zone_id'])
        .execute();
      await indexColumn(db, 'shipping_method_zones', 'zone_id');

      await db.schema
        .alterTable('carts')
        .addColumn('shipping_method_id', 'integer', (c) =>
          c.references('shipping_methods.id').onDelete('set null'),
        )
        .execute();
      await db.schema.alterTable('carts').addColumn('shipping_country', 'text').execute();
      await db.schema.alterTable('carts').addColumn('shipping_governorate', 'text').execute();
      await db.schema
        .alterTable('orders')
        .addColumn('shipping_method_id', 'integer', (c) =>
          c.references('shipping_methods.id').onDelete('set null'),
        )
        .execute();
      await db.schema.alterTable('orders').addColumn('shipping_method', 'text').execute();
      await indexColumn(db, 'orders', 'shipping_method_id');
      await db.schema
        .alterTable('draft_orders')
        .addColumn('shipping_method_id', 'integer', (c) =>
          c.references('shipping_methods.id').onDelete('set null'),
        )
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('draft_orders').dropColumn('shipping_method_id').execute();
      await db.schema.dropIndex('orders_shipping_method_id').execute();
      await db.schema.alterTable('orders').dropColumn('shipping_method').execute();
      await db.schema.alterTable('orders').dropColumn('shipping_method_id').execute();
      for (const column of ['shipping_governorate', 'shipping_country', 'shipping_method_id']) {
        await db.schema.alterTable('carts').dropColumn(column).execute();
      }
      await db.schema.dropTable('shipping_method_zones').execute();
      await db.schema.dropTable('shipping_methods').execute();
      await db.schema.dropTable('shipping_zones').execute();
    },
  };
}
