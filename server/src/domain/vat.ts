// VAT rates are stored as integer basis points of a percent (rate_bp: 19.00 % -> 1900), so
// every VAT computation is integer arithmetic: amount × (10000 + bp) / 10000, rounded half
// away from zero to the millime.
import { assertSafeInteger, divRoundHalfUp, parseScaled, toSafeNumber } from './fixed-point';

const BP_PER_UNIT = 10_000n; // 100 % = 10000 bp
export const MAX_RATE_BP = 10_000;

/** 19.5 or "19.5" -> 1950. Rate in percent, 0..100, at most 2 decimals (spec §5). */
export function rateToBp(ratePercent: number | string): number {
  const bp = toSafeNumber(parseScaled(ratePercent, 2, 'VAT rate'), 'VAT rate');
  assertRateBp(bp);
  return bp;
}

/** 1950 -> 19.5 */
export function bpToRate(rateBp: number): number {
  assertRateBp(rateBp);
  return rateBp / 100;
}

export function grossFromNet(netMillimes: number, rateBp: number): number {
  return scale(netMillimes, rateBp, BP_PER_UNIT + BigInt(rateBp), BP_PER_UNIT);
}

export function netFromGross(grossMillimes: number, rateBp: number): number {
  return scale(grossMillimes, rateBp, BP_PER_UNIT, BP_PER_UNIT + BigInt(rateBp));
}

export function vatOfNet(netMillimes: number, rateBp: number): number {
  return scale(netMillimes, rateBp, BigInt(rateBp), BP_PER_UNIT);
}

/** The VAT inside a gross amount; gross - net, so net + vat always equals gross exactly. */
export function vatOfGross(grossMillimes: number, rateBp: number): number {
  return grossMillimes - netFromGross(grossMillimes, rateBp);
}

/** Gross (VAT-inclusive) amount of a stored price, which is either already gross or net. */
export function toGross(
  amountMillimes: number,
  includesVat: boolean | number,
  rateBp: number,
): number {
  if (includesVat === true || includesVat === 1) {
    assertSafeInteger(amountMillimes, 'Amount');
    assertRateBp(rateBp);
    return amountMillimes;
  }
  return grossFromNet(amountMillimes, rateBp);
}

/** price_incl_vat of a product: with price_includes_vat the base price is already gross. */
export function priceInclVat(
  product: { base_price: number; price_includes_vat: boolean | number },
  rateBp: number,
): number {
  return toGross(product.base_price, product.price_includes_vat, rateBp);
}

function scale(amount: number, rateBp: number, numerator: bigint, denominator: bigint): number {
  assertSafeInteger(amount, 'Amount');
  assertRateBp(rateBp);
  return toSafeNumber(divRoundHalfUp(BigInt(amount) * numerator, denominator), 'Amount');
}

function assertRateBp(rateBp: number): void {
  if (!Number.isInteger(rateBp) || rateBp < 0 || rateBp > MAX_RATE_BP) {
    throw new RangeError(
      `VAT rate must be between 0 and 100 % (0..${MAX_RATE_BP} bp), got ${rateBp}`,
    );
  }
}
