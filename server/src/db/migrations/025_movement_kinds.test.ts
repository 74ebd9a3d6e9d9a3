// Migration 025: every movement the server wrote before it gets its kind from its text, and
// keeps its text; an admin's words (or none) are adjustments; a kind outside the list is refused.
import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { StockMovementKind } from '../../../../generated/model';
import {
  insertBareOrder,
  atMigration,
  insertRunner,
  testDialects,
} from '../../../test-support/databases';
import type { Database } from '../schema';
import { migrateToLatest } from '../migrate';
import { STOCK_MOVEMENT_KINDS_025 } from './025_movement_kinds';
import { STOCK_MOVEMENT_KINDS_028 } from './028_order_returns';

async function catalogue(db: Kysely<Database>) {
  const { variantId } = await insertRunner(db);
  const orderId = await insertBareOrder(db, 'TN-2026-0001');
  const admin = await db
    .insertInto('admin_users')
    .values({
      username: 'alice',
      email: 'alice@example.com',
      full_name: 'Alice',
      password_hash: 'x',
      role: 'super_admin',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { variantId, orderId, adminId: admin.id };
}

describe.each(testDialects)('migration 025_movement_kinds on %s', (dialect) => {
  it('gives every old text its kind and references, and keeps every text', async () => {
    await atMigration(dialect, '024_mail_deliveries', async (db) => {
      const { variantId, orderId, adminId } = await catalogue(db);

      // [order, admin, reason] as the server wrote them before 025.
      const legacy: [number | null, number | null, string | null][] = [
        [null, adminId, 'Initial stock'],
        [null, adminId, 'Product inventory update'],
        [null, adminId, 'Inventory update'],
        [null, adminId, 'Variant update'],
        [null, adminId, 'CSV import spring stock.csv'],
        [orderId, null, 'Order TN-2026-0001'],
        [orderId, adminId, 'Order TN-2026-0001 cancelled'],
        [orderId, adminId, 'Order TN-2026-0001 back to confirmed'],
        [orderId, adminId, 'Order TN-2026-0001 refunded'],
        [orderId, adminId, 'Order TN-2026-0001 back to processing'],
        [null, adminId, 'Damaged in storage'],
        [null, adminId, null],
        // Texts like the shop's that are not (no order, another order's number, no file name).
        [null, adminId, 'Order TN-2026-0001'],
        [orderId, adminId, 'Order TN-2026-0999 cancelled'],
        [null, adminId, 'CSV import '],
        [null, adminId, 'csv import lower.csv'],
      ];
      for (const [order, admin, reason] of legacy) {
        await sql`insert into stock_movements
          (variant_id, order_id, sku, title, delta, reason, stock_before, stock_after, admin_user_id)
        values (${variantId}, ${order}, 'RUN-42', 'Runner — 42', 1, ${reason}, 0, 1, ${admin})`.execute(
          db,
        );
      }

      expect(await migrateToLatest(db, dialect)).toContain('025_movement_kinds');
      const rows = await db
        .selectFrom('stock_movements')
        .select(['kind', 'order_id', 'order_status', 'import_file', 'reason'])
        .orderBy('id')
        .execute();
      const o = orderId;
      expect(
        rows.map((r) => [r.kind, r.order_id, r.order_status, r.import_file, r.reason]),
      ).toEqual([
        ['initial_stock', null, null, null, 'Initial stock'],
        ['inventory_update', null, null, null, 'Product inventory update'],
        ['variant_inventory', null, null, null, 'Inventory update'],
        ['variant_update', null, null, null, 'Variant update'],
        ['import', null, null, 'spring stock.csv', 'CSV import spring stock.csv'],
        ['checkout', o, null, null, 'Order TN-2026-0001'],
        ['cancel', o, 'cancelled', null, 'Order TN-2026-0001 cancelled'],
        ['reopen', o, 'confirmed', null, 'Order TN-2026-0001 back to confirmed'],
        ['cancel', o, 'refunded', null, 'Order TN-2026-0001 refunded'],
        ['reopen', o, 'processing', null, 'Order TN-2026-0001 back to processing'],
        ['adjustment', null, null, null, 'Damaged in storage'],
        ['adjustment', null, null, null, null],
        ['adjustment', null, null, null, 'Order TN-2026-0001'],
        ['adjustment', o, null, null, 'Order TN-2026-0999 cancelled'],
        ['adjustment', null, null, null, 'CSV import '],
        ['adjustment', null, null, null, 'csv import lower.csv'],
      ]);

      // The CHECK refuses a kind outside the list.
      await expect(
        sql`update stock_movements set kind = 'gift' where id = 1`.execute(db),
      ).rejects.toThrow(/check/i);
    });
  });

  it('checks the kinds the contract names (with the two migration 028 adds)', () => {
    expect([...STOCK_MOVEMENT_KINDS_028].sort()).toEqual(Object.values(StockMovementKind).sort());
    expect(
      STOCK_MOVEMENT_KINDS_028.filter((k) => !STOCK_MOVEMENT_KINDS_025.includes(k as never)),
    ).toEqual(['return', 'edit']);
  });
});
