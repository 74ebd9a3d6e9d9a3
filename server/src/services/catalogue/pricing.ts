// Which VAT rate applies to a price shown to (or charged in) a country, and the resulting
// net/gross amounts. The rate is ALWAYS one in force at the moment of pricing (domain/vat.ts:
// resolveRateInForce follows the successors of the rate assigned; countryDefaultInForce):
// - the item's own rate (the variant's, else the product's) when it belongs to the requested
//   country: that rate, or the first of its successors in force;
// - otherwise the requested country's default rate in force.
// When nothing is in force the rate is null: the item has no price (null in the catalogue and
// the cart) and cannot be sold (409 on adding to a cart and at checkout). A wrong rate is never
// charged instead (the old fallback to the item's own rate is gone).
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database';
import {
  countryDefaultInForce,
  grossFromNet,
  netFromGross,
  normalizeCountry,
  resolveRateInForce,
  type RateRecord,
} from '../../domain/vat';
import { conflict } from '../../api/problem';
import { loadRates } from '../billing/vat-rates';

/** 409 detail for an item that has no VAT rate in force. */
export const noRateInForce = (productName: string) =>
  conflict(
    `${productName} cannot be sold: no VAT rate is in force for it; an administrator must assign a rate in force`,
  );

/** The rates in force at one instant (admin prices: the item's own rate chain, any country). */
export class RatesInForce {
  constructor(
    readonly rates: ReadonlyMap<number, RateRecord>,
    readonly at: Date,
  ) {}

  /** Basis points of the rate in force for an item assigned `rateId`; null when none is. */
  ownRateBp(rateId: number | null | undefined): number | null {
    const rate = resolveRateInForce(rateId, this.rates, this.at);
    return rate === null ? null : Number(rate.rate_bp);
  }
}

export async function ratesInForce(db: Db, at: Date): Promise<RatesInForce> {
  return new RatesInForce(await loadRates(db), at);
}

/** Pricing for one country at one instant: loads the rates once, then prices many items. */
export class CountryPricing extends RatesInForce {
  readonly countryDefault: RateRecord | null;

  constructor(
    readonly countryCode: string,
    rates: ReadonlyMap<number, RateRecord>,
    at: Date,
  ) {
    super(rates, at);
    this.countryDefault = countryDefaultInForce(rates, countryCode, at);
  }

  /** The rate (basis points) charged for an item assigned rate `ownRateId`; null: none. */
  rateBp(ownRateId: number | null | undefined): number | null {
    const own = ownRateId == null ? undefined : this.rates.get(ownRateId);
    if (!own) return null;
    if (normalizeCountry(own.country_code) === this.countryCode) return this.ownRateBp(own.id);
    return this.countryDefault === null ? null : Number(this.countryDefault.rate_bp);
  }
}

export async function countryPricing(
  db: Db,
  countryCode: string,
  now: Date,
): Promise<CountryPricing> {
  return new CountryPricing(normalizeCountry(countryCode), await loadRates(db), now);
}

/**
 * Net and gross of a stored amount. With `includesVat` the amount is already gross and the net
 * is derived from it; otherwise it is net and the gross is derived. Both half-up to the millime.
 */
export function netAndGross(
  amountMillimes: number,
  includesVat: boolean | number,
  rateBp: number,
): { net: number; gross: number } {
  const amount = Number(amountMillimes);
  if (includesVat === true || includesVat === 1) {
    return { net: netFromGross(amount, rateBp), gross: amount };
  }
  return { net: amount, gross: grossFromNet(amount, rateBp) };
}

/**
 * The same gross price as `netAndGross(...).gross` with `pricing.rateBp(...)`, as an SQL
 * expression (integer arithmetic on both SQLite and PostgreSQL), so catalogue filters on the
 * gross price run in the database; NULL when no rate is in force (such rows match no price
 * filter). The rate of each assigned rate id is resolved in JS (a handful of rates) and inlined
 * as a CASE on `ownRateId`. Half-up on non-negative amounts: floor((2·n + d) / 2d) with
 * n = base × (10000 + bp), d = 10000.
 */
export function grossPriceSql(
  pricing: CountryPricing,
  refs: { base: string; includesVat: string; ownRateId: string },
): RawBuilder<number | null> {
  // Only integers are inlined (sql.lit): a bound JS number is a REAL on better-sqlite3, which
  // would turn the integer division into a floating-point one.
  const whens = [...pricing.rates.keys()].flatMap((id) => {
    const bp = pricing.rateBp(id);
    return bp === null ? [] : [sql`when ${sql.lit(assertInt(id))} then ${sql.lit(assertInt(bp))}`];
  });
  const bp =
    whens.length === 0
      ? sql`cast(null as integer)`
      : sql`(case ${sql.ref(refs.ownRateId)} ${sql.join(whens, sql` `)} else null end)`;
  return sql<
    number | null
  >`(case when ${bp} is null then null when ${sql.ref(refs.includesVat)} = 1 then ${sql.ref(refs.base)} else (${sql.ref(refs.base)} * (10000 + ${bp}) * 2 + 10000) / 20000 end)`;
}

function assertInt(value: number): number {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Not an integer: ${value}`);
  return value;
}
