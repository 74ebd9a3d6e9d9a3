// The dashboard's figures, read in one statement (one snapshot on both databases) from the
// counters that triggers keep (row-counts.ts), so they cost the same at any table size, and
// the number of customers: the rows of customer_overview (one per customer, not per order).
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { money } from '../../api/present';
import type { Schemas } from '../../api/types';
import { counterSql } from '../platform/row-counts';
import { statusesWhere } from '../../../../contract/order-status';

/** The revenue of orders whose sale is undone (credited: cancelled, refunded) is not earned. */
const NOT_EARNED = statusesWhere('credited').map((status) => `revenue:${status}` as const);

export async function dashboardStats(db: Db): Promise<Schemas['DashboardStats']> {
  const { rows } = await sql<
    Record<
      'product_count' | 'customer_count' | 'order_count' | 'revenue' | 'not_earned',
      number | string | null
    >
  >`select
      ${counterSql('products')} as product_count,
      (select count(*) from customer_overview) as customer_count,
      ${counterSql('orders:')} as order_count,
      ${counterSql('revenue:')} as revenue,
      ${counterSql(...NOT_EARNED)} as not_earned`.execute(db);
  const row = rows[0];
  if (!row) throw new Error('unreachable: a select without from returns one row');
  const revenue = Number(row.revenue);
  return {
    product_count: Number(row.product_count),
    order_count: Number(row.order_count),
    customer_count: Number(row.customer_count),
    revenue: money(revenue),
    revenue_excluding_cancelled_refunded: money(revenue - Number(row.not_earned)),
  };
}
