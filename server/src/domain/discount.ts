// Discounts to the millime (#29): how much a discount takes, how it is spread over the lines it
// applies to, and what each line then charges. Pure: integer millimes in, integer millimes out.
//
// - The discount is the amount the customer sees: a percentage of, or a fixed amount off, the
//   eligible lines as the cart shows them (incl. VAT; excl. VAT when no VAT is charged, where
//   the two are equal). A percentage is rounded half-up to the millime on the eligible total; a
//   fixed amount is capped at that total.
// - It is spread over the eligible lines in proportion to their shown totals by the
//   largest-remainder method: every line first gets the floor of its exact share, then the
//   millimes left go one each to the lines with the largest remainders (ties: the earlier line).
//   So Σ shares = the discount exactly, and no share exceeds its line.
// - Each discounted line charges its shown total minus its share (that gross is what the
//   customer pays: "shown = charged"); its net and VAT are split from that gross (netFromGross,
//   vatOfGross; a line at 0 % has gross = net). The line's discount_amount is NET: its net before
//   minus its net after, so the order's discount_amount (Σ of them) keeps the brief's
//   total = subtotal + vat_amount + shipping − discount_amount, with subtotal the lines' nets
//   before the discount and vat_amount the VAT after it.
import { divRoundHalfUp, toSafeNumber } from './fixed-point';
import { netFromGross, type LineAmounts } from './vat';

/** The contract's DiscountStatus: derived, never stored. */
export type DiscountStatus = 'active' | 'scheduled' | 'expired' | 'used_up' | 'inactive';

/**
 * A discount's status on `today`, a day of the shop's calendar (YYYY-MM-DD, so days compare as
 * strings), in the contract's order of precedence: inactive, scheduled (starts after today),
 * expired (ended before today), used up, else active. The one rule the server and the mocks read.
 */
export function discountStatus(
  discount: {
    is_active: boolean;
    starts_on: string | null;
    ends_on: string | null;
    usage_limit: number | null;
    usage_count: number;
  },
  today: string,
): DiscountStatus {
  if (!discount.is_active) return 'inactive';
  if (discount.starts_on !== null && discount.starts_on > today) return 'scheduled';
  if (discount.ends_on !== null && discount.ends_on < today) return 'expired';
  if (discount.usage_limit !== null && discount.usage_count >= discount.usage_limit) {
    return 'used_up';
  }
  return 'active';
}

/** What a discount takes off the lines it applies to (free shipping takes nothing off them). */
export type DiscountValue =
  | { kind: 'percent'; percentBp: number }
  | { kind: 'fixed_amount'; amount: number }
  | { kind: 'free_shipping' };

const BP_PER_UNIT = 10_000n;

/** The discount on lines whose shown total is `eligibleTotal` (millimes). */
export function discountOn(value: DiscountValue, eligibleTotal: number): number {
  if (eligibleTotal <= 0) return 0;
  switch (value.kind) {
    case 'percent':
      return toSafeNumber(
        divRoundHalfUp(BigInt(eligibleTotal) * BigInt(value.percentBp), BP_PER_UNIT),
        'Discount',
      );
    case 'fixed_amount':
      return Math.min(value.amount, eligibleTotal);
    case 'free_shipping':
      return 0;
  }
}

/**
 * `total` spread over `weights` in proportion, by the largest-remainder method (ties: the
 * earlier weight). Needs 0 ≤ total ≤ Σ weights; each share is then ≤ its weight.
 */
export function allocate(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((s, w) => s + w, 0);
  if (total < 0 || total > sum) {
    throw new RangeError(`Cannot spread ${total} over lines totalling ${sum}`);
  }
  if (total === 0) return weights.map(() => 0);
  const t = BigInt(total);
  const s = BigInt(sum);
  const exact = weights.map((w, index) => {
    const product = t * BigInt(w);
    return { index, floor: product / s, remainder: product % s };
  });
  let left = t - exact.reduce((acc, e) => acc + e.floor, 0n);
  const shares = exact.map((e) => e.floor);
  const byRemainder = [...exact].sort((a, b) =>
    a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
  );
  for (const e of byRemainder) {
    if (left === 0n) break;
    shares[e.index] = shares[e.index]! + 1n;
    left -= 1n;
  }
  return shares.map((share) => Number(share));
}

/** A line after the discount: totalPrice stays the net BEFORE it (the order's subtotal). */
export interface DiscountedLine extends LineAmounts {
  /** The share of the discount as shown (gross; net at 0 %). */
  share: number;
  /** Net: the net before minus the net after (the line's discount_amount). */
  discountAmount: number;
  /** What the line charges after the discount: totalPrice − discountAmount + vatAmount. */
  totalInclVat: number;
}

/**
 * The lines after a discount of `discount` (as shown) over the lines marked eligible. Lines that
 * are not eligible are unchanged (share 0).
 */
export function discountLines(
  lines: readonly LineAmounts[],
  eligible: readonly boolean[],
  discount: number,
): DiscountedLine[] {
  const weights = lines.map((l, i) => (eligible[i] ? l.totalInclVat : 0));
  const shares = allocate(discount, weights);
  return lines.map((line, i) => {
    const share = shares[i]!;
    if (share === 0) return { ...line, share: 0, discountAmount: 0 };
    const gross = line.totalInclVat - share;
    const net = line.rateBp === 0 ? gross : netFromGross(gross, line.rateBp);
    return {
      ...line,
      vatAmount: gross - net,
      totalInclVat: gross,
      share,
      discountAmount: line.totalPrice - net,
    };
  });
}

/** The lines' shown total (incl. VAT) before any discount. */
export const shownTotal = (lines: readonly Pick<LineAmounts, 'totalInclVat'>[]): number =>
  lines.reduce((s, l) => s + l.totalInclVat, 0);
