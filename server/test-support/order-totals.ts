// The rule an order's amounts obey, checked the same way by every test that makes orders (edits
// through the API, the demo and scale seeds in the database): the subtotal is the sum of the
// lines' totals, the VAT the sum of the lines' VAT plus the shipping's, and the total the
// subtotal plus VAT plus shipping less the discount plus the stamp duty (#30; none on an order
// written before it: null).
import { expect } from 'vitest';
import { toMillimes } from '../src/domain/money';

/** An amount as the API writes it ('12.345') or as the database stores it (millimes). */
type Amount = string | number;

interface OrderAmounts {
  subtotal: Amount;
  vat_amount: Amount;
  shipping_amount: Amount;
  shipping_vat_amount: Amount;
  discount_amount: Amount;
  stamp_duty_amount: Amount | null;
  total_amount: Amount;
}

interface LineAmounts {
  total_price: Amount;
  vat_amount: Amount;
}

const millimes = (a: Amount) => (typeof a === 'string' ? toMillimes(a) : Number(a));

/** The order's totals are the sums of its lines (and the shipping). */
export function expectOrderAddsUp(order: OrderAmounts, lines: readonly LineAmounts[]): void {
  const sum = (f: (line: LineAmounts) => Amount) => lines.reduce((s, l) => s + millimes(f(l)), 0);
  expect(millimes(order.subtotal)).toBe(sum((l) => l.total_price));
  expect(millimes(order.vat_amount)).toBe(
    sum((l) => l.vat_amount) + millimes(order.shipping_vat_amount),
  );
  expect(millimes(order.total_amount)).toBe(
    millimes(order.subtotal) +
      millimes(order.vat_amount) +
      millimes(order.shipping_amount) -
      millimes(order.discount_amount) +
      millimes(order.stamp_duty_amount ?? 0),
  );
}
