// Fresh, migrated databases for tests: SQLite always; PostgreSQL too when DATABASE_URL is set
// (run `bash scripts/with-postgres.sh npx vitest run server` to get one). Each is a copy of this
// run's migrated template (database-templates.ts), or an empty database with `migrate: false`.
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Migrator, sql, type Kysely } from 'kysely';
import { expect, inject } from 'vitest';
import {
  openPostgres,
  openSqlite,
  type DatabaseHandle,
  type DialectName,
} from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import type { Database } from '../src/db/schema';
import { allMigrations } from '../src/db/migrations';
import { databaseName, dropDatabase, onCluster, postgresUrl } from './database-templates';
import { useOpened } from './hooks';

export { testDialects } from './database-templates';

export interface TestDatabase extends DatabaseHandle {
  /** Closes the connections and deletes the database (SQLite file / PostgreSQL database). */
  dispose(): Promise<void>;
  /** New connections to the same database, as another process or server would have; close it. */
  connectAgain(): DatabaseHandle;
  /** PostgreSQL: this database's URL (a backup's pg_dump connects with it). */
  url?: string;
}

export async function openTestDatabase(
  dialect: DialectName,
  { migrate = true, poolSize }: { migrate?: boolean; poolSize?: number } = {},
): Promise<TestDatabase> {
  // Without a template (a run without the server projects' globalSetup), each test migrates.
  const template = migrate ? inject('testDatabaseTemplates')?.[dialect] : undefined;
  const handle =
    dialect === 'sqlite' ? openTempSqlite(template) : await openTempPostgres(template, poolSize);
  if (migrate && template === undefined) await migrateToLatest(handle.db, dialect);
  return handle;
}

/**
 * The shop's migrations over a database opened with `migrate: false`, to stop at one
 * (`migrateTo`) and fill old rows before the migration under test runs. On PostgreSQL its
 * bookkeeping lives in the schema of the test's connections.
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

/** The migration just before `name` (a migration test's starting point), whichever it is. */
export const migrationBefore = (name: string): string =>
  Object.keys(allMigrations('sqlite'))
    .sort()
    .filter((other) => other < name)
    .at(-1)!;

/**
 * An order placed at `at` of `quantity` scarves of 10.000 each, 19 % VAT, on a line without a
 * product (the roll-up migrations' tests).
 */
export async function insertScarfOrder(
  db: Kysely<Database>,
  orderNumber: string,
  at: string,
  quantity: number,
): Promise<number> {
  const id = await insertBareOrder(db, orderNumber);
  await sql`update orders set created_at = ${at} where id = ${id}`.execute(db);
  await sql`insert into order_items (order_id, product_name, quantity, unit_price,
      unit_price_incl_vat, vat_rate_bp, vat_amount, total_price, total_price_incl_vat)
    values (${id}, 'Scarf', ${quantity}, 10000, 11900, 1900, ${1900 * quantity},
      ${10000 * quantity}, ${11900 * quantity})`.execute(db);
  return id;
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

/** A new SQLite file: a copy of the migrated `template`, or empty. */
function openTempSqlite(template: string | undefined): TestDatabase {
  const dir = mkdtempSync(join(tmpdir(), 'shop-db-test-'));
  const file = join(dir, 'shop.db');
  if (template !== undefined) copyFileSync(template, file);
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

/**
 * A new database of its own in DATABASE_URL's cluster (parallel test files and tests stay
 * independent): a copy of the migrated `template`, or empty. Its `url` is where a backup's
 * pg_dump finds it.
 */
async function openTempPostgres(
  template: string | undefined,
  poolSize = 10,
): Promise<TestDatabase> {
  const name = databaseName('test');
  await onCluster((db) =>
    template === undefined
      ? sql`create database ${sql.id(name)}`.execute(db)
      : // FILE_COPY, not PostgreSQL 15's default WAL_LOG: with fsync off (with-postgres.sh) copying
        // the 17 MB template's files takes 28 ms where logging each block takes 71 ms, and every
        // test of the server projects makes one (measured on these 2-core machines).
        sql`create database ${sql.id(name)} template ${sql.id(template)} strategy file_copy`.execute(
          db,
        ),
  );
  const url = postgresUrl(name);
  const handle = openPostgres(url, { max: poolSize });
  return {
    ...handle,
    url,
    connectAgain: () => openPostgres(url, { max: poolSize }),
    async dispose() {
      await handle.close();
      // A connection a test left open (connectAgain) does not keep it (see dropDatabase).
      await dropDatabase(name);
    },
  };
}
