import type { OrderSummary, Product } from '@generated/model';
import { sumMoney } from '@/lib/format';

/** The four figures of the dashboard (docs/product.md §2 "Dashboard"). */
export interface DashboardStats {
  totalProducts: number;
  totalOrders: number;
  /** Distinct order ids: docs/product.md defines it so, which makes it the order count. */
  totalCustomers: number;
  /** Sum of every order's total_amount, as an exact 3-decimal string ("1234.500"). */
  totalRevenue: string;
}

type OrderAmount = Pick<OrderSummary, 'id' | 'total_amount'>;

/**
 * Computes the dashboard figures from the admin product list and the admin order list (both
 * fetched with limit 1000). Every order counts towards the revenue, whatever its status, as the
 * spec says "sum of each order's total_amount"; an unreadable amount counts as 0.
 */
export function computeDashboardStats(
  products: readonly Pick<Product, 'id'>[],
  orders: readonly OrderAmount[],
): DashboardStats {
  return {
    totalProducts: products.length,
    totalOrders: orders.length,
    totalCustomers: new Set(orders.map((order) => order.id)).size,
    totalRevenue: sumMoney(orders.map((order) => order.total_amount)),
  };
}
