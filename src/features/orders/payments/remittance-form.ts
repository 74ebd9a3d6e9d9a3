import * as yup from 'yup';
import type { ImportRemittanceParams, RemittanceCreate, RemittanceRefused } from '@generated/model';
import { MONEY_PATTERN, sumMoney, toDecimal, toMoneyString } from '@/lib/format';
import { ApiError } from '@/lib/http';
import { above0, receivedOnSchema } from './payment-form';
import { t } from './messages';

/** Where the lines of a new remittance come from: the carrier's file, or orders typed in. */
type RemittanceSource = 'file' | 'orders';

export interface RemittanceLineValues {
  order_number: string;
  amount: string;
}

export interface RemittanceValues {
  source: RemittanceSource;
  carrier: string;
  /** YYYY-MM-DD, a day of the shop's calendar. */
  received_on: string;
  reference: string;
  fee_amount: string;
  withheld_amount: string;
  lines: RemittanceLineValues[];
  file: File | null;
}

/** The import's limit (docs/product.md §10.22). */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;

const money = () =>
  yup
    .string()
    .trim()
    .matches(MONEY_PATTERN, { message: () => t('amountInvalid'), excludeEmptyString: true });

export const remittanceSchema = yup.object({
  carrier: yup
    .string()
    .trim()
    .required(() => t('carrierRequired'))
    .max(100, () => t('carrierTooLong')),
  received_on: receivedOnSchema,
  reference: yup.string().max(100, () => t('referenceTooLong')),
  fee_amount: money(),
  withheld_amount: money(),
  file: yup
    .mixed()
    .nullable()
    .test(
      'file',
      () => t('fileRequired'),
      (v, ctx) => (ctx.parent as RemittanceValues).source !== 'file' || v instanceof File,
    ),
  lines: yup.array().when('source', {
    is: 'orders',
    then: (lines) =>
      lines
        .of(
          yup.object({
            order_number: yup
              .string()
              .trim()
              .required(() => t('lineRequired')),
            amount: money()
              .required(() => t('amountRequired'))
              .test('above-0', () => t('amountZero'), above0),
          }),
        )
        .min(1, () => t('linesRequired')),
  }),
});

export const emptyRemittance = (today: string): RemittanceValues => ({
  source: 'file',
  carrier: '',
  received_on: today,
  reference: '',
  fee_amount: '',
  withheld_amount: '',
  lines: [{ order_number: '', amount: '' }],
  file: null,
});

/** What the carrier collected, kept and paid for the lines typed in (exact, in millimes). */
export function remittanceTotals(values: RemittanceValues) {
  const gross = sumMoney(
    values.lines.map((l) => (MONEY_PATTERN.test(l.amount.trim()) ? l.amount : 0)),
  );
  const fee = sumMoney([MONEY_PATTERN.test(values.fee_amount.trim()) ? values.fee_amount : 0]);
  const withheld = sumMoney([
    MONEY_PATTERN.test(values.withheld_amount.trim()) ? values.withheld_amount : 0,
  ]);
  const net = toDecimal(gross)!.minus(fee).minus(withheld).toFixed(3);
  return { gross, fee, withheld, net };
}

/** A typed amount as the contract's Money, 3 decimals (the number input may drop zeros). */
const asMoney = (value: string) => toMoneyString(value) ?? value.trim();
const optionalMoney = (value: string) => (value.trim() ? asMoney(value) : undefined);

/** The createRemittance body of the lines typed in. */
export function toRemittanceCreate(values: RemittanceValues): RemittanceCreate {
  return {
    carrier: values.carrier.trim(),
    received_on: values.received_on,
    reference: values.reference.trim() || null,
    ...(optionalMoney(values.fee_amount) && { fee_amount: optionalMoney(values.fee_amount) }),
    ...(optionalMoney(values.withheld_amount) && {
      withheld_amount: optionalMoney(values.withheld_amount),
    }),
    lines: values.lines.map((l) => ({
      order_number: l.order_number.trim(),
      amount: asMoney(l.amount),
    })),
  };
}

/** The importRemittance query: the remittance's fields (the lines are the file's). */
export function toImportParams(values: RemittanceValues): ImportRemittanceParams {
  const { carrier, received_on, reference, fee_amount, withheld_amount } =
    toRemittanceCreate(values);
  return { carrier, received_on, reference: reference ?? undefined, fee_amount, withheld_amount };
}

/** The refused lines of a 422 RemittanceRefused answer, else null. */
export function refusedLines(error: unknown): RemittanceRefused | null {
  if (!(error instanceof ApiError) || error.status !== 422) return null;
  const body = error.body as Partial<RemittanceRefused> | undefined;
  return body && Array.isArray(body.refused) && typeof body.detail === 'string'
    ? { detail: body.detail, refused: body.refused }
    : null;
}
