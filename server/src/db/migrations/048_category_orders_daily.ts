// The orders per category by shop day (#35, docs/product.md §10.30): the sales breakdown's
// "orders with a line in the category" counted the period's order_categories rows (migration
// 045) on each request, every order of the period: 0.45–0.57 s for a year at 200,000 orders on
// SQLite. category_orders_daily holds, for each shop day and category key, the number of orders
// of that day with a line in the category that are sales: the breakdown sums at most 366 days
// × the categories, whatever the number of orders (services/reports/sales.ts).
//
// - The count is of order_categories rows, one per (order, category key), so an order with two
//   products of one category counts once, as before. A category key is a category's id or 0
//   (none); a category deleted sets its products' category_id null (the foreign key), which
//   refreshes their orders' rows (045) and moves their counts to 0 here.
// - The day is 038's rule (dayOf: the shop day of created_at in shop_calendar's zone), so the
//   rows follow the shop's time zone: every update of shop_calendar's zone recounts this table
//   from order_categories, in the same transaction, by a trigger. 038's rebuildSalesRollups
//   makes the zone's days first and updates the zone last, so the last recount, the one that
//   stays, sees them (the reports' catch-up, ensureSalesCalendar, updates the zone before
//   calling it: its first recount is redone).
// - Sales only: rows whose status is not credited (CREDITED is contract/order-status.ts's rule
//   when this migration was written, as 046's; the property test recounts with the contract's
//   rule). A status change of an order updates its order_categories rows (045), whose update
//   trigger here takes the old image out and puts the new one in.
// - Sharded on PostgreSQL as sales_daily is (pg_backend_pid() % SHARDS): concurrent checkouts
//   of one day and category add to different rows instead of queueing on one. SQLite writes
//   shard 0. Rows are never removed: a key whose orders went away stays at 0.
// - 045's index on order_categories by created_at served only the read this replaces: dropped,
//   which saves every order write its upkeep (down makes it again).
// Triggers for each row on SQLite; for each statement with transition tables on PostgreSQL.
import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../database';
import { dayOf } from './038_sales_rollups';
import { SHARDS, createTrigger, dropTrigger, rollupTriggers, type Trigger } from './006_lists';

/** The statuses credited in contract/order-status.ts when this migration was written. */
const CREDITED = `('cancelled', 'refunded')`;

const KEY = 'day, category_key, shard';

/** Adds the order_categories rows `r` of `from`, each counting `sign`1, to their days. */
const addCounts = (from: string, sign: string, shard: string) => `insert into
  category_orders_daily (${KEY}, orders)
  select day, category_key, ${shard}, sum(n)
  from (select ${dayOf('r.created_at')} as day, r.category_key as category_key, ${sign}1 as n
    from ${from} where r.status not in ${CREDITED}) t
  where true group by day, category_key
  on conflict (${KEY}) do update set orders = category_orders_daily.orders + excluded.orders;`;

/**
 * SQLite: adds one row's count. Not addCounts: a grouped select per row would cost every
 * category an order is in a temporary b-tree (as 046's addRow).
 */
const addRow = (row: 'NEW' | 'OLD', sign: string) => `insert into
  category_orders_daily (${KEY}, orders)
  select ${dayOf(`${row}.created_at`)}, ${row}.category_key, 0, ${sign}1
  where ${row}.status not in ${CREDITED}
  on conflict (${KEY}) do update set orders = category_orders_daily.orders + excluded.orders;`;

/** Counts every day from order_categories (into an empty table). */
const COUNT_ALL = addCounts('order_categories r', '', '0');

const triggers = (dialect: DialectName): Trigger[] => [
  {
    name: 'category_orders_zone',
    event: 'update of time_zone',
    table: 'shop_calendar',
    // Recounted from order_categories, every day having moved.
    body: `delete from category_orders_daily; ${COUNT_ALL}`,
  },
  // Every image out, every image in: a row updated twice in one statement still nets once.
  ...rollupTriggers(dialect, 'category_orders', 'order_categories', addRow, (side, sign) =>
    addCounts(`${side} r`, sign, `pg_backend_pid() % ${SHARDS}`),
  ),
];

export function categoryOrdersDaily(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('category_orders_daily')
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('category_key', 'integer', (c) => c.notNull())
        .addColumn('shard', 'integer', (c) => c.notNull())
        .addColumn('orders', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('category_orders_daily_pk', ['day', 'category_key', 'shard'])
        .execute();
      await sql.raw(COUNT_ALL).execute(db);
      for (const trigger of triggers(dialect)) await createTrigger(db, dialect, trigger);
      await db.schema.dropIndex('order_categories_period').execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema
        .createIndex('order_categories_period')
        .on('order_categories')
        .columns(['created_at', 'status', 'category_key', 'order_id'])
        .execute();
      for (const trigger of triggers(dialect)) await dropTrigger(db, dialect, trigger);
      await db.schema.dropTable('category_orders_daily').execute();
    },
  };
}
