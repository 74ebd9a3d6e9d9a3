import type { OrderSummary } from '@generated/model';
import { formatDate, formatMoney } from '@/lib/format';
import {
  customerName,
  paymentLabel,
  statusBadgeVariant,
  statusWords,
  vatReviewLabel,
  type OrderRow,
} from './order-display';
import { paymentStatusBadge, paymentStatusLabel } from './payments/payment-display';

/** The table rows of the orders, in the order the API returned them. */
export function toOrderRows(orders: readonly OrderSummary[]): OrderRow[] {
  return orders.map((order) => ({
    id: order.id,
    orderNumber: order.order_number,
    customer: customerName(order),
    status: statusWords(order.status),
    badge: statusBadgeVariant(order.status),
    payment: paymentLabel(order.payment_method),
    paymentStatus: {
      text: paymentStatusLabel(order.payment_status),
      badge: paymentStatusBadge(order.payment_status),
    },
    total: formatMoney(order.total_amount),
    date: formatDate(order.created_at),
    // To confirm asks for an action (red); confirmed is only a fact (outline).
    vatReview: order.vat_number_review
      ? {
          text: vatReviewLabel(order.vat_number_review),
          badge: order.vat_number_review === 'to_confirm' ? 'destructive' : 'outline',
        }
      : null,
  }));
}
