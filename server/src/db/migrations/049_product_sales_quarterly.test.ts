// Migration 049: the quarterly roll-up of product sales, filled from the monthly one already
// there (shop days in Tunis: 23:30 UTC on 30 September is the fourth quarter), kept by the
// monthly table's triggers as lines come, orders are cancelled and backdated, and dropped by
// down with its triggers (a line written after down only reaches the monthly table).
import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../schema';
import {
  atMigration,
  insertScarfOrder,
  migrationBefore,
  testDialects,
} from '../../../test-support/databases';

const NAME = '049_product_sales_quarterly';
const BEFORE = migrationBefore(NAME);

/** The quarterly rows whose figures are not all 0: quarter, units, revenue in millimes, lines. */
const quarters = async (db: Kysely<Database>) =>
  (
    await sql<{ quarter: string; units: number | string; revenue: number | string; lines: number }>`
      select quarter, units, revenue, lines from product_sales_quarterly
      where sold_name = 'Scarf' and (units <> 0 or revenue <> 0 or lines <> 0)
      order by quarter`.execute(db)
  ).rows.map((r) => [r.quarter, Number(r.units), Number(r.revenue), Number(r.lines)]);

describe.each(testDialects)(`migration ${NAME} on %s`, (dialect) => {
  it('fills the quarters from the monthly roll-up, keeps them as orders come and go, and drops them', async () => {
    await atMigration(dialect, BEFORE, async (db, migrator) => {
      // 00:30 on 1 October in Tunis (UTC+1); 15 August; a cancelled order (not a sale).
      await insertScarfOrder(db, 'ORD-1', '2026-09-30T23:30:00.000Z', 2);
      const august = await insertScarfOrder(db, 'ORD-2', '2026-08-15T10:00:00.000Z', 1);
      const cancelled = await insertScarfOrder(db, 'ORD-3', '2026-07-20T10:00:00.000Z', 5);
      await sql`update orders set status = 'cancelled' where id = ${cancelled}`.execute(db);
      expect((await migrator.migrateTo(NAME)).error).toBeUndefined();
      expect(await quarters(db)).toEqual([
        ['2026-07', 1, 10000, 1],
        ['2026-10', 2, 20000, 1],
      ]);

      // 23:30 UTC on 31 December is January in Tunis; the August order cancelled; the cancelled
      // one reopened and moved to November.
      await insertScarfOrder(db, 'ORD-4', '2026-12-31T23:30:00.000Z', 3);
      await sql`update orders set status = 'cancelled' where id = ${august}`.execute(db);
      await sql`update orders set status = 'pending', created_at = '2026-11-10T10:00:00.000Z'
        where id = ${cancelled}`.execute(db);
      expect(await quarters(db)).toEqual([
        ['2026-10', 7, 70000, 2],
        ['2027-01', 3, 30000, 1],
      ]);

      expect((await migrator.migrateDown()).error).toBeUndefined();
      const tables = (await db.introspection.getTables()).map((t) => t.name);
      expect(tables).not.toContain('product_sales_quarterly');
      expect(tables).toContain('product_sales_monthly');
      // No trigger is left behind: a line still reaches the monthly roll-up, and only it.
      await insertScarfOrder(db, 'ORD-5', '2026-11-12T10:00:00.000Z', 4);
      const monthly = await sql<{ units: number | string }>`select sum(units) as units
        from product_sales_monthly where month = '2026-11' and sold_name = 'Scarf'`.execute(db);
      expect(Number(monthly.rows[0]?.units)).toBe(9);
    });
  });
});
