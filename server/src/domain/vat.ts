// VAT rates are stored as integer basis points of a percent (rate_bp: 19.00 % -> 1900), so
// every VAT computation is integer arithmetic: amount × (10000 + bp) / 10000, rounded half
// away from zero to the millime.
import { assertSafeInteger, divRoundHalfUp, parseScaled, toSafeNumber } from './fixed-point';

const BP_PER_UNIT = 10_000n; // 100 % = 10000 bp
export const MAX_RATE_BP = 10_000;

/** 19.5 or "19.5" -> 1950. Rate in percent, 0..100, at most 2 decimals (docs/product.md §5). */
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

// ---------------------------------------------------------------------------------------------
// Which rate is in force: THE one VAT resolution (services/billing/vat-rates.ts loads the rates and
// services/catalogue/pricing.ts applies it to the catalogue, the cart, checkout and the admin prices).
//
// Successor model: when the law changes, the admin records the new rate with its start date and
// names it as the `successor_id` of the old rate (whose effective_to ends before the successor
// starts). Products and variants keep pointing at the rate they were given; at pricing time the
// chain old → successor → … is followed from the assigned rate to the first rate in force, so
// every product priced on the old rate moves to the new one on its start date without an edit.
// A rate that is not in force (inactive, not started, ended) is never charged: when no rate of
// the chain is in force the item has no price (null) and cannot be sold.

/** The parts of a VAT rate its resolution needs (rows as stored: booleans may be 0/1). */
export interface RateRecord {
  id: number;
  rate_bp: number;
  country_code: string;
  is_active: boolean | number;
  is_default: boolean | number;
  /** ISO-8601 instant, inclusive. */
  effective_from: string;
  /** ISO-8601 instant, inclusive; null = open-ended. */
  effective_to: string | null;
  successor_id: number | null;
}

/** in_force: active and effective_from ≤ at ≤ effective_to; otherwise why it is not. */
export type RateStatus = 'in_force' | 'scheduled' | 'expired' | 'inactive';

const truthy = (v: boolean | number) => v === true || v === 1;

/** Status of a rate at `at`. Periods are compared as instants, not as text. */
export function rateStatus(rate: RateRecord, at: Date): RateStatus {
  if (!truthy(rate.is_active)) return 'inactive';
  const now = at.getTime();
  const from = Date.parse(rate.effective_from);
  if (Number.isNaN(from) || now < from) return 'scheduled';
  if (rate.effective_to !== null) {
    const to = Date.parse(rate.effective_to);
    if (Number.isNaN(to) || now > to) return 'expired';
  }
  return 'in_force';
}

export const isInForce = (rate: RateRecord, at: Date): boolean =>
  rateStatus(rate, at) === 'in_force';

/**
 * The first instant after `at` at which some rate's status changes by itself (it starts, or its
 * effective_to has passed), mirroring rateStatus's comparisons; Infinity when none will.
 */
export function nextRateStatusChange(rates: Iterable<RateRecord>, at: Date): number {
  const now = at.getTime();
  let next = Infinity;
  for (const rate of rates) {
    const from = Date.parse(rate.effective_from);
    // Expired from the first millisecond after effective_to.
    const end = rate.effective_to === null ? NaN : Date.parse(rate.effective_to) + 1;
    for (const instant of [from, end]) if (instant > now && instant < next) next = instant;
  }
  return next;
}

/**
 * The rate charged at `at` for an item assigned rate `startId`: that rate when in force,
 * otherwise its successor's resolution, and so on; null when no rate of the chain is in force
 * (or the chain loops, or names a missing rate).
 */
export function resolveRateInForce(
  startId: number | null | undefined,
  rates: ReadonlyMap<number, RateRecord>,
  at: Date,
): RateRecord | null {
  const seen = new Set<number>();
  let id = startId ?? null;
  while (id !== null && !seen.has(id)) {
    seen.add(id);
    const rate = rates.get(id);
    if (!rate) return null;
    if (isInForce(rate, at)) return rate;
    id = rate.successor_id;
  }
  return null;
}

/** Country codes are compared trimmed and upper-cased. */
export const normalizeCountry = (countryCode: string): string => countryCode.trim().toUpperCase();

/**
 * The default rate of a country in force at `at`: the country's is_default rate resolved along
 * its successors (so a default that ends hands over to its successor), or null. Among several
 * defaults (not possible through the API), the resolved rate that started last, then highest id.
 */
export function countryDefaultInForce(
  rates: ReadonlyMap<number, RateRecord>,
  countryCode: string,
  at: Date,
): RateRecord | null {
  const country = normalizeCountry(countryCode);
  const found: RateRecord[] = [];
  for (const rate of rates.values()) {
    if (rate.country_code.toUpperCase() !== country || !truthy(rate.is_default)) continue;
    const resolved = resolveRateInForce(rate.id, rates, at);
    if (resolved && resolved.country_code.toUpperCase() === country) found.push(resolved);
  }
  found.sort((a, b) => Date.parse(b.effective_from) - Date.parse(a.effective_from) || b.id - a.id);
  return found[0] ?? null;
}

// ---------------------------------------------------------------------------------------------
// Lines and orders: amounts that reconcile with what was shown.

/** One priced line, every amount in millimes. */
export interface LineAmounts {
  /** The rate applied (basis points; 0 under the reverse charge). */
  rateBp: number;
  /** Net unit price, as shown (derived from the gross one for a price entered incl. VAT). */
  unitPrice: number;
  /** Unit price incl. VAT as shown and charged. */
  unitPriceInclVat: number;
  /** Net total of the line. */
  totalPrice: number;
  vatAmount: number;
  /** Always totalPrice + vatAmount. */
  totalInclVat: number;
}

/**
 * Prices `quantity` units of a stored price at `rateBp`.
 * - Entered incl. VAT (and no reverse charge): the gross price is what is shown and charged:
 *   unit incl. VAT = the price, line incl. VAT = price × quantity exactly; the line's VAT is the
 *   VAT inside that gross total (half-up) and its net is the difference; the net unit price is
 *   netFromGross(price) for display.
 * - Entered excl. VAT: net total = price × quantity, VAT = net total × rate half-up on the line,
 *   unit incl. VAT = grossFromNet(price) (what one unit costs).
 * - Reverse charge (`chargedRateBp` 0 while the catalogue rate is `rateBp`): the net price is
 *   charged without VAT; for a price entered incl. VAT the net is derived with the catalogue rate.
 */
export function lineAmounts(
  priceMillimes: number,
  includesVat: boolean | number,
  catalogueRateBp: number,
  quantity: number,
  reverseCharge = false,
): LineAmounts {
  assertSafeInteger(priceMillimes, 'Amount');
  if (!Number.isSafeInteger(quantity) || quantity < 0) {
    throw new RangeError(`Quantity must be a non-negative integer, got ${quantity}`);
  }
  const gross = truthy(includesVat);
  const unitNet = gross ? netFromGross(priceMillimes, catalogueRateBp) : priceMillimes;
  if (reverseCharge) {
    const totalPrice = unitNet * quantity;
    return {
      rateBp: 0,
      unitPrice: unitNet,
      unitPriceInclVat: unitNet,
      totalPrice,
      vatAmount: 0,
      totalInclVat: totalPrice,
    };
  }
  if (gross) {
    const totalInclVat = priceMillimes * quantity;
    const vatAmount = vatOfGross(totalInclVat, catalogueRateBp);
    return {
      rateBp: catalogueRateBp,
      unitPrice: unitNet,
      unitPriceInclVat: priceMillimes,
      totalPrice: totalInclVat - vatAmount,
      vatAmount,
      totalInclVat,
    };
  }
  const totalPrice = priceMillimes * quantity;
  const vatAmount = vatOfNet(totalPrice, catalogueRateBp);
  return {
    rateBp: catalogueRateBp,
    unitPrice: priceMillimes,
    unitPriceInclVat: grossFromNet(priceMillimes, catalogueRateBp),
    totalPrice,
    vatAmount,
    totalInclVat: totalPrice + vatAmount,
  };
}

export interface OrderAmounts {
  subtotal: number;
  /** VAT of the lines plus VAT of the shipping. */
  vatAmount: number;
  /** Net shipping (SHIPPING_FLAT_RATE is a net amount). */
  shippingAmount: number;
  shippingVatAmount: number;
  discountAmount: number;
  totalAmount: number;
}

/**
 * The totals of an order: subtotal = Σ line net totals; vat_amount = Σ line VAT + VAT of the
 * shipping (the flat rate is net; its VAT at `shippingRateBp`, half-up; 0 under the reverse
 * charge, whose caller passes 0); total = subtotal + vat_amount + shipping − discount. Hence
 * Σ line totals incl. VAT = subtotal + (vat_amount − shipping VAT).
 */
export function orderAmounts(
  lines: readonly Pick<LineAmounts, 'totalPrice' | 'vatAmount'>[],
  shippingNet: number,
  shippingRateBp: number,
  discount = 0,
): OrderAmounts {
  const subtotal = lines.reduce((s, l) => s + l.totalPrice, 0);
  const linesVat = lines.reduce((s, l) => s + l.vatAmount, 0);
  const shippingVatAmount = vatOfNet(shippingNet, shippingRateBp);
  const vatAmount = linesVat + shippingVatAmount;
  return {
    subtotal,
    vatAmount,
    shippingAmount: shippingNet,
    shippingVatAmount,
    discountAmount: discount,
    totalAmount: subtotal + vatAmount + shippingNet - discount,
  };
}
