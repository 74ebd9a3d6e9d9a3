import { TZDate } from '@date-fns/tz';
import * as yup from 'yup';
import type { OrderPaymentCreate, ReceivedPaymentMethod } from '@generated/model';
import { getShopTimeZone, MONEY_PATTERN, toMoneyString } from '@/lib/format';
import { t } from './messages';

/** A payment received, or a refund of a credit note (a negative payment linked to it). */
export type PaymentKind = 'payment' | 'refund';

/** The Record payment form's values, as typed (amounts are written positive, refunds too). */
export interface PaymentValues {
  amount: string;
  method: ReceivedPaymentMethod;
  /** YYYY-MM-DD, a day of the shop's calendar. */
  received_on: string;
  reference: string;
  withholding_amount: string;
  withholding_certificate: string;
  /** The credit note a refund pays back ('' for a payment). */
  credit_note_id: string;
}

/** An amount typed is more than 0 (an empty or malformed one has its own message). */
export const above0 = (v: string | undefined) => !v || !MONEY_PATTERN.test(v) || /[1-9]/.test(v);

/** Today in the shop's time zone (the server refuses a day after it). */
export function shopToday(now: Date = new Date()): string {
  const day = new TZDate(now.getTime(), getShopTimeZone());
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

// A type, not an interface: yup's context is a Record.
export type PaymentFormContext = {
  kind: PaymentKind;
  /** A professional buyer may withhold tax; an individual never does. */
  professional: boolean;
  today: string;
};

/** The day money came in: given, and not after the shop's today (the schema's context). */
export const receivedOnSchema = yup
  .string()
  .required(() => t('receivedOnRequired'))
  .test(
    'not-after-today',
    () => t('receivedOnFuture'),
    (v, ctx) => !v || v <= (ctx.options.context as { today: string }).today,
  );

/** The form's rules; those the server also checks say the same (docs/product.md §10.22). */
export const paymentSchema = yup.object({
  amount: yup
    .string()
    .trim()
    .required(() => t('amountRequired'))
    .matches(MONEY_PATTERN, { message: () => t('amountInvalid'), excludeEmptyString: true })
    .test('above-0', () => t('amountZero'), above0),
  method: yup.string().required(),
  received_on: receivedOnSchema,
  reference: yup.string().max(100, () => t('referenceTooLong')),
  withholding_amount: yup
    .string()
    .trim()
    .matches(MONEY_PATTERN, { message: () => t('amountInvalid'), excludeEmptyString: true }),
  withholding_certificate: yup
    .string()
    .trim()
    .max(60, () => t('certificateTooLong'))
    .test(
      'with-amount',
      () => t('certificateWithoutAmount'),
      (v, ctx) => {
        const withholding = (ctx.parent as PaymentValues).withholding_amount.trim();
        return !v || (withholding !== '' && above0(withholding));
      },
    ),
  credit_note_id: yup.string().test(
    'refund-names-note',
    () => t('creditNoteRequired'),
    (v, ctx) => (ctx.options.context as PaymentFormContext).kind !== 'refund' || Boolean(v),
  ),
});

export function emptyPayment(method: ReceivedPaymentMethod, today: string): PaymentValues {
  return {
    amount: '',
    method,
    received_on: today,
    reference: '',
    withholding_amount: '',
    withholding_certificate: '',
    credit_note_id: '',
  };
}

/**
 * The createOrderPayment body: a refund's amount negative and its credit note; a withholding only
 * on a professional's payment (the field is not shown otherwise); blank reference is none.
 */
export function toPaymentCreate(
  values: PaymentValues,
  { kind, professional }: Pick<PaymentFormContext, 'kind' | 'professional'>,
): OrderPaymentCreate {
  // The contract's Money with its 3 decimals, whatever the number input kept of them.
  const amount = toMoneyString(values.amount) ?? values.amount.trim();
  const reference = values.reference.trim() || null;
  if (kind === 'refund')
    return {
      amount: `-${amount}`,
      method: values.method,
      received_on: values.received_on,
      reference,
      credit_note_id: Number(values.credit_note_id),
    };
  const withholding = professional ? (toMoneyString(values.withholding_amount) ?? '') : '';
  return {
    amount,
    method: values.method,
    received_on: values.received_on,
    reference,
    ...(withholding && /[1-9]/.test(withholding)
      ? {
          withholding_amount: withholding,
          withholding_certificate: values.withholding_certificate.trim() || null,
        }
      : {}),
  };
}
