// The dashboard's figures, read in one statement (one snapshot on both databases) from
// aggregates that do not grow with the orders: counts and sums of customer_overview (one row per
// customer, kept by triggers on orders), and the cancelled and refunded orders' amounts summed
// from the index on (status, total_amount).
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { money } from '../api/present';
import type { Schemas } from '../api/types';

/** Statuses whose orders the secondary revenue line leaves out. */
const NOT_EARNED = ['cancelled', 'refunded'] as const;

export async function dashboardStats(db: Db): Promise<Schemas['DashboardStats']> {
  // PostgreSQL's sum of a bigint is a numeric (read as text): cast back to bigint.
  const { rows } = await sql<{
    product_count: number | string;
    customer_count: number | string;
    order_count: number | string | null;
    revenue: number | string | null;
    not_earned: number | string | null;
  }>`select
      (select count(*) from products) as product_count,
      (select count(*) from customer_overview) as customer_count,
      (select cast(sum(order_count) as bigint) from customer_overview) as order_count,
      (select cast(sum(total_spent) as bigint) from customer_overview) as revenue,
      (select cast(sum(total_amount) as bigint) from orders
        where status in (${sql.join(NOT_EARNED)})) as not_earned`.execute(db);
  const row = rows[0];
  if (!row) throw new Error('unreachable: a select without from returns one row');
  const revenue = Number(row.revenue ?? 0);
  return {
    product_count: Number(row.product_count),
    order_count: Number(row.order_count ?? 0),
    customer_count: Number(row.customer_count),
    revenue: money(revenue),
    revenue_excluding_cancelled_refunded: money(revenue - Number(row.not_earned ?? 0)),
  };
}
