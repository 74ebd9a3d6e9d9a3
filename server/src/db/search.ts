// Portable search and paging (SQLite and PostgreSQL) for every list with a search box.
import { sql, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';

/** `%text%` for LIKE with `escape '\'`: the user's % and _ match themselves. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Case-insensitive "contains", portable: lower(col) like lower(pattern) escape '\'. Both sides go
 * through the database's own lower(), so they are folded alike (SQLite folds ASCII only).
 */
function lowerLike(ref: string, pattern: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`lower(${sql.ref(ref)}) like lower(${pattern}) escape '\\'`;
}

function anyOf(conditions: RawBuilder<SqlBool>[]): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${sql.join(conditions, sql` or `)})`;
}

/**
 * A search box's condition: one of the columns contains the trimmed text. None for a blank
 * search, so the result spreads into a list of filters.
 */
export function searchIn(
  search: string | undefined,
  columns: readonly string[],
): RawBuilder<SqlBool>[] {
  const text = search?.trim();
  if (!text) return [];
  const pattern = containsPattern(text);
  return [anyOf(columns.map((column) => lowerLike(column, pattern)))];
}

/**
 * One page of a list, newest first (created_at, then id, descending), and the number of rows
 * under the same filters. `alias` is the listed table's alias in both queries.
 */
export async function newestFirstPage<DB, TB extends keyof DB, O, CDB, CTB extends keyof CDB>(
  query: {
    page: SelectQueryBuilder<DB, TB, O>;
    count: SelectQueryBuilder<CDB, CTB, { n: number }>;
    alias: string;
  },
  filters: RawBuilder<SqlBool>[],
  paging: { skip: number; limit: number },
): Promise<{ rows: O[]; total: number }> {
  let { page, count } = query;
  for (const f of filters) {
    page = page.where(f);
    count = count.where(f);
  }
  const [rows, totalRow] = await Promise.all([
    page
      .orderBy(sql.ref(`${query.alias}.created_at`), 'desc')
      .orderBy(sql.ref(`${query.alias}.id`), 'desc')
      .limit(paging.limit)
      .offset(paging.skip)
      .execute(),
    count.executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(totalRow.n) };
}
