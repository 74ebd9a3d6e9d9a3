// Portable case-insensitive search (SQLite and PostgreSQL) for every list with a search box.
import { sql, type RawBuilder, type SqlBool } from 'kysely';

/** `%text%` for LIKE with `escape '\'`: the user's % and _ match themselves. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Case-insensitive "contains", portable: lower(col) like lower(pattern) escape '\'. Both sides go
 * through the database's own lower(), so they are folded alike (SQLite folds ASCII only).
 */
export function lowerLike(ref: string, pattern: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`lower(${sql.ref(ref)}) like lower(${pattern}) escape '\\'`;
}

export function anyOf(conditions: RawBuilder<SqlBool>[]): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${sql.join(conditions, sql` or `)})`;
}
