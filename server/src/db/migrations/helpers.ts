// Portable column definitions for migrations; the only places where SQLite and PostgreSQL
// need different DDL.
import { sql, type CreateTableBuilder, type Kysely, type RawBuilder } from 'kysely';
import type { DialectName } from '../database';

/** `integer primary key autoincrement` on SQLite (ids never reused), identity on PostgreSQL. */
export function withId<T extends string>(
  table: CreateTableBuilder<T, never>,
  dialect: DialectName,
): CreateTableBuilder<T, 'id'> {
  return dialect === 'sqlite'
    ? table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity());
}

/** Current UTC time as the same ISO-8601 text JavaScript's toISOString() produces. */
export function nowIso(dialect: DialectName): RawBuilder<string> {
  return dialect === 'sqlite'
    ? sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`
    : sql`(to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`;
}

/** created_at / updated_at, defaulting to now. */
export function withTimestamps<T extends string, C extends string>(
  table: CreateTableBuilder<T, C>,
  dialect: DialectName,
  columns: readonly string[] = ['created_at', 'updated_at'],
): CreateTableBuilder<T, C> {
  let t = table;
  for (const name of columns) {
    t = t.addColumn(name, 'text', (c) => c.notNull().defaultTo(nowIso(dialect)));
  }
  return t;
}

/** A plain index on one column, named `<table>_<column>`. */
export function indexColumn(db: Kysely<unknown>, table: string, column: string): Promise<void> {
  return db.schema.createIndex(`${table}_${column}`).on(table).column(column).execute();
}

/** Drops the tables in the order given (dependent tables first). */
export async function dropTables(db: Kysely<unknown>, tables: readonly string[]): Promise<void> {
  for (const table of tables) await db.schema.dropTable(table).execute();
}

/**
 * The columns of a stock movement after its variant: the change, why, the stock on both sides
 * and who made it. The ledger outlives the admin who made the movement.
 */
export function withMovementColumns<T extends string, C extends string>(
  table: CreateTableBuilder<T, C>,
) {
  return table
    .addColumn('delta', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('stock_before', 'integer', (c) => c.notNull())
    .addColumn('stock_after', 'integer', (c) => c.notNull())
    .addColumn('admin_user_id', 'integer', (c) =>
      c.references('admin_users.id').onDelete('set null'),
    );
}
