import type { PaymentEvent } from '@generated/model';
import { formatMoney, toDecimal } from '@/lib/format';
import { isolate } from '@/lib/i18n';
import { receivedMethodLabel } from './payment-display';
import { formatShopDay } from '@/lib/format';
import { t } from './messages';

/**
 * A payment on the order's timeline in words: recorded (a payment, or a refund of a credit
 * note) or removed; the reference is its detail.
 */
export function describePaymentEvent(event: PaymentEvent): {
  sentence: string;
  detail: string | null;
} {
  const amount = toDecimal(event.amount);
  const refund = amount?.lt(0) ?? false;
  const words = {
    amount: isolate(formatMoney(refund ? amount!.neg().toFixed(3) : event.amount)),
    method: receivedMethodLabel(event.method),
    date: formatShopDay(event.received_on),
    number: event.credit_note?.number ?? '',
  };
  const sentence =
    event.action === 'removed'
      ? t(refund ? 'event.refundRemoved' : 'event.paymentRemoved', words)
      : refund
        ? t('event.refundRecorded', words)
        : event.remittance_id !== null
          ? t('event.remittanceRecorded', words)
          : t('event.paymentRecorded', words);
  return { sentence, detail: event.reference && t('referenceIs', { reference: event.reference }) };
}
