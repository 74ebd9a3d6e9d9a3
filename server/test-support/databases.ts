// Fresh, migrated databases for tests: SQLite always; PostgreSQL too when DATABASE_URL is set
// (run `bash scripts/with-postgres.sh npx vitest run server` to get one).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Migrator, sql, type Kysely } from 'kysely';
import { expect } from 'vitest';
import {
  openPostgres,
  openSqlite,
  type DatabaseHandle,
  type DialectName,
} from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import type { Database } from '../src/db/schema';
import { allMigrations } from '../src/db/migrations';
import { useOpened } from './hooks';

/**
 * The databases each server test runs on: SQLite, and PostgreSQL when DATABASE_URL is set
 * (scripts/with-postgres.sh). TEST_DIALECTS narrows them: `npm run test:db` sets it to postgres,
 * because `npm run test:unit` has just run the whole server suite on SQLite (running it twice
 * cost five minutes of `npm test`).
 */
const available: DialectName[] = process.env.DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
const wanted = process.env.TEST_DIALECTS?.split(',').map((d) => d.trim());
export const testDialects: DialectName[] = wanted
  ? available.filter((d) => wanted.includes(d))
  : available;
if (testDialects.length === 0)
  throw new Error(`TEST_DIALECTS=${process.env.TEST_DIALECTS} names no database available here`);

export interface TestDatabase extends DatabaseHandle {
  /** Closes the connections and deletes the database (SQLite file / PostgreSQL schema). */
  dispose(): Promise<void>;
  /** New connections to the same database, as another process or server would have; close it. */
  connectAgain(): DatabaseHandle;
}

export async function openTestDatabase(
  dialect: DialectName,
  { migrate = true, poolSize }: { migrate?: boolean; poolSize?: number } = {},
): Promise<TestDatabase> {
  const handle = dialect === 'sqlite' ? openTempSqlite() : await openTempPostgres(poolSize);
  if (migrate) await migrateToLatest(handle.db, dialect);
  return handle;
}

/**
 * The shop's migrations over a database opened with `migrate: false`, to stop at one
 * (`migrateTo`) and fill old rows before the migration under test runs. On PostgreSQL its
 * bookkeeping lives in the test's own schema.
 */
export async function testMigrator(
  handle: DatabaseHandle,
  dialect: DialectName,
): Promise<Migrator> {
  const schema =
    dialect === 'postgres'
      ? (await sql<{ s: string }>`select current_schema() as s`.execute(handle.db)).rows[0]?.s
      : undefined;
  return new Migrator({
    db: handle.db,
    provider: { getMigrations: () => Promise.resolve(allMigrations(dialect)) },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
}

/**
 * A migration's test: a new database migrated up to `before` (the migration before the one under
 * test), for `run` to fill old rows and take the migrator on up (and down); deleted after.
 */
export async function atMigration(
  dialect: DialectName,
  before: string,
  run: (db: Kysely<Database>, migrator: Migrator) => Promise<void>,
): Promise<void> {
  const fresh = await openTestDatabase(dialect, { migrate: false });
  try {
    const migrator = await testMigrator(fresh, dialect);
    expect((await migrator.migrateTo(before)).error).toBeUndefined();
    await run(fresh.db, migrator);
  } finally {
    await fresh.dispose();
  }
}

/**
 * A 19 % Tunisian rate written straight into the table (the columns every migration since 001
 * has), for tests that fill a database below the latest migration; its id.
 */
export async function insertStandardRate(db: Kysely<Database>): Promise<number> {
  const rate = await db
    .insertInto('vat_rates')
    .values({
      name: 'Standard',
      rate_bp: 1900,
      country_code: 'TN',
      effective_from: '2025-01-01T00:00:00.000Z',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return rate.id;
}

/**
 * Product "Runner" (119.000) with its one variant RUN-42 "42" at that standard rate, written
 * straight into the tables like insertStandardRate, under `categoryId` if given; their ids.
 */
export async function insertRunner(db: Kysely<Database>, categoryId?: number) {
  const vatId = await insertStandardRate(db);
  const product = await db
    .insertInto('products')
    .values({
      name: 'Runner',
      slug: 'runner',
      description: 'A shoe',
      category_id: categoryId ?? null,
      base_price: 119_000,
      vat_rate_id: vatId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const variant = await db
    .insertInto('variants')
    .values({ product_id: product.id, sku: 'RUN-42', variant_title: '42', price: 119_000 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { vatId, productId: product.id, variantId: variant.id };
}

/** A cash-on-delivery order of nothing, `orderNumber`, written straight into the table; its id. */
export async function insertBareOrder(db: Kysely<Database>, orderNumber: string): Promise<number> {
  const order = await db
    .insertInto('orders')
    .values({
      order_number: orderNumber,
      payment_method: 'cash_on_delivery',
      customer_email: 'a@example.com',
      customer_type: 'individual',
      customer_country_code: 'TN',
      shipping_address: '{}',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return order.id;
}

/** A fresh test database for the describe block (or for each test with `perTest`). */
export const useTestDatabase = (dialect: DialectName, when: { perTest?: boolean } = {}) =>
  useOpened(
    () => openTestDatabase(dialect),
    (database) => database.dispose(),
    when,
  );

function openTempSqlite(): TestDatabase {
  const dir = mkdtempSync(join(tmpdir(), 'shop-db-test-'));
  const file = join(dir, 'shop.db');
  const handle = openSqlite(file);
  return {
    ...handle,
    connectAgain: () => openSqlite(file),
    async dispose() {
      await handle.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function openTempPostgres(poolSize = 10): Promise<TestDatabase> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is not set');
  // One schema per test keeps parallel test files and tests independent on one database.
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = openPostgres(url, { max: 1 });
  try {
    await sql`create schema ${sql.id(schema)}`.execute(admin.db);
  } finally {
    await admin.close();
  }
  const handle = openPostgres(url, { schema, max: poolSize });
  return {
    ...handle,
    connectAgain: () => openPostgres(url, { schema, max: poolSize }),
    async dispose() {
      await handle.close();
      const cleanup = openPostgres(url, { max: 1 });
      try {
        await sql`drop schema ${sql.id(schema)} cascade`.execute(cleanup.db);
      } finally {
        await cleanup.close();
      }
    },
  };
}
