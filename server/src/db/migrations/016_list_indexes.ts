// The filter-and-sort pairs the lists offer that 006 left to a sort of every matching row
// (issue #12 asks an index for every sort and filter offered): pending orders by total, the
// orders of one payment method by total, active products by price, and a category's products
// in each of the three sorts. Each ends with id, the lists' tie-break.
import type { Kysely, Migration } from 'kysely';
import { indexColumn } from './helpers';

const INDEXES: [string, string, string[]][] = [
  ['orders_status_total_amount_id', 'orders', ['status', 'total_amount', 'id']],
  ['orders_payment_method_total_amount_id', 'orders', ['payment_method', 'total_amount', 'id']],
  ['products_active_base_price_id', 'products', ['is_active', 'base_price', 'id']],
  ['products_category_created_at_id', 'products', ['category_id', 'created_at', 'id']],
  ['products_category_name_id', 'products', ['category_id', 'name', 'id']],
  ['products_category_base_price_id', 'products', ['category_id', 'base_price', 'id']],
];

export function listIndexes(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const [name, table, columns] of INDEXES) {
        await db.schema.createIndex(name).on(table).columns(columns).execute();
      }
      // The category's composite indexes start with its column: they serve its foreign key too.
      await db.schema.dropIndex('products_category_id').execute();
    },
    async down(db: Kysely<unknown>) {
      await indexColumn(db, 'products', 'category_id');
      for (const [name] of INDEXES) await db.schema.dropIndex(name).execute();
    },
  };
}
