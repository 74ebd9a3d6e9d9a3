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

/** How a list is ordered: a column, then a tie-breaking column, both in one direction. */
export interface SortOrder {
  column: string;
  tie: string;
  direction: 'asc' | 'desc';
}

/** What a list keeps (its filters), in which order, and its count when a counter knows it. */
export interface ListSelection {
  filters: RawBuilder<SqlBool>[];
  order: SortOrder;
  counted?: (() => Promise<number>) | undefined;
}

/** The column key of a sort value: `-name` and `name` are both `name`. */
type SortKey<S extends string> = S extends `-${infer K}` ? K : S;

/**
 * The order a `sort` parameter asks for: a key of `columns`, descending with a leading `-`.
 * Ties are broken by `tie` in the same direction, so an index on (column, tie) yields the page
 * in order and paging is stable. The contract validates the keys before this runs.
 */
export function sortOrder<S extends string>(
  sort: S,
  columns: Record<SortKey<S>, string>,
  tie: string,
): SortOrder {
  const desc = sort.startsWith('-');
  const key = (desc ? sort.slice(1) : sort) as SortKey<S>;
  return { column: columns[key], tie, direction: desc ? 'desc' : 'asc' };
}

/**
 * One page of a list in this order, and the number of rows under the same filters: from `count`
 * with the filters, or from `counted` when the caller knows it without counting (a counter).
 */
export async function sortedPage<DB, TB extends keyof DB, O, CDB, CTB extends keyof CDB>(
  query: {
    page: SelectQueryBuilder<DB, TB, O>;
    count: SelectQueryBuilder<CDB, CTB, { n: number }>;
    counted?: (() => Promise<number>) | undefined;
  },
  filters: RawBuilder<SqlBool>[],
  paging: { skip: number; limit: number },
  order: SortOrder,
): Promise<{ rows: O[]; total: number }> {
  let { page } = query;
  for (const f of filters) page = page.where(f);
  const [rows, total] = await Promise.all([
    page
      .orderBy(sql.ref(order.column), order.direction)
      .orderBy(sql.ref(order.tie), order.direction)
      .limit(paging.limit)
      .offset(paging.skip)
      .execute(),
    filteredCount(query.count, { filters, counted: query.counted }),
  ]);
  return { rows, total };
}

/** The number of rows the selection keeps: from its counter when it has one, else by `count`. */
export async function filteredCount<DB, TB extends keyof DB>(
  count: SelectQueryBuilder<DB, TB, { n: number }>,
  { filters, counted }: Pick<ListSelection, 'filters' | 'counted'>,
): Promise<number> {
  if (counted) return counted();
  const row = await filters.reduce((q, f) => q.where(f), count).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One page of a list under a selection (see sortedPage). */
export const selectedPage = <DB, TB extends keyof DB, O, CDB, CTB extends keyof CDB>(
  query: {
    page: SelectQueryBuilder<DB, TB, O>;
    count: SelectQueryBuilder<CDB, CTB, { n: number }>;
  },
  { filters, order, counted }: ListSelection,
  paging: { skip: number; limit: number },
) => sortedPage({ ...query, counted }, filters, paging, order);

/**
 * Every row the selection keeps, in its order, one page of `pageSize` rows at a time, each page
 * read from where the last one ended (keyset on the sort column and the tie), so a deep page
 * costs what the first one does and only one page is held. The query must select the sort and
 * tie columns under their own names (`o.created_at` as `created_at`). The next page is read only
 * when the consumer asks for it: a consumer that stops stops the reading.
 */
export async function* keysetPages<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  { filters, order }: ListSelection,
  pageSize: number,
): AsyncGenerator<O[]> {
  const keyOf = (row: O, ref: string): unknown =>
    (row as Record<string, unknown>)[ref.slice(ref.lastIndexOf('.') + 1)];
  let filtered = query;
  for (const f of filters) filtered = filtered.where(f);
  const sorted = filtered
    .orderBy(sql.ref(order.column), order.direction)
    .orderBy(sql.ref(order.tie), order.direction)
    .limit(pageSize);
  const after = order.direction === 'desc' ? sql`<` : sql`>`;
  let last: O | undefined;
  for (;;) {
    const page = await (
      last === undefined
        ? sorted
        : sorted.where(
            sql<SqlBool>`(${sql.ref(order.column)}, ${sql.ref(order.tie)}) ${after} (${keyOf(last, order.column)}, ${keyOf(last, order.tie)})`,
          )
    ).execute();
    if (page.length > 0) yield page;
    if (page.length < pageSize) return;
    last = page[page.length - 1];
  }
}
