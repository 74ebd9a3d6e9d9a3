// Exact row counts and sums that triggers keep in row_counts (migration 006), so a list's
// X-Total-Count without filters and the dashboard's figures cost the same at any table size.
// Counters: products, products_active, stock_movements, and per order status `orders:<status>` (number of
// orders) and `revenue:<status>` (sum of total_amount).
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database';
import type { OrderStatus } from '../../db/schema';

/** A counter, or every counter of a family (`orders:` or `revenue:`, all statuses). */
export type Counter =
  | 'products'
  | 'products_active'
  | 'stock_movements'
  | 'orders:'
  | 'revenue:'
  | `orders:${OrderStatus}`
  | `revenue:${OrderStatus}`;

/**
 * The counters' sum as an expression: a family (a name ending with `:`) sums all its members.
 * The sum over shards is a numeric on PostgreSQL: cast back to bigint.
 */
export function counterSql(...names: Counter[]): RawBuilder<number | string | null> {
  const matches = names.map((name) =>
    name.endsWith(':') ? sql`name like ${`${name}%`}` : sql`name = ${name}`,
  );
  return sql`(select cast(coalesce(sum(n), 0) as bigint) from row_counts
    where ${sql.join(matches, sql` or `)})`;
}

export async function countOf(db: Db, ...names: Counter[]): Promise<number> {
  const { rows } = await sql<{
    n: number | string | null;
  }>`select ${counterSql(...names)} as n`.execute(db);
  return Number(rows[0]?.n ?? 0);
}
