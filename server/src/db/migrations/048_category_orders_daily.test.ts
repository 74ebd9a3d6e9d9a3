// Migration 048: the orders per category by shop day, counted from the order_categories rows
// already there (a shop day in Tunis: 23:30 UTC is the next day), kept as lines come, orders are
// cancelled and backdated, products change category and the category is deleted, recounted
// when the shop's time zone changes, and dropped by down with its triggers (045's index back).
import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../schema';
import { insertCategory, insertProduct } from '../../../test-support/fixtures';
import {
  atMigration,
  insertBareOrder,
  testDialects,
  migrationBefore,
} from '../../../test-support/databases';
import { rebuildSalesRollups } from './038_sales_rollups';

const NAME = '048_category_orders_daily';
const BEFORE = migrationBefore(NAME);

/** Adds a line of product `productId` to order `orderId`. */
async function line(db: Kysely<Database>, orderId: number, productId: number | null) {
  await sql`insert into order_items (order_id, product_id, product_name, quantity, unit_price,
      unit_price_incl_vat, vat_rate_bp, vat_amount, total_price, total_price_incl_vat)
    values (${orderId}, ${productId}, 'Scarf', 1, 10000, 11900, 1900, 1900, 10000, 11900)`.execute(
    db,
  );
}

/** An order placed at `at` with a line of each product. */
async function order(
  db: Kysely<Database>,
  number: string,
  at: string,
  products: (number | null)[],
) {
  const id = await insertBareOrder(db, number);
  await sql`update orders set created_at = ${at} where id = ${id}`.execute(db);
  for (const product of products) await line(db, id, product);
  return id;
}

/** A product in `categoryId` (or none). */
const product = async (db: Kysely<Database>, categoryId: number | null) =>
  (await insertProduct(db, { category_id: categoryId })).id;

/** The days' counts that are not 0, summed over the shards: [day, category key, orders]. */
const counts = async (db: Kysely<Database>) =>
  (
    await sql<{ day: string; category_key: number; orders: number | string }>`
      select day, category_key, sum(orders) as orders from category_orders_daily
      group by day, category_key having sum(orders) <> 0 order by day, category_key`.execute(db)
  ).rows.map((r) => [r.day, Number(r.category_key), Number(r.orders)]);

describe.each(testDialects)(`migration ${NAME} on %s`, (dialect) => {
  it('counts the orders per day and category, keeps them, follows the time zone and drops them', async () => {
    await atMigration(dialect, BEFORE, async (db, migrator) => {
      const linen = (await insertCategory(db, { name: 'Linen' })).id;
      const wool = (await insertCategory(db, { name: 'Wool' })).id;
      const shirt = await product(db, linen);
      const dress = await product(db, linen);
      const coat = await product(db, wool);
      // 00:30 on 1 November in Tunis (UTC+1), two linen products: one order for linen.
      const late = await order(db, 'ORD-1', '2026-10-31T23:30:00.000Z', [shirt, dress]);
      const mixed = await order(db, 'ORD-2', '2026-10-15T10:00:00.000Z', [shirt, coat, null]);
      const cancelled = await order(db, 'ORD-3', '2026-10-15T11:00:00.000Z', [coat]);
      await sql`update orders set status = 'cancelled' where id = ${cancelled}`.execute(db);
      expect((await migrator.migrateTo(NAME)).error).toBeUndefined();
      expect(await counts(db)).toEqual([
        ['2026-10-15', 0, 1],
        ['2026-10-15', linen, 1],
        ['2026-10-15', wool, 1],
        ['2026-11-01', linen, 1],
      ]);

      // The cancelled order reopened and backdated; the mixed one cancelled; a new order's line.
      await sql`update orders set status = 'pending', created_at = '2026-10-20T10:00:00.000Z'
        where id = ${cancelled}`.execute(db);
      await sql`update orders set status = 'cancelled' where id = ${mixed}`.execute(db);
      await order(db, 'ORD-4', '2026-11-01T09:00:00.000Z', [coat]);
      expect(await counts(db)).toEqual([
        ['2026-10-20', wool, 1],
        ['2026-11-01', linen, 1],
        ['2026-11-01', wool, 1],
      ]);

      // The dress moves to wool: ORD-1 is in both now; then linen is deleted (its products fall
      // to none through the foreign key, their orders with them).
      await sql`update products set category_id = ${wool} where id = ${dress}`.execute(db);
      expect(await counts(db)).toEqual([
        ['2026-10-20', wool, 1],
        ['2026-11-01', linen, 1],
        ['2026-11-01', wool, 2],
      ]);
      await sql`delete from categories where id = ${linen}`.execute(db);
      expect(await counts(db)).toEqual([
        ['2026-10-20', wool, 1],
        ['2026-11-01', 0, 1],
        ['2026-11-01', wool, 2],
      ]);

      // In New York (UTC−4 then), ORD-1 was placed on 31 October.
      await rebuildSalesRollups(db, 'America/New_York');
      expect(await counts(db)).toEqual([
        ['2026-10-20', wool, 1],
        ['2026-10-31', 0, 1],
        ['2026-10-31', wool, 1],
        ['2026-11-01', wool, 1],
      ]);
      await sql`delete from orders where id = ${late}`.execute(db);
      expect(await counts(db)).toEqual([
        ['2026-10-20', wool, 1],
        ['2026-11-01', wool, 1],
      ]);

      expect((await migrator.migrateDown()).error).toBeUndefined();
      const tables = (await db.introspection.getTables()).map((t) => t.name);
      expect(tables).not.toContain('category_orders_daily');
      // No trigger is left behind: an order's line and a change of zone still work.
      await order(db, 'ORD-5', '2026-11-12T10:00:00.000Z', [coat]);
      await rebuildSalesRollups(db, 'Africa/Tunis');
      const rows = await sql<{ n: number | string }>`select count(*) as n from order_categories
        where created_at >= '2026-11-12'`.execute(db);
      expect(Number(rows.rows[0]?.n)).toBe(1);
    });
  });
});
