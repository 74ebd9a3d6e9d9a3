// Portable column definitions for migrations; the only places where SQLite and PostgreSQL
// need different DDL.
import { sql, type CreateTableBuilder, type RawBuilder } from 'kysely';
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
