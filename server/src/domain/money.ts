// Money is integer millimes (1 TND = 1000 millimes) everywhere inside the server; decimal
// strings with exactly 3 decimals at the API edge (docs/product.md §9: TND, 3 decimals).
import { assertSafeInteger, formatScaled, parseScaled, toSafeNumber } from './fixed-point';

/** The largest amount the contract's Money writes: 999999999.999. */
export const MAX_MILLIMES = 999_999_999_999;

/** "12.5" -> 12500. At most 3 significant decimals; throws RangeError otherwise. */
export function toMillimes(amount: string | number): number {
  return toSafeNumber(parseScaled(amount, 3, 'Amount'), 'Amount');
}

/** 12500 -> "12.500", -500 -> "-0.500". */
export function fromMillimes(millimes: number): string {
  assertSafeInteger(millimes, 'Millimes');
  return formatScaled(BigInt(millimes), 3);
}
