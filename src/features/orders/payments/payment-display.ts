import { PaymentStatus, ReceivedPaymentMethod } from '@generated/model';
import type { BadgeStyle } from '@/components/list-screen';
import { t } from './messages';
import en from './messages/en.json';

/** The five payment statuses, from nothing settled to money owed back (docs/product.md §10.22). */
export const PAYMENT_STATUSES: readonly PaymentStatus[] = [
  PaymentStatus.unpaid,
  PaymentStatus.partially_paid,
  PaymentStatus.paid,
  PaymentStatus.overpaid,
  PaymentStatus.refunded,
];

/** The methods a payment may have been received by, the checkout's first. */
export const RECEIVED_METHODS: readonly ReceivedPaymentMethod[] =
  Object.values(ReceivedPaymentMethod);

/** A value the API sends in words; one this console does not know reads as its words. */
function words(group: 'paymentStatus' | 'method', value: string): string {
  const key = `${group}.${value}`;
  return key in en ? t(key as keyof typeof en) : value.replaceAll('_', ' ');
}

/** 'partially_paid' → 'Partially paid'. */
export const paymentStatusLabel = (status: string) => words('paymentStatus', status);

/** 'bank_transfer' → 'Bank transfer'. */
export const receivedMethodLabel = (method: string) => words('method', method);

/**
 * The badge of a payment status: paid solid, partly paid outlined, unpaid subtle grey; overpaid
 * red because the shop owes money back and must act; refunded red as the order's own status is.
 */
export function paymentStatusBadge(status: string): BadgeStyle {
  switch (status) {
    case 'paid':
      return 'default';
    case 'partially_paid':
      return 'outline';
    case 'overpaid':
    case 'refunded':
      return 'destructive';
    default:
      return 'secondary';
  }
}
