// The balance rule (orderBalance): examples from the brief, and properties over any payments.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { orderBalance, shopDay, type CountedPayment, type PaymentStatus } from './payments';

const MAX = 10_000_000; // 10,000 TND in millimes: wide enough, far from overflow

const payment = fc.record({
  amount: fc.integer({ min: 1, max: MAX }),
  withholding_amount: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: MAX / 100 })),
});
const refund = fc.record({
  amount: fc.integer({ min: -MAX, max: -1 }),
  withholding_amount: fc.constant(0),
});
const facts = fc.record({
  credited: fc.boolean(),
  total: fc.integer({ min: 0, max: MAX }),
  returned: fc.integer({ min: 0, max: MAX }),
  payments: fc.array(fc.oneof(payment, refund), { maxLength: 8 }),
});

describe('orderBalance', () => {
  it('settles 100.000 with 99.000 paid and 1.000 withheld', () => {
    expect(
      orderBalance({
        credited: false,
        total: 100_000,
        returned: 0,
        payments: [{ amount: 99_000, withholding_amount: 1_000 }],
      }),
    ).toEqual({ owed: 100_000, settled: 100_000, balance_due: 0, payment_status: 'paid' });
  });

  it.each<[string, boolean, number, CountedPayment[], PaymentStatus, number]>([
    ['nothing paid', false, 0, [], 'unpaid', 50_000],
    [
      'a part paid',
      false,
      0,
      [{ amount: 20_000, withholding_amount: 0 }],
      'partially_paid',
      30_000,
    ],
    ['paid more', false, 0, [{ amount: 60_000, withholding_amount: 0 }], 'overpaid', -10_000],
    ['cancelled, not paid', true, 0, [], 'unpaid', 0],
    ['cancelled, paid', true, 0, [{ amount: 50_000, withholding_amount: 0 }], 'overpaid', -50_000],
    [
      'cancelled, paid back',
      true,
      0,
      [
        { amount: 50_000, withholding_amount: 0 },
        { amount: -50_000, withholding_amount: 0 },
      ],
      'refunded',
      0,
    ],
    [
      'a part returned and paid back',
      false,
      20_000,
      [
        { amount: 50_000, withholding_amount: 0 },
        { amount: -20_000, withholding_amount: 0 },
      ],
      'paid',
      0,
    ],
  ])('%s: %s', (_name, credited, returned, payments, status, balanceDue) => {
    const b = orderBalance({ credited, total: 50_000, returned, payments });
    expect([b.payment_status, b.balance_due]).toEqual([status, balanceDue]);
  });

  it('keeps balance_due = owed − Σ (amount + withholding) for any payments', () => {
    fc.assert(
      fc.property(facts, (f) => {
        const b = orderBalance(f);
        const owed = f.credited ? 0 : f.total - f.returned;
        const settled = f.payments.reduce((s, p) => s + p.amount + p.withholding_amount, 0);
        expect(b).toMatchObject({ owed, settled, balance_due: owed - settled });
      }),
    );
  });

  it('gives exactly one status per the table, whatever the order of the payments', () => {
    fc.assert(
      fc.property(facts, (f) => {
        const b = orderBalance(f);
        const refunds = f.payments.some((p) => p.amount < 0);
        const holds: Record<PaymentStatus, boolean> = {
          refunded: refunds && b.settled <= 0,
          overpaid: !(refunds && b.settled <= 0) && b.balance_due < 0,
          paid: !(refunds && b.settled <= 0) && b.balance_due === 0 && b.settled > 0,
          partially_paid: !(refunds && b.settled <= 0) && b.balance_due > 0 && b.settled > 0,
          unpaid: !refunds && b.settled === 0 && b.balance_due >= 0,
        };
        expect(Object.entries(holds).filter(([, h]) => h)).toEqual([[b.payment_status, true]]);
        const reversed = orderBalance({ ...f, payments: [...f.payments].reverse() });
        expect(reversed).toEqual(b);
      }),
    );
  });
});

describe('shopDay', () => {
  it("is the day in the shop's time zone", () => {
    const at = new Date('2026-11-29T23:30:00.000Z');
    expect(shopDay(at, 'Africa/Tunis')).toBe('2026-11-30');
    expect(shopDay(at, 'UTC')).toBe('2026-11-29');
  });
});
