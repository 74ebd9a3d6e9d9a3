// The rule of an order's balance (issue #28 part 4; docs/product.md "Payments"): what it owes,
// what was settled, and its payment status. Pure: services/orders/order-balance.ts reads the
// figures and stores the result on the order.
import type { Schemas } from '../api/types';
import { fromMillimes } from './money';

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
  /**
   * The stamp duty a credited order still owes (#30): what its invoices bore and its credit notes
   * did not take back (stamp_duty_on_credit_notes kept; stampDutyKept). 0 when absent.
   */
  stamp_duty_kept?: number;
}

export interface Balance {
  owed: number;
  /** Σ (amount + withholding_amount): what the order shows as amount_paid. */
  settled: number;
  balance_due: number;
  payment_status: PaymentStatus;
}

/**
 * owed = the stamp duty kept when credited (0 unless a credit note kept it, #30), else
 * total − returned; settled = Σ (amount + withholding_amount);
 * balance_due = owed − settled; the status, first rule that holds:
 * 1. refunded: a refund was recorded and settled ≤ 0 (the money went back);
 * 2. overpaid: balance_due < 0 (the shop owes money back);
 * 3. paid: balance_due = 0 and settled > 0;
 * 4. partially_paid: settled > 0 (some is still due);
 * 5. unpaid: nothing settled (a credited order without payment too: it owes nothing, and was
 *    paid nothing).
 */
export function orderBalance(facts: BalanceFacts): Balance {
  const owed = facts.credited ? (facts.stamp_duty_kept ?? 0) : facts.total - facts.returned;
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

/** A document's stamp duty, as its frozen content states it (millimes). */
export interface StampedDocument {
  kind: Schemas['InvoiceKind'];
  stamp_duty: number;
}

/**
 * The stamp duty an order's documents leave owed (#30): Σ its invoices' stamp duty − Σ its credit
 * notes'. For an order placed before #30 (it never charged the stamp duty: charged false) 0, so
 * its balance reads as it did.
 */
export function stampDutyKept(charged: boolean, documents: readonly StampedDocument[]): number {
  if (!charged) return 0;
  return documents.reduce((s, d) => s + (d.kind === 'invoice' ? d.stamp_duty : -d.stamp_duty), 0);
}

/**
 * What refunds against a credit note may pay back in all (millimes): its total_incl_vat, plus the
 * stamp duty it takes back when the buyer paid that stamp duty at checkout (an order placed
 * since #30: charged), so that refunding every credit note gives back all that was paid. The
 * stamp duty of an order placed before #30 was never charged to the buyer: never refunded.
 */
export function refundLimit(
  note: { total_incl_vat: number; stamp_duty: number },
  charged: boolean,
): number {
  return note.total_incl_vat + (charged ? note.stamp_duty : 0);
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

/**
 * What makes two remittances the same one recorded twice (docs/product.md "Cash on delivery
 * remittances"): the carrier and the reference, trimmed and lower-cased here rather than by the
 * database (SQLite's lower() folds ASCII letters only: 'RÉF-1' and 'réf-1' would differ there).
 * Null without a reference: nothing to compare. The two are joined by the unit separator (not
 * NUL: PostgreSQL's text refuses it).
 */
export function remittanceKey(
  carrier: string,
  reference: string | null | undefined,
): string | null {
  const ref = reference?.trim();
  if (!ref) return null;
  return `${carrier.trim().toLowerCase()}\u001f${ref.toLowerCase()}`;
}

/**
 * The 409 of a remittance recorded again: the earlier one it repeats, by its file (`reference`
 * undefined) or by its carrier and reference (as typed this time).
 */
export function recordedAgainDetail(
  earlier: { id: number; carrier: string; received_on: string },
  reference?: string,
): string {
  const which = `remittance ${earlier.id} of ${earlier.carrier}, received on ${earlier.received_on}`;
  const what = reference === undefined ? 'This file' : `Reference ${reference}`;
  return `${what} was already recorded (${which}); nothing was recorded`;
}

/** A remittance's figures as the API gives them (money strings). */
type RemittanceAmounts = Pick<
  Schemas['Remittance'],
  'total_amount' | 'fee_amount' | 'withheld_amount' | 'net_amount'
>;

/**
 * A remittance's figures from millimes: what the carrier collected, its fee and the tax
 * withheld, and the net it paid, what is left of the total after both.
 */
export function remittanceAmounts(total: number, fee: number, withheld: number): RemittanceAmounts {
  return {
    total_amount: fromMillimes(total),
    fee_amount: fromMillimes(fee),
    withheld_amount: fromMillimes(withheld),
    net_amount: fromMillimes(total - fee - withheld),
  };
}
