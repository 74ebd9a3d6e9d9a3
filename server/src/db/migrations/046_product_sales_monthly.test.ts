// Migration 046: the monthly roll-up of product sales, filled from the daily one already there
// (shop months in Tunis: 23:30 UTC on the last day of a month is the next month), kept by the
// daily table's triggers as lines come, orders are cancelled and backdated, and dropped by down
// with its triggers (a line written after down only reaches the daily table).
import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../schema';
import {
  atMigration,
  insertScarfOrder,
  migrationBefore,
  testDialects,
} from '../../../test-support/databases';

const NAME = '046_product_sales_monthly';
const BEFORE = migrationBefore(NAME);

/** The monthly rows whose figures are not all 0: month, units, revenue in millimes, lines. */
const months = async (db: Kysely<Database>) =>
  (
    await sql<{ month: string; units: number | string; revenue: number | string; lines: number }>`
      select month, units, revenue, lines from product_sales_monthly
      where sold_name = 'Scarf' and (units <> 0 or revenue <> 0 or lines <> 0)
      order by month`.execute(db)
  ).rows.map((r) => [r.month, Number(r.units), Number(r.revenue), Number(r.lines)]);

describe.each(testDialects)(`migration ${NAME} on %s`, (dialect) => {
  it('fills the months from the daily roll-up, keeps them as orders come and go, and drops them', async () => {
    await atMigration(dialect, BEFORE, async (db, migrator) => {
      // 00:30 on 1 November in Tunis (UTC+1); 15 October; a cancelled order (not a sale).
      await insertScarfOrder(db, 'ORD-1', '2026-10-31T23:30:00.000Z', 2);
      const october = await insertScarfOrder(db, 'ORD-2', '2026-10-15T10:00:00.000Z', 1);
      const cancelled = await insertScarfOrder(db, 'ORD-3', '2026-10-20T10:00:00.000Z', 5);
      await sql`update orders set status = 'cancelled' where id = ${cancelled}`.execute(db);
      expect((await migrator.migrateTo(NAME)).error).toBeUndefined();
      expect(await months(db)).toEqual([
        ['2026-10', 1, 10000, 1],
        ['2026-11', 2, 20000, 1],
      ]);

      // 23:30 UTC on 30 November is December in Tunis; the October order cancelled; the
      // cancelled one reopened and moved to November.
      await insertScarfOrder(db, 'ORD-4', '2026-11-30T23:30:00.000Z', 3);
      await sql`update orders set status = 'cancelled' where id = ${october}`.execute(db);
      await sql`update orders set status = 'pending', created_at = '2026-11-10T10:00:00.000Z'
        where id = ${cancelled}`.execute(db);
      expect(await months(db)).toEqual([
        ['2026-11', 7, 70000, 2],
        ['2026-12', 3, 30000, 1],
      ]);

      expect((await migrator.migrateDown()).error).toBeUndefined();
      const tables = (await db.introspection.getTables()).map((t) => t.name);
      expect(tables).not.toContain('product_sales_monthly');
      expect(tables).toContain('product_sales_daily');
      // No trigger is left behind: a line still reaches the daily roll-up, and only it.
      await insertScarfOrder(db, 'ORD-5', '2026-11-12T10:00:00.000Z', 4);
      const daily = await sql<{ units: number | string }>`select sum(units) as units
        from product_sales_daily where day = '2026-11-12'`.execute(db);
      expect(Number(daily.rows[0]?.units)).toBe(4);
    });
  });
});
