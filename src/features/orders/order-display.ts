import type { CustomerType, OrderStatus, OrderSummary } from '@generated/model';
import {
  ORDER_STATUSES as LIFE_CYCLE,
  isOrderStatus,
  STATUS_AT_CHECKOUT,
  statusRules,
} from '../../../contract/order-status';
import type { BadgeStyle } from '@/components/list-screen';
import { t } from './messages';
import en from './messages/en.json';

/**
 * The seven statuses, in life-cycle order (the table of contract/order-status.ts); the admin may
 * pick any of them (docs/product.md §4).
 */
export const ORDER_STATUSES: readonly OrderStatus[] = LIFE_CYCLE;

/**
 * docs/product.md §4: pending secondary (placed, not yet accepted); cancelled and refunded
 * destructive (the sale is undone: the table's `credited`); all others, and a status this
 * console does not know, default.
 */
export function statusBadgeVariant(status: string): BadgeStyle {
  if (status === STATUS_AT_CHECKOUT) return 'secondary';
  if (isOrderStatus(status) && statusRules(status).credited) return 'destructive';
  return 'default';
}

/** The first letter in capitals: 'cash on delivery' → 'Cash on delivery' (the selectors' options). */
const sentenceCase = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);

/**
 * An enum value the API sends, in the active language, lower case ('cash_on_delivery' → 'cash on
 * delivery'); a value this console does not know reads as its words.
 */
function enumWords(
  group: 'status' | 'payment' | 'customerType' | 'vatReview',
  value: string,
): string {
  const key = `${group}.${value}`;
  return key in en ? t(key as keyof typeof en) : value.replaceAll('_', ' ');
}

/** An order status in words, lower case like the API's value ('pending'); badges capitalise it. */
export const statusWords = (status: string) => enumWords('status', status);

/** 'pending' → 'Pending' (the selectors' options). */
export const statusLabel = (status: string) => sentenceCase(statusWords(status));

/** The options of the status selector, in the active language. */
export const statusOptions = () =>
  ORDER_STATUSES.map((status) => ({ value: status, label: statusLabel(status) }));

/** 'cash_on_delivery' → 'Cash on delivery' (the payment filter's options). */
export const paymentMethodLabel = (method: string) => sentenceCase(enumWords('payment', method));

/** docs/product.md §2: the method with underscores replaced by spaces, upper-case ('CASH ON DELIVERY'). */
export function paymentLabel(method: string | null | undefined): string {
  const label = method?.trim() ? enumWords('payment', method.trim()).toUpperCase() : '';
  return label || '-';
}

/** 'to_confirm' → 'VAT number to confirm' (the filter's options, the list's badge). */
export const vatReviewLabel = (review: string) => enumWords('vatReview', review);

/** 'professional', lower case like the API's value (shown capitalised). */
export const customerTypeWords = (type: CustomerType) => enumWords('customerType', type);

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
  /** Where the order stands with its payments, in words, with its badge. */
  paymentStatus: { text: string; badge: BadgeStyle };
  total: string;
  date: string;
  /** The VAT number review of a reverse-charge order, in words, with its badge; else null. */
  vatReview: { text: string; badge: BadgeStyle } | null;
}
