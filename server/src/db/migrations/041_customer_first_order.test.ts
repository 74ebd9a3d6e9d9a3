// Migration 041: each customer's first order date, filled from the orders already there and kept
// by the trigger on customer_overview as orders come, are backdated and go; the partial index of
// the To do's unpaid cash on delivery.
import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../schema';
import {
  atMigration,
  insertBareOrder,
  testDialects,
  migrationBefore,
} from '../../../test-support/databases';

const NAME = '041_customer_first_order';
const BEFORE = migrationBefore(NAME);

/** An order of `email` placed at `at`. */
async function order(db: Kysely<Database>, number: string, email: string, at: string) {
  const id = await insertBareOrder(db, number);
  await sql`update orders set shipping_address = ${JSON.stringify({ email })}, created_at = ${at}
    where id = ${id}`.execute(db);
  return id;
}

const firstOrders = async (db: Kysely<Database>) =>
  Object.fromEntries(
    (
      await db
        .selectFrom('customer_overview')
        .select(['email_key', 'first_order_date'])
        .orderBy('email_key')
        .execute()
    ).map((r) => [r.email_key, r.first_order_date]),
  );

describe.each(testDialects)(`migration ${NAME} on %s`, (dialect) => {
  it('fills the first order dates and keeps them as orders come, move and go', async () => {
    await atMigration(dialect, BEFORE, async (db, migrator) => {
      await order(db, 'ORD-1', 'amel@example.tn', '2026-10-05T10:00:00.000Z');
      await order(db, 'ORD-2', 'Amel@Example.tn', '2026-09-01T10:00:00.000Z');
      expect((await migrator.migrateTo(NAME)).error).toBeUndefined();
      expect(await firstOrders(db)).toEqual({ 'amel@example.tn': '2026-09-01T10:00:00.000Z' });

      // A new customer, an earlier order of a known one, a backdated order, a deleted one.
      await order(db, 'ORD-3', 'sami@example.tn', '2026-11-20T10:00:00.000Z');
      const early = await order(db, 'ORD-4', 'amel@example.tn', '2026-08-01T10:00:00.000Z');
      expect(await firstOrders(db)).toEqual({
        'amel@example.tn': '2026-08-01T10:00:00.000Z',
        'sami@example.tn': '2026-11-20T10:00:00.000Z',
      });
      await sql`update orders set created_at = '2026-07-01T10:00:00.000Z'
        where order_number = 'ORD-3'`.execute(db);
      await db.deleteFrom('orders').where('id', '=', early).execute();
      expect(await firstOrders(db)).toEqual({
        'amel@example.tn': '2026-09-01T10:00:00.000Z',
        'sami@example.tn': '2026-07-01T10:00:00.000Z',
      });

      expect((await migrator.migrateDown()).error).toBeUndefined();
      const overview = (await db.introspection.getTables()).find(
        (t) => t.name === 'customer_overview',
      );
      expect(overview?.columns.map((c) => c.name)).not.toContain('first_order_date');
    });
  });
});
