import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ISO_TIMESTAMP } from '../../test-support/contract';
import {
  openTestDatabase,
  testDialects,
  insertBareOrder,
  insertRunner,
  testMigrator,
  useTestDatabase,
} from '../../test-support/databases';
import { fromBool, toBool } from './bool';
import { openDatabase } from './database';
import { migrateToLatest } from './migrate';
import { allMigrations } from './migrations';
import type { Database } from './schema';
import { isForeignKeyViolation, isUniqueViolation } from './transaction';

async function seed(db: Kysely<Database>) {
  const category = await db
    .insertInto('categories')
    .values({ name: 'Shoes', slug: 'shoes' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { categoryId: category.id, ...(await insertRunner(db, category.id)) };
}

/** The atomic stock adjustment the API uses: never below zero unless backorders are allowed. */
async function adjustStock(
  db: Kysely<Database>,
  variantId: number,
  delta: number,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('variants')
      .set((eb) => ({ stock_quantity: eb('stock_quantity', '+', delta) }))
      .where('id', '=', variantId)
      .$if(delta < 0, (qb) =>
        qb.where((eb) =>
          eb.or([eb(eb('stock_quantity', '+', delta), '>=', 0), eb('allow_backorder', '=', 1)]),
        ),
      )
      .returning('stock_quantity')
      .executeTakeFirst();
    if (!row) return false;
    await trx
      .insertInto('stock_movements')
      .values({
        kind: 'adjustment',
        variant_id: variantId,
        sku: 'RUN-42',
        title: 'Runner — 42',
        delta,
        stock_before: row.stock_quantity - delta,
        stock_after: row.stock_quantity,
      })
      .execute();
    return true;
  });
}

describe.each(testDialects)('database on %s', (dialect) => {
  const t = useTestDatabase(dialect, { perTest: true });

  const stockOf = async (variantId: number) =>
    (
      await t.db
        .selectFrom('variants')
        .select('stock_quantity')
        .where('id', '=', variantId)
        .executeTakeFirstOrThrow()
    ).stock_quantity;
  const setStock = (variantId: number, stock_quantity: number, allowBackorder = false) =>
    t.db
      .updateTable('variants')
      .set({ stock_quantity, allow_backorder: fromBool(allowBackorder) })
      .where('id', '=', variantId)
      .execute();

  it('runs migrations once and then is a no-op', async () => {
    const fresh = await openTestDatabase(dialect, { migrate: false });
    try {
      expect(await migrateToLatest(fresh.db, dialect)).toEqual(Object.keys(allMigrations(dialect)));
      expect(await migrateToLatest(fresh.db, dialect)).toEqual([]);
      expect(await migrateToLatest(fresh.db, dialect)).toEqual([]);
      const tables = (await fresh.db.introspection.getTables()).map((x) => x.name);
      expect(tables).toEqual(
        expect.arrayContaining([
          'admin_users',
          'refresh_tokens',
          'vat_rates',
          'categories',
          'products',
          'variants',
          'stock_movements',
        ]),
      );
    } finally {
      await fresh.dispose();
    }
  });

  it('fills defaults: 0/1 flags, JSON text, ISO-8601 UTC timestamps', async () => {
    const { productId, variantId } = await seed(t.db);
    const p = await t.db
      .selectFrom('products')
      .selectAll()
      .where('id', '=', productId)
      .executeTakeFirstOrThrow();
    expect(p).toMatchObject({
      has_variants: 0,
      price_includes_vat: 1,
      is_active: 1,
      is_featured: 0,
      images: '[]',
      tags: '[]',
    });
    expect(toBool(p.price_includes_vat)).toBe(true);
    expect(p.created_at).toMatch(ISO_TIMESTAMP);
    expect(Math.abs(Date.parse(p.created_at) - Date.now())).toBeLessThan(60_000);
    const v = await t.db
      .selectFrom('variants')
      .selectAll()
      .where('id', '=', variantId)
      .executeTakeFirstOrThrow();
    expect(v).toMatchObject({
      is_default: 0,
      option_values: '{}',
      stock_quantity: 0,
      low_stock_threshold: 5,
      track_inventory: 1,
      allow_backorder: 0,
      is_active: 1,
      position: 0,
    });
  });

  it('recognises unique violations', async () => {
    const { vatId, productId } = await seed(t.db);
    const dupSlug = await t.db
      .insertInto('products')
      .values({ name: 'x', slug: 'runner', description: 'x', base_price: 1, vat_rate_id: vatId })
      .execute()
      .catch((e: unknown) => e);
    expect(isUniqueViolation(dupSlug)).toBe(true);
    expect(isForeignKeyViolation(dupSlug)).toBe(false);

    const dupSku = await t.db
      .insertInto('variants')
      .values({ product_id: productId, sku: 'RUN-42', variant_title: 'again', price: 1 })
      .execute()
      .catch((e: unknown) => e);
    expect(isUniqueViolation(dupSku)).toBe(true);

    expect(isUniqueViolation(new Error('nope'))).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
  });

  it("allows the placeholder SKU 'DEFAULT' on many products but one default variant per product", async () => {
    const { vatId, productId } = await seed(t.db);
    const other = await t.db
      .insertInto('products')
      .values({ name: 'Other', slug: 'other', description: 'x', base_price: 1, vat_rate_id: vatId })
      .returning('id')
      .executeTakeFirstOrThrow();
    const defaultVariant = (product_id: number) => ({
      product_id,
      is_default: fromBool(true),
      sku: 'DEFAULT',
      variant_title: 'DEFAULT',
      price: 1,
    });
    await t.db.insertInto('variants').values(defaultVariant(productId)).execute();
    await t.db.insertInto('variants').values(defaultVariant(other.id)).execute();
    const second = await t.db
      .insertInto('variants')
      .values(defaultVariant(other.id))
      .execute()
      .catch((e: unknown) => e);
    expect(isUniqueViolation(second)).toBe(true);
  });

  it('recognises foreign key violations', async () => {
    const { vatId } = await seed(t.db);
    const orphan = await t.db
      .insertInto('variants')
      .values({ product_id: 999_999, sku: 'ORPHAN', variant_title: 'x', price: 1 })
      .execute()
      .catch((e: unknown) => e);
    expect(isForeignKeyViolation(orphan)).toBe(true);
    expect(isUniqueViolation(orphan)).toBe(false);

    const inUse = await t.db
      .deleteFrom('vat_rates')
      .where('id', '=', vatId)
      .execute()
      .catch((e: unknown) => e);
    expect(isForeignKeyViolation(inUse)).toBe(true);
  });

  it('cascades product deletion to variants but keeps their stock movements', async () => {
    const { productId, variantId } = await seed(t.db);
    expect(await adjustStock(t.db, variantId, 3)).toBe(true);
    await t.db.deleteFrom('products').where('id', '=', productId).execute();
    expect(await t.db.selectFrom('variants').selectAll().execute()).toEqual([]);
    expect(
      await t.db
        .selectFrom('stock_movements')
        .select(['variant_id', 'sku', 'title', 'delta', 'stock_after'])
        .execute(),
    ).toEqual([
      { variant_id: null, sku: 'RUN-42', title: 'Runner — 42', delta: 3, stock_after: 3 },
    ]);
  });

  it('sets category references to null when a category is deleted', async () => {
    const { categoryId, productId } = await seed(t.db);
    const child = await t.db
      .insertInto('categories')
      .values({ name: 'Trail', slug: 'trail', parent_id: categoryId })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.deleteFrom('categories').where('id', '=', categoryId).execute();
    const p = await t.db
      .selectFrom('products')
      .select('category_id')
      .where('id', '=', productId)
      .executeTakeFirstOrThrow();
    expect(p.category_id).toBeNull();
    const c = await t.db
      .selectFrom('categories')
      .select('parent_id')
      .where('id', '=', child.id)
      .executeTakeFirstOrThrow();
    expect(c.parent_id).toBeNull();
  });

  it('applies 100 concurrent stock adjustments exactly', async () => {
    const { variantId } = await seed(t.db);
    await setStock(variantId, 1000);
    const deltas = Array.from({ length: 100 }, (_, i) =>
      i % 3 === 0 ? -(i % 7) - 1 : (i % 5) + 1,
    );
    const results = await Promise.all(deltas.map((d) => adjustStock(t.db, variantId, d)));
    expect(results.every(Boolean)).toBe(true);
    expect(await stockOf(variantId)).toBe(1000 + deltas.reduce((a, b) => a + b, 0));
    const movements = await t.db.selectFrom('stock_movements').selectAll().execute();
    expect(movements).toHaveLength(100);
    // The ledger chains: every movement's before/after differ by its delta.
    for (const m of movements) expect(m.stock_after - m.stock_before).toBe(m.delta);
  });

  it('never oversells under 100 concurrent removals', async () => {
    const { variantId } = await seed(t.db);
    await setStock(variantId, 10);
    const results = await Promise.all(
      Array.from({ length: 100 }, () => adjustStock(t.db, variantId, -1)),
    );
    expect(results.filter(Boolean)).toHaveLength(10);
    expect(await stockOf(variantId)).toBe(0);
  });

  it('lets backorders go below zero', async () => {
    const { variantId } = await seed(t.db);
    await setStock(variantId, 10, true);
    const results = await Promise.all(
      Array.from({ length: 100 }, () => adjustStock(t.db, variantId, -1)),
    );
    expect(results.every(Boolean)).toBe(true);
    expect(await stockOf(variantId)).toBe(-90);
  });

  it('round-trips money as exact integers, and counts as numbers', async () => {
    const { vatId } = await seed(t.db);
    const big = Number.MAX_SAFE_INTEGER;
    await t.db
      .insertInto('products')
      .values({
        name: 'Big',
        slug: 'big',
        description: 'x',
        base_price: big,
        compare_at_price: 1,
        vat_rate_id: vatId,
      })
      .execute();
    const p = await t.db
      .selectFrom('products')
      .select(['base_price', 'compare_at_price'])
      .where('slug', '=', 'big')
      .executeTakeFirstOrThrow();
    expect(p.base_price).toBe(big);
    expect(p.compare_at_price).toBe(1);
    const { n } = await t.db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(n).toBe(2);
    // Sums stay exact while they stay below 2^53 (PostgreSQL's SUM(bigint) is NUMERIC: cast it).
    await t.db.updateTable('products').set({ base_price: 3_000_000_000_000_001 }).execute();
    const { total } = await t.db
      .selectFrom('products')
      .select(sql<number>`cast(sum(base_price) as bigint)`.as('total'))
      .executeTakeFirstOrThrow();
    expect(total).toBe(6_000_000_000_000_002);
  });

  it('rolls back everything when a transaction throws', async () => {
    const failure = await t.db
      .transaction()
      .execute(async (trx) => {
        const vat = await trx
          .insertInto('vat_rates')
          .values({
            name: 'Reduced',
            rate_bp: 700,
            country_code: 'TN',
            effective_from: '2025-01-01T00:00:00.000Z',
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('products')
          .values({
            name: 'Tmp',
            slug: 'tmp',
            description: 'x',
            base_price: 1,
            vat_rate_id: vat.id,
          })
          .execute();
        throw new Error('boom');
      })
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(Error);
    expect(await t.db.selectFrom('vat_rates').selectAll().execute()).toEqual([]);
    expect(await t.db.selectFrom('products').selectAll().execute()).toEqual([]);
  });
});

describe('openDatabase (SQLite file)', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'shop-open-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('creates DATA_DIR/shop.db with WAL, FULL sync, foreign keys and a busy timeout', async () => {
    const handle = openDatabase({ dataDir: join(dir, 'nested'), databaseUrl: undefined });
    try {
      expect(handle.dialect).toBe('sqlite');
      const pragma = async (name: string) =>
        Object.values(
          (await sql.raw(`pragma ${name}`).execute(handle.db)).rows[0] as object,
        )[0] as unknown;
      expect(await pragma('journal_mode')).toBe('wal');
      expect(await pragma('synchronous')).toBe(2); // FULL
      expect(await pragma('foreign_keys')).toBe(1);
      expect(await pragma('busy_timeout')).toBe(5000);
      await migrateToLatest(handle.db, handle.dialect);
      expect(statSync(join(dir, 'nested', 'shop.db')).isFile()).toBe(true);
    } finally {
      await handle.close();
    }
  });

  it('opens an in-memory database for tests', async () => {
    const handle = openDatabase({
      dataDir: dir,
      databaseUrl: 'postgres://ignored',
      sqliteFile: ':memory:',
    });
    try {
      expect(handle.dialect).toBe('sqlite');
      expect(await migrateToLatest(handle.db, handle.dialect)).toEqual(
        Object.keys(allMigrations('sqlite')),
      );
    } finally {
      await handle.close();
    }
  });
});

describe.each(testDialects)('migration 005_stock_ledger on %s', (dialect) => {
  it('keeps every movement, backfills SKU, title and order, and lets them outlive the catalogue', async () => {
    const fresh = await openTestDatabase(dialect, { migrate: false });
    try {
      const migrator = await testMigrator(fresh, dialect);
      const before = await migrator.migrateTo('002_customers_orders');
      expect(before.error).toBeUndefined();

      // Data as the server wrote it before 005.
      const db = fresh.db;
      const { productId, variantId } = await seed(db);
      const simple = await db
        .insertInto('products')
        .values({
          name: 'Plain mug',
          slug: 'plain-mug',
          description: 'A mug',
          base_price: 9_000,
          vat_rate_id: (await db.selectFrom('vat_rates').select('id').executeTakeFirstOrThrow()).id,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const mug = await db
        .insertInto('variants')
        .values({
          product_id: simple.id,
          is_default: 1,
          sku: 'DEFAULT',
          variant_title: 'DEFAULT',
          price: 9_000,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const orderId = await insertBareOrder(db, 'ORD-20260101-0001');
      const legacy = [
        [variantId, 5, 'Initial stock', 0, 5],
        [variantId, -2, 'Order ORD-20260101-0001', 5, 3],
        [mug.id, 4, null, 0, 4],
        [variantId, 2, 'Order ORD-20260101-0001 cancelled', 3, 5],
      ] as const;
      for (const [v, delta, reason, b, a] of legacy) {
        await sql`insert into stock_movements (variant_id, delta, reason, stock_before, stock_after)
          values (${v}, ${delta}, ${reason}, ${b}, ${a})`.execute(db);
      }

      expect(await migrateToLatest(db, dialect)).toContain('005_stock_ledger');
      const rows = await db
        .selectFrom('stock_movements')
        .select(['id', 'variant_id', 'order_id', 'sku', 'title', 'delta', 'reason'])
        .orderBy('id')
        .execute();
      expect(rows.map(({ id: _id, ...r }) => r)).toEqual([
        {
          variant_id: variantId,
          order_id: null,
          sku: 'RUN-42',
          title: 'Runner — 42',
          delta: 5,
          reason: 'Initial stock',
        },
        {
          variant_id: variantId,
          order_id: orderId,
          sku: 'RUN-42',
          title: 'Runner — 42',
          delta: -2,
          reason: 'Order ORD-20260101-0001',
        },
        {
          variant_id: mug.id,
          order_id: null,
          sku: 'DEFAULT',
          title: 'Plain mug',
          delta: 4,
          reason: null,
        },
        {
          variant_id: variantId,
          order_id: orderId,
          sku: 'RUN-42',
          title: 'Runner — 42',
          delta: 2,
          reason: 'Order ORD-20260101-0001 cancelled',
        },
      ]);
      expect(rows.map((r) => r.id)).toEqual([1, 2, 3, 4]);

      // The rebuilt table keeps its foreign keys: SET NULL on deletion, refusal of a bad id.
      await db.deleteFrom('products').where('id', '=', productId).execute();
      await db.deleteFrom('orders').where('id', '=', orderId).execute();
      const after = await db
        .selectFrom('stock_movements')
        .select(['variant_id', 'order_id', 'sku'])
        .orderBy('id')
        .execute();
      expect(after).toEqual([
        { variant_id: null, order_id: null, sku: 'RUN-42' },
        { variant_id: null, order_id: null, sku: 'RUN-42' },
        { variant_id: mug.id, order_id: null, sku: 'DEFAULT' },
        { variant_id: null, order_id: null, sku: 'RUN-42' },
      ]);
      // New ids continue after the copied ones.
      const next = await db
        .insertInto('stock_movements')
        .values({
          kind: 'adjustment',
          variant_id: mug.id,
          sku: 'DEFAULT',
          title: 'Plain mug',
          delta: 1,
          stock_before: 4,
          stock_after: 5,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      expect(next.id).toBe(5);
      const orphan = await db
        .insertInto('stock_movements')
        .values({
          kind: 'adjustment',
          variant_id: 999_999,
          sku: 'X',
          title: 'X',
          delta: 1,
          stock_before: 0,
          stock_after: 1,
        })
        .execute()
        .catch((e: unknown) => e);
      expect(isForeignKeyViolation(orphan)).toBe(true);
    } finally {
      await fresh.dispose();
    }
  });
});

// PostgreSQL only (SQLite has no pool): none on a SQLite-only run, as every dialect's tests.
describe.each(testDialects.filter((d) => d === 'postgres'))('the PostgreSQL pool (%s)', () => {
  it("logs an idle connection's loss through the server's logger, and the next query works", async () => {
    const errors: { details: object; message: string }[] = [];
    const database = openDatabase({
      dataDir: '/nonexistent',
      databaseUrl: process.env.DATABASE_URL,
      log: { error: (details, message) => errors.push({ details, message }) },
    });
    try {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(
        database.db,
      );
      const other = openDatabase({
        dataDir: '/nonexistent',
        databaseUrl: process.env.DATABASE_URL,
      });
      await sql`select pg_terminate_backend(${rows[0]!.pid})`.execute(other.db);
      await other.close();
      await expect.poll(() => errors.map((e) => e.message)).toEqual(['PostgreSQL pool error']);
      expect(errors[0]!.details).toMatchObject({ err: { code: '57P01' } });
      expect((await sql<{ one: number }>`select 1 as one`.execute(database.db)).rows).toEqual([
        { one: 1 },
      ]);
    } finally {
      await database.close();
    }
  });
});
