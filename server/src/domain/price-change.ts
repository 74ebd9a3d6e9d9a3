// The price arithmetic of a bulk edit, in integer millimes: set a price, add an amount, or add a
// percentage rounded half-up to 3 decimals (BigInt: a float would drift on 0.1 %).
import { divRoundHalfUp, parseScaled } from './fixed-point';
import { MAX_MILLIMES, toMillimes } from './money';

/** Percentages are hundredths of a percent: 12.5 % = 1250, 100 % = 10000. */
const WHOLE = 10_000n;
const MIN_PERCENT = -100;
const MAX_PERCENT = 1000;

export type PriceChange =
  | { kind: 'set'; millimes: number }
  | { kind: 'amount'; millimes: number }
  | { kind: 'percent'; hundredths: bigint };

/**
 * Reads a percentage with at most 2 decimals within MIN_PERCENT..MAX_PERCENT; throws
 * RangeError otherwise.
 */
export function parsePercent(value: string): bigint {
  const hundredths = parseScaled(value, 2, 'Percentage');
  if (hundredths < BigInt(MIN_PERCENT) * 100n || hundredths > BigInt(MAX_PERCENT) * 100n) {
    throw new RangeError(`Percentage must be from ${MIN_PERCENT} to ${MAX_PERCENT}`);
  }
  return hundredths;
}

export const priceChange = (
  change: { type: 'set_price'; price: string } | { unit: 'amount' | 'percent'; value: string },
): PriceChange =>
  'price' in change
    ? { kind: 'set', millimes: toMillimes(change.price) }
    : change.unit === 'amount'
      ? { kind: 'amount', millimes: toMillimes(change.value) }
      : { kind: 'percent', hundredths: parsePercent(change.value) };

/** The new price; it may fall outside 0..MAX_MILLIMES, which the caller refuses. */
export function applyPriceChange(change: PriceChange, millimes: number): number {
  switch (change.kind) {
    case 'set':
      return change.millimes;
    case 'amount':
      return millimes + change.millimes;
    case 'percent':
      return Number(divRoundHalfUp(BigInt(millimes) * (WHOLE + change.hundredths), WHOLE));
  }
}

/** Why a computed price cannot be stored, or null when it can. */
export function priceIssue(millimes: number): string | null {
  if (millimes < 0) return 'price would be negative';
  if (millimes > MAX_MILLIMES) return 'price would exceed 999999999.999';
  return null;
}

/**
 * The new price of `millimes`, or why it is refused: out of bounds, or brought to 0 by a shift
 * (-100 % or an amount equal to the price gives the goods away: a free price is set, not
 * shifted into).
 */
export function changedPrice(change: PriceChange, millimes: number): number | string {
  const after = applyPriceChange(change, millimes);
  const issue = priceIssue(after);
  if (issue !== null) return issue;
  if (change.kind !== 'set' && after === 0 && millimes > 0) return 'price would be 0';
  return after;
}
