// Back-office catalogue: admin users, refresh tokens, VAT rates, categories, products,
// variants and the stock ledger. Customers, carts and orders come in 002.
import { sql, type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../database';
import { dropTables, indexColumn, withId, withMovementColumns, withTimestamps } from './helpers';

/** Boolean flag: INTEGER 0/1 on both dialects. */
const bool = (value: 0 | 1) => (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(value);

export function catalogue(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withTimestamps(withId(db.schema.createTable('admin_users'), dialect), dialect)
        .addColumn('username', 'text', (c) => c.notNull().unique())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('full_name', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('is_active', 'integer', bool(1))
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('last_login', 'text')
        .execute();

      await withTimestamps(withId(db.schema.createTable('refresh_tokens'), dialect), dialect, [
        'created_at',
      ])
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('family_id', 'text', (c) => c.notNull())
        .addColumn('user_type', 'text', (c) =>
          c.notNull().check(sql`user_type in ('admin', 'customer')`),
        )
        // No FK: the id points at admin_users or (from 002) customers depending on user_type.
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('revoked_at', 'text')
        .addColumn('used_at', 'text')
        .execute();
      await indexColumn(db, 'refresh_tokens', 'family_id');

      await withTimestamps(withId(db.schema.createTable('vat_rates'), dialect), dialect)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('rate_bp', 'integer', (c) => c.notNull().check(sql`rate_bp between 0 and 10000`))
        .addColumn('country_code', 'text', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('is_default', 'integer', bool(0))
        .addColumn('is_active', 'integer', bool(1))
        .addColumn('effective_from', 'text', (c) => c.notNull())
        .addColumn('effective_to', 'text')
        .execute();

      await withTimestamps(withId(db.schema.createTable('categories'), dialect), dialect)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('slug', 'text', (c) => c.notNull().unique())
        .addColumn('description', 'text')
        .addColumn('image_url', 'text')
        .addColumn('parent_id', 'integer', (c) =>
          c.references('categories.id').onDelete('set null'),
        )
        .addColumn('is_active', 'integer', bool(1))
        .addColumn('display_order', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await indexColumn(db, 'categories', 'parent_id');

      await withTimestamps(withId(db.schema.createTable('products'), dialect), dialect)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('slug', 'text', (c) => c.notNull().unique())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('short_description', 'text')
        .addColumn('category_id', 'integer', (c) =>
          c.references('categories.id').onDelete('set null'),
        )
        .addColumn('brand', 'text')
        .addColumn('has_variants', 'integer', bool(0))
        .addColumn('base_price', 'bigint', (c) => c.notNull())
        .addColumn('compare_at_price', 'bigint')
        // No cascade: a VAT rate still used by products cannot be deleted (deactivate it).
        .addColumn('vat_rate_id', 'integer', (c) => c.notNull().references('vat_rates.id'))
        .addColumn('price_includes_vat', 'integer', bool(1))
        .addColumn('images', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('is_active', 'integer', bool(1))
        .addColumn('is_featured', 'integer', bool(0))
        .addColumn('meta_title', 'text')
        .addColumn('meta_description', 'text')
        .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
        .execute();
      await indexColumn(db, 'products', 'category_id');
      await indexColumn(db, 'products', 'is_active');
      await indexColumn(db, 'products', 'vat_rate_id');

      await withTimestamps(withId(db.schema.createTable('variants'), dialect), dialect)
        .addColumn('product_id', 'integer', (c) =>
          c.notNull().references('products.id').onDelete('cascade'),
        )
        .addColumn('is_default', 'integer', bool(0))
        .addColumn('option_values', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('sku', 'text', (c) => c.notNull())
        .addColumn('variant_title', 'text', (c) => c.notNull())
        .addColumn('price', 'bigint', (c) => c.notNull())
        .addColumn('compare_at_price', 'bigint')
        .addColumn('cost_price', 'bigint')
        .addColumn('vat_rate_id', 'integer', (c) => c.references('vat_rates.id'))
        .addColumn('barcode', 'text')
        .addColumn('weight', 'double precision')
        .addColumn('dimensions', 'text')
        .addColumn('images', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('stock_quantity', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('low_stock_threshold', 'integer', (c) => c.notNull().defaultTo(5))
        .addColumn('track_inventory', 'integer', bool(1))
        .addColumn('allow_backorder', 'integer', bool(0))
        .addColumn('is_active', 'integer', bool(1))
        .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await indexColumn(db, 'variants', 'product_id');
      // SKUs are unique, except the product description's placeholder 'DEFAULT' that every simple product's
      // hidden variant gets when no SKU is given.
      await db.schema
        .createIndex('variants_sku_unique')
        .on('variants')
        .column('sku')
        .unique()
        .where(sql.ref('sku'), '<>', 'DEFAULT')
        .execute();
      // At most one hidden default variant per product.
      await db.schema
        .createIndex('variants_one_default_per_product')
        .on('variants')
        .column('product_id')
        .unique()
        .where(sql.ref('is_default'), '=', 1)
        .execute();

      await withMovementColumns(
        withTimestamps(withId(db.schema.createTable('stock_movements'), dialect), dialect, [
          'created_at',
        ]).addColumn('variant_id', 'integer', (c) =>
          c.notNull().references('variants.id').onDelete('cascade'),
        ),
      ).execute();
      await indexColumn(db, 'stock_movements', 'variant_id');
    },

    async down(db: Kysely<unknown>) {
      await dropTables(db, [
        'stock_movements',
        'variants',
        'products',
        'categories',
        'vat_rates',
        'refresh_tokens',
        'admin_users',
      ]);
    },
  };
}
