// Migration 026: products that exist before it get their stock_quantity and stock_state from their
// variants as they are (the rule of domain/inventory.ts), the triggers keep them from then on, and
// it goes down and up again.
import { sql, type Kysely } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import {
  atMigration,
  insertStandardRate,
  openTestDatabase,
  testDialects,
} from '../../../test-support/databases';
import type { Database } from '../schema';
import { migrateToLatest } from '../migrate';
import { isStockCounted, productStock } from '../../domain/inventory';

interface VariantPlan {
  is_default?: 0 | 1;
  is_active?: 0 | 1;
  track_inventory?: 0 | 1;
  stock_quantity: number;
  low_stock_threshold?: number;
}

/** [product name, has_variants, variants, expected stock_quantity, expected stock_state]. */
const PRODUCTS: [string, 0 | 1, VariantPlan[], number | null, string][] = [
  ['simple in stock', 0, [{ is_default: 1, stock_quantity: 20 }], 20, 'in_stock'],
  ['simple low', 0, [{ is_default: 1, stock_quantity: 5 }], 5, 'low_stock'],
  [
    'simple untracked',
    0,
    [{ is_default: 1, track_inventory: 0, stock_quantity: 9 }],
    null,
    'not_tracked',
  ],
  ['simple backordered', 0, [{ is_default: 1, stock_quantity: -2 }], -2, 'out_of_stock'],
  ['no variant', 1, [], null, 'not_tracked'],
  [
    'sizes, one low',
    1,
    [
      { stock_quantity: 10 },
      { stock_quantity: 2, low_stock_threshold: 3 },
      { stock_quantity: 50, is_active: 0 },
      { stock_quantity: 70, track_inventory: 0 },
      // The default variant left from when it was simple does not count.
      { stock_quantity: 100, is_default: 1 },
    ],
    12,
    'low_stock',
  ],
  ['sizes, all out', 1, [{ stock_quantity: 0 }, { stock_quantity: -1 }], -1, 'out_of_stock'],
  ['sizes, inactive', 1, [{ stock_quantity: 8, is_active: 0 }], null, 'not_tracked'],
  [
    'sizes, in stock',
    1,
    [{ stock_quantity: 8 }, { stock_quantity: 9, low_stock_threshold: 0 }],
    17,
    'in_stock',
  ],
];

async function shop(db: Kysely<Database>) {
  const vat = { id: await insertStandardRate(db) };
  let n = 0;
  for (const [name, has_variants, variants] of PRODUCTS) {
    const product = await db
      .insertInto('products')
      .values({
        name,
        slug: name.replace(/\W+/g, '-'),
        description: name,
        base_price: 10_000,
        vat_rate_id: vat.id,
        has_variants,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const v of variants) {
      n += 1;
      await db
        .insertInto('variants')
        .values({
          product_id: product.id,
          sku: `SKU-${n}`,
          variant_title: `${n}`,
          price: 10_000,
          ...v,
        })
        .execute();
    }
  }
}

const columns = (db: Kysely<Database>) =>
  db
    .selectFrom('products')
    .select(['name', 'stock_quantity', 'stock_state'])
    .orderBy('id')
    .execute()
    .then((rows) =>
      rows.map((r) => [
        r.name,
        r.stock_quantity === null ? null : Number(r.stock_quantity),
        r.stock_state,
      ]),
    );

describe.each(testDialects)('migration 026_product_stock on %s', (dialect) => {
  it('fills the stock of the products already there, keeps it after, and goes down and up', async () => {
    await atMigration(dialect, '025_movement_kinds', async (db, migrator) => {
      await shop(db);
      expect(await migrateToLatest(db, dialect)).toContain('026_product_stock');

      const expected = PRODUCTS.map(([name, , , quantity, state]) => [name, quantity, state]);
      expect(await columns(db)).toEqual(expected);
      // The table above is the pure rule's answer too.
      const products = await db
        .selectFrom('products')
        .select(['id', 'has_variants'])
        .orderBy('id')
        .execute();
      const variants = await db.selectFrom('variants').selectAll().execute();
      expect(
        products.map((p) => {
          const s = productStock(
            variants.filter((v) => v.product_id === p.id && isStockCounted(p, v)),
          );
          return [s.quantity, s.state];
        }),
      ).toEqual(expected.map(([, quantity, state]) => [quantity, state]));

      // Kept from then on: a stock change, then a deletion of the last counted variant.
      const low = variants.find((v) => v.low_stock_threshold === 3);
      await db
        .updateTable('variants')
        .set({ stock_quantity: 30 })
        .where('id', '=', low!.id)
        .execute();
      const [, sizesQuantity, sizesState] = (await columns(db))[5]!;
      expect([sizesQuantity, sizesState]).toEqual([40, 'in_stock']);
      await db.deleteFrom('variants').where('product_id', '=', products[0]!.id).execute();
      expect((await columns(db))[0]).toEqual(['simple in stock', null, 'not_tracked']);

      // The state is one of the four.
      await expect(
        sql`update products set stock_state = 'plenty' where id = ${products[1]!.id}`.execute(db),
      ).rejects.toThrow(/check/i);

      // Down drops the columns, indexes and triggers; up fills them again.
      expect((await migrator.migrateTo('025_movement_kinds')).error).toBeUndefined();
      await db
        .updateTable('variants')
        .set({ stock_quantity: 1 })
        .where('id', '=', low!.id)
        .execute();
      expect(await migrateToLatest(db, dialect)).toContain('026_product_stock');
      expect((await columns(db))[5]).toEqual(['sizes, one low', 11, 'low_stock']);
    });
  });

  // Only PostgreSQL has concurrent writers (SQLite has one writer at a time).
  if (dialect === 'postgres')
    it('lets two transactions change sizes of one product at once, without a deadlock or a lost change', async () => {
      // Two for the writers, one to watch them.
      const fresh = await openTestDatabase(dialect, { poolSize: 3 });
      try {
        const db = fresh.db;
        await shop(db);
        const product = await db
          .selectFrom('products')
          .select('id')
          .where('name', '=', 'sizes, in stock')
          .executeTakeFirstOrThrow();
        const [a, b] = await db
          .selectFrom('variants')
          .select('id')
          .where('product_id', '=', product.id)
          .orderBy('id')
          .execute();
        const add = (trx: Kysely<Database>, id: number, n: number) =>
          trx
            .updateTable('variants')
            .set((eb) => ({ stock_quantity: eb('stock_quantity', '+', n) }))
            .where('id', '=', id)
            .execute();
        let aDone!: () => void;
        let bHeld!: () => void;
        const aWritten = new Promise<void>((resolve) => (aDone = resolve));
        const bLocked = new Promise<void>((resolve) => (bHeld = resolve));
        // First writes size a, then size b, which the second holds until it commits; the second
        // commits while the first waits on b (a product lock taken at once by the first would
        // make the second wait on the first: a deadlock).
        const first = db.transaction().execute(async (trx) => {
          await add(trx, a!.id, 1);
          aDone();
          await bLocked;
          await add(trx, b!.id, 10);
        });
        const second = db.transaction().execute(async (trx) => {
          await aWritten;
          await add(trx, b!.id, 100);
          bHeld();
          // Commits once the first is waiting on b's lock (seen from a third connection).
          await vi.waitFor(
            async () => {
              const { rows } = await sql<{ waiting: number }>`
                select count(*)::int as waiting from pg_stat_activity
                where datname = current_database() and wait_event_type = 'Lock'`.execute(db);
              expect(rows[0]?.waiting).toBe(1);
            },
            { timeout: 10_000, interval: 20 },
          );
        });
        await Promise.all([first, second]);
        const row = await db
          .selectFrom('products')
          .select(['stock_quantity', 'stock_state'])
          .where('id', '=', product.id)
          .executeTakeFirstOrThrow();
        // 8 + 9 before; +1, +10 and +100.
        expect([Number(row.stock_quantity), row.stock_state]).toEqual([128, 'in_stock']);
      } finally {
        await fresh.dispose();
      }
    });
});
