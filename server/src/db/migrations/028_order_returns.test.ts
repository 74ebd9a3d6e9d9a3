// Migration 028: the movements written before it keep their kinds (SQLite rebuilds the column
// to change its CHECK), the kinds return and edit are accepted, any other still refused; down
// gives the movements of the new kinds the kind adjustment (stock = Σ movements stays true).
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  insertBareOrder,
  atMigration,
  insertRunner,
  testDialects,
} from '../../../test-support/databases';

describe.each(testDialects)('migration 028_order_returns on %s', (dialect) => {
  it('keeps every kind, accepts return and edit, refuses the others, and goes back down', async () => {
    await atMigration(dialect, '026_product_stock', async (db, migrator) => {
      const { variantId } = await insertRunner(db);
      const orderId = await insertBareOrder(db, 'TN-2026-0001');
      const insert = (kind: string, order: number | null) =>
        sql`insert into stock_movements
          (kind, variant_id, order_id, sku, title, delta, reason, stock_before, stock_after)
        values (${kind}, ${variantId}, ${order}, 'RUN-42', 'Runner', 1, 'x', 0, 1)`.execute(db);
      await insert('checkout', orderId);
      await insert('import', null);
      await insert('adjustment', null);
      await expect(insert('return', orderId)).rejects.toThrow(/check/i);

      expect((await migrator.migrateTo('028_order_returns')).error).toBeUndefined();
      const kinds = async () =>
        (await db.selectFrom('stock_movements').select(['id', 'kind']).orderBy('id').execute()).map(
          (r) => r.kind,
        );
      expect(await kinds()).toEqual(['checkout', 'import', 'adjustment']);
      await insert('return', orderId);
      await insert('edit', orderId);
      await expect(insert('gift', null)).rejects.toThrow(/check/i);
      expect(await kinds()).toEqual(['checkout', 'import', 'adjustment', 'return', 'edit']);

      expect((await migrator.migrateTo('026_product_stock')).error).toBeUndefined();
      expect(await kinds()).toEqual([
        'checkout',
        'import',
        'adjustment',
        'adjustment',
        'adjustment',
      ]);
      await expect(insert('return', orderId)).rejects.toThrow(/check/i);
    });
  });
});
