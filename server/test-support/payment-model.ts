// The model the payment properties check the server against (issue #28 part 4; docs/product.md
// "Payments"): what an order owes, what its payments settled, and its payment_status. Written
// again from the product text, not imported from domain/payments.ts, so that a slip in the rule
// is caught rather than copied. Used by payments.property.test.ts and
// order-returns.property.test.ts (the whole order desk).
import { fromMillimes } from '../src/domain/money';

/** One payment, refund (negative amount, linked to its credit note) or remittance line. */
export interface ModelPayment {
  id: number;
  /** Millimes; negative for a refund. */
  amount: number;
  /** The tax a professional buyer kept (millimes); settles the order with the amount. */
  withholding: number;
  creditNote: number | null;
  removed: boolean;
}

/** What the order's stored figures are, as the model predicts them from its facts. */
export interface ExpectedBalance {
  payment_status: 'unpaid' | 'partially_paid' | 'paid' | 'refunded' | 'overpaid';
  amount_paid: string;
  balance_due: string;
}

/** Σ (amount + withholding) of the payments not removed, in millimes. */
export const settledBy = (payments: readonly ModelPayment[]) =>
  payments.filter((p) => !p.removed).reduce((s, p) => s + p.amount + p.withholding, 0);

/** The table of docs/product.md "Payments", first rule that holds. */
export function expectedStatus(
  payments: readonly ModelPayment[],
  settled: number,
  balanceDue: number,
): ExpectedBalance['payment_status'] {
  const refunds = payments.some((p) => !p.removed && p.amount < 0);
  if (refunds && settled <= 0) return 'refunded';
  if (balanceDue < 0) return 'overpaid';
  if (balanceDue === 0 && settled > 0) return 'paid';
  if (settled > 0) return 'partially_paid';
  return 'unpaid';
}

/**
 * The order's balance: owed = 0 in a credited status (the order was credited in full), else its
 * total − Σ its returns' totals (a partial credit note lowers what is owed); balance_due = owed −
 * settled. Figures in millimes; the answer in the contract's money strings.
 */
export function expectedBalance(facts: {
  credited: boolean;
  total: number;
  returned: number;
  payments: readonly ModelPayment[];
}): ExpectedBalance & { balanceDue: number } {
  const owed = facts.credited ? 0 : facts.total - facts.returned;
  const settled = settledBy(facts.payments);
  const balanceDue = owed - settled;
  return {
    payment_status: expectedStatus(facts.payments, settled, balanceDue),
    amount_paid: fromMillimes(settled),
    balance_due: fromMillimes(balanceDue),
    balanceDue,
  };
}

/** What a credit note of `total` millimes leaves to pay back after its refunds not removed. */
export const refundableLeft = (
  note: { id: number; total: number },
  payments: readonly ModelPayment[],
) =>
  note.total +
  payments.filter((p) => !p.removed && p.creditNote === note.id).reduce((s, p) => s + p.amount, 0);
