import type { OrderSummary } from '@generated/model';
import { formatDate, formatMoney } from '@/lib/format';
import {
  customerName,
  paymentLabel,
  statusBadgeVariant,
  statusWords,
  type OrderRow,
} from './order-display';

/** The table rows of the orders, in the order the API returned them. */
export function toOrderRows(orders: readonly OrderSummary[]): OrderRow[] {
  return orders.map((order) => ({
    id: order.id,
    orderNumber: order.order_number,
    customer: customerName(order),
    status: statusWords(order.status),
    badge: statusBadgeVariant(order.status),
    payment: paymentLabel(order.payment_method),
    total: formatMoney(order.total_amount),
    date: formatDate(order.created_at),
  }));
}
