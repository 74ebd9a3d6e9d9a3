import type { OrderSummary } from '@generated/model';
import { formatDate, formatMoney } from '@/lib/format';
import { customerKey, normaliseEmail } from './customer-key';
import { customerName, paymentLabel, statusBadgeVariant, type OrderRow } from './order-display';

/** The table rows of the orders, in the order the API returned them (newest first). */
export function toOrderRows(orders: readonly OrderSummary[]): OrderRow[] {
  return orders.map((order) => ({
    id: order.id,
    orderNumber: order.order_number,
    customer: customerName(order),
    status: order.status,
    badge: statusBadgeVariant(order.status),
    payment: paymentLabel(order.payment_method),
    total: formatMoney(order.total_amount),
    date: formatDate(order.created_at),
    customerKey: customerKey(order),
  }));
}

export interface OrderFilter {
  /** Substring of the order number, case-insensitive (docs/product.md §2 'Search by order number...'). */
  search: string;
  /** Only this customer's orders (shipping e-mail, case-insensitive; 'unknown': none given). */
  email?: string | null;
}

export function filterOrderRows(rows: readonly OrderRow[], { search, email }: OrderFilter) {
  const q = search.trim().toLowerCase();
  const key = normaliseEmail(email);
  if (!q && !key) return rows;
  return rows.filter(
    (row) => (!key || row.customerKey === key) && (!q || row.orderNumber.toLowerCase().includes(q)),
  );
}
