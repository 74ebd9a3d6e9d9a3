import { OrderStatus } from '@generated/model';
import type { OrderSummary } from '@generated/model';
import type { BadgeStyle } from '@/components/list-screen';

/** The seven statuses, in life-cycle order; the admin may pick any of them (docs/product.md §4). */
export const ORDER_STATUSES: readonly OrderStatus[] = Object.values(OrderStatus);

/** docs/product.md §4: pending secondary; cancelled and refunded destructive; all others default. */
export function statusBadgeVariant(status: string): BadgeStyle {
  if (status === 'pending') return 'secondary';
  if (status === 'cancelled' || status === 'refunded') return 'destructive';
  return 'default';
}

/** 'pending' → 'Pending', 'cash_on_delivery' → 'Cash on delivery' (the selectors' options). */
export function statusLabel(status: string): string {
  const words = status.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The options of the status selectors. */
export const STATUS_OPTIONS = ORDER_STATUSES.map((status) => ({
  value: status,
  label: statusLabel(status),
}));

/** docs/product.md §2: the method with underscores replaced by spaces, upper-case ('CASH ON DELIVERY'). */
export function paymentLabel(method: string | null | undefined): string {
  const label = (method ?? '').replaceAll('_', ' ').trim().toUpperCase();
  return label || '-';
}

/** Shipping first and last name ('-' when neither is known). */
export function customerName(order: Pick<OrderSummary, 'shipping_address'>): string {
  const address = order.shipping_address;
  const name = [address?.first_name, address?.last_name]
    .map((part) => (part ?? '').trim())
    .filter(Boolean)
    .join(' ');
  return name || '-';
}

/** One line of the orders table, its texts computed once. */
export interface OrderRow {
  id: number;
  orderNumber: string;
  customer: string;
  status: string;
  badge: BadgeStyle;
  payment: string;
  total: string;
  date: string;
}
