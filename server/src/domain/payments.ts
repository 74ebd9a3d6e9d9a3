// The rule of an order's balance (issue #28 part 4; docs/product.md "Payments"): what it owes,
// what was settled, and its payment status. Pure: services/orders/order-balance.ts reads the
// figures and stores the result on the order.
import type { Schemas } from '../api/types';

export type PaymentStatus = Schemas['PaymentStatus'];

/** What the rule reads of one payment not removed (millimes). */
export interface CountedPayment {
  /** Negative for a refund. */
  amount: number;
  /** The tax a professional buyer kept; settles the order with the amount. */
  withholding_amount: number;
}

export interface BalanceFacts {
  /** True in a credited status (contract/order-status.ts): the order owes nothing. */
  credited: boolean;
  /** The order's total_amount. */
  total: number;
  /** Σ of the order's returns' total_amount. */
  returned: number;
  /** The payments not removed. */
  payments: readonly CountedPayment[];
}

export interface Balance {
  owed: number;
  /** Σ (amount + withholding_amount): what the order shows as amount_paid. */
  settled: number;
  balance_due: number;
  payment_status: PaymentStatus;
}

/**
 * owed = 0 when credited, else total − returned; settled = Σ (amount + withholding_amount);
 * balance_due = owed − settled; the status, first rule that holds:
 * 1. refunded: a refund was recorded and settled ≤ 0 (the money went back);
 * 2. overpaid: balance_due < 0 (the shop owes money back);
 * 3. paid: balance_due = 0 and settled > 0;
 * 4. partially_paid: settled > 0 (some is still due);
 * 5. unpaid: nothing settled (a credited order without payment too: it owes nothing, and was
 *    paid nothing).
 */
export function orderBalance(facts: BalanceFacts): Balance {
  const owed = facts.credited ? 0 : facts.total - facts.returned;
  let settled = 0;
  let refunds = false;
  for (const p of facts.payments) {
    settled += p.amount + p.withholding_amount;
    if (p.amount < 0) refunds = true;
  }
  const balance_due = owed - settled;
  return { owed, settled, balance_due, payment_status: statusOf(refunds, settled, balance_due) };
}

function statusOf(refunds: boolean, settled: number, balanceDue: number): PaymentStatus {
  if (refunds && settled <= 0) return 'refunded';
  if (balanceDue < 0) return 'overpaid';
  if (settled > 0) return balanceDue === 0 ? 'paid' : 'partially_paid';
  return 'unpaid';
}

/** The day `at` falls on in `timeZone` (IANA), as YYYY-MM-DD: the shop's calendar. */
export function shopDay(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}
