// The categories of each order (#35, docs/product.md §10.30): the sales breakdown's order count
// per category ("orders with a line in the category") cannot be summed from the per-product
// roll-ups (an order with two products of one category would count twice), so it read the
// period's orders and their lines. order_categories holds one row per (order, category of one
// of its lines now), with the order's created_at and status copied, kept by triggers in the same
// transaction as every write: the breakdown counts the period's rows of one covering index.
//
// - category_key: the line's product's category_id now, 0 for a line without a product
//   (deleted) or a product without a category; the report joins categories (a category_id
//   that names no category counts as none, as before).
// - The rule is one: the rows of an order are its lines' distinct categories (refresh). A line
//   inserted adds its category (nothing to take away); a line deleted or updated (its product
//   set null when the product is deleted, moved to another order) and a product whose category
//   changes refresh the orders concerned; an order whose created_at or status changes updates
//   its rows; an order deleted deletes them.
// - created_at, not a shop day: the breakdown passes the period's instants (periodBounds), so a
//   change of the shop's time zone needs no rebuild here.
// Triggers for each row on SQLite; on PostgreSQL, the lines' triggers are for each statement
// with transition tables (a bulk load of lines adds its categories once per statement).
import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../database';
import { createTrigger, dropTrigger, type Trigger } from './006_lists';

/** The rows of the orders whose ids `ids` (an SQL select of one column) selects, from their lines. */
const categoriesOf = (ids: string) => `select distinct o.id, coalesce(p.category_id, 0),
    o.created_at, o.status
  from orders o
    join order_items i on i.order_id = o.id
    left join products p on p.id = i.product_id
  where o.id in (${ids})`;

/** Recomputes the rows of the orders `ids` from their lines (the one rule). */
const refresh = (ids: string) => `delete from order_categories where order_id in (${ids});
  insert into order_categories (order_id, category_key, created_at, status)
  ${categoriesOf(ids)} on conflict do nothing;`;

/** What a product's line counts in: its category. */
const PRODUCT_REFRESH = (row: 'NEW') =>
  refresh(`select i.order_id from order_items i where i.product_id = ${row}.id`);

const triggers = (dialect: DialectName): Trigger[] => {
  const orders: Trigger[] = [
    {
      name: 'order_categories_order_update',
      event: 'update of created_at, status',
      table: 'orders',
      body: `update order_categories set created_at = NEW.created_at, status = NEW.status
        where order_id = NEW.id;`,
    },
    {
      name: 'order_categories_order_delete',
      event: 'delete',
      table: 'orders',
      body: 'delete from order_categories where order_id = OLD.id;',
    },
    {
      name: 'order_categories_product_update',
      event: 'update of category_id',
      table: 'products',
      body: PRODUCT_REFRESH('NEW'),
    },
  ];
  if (dialect === 'sqlite') {
    return [
      ...orders,
      {
        name: 'order_categories_line_insert',
        event: 'insert',
        table: 'order_items',
        body: `insert into order_categories (order_id, category_key, created_at, status)
          select o.id, coalesce((select p.category_id from products p where p.id = NEW.product_id),
            0), o.created_at, o.status
          from orders o where o.id = NEW.order_id
          on conflict do nothing;`,
      },
      {
        name: 'order_categories_line_delete',
        event: 'delete',
        table: 'order_items',
        body: refresh('select OLD.order_id'),
      },
      {
        name: 'order_categories_line_update',
        event: 'update of order_id, product_id',
        table: 'order_items',
        body: refresh('select OLD.order_id union select NEW.order_id'),
      },
    ];
  }
  return [
    ...orders,
    {
      name: 'order_categories_line_insert',
      event: 'insert',
      table: 'order_items',
      body: `insert into order_categories (order_id, category_key, created_at, status)
        select distinct o.id, coalesce(p.category_id, 0), o.created_at, o.status
        from new_rows i
          join orders o on o.id = i.order_id
          left join products p on p.id = i.product_id
        on conflict do nothing;`,
      transitions: 'new table as new_rows',
    },
    {
      name: 'order_categories_line_delete',
      event: 'delete',
      table: 'order_items',
      body: refresh('select order_id from old_rows'),
      transitions: 'old table as old_rows',
    },
    {
      // Transition tables exclude a column list: a line's quantity edit refreshes its order too
      // (a few rows of one order).
      name: 'order_categories_line_update',
      event: 'update',
      table: 'order_items',
      body: refresh('select order_id from old_rows union select order_id from new_rows'),
      transitions: 'old table as old_rows new table as new_rows',
    },
  ];
};

export function orderCategories(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('order_categories')
        .addColumn('order_id', 'integer', (c) => c.notNull())
        .addColumn('category_key', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('order_categories_pk', ['order_id', 'category_key'])
        .execute();
      // The breakdown's read: a period of created_at, every column it needs in the index.
      await db.schema
        .createIndex('order_categories_period')
        .on('order_categories')
        .columns(['created_at', 'status', 'category_key', 'order_id'])
        .execute();
      // A product's orders, when its category changes (and its lines, when it is deleted and
      // the foreign key sets them null): by index, not a scan of every line.
      await db.schema
        .createIndex('order_items_product_id')
        .on('order_items')
        .column('product_id')
        .execute();
      await sql
        .raw(
          `insert into order_categories (order_id, category_key, created_at, status)
          ${categoriesOf('select id from orders')}`,
        )
        .execute(db);
      for (const trigger of triggers(dialect)) await createTrigger(db, dialect, trigger);
    },

    async down(db: Kysely<unknown>) {
      for (const trigger of triggers(dialect)) await dropTrigger(db, dialect, trigger);
      await db.schema.dropIndex('order_items_product_id').execute();
      await db.schema.dropTable('order_categories').execute();
    },
  };
}
