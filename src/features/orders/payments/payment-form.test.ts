import { describe, expect, it } from 'vitest';
import { validationSummary } from '@/components/form';
import { setShopTimeZone } from '@/lib/format';
import {
  emptyPayment,
  paymentSchema,
  shopToday,
  toPaymentCreate,
  type PaymentFormContext,
  type PaymentValues,
} from './payment-form';

const today = '2026-11-29';
const payment: PaymentFormContext = { kind: 'payment', professional: true, today };
const values = (change: Partial<PaymentValues>): PaymentValues => ({
  ...emptyPayment('bank_transfer', today),
  ...change,
});
const errors = (v: PaymentValues, context = payment) =>
  validationSummary(paymentSchema, v, { context }).errors;

describe('the Record payment form', () => {
  it('refuses what the server would, with the form words', () => {
    expect(errors(values({}))).toEqual({ amount: 'Enter the amount' });
    expect(errors(values({ amount: '0.000' }))).toEqual({
      amount: 'The amount must be more than 0',
    });
    expect(errors(values({ amount: '12.5001' }))).toEqual({
      amount: 'Enter an amount such as 12.500 (at most 3 decimals)',
    });
    expect(errors(values({ amount: '10', received_on: '2026-11-30' }))).toEqual({
      received_on: 'The day cannot be after today',
    });
    expect(errors(values({ amount: '10', withholding_certificate: 'RS-1' }))).toEqual({
      withholding_certificate: 'A certificate goes with a withholding amount',
    });
    expect(errors(values({ amount: '10' }), { ...payment, kind: 'refund' })).toEqual({
      credit_note_id: 'Choose the credit note this refund pays back',
    });
    expect(
      errors(values({ amount: '99', withholding_amount: '1', withholding_certificate: 'RS-1' })),
    ).toEqual({});
  });

  it('sends a payment with its withholding, a refund negative with its credit note', () => {
    const typed = values({
      amount: ' 99.000 ',
      reference: '  ',
      withholding_amount: '1.000',
      withholding_certificate: ' RS-2026-7 ',
    });
    expect(toPaymentCreate(typed, payment)).toEqual({
      amount: '99.000',
      method: 'bank_transfer',
      received_on: today,
      reference: null,
      withholding_amount: '1.000',
      withholding_certificate: 'RS-2026-7',
    });
    // An individual's order never sends a withholding (its fields are not shown).
    expect(toPaymentCreate(typed, { ...payment, professional: false })).not.toHaveProperty(
      'withholding_amount',
    );
    expect(
      toPaymentCreate(values({ amount: '20', credit_note_id: '7', reference: 'VIR-1' }), {
        kind: 'refund',
        professional: false,
      }),
    ).toEqual({
      amount: '-20.000',
      method: 'bank_transfer',
      received_on: today,
      reference: 'VIR-1',
      credit_note_id: 7,
    });
  });

  it("knows today in the shop's time zone", () => {
    setShopTimeZone('Africa/Tunis');
    // 23:30 UTC on 28 Nov is 00:30 on 29 Nov in Tunis.
    expect(shopToday(new Date('2026-11-28T23:30:00Z'))).toBe('2026-11-29');
    setShopTimeZone('America/New_York');
    expect(shopToday(new Date('2026-11-29T03:00:00Z'))).toBe('2026-11-28');
    setShopTimeZone(null);
  });
});
