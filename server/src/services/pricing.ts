// Which VAT rate applies to a price shown to (or charged in) a country, and the resulting
// net/gross amounts. Rule of the contract (getProductBySlug): the item's own rate when that rate
// belongs to the requested country, otherwise the requested country's default rate in effect
// now (active, is_default, effective_from ≤ now ≤ effective_to or open-ended).
//
// When the country has no default rate in effect, the item's own rate is used (the price as the
// shop set it up) rather than failing: the contract says nothing about that case, and refusing
// the whole catalogue for a country without a configured rate would be worse for the shop.
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { grossFromNet, netFromGross } from '../domain/vat';

type Db = Kysely<Database> | Transaction<Database>;

/** The parts of a VAT rate that pricing needs. */
export interface RateInfo {
  id: number;
  rate_bp: number;
  country_code: string;
}

export const normalizeCountry = (countryCode: string): string => countryCode.trim().toUpperCase();

/**
 * The default rate of `countryCode` in effect at `now`, if any. The validity window is compared
 * as instants (Date.parse) in JS, not as text in SQL, so a stored "2026-01-01T00:00:00Z" and
 * "2026-01-01T00:00:00.000Z" (or any offset form) mean the same thing; a country has a handful of
 * rates at most. Among several candidates (should not happen: one default per country), the one
 * that started last wins, then the highest id.
 */
export async function findCountryDefaultRate(
  db: Db,
  countryCode: string,
  now: Date,
): Promise<RateInfo | undefined> {
  const rows = await db
    .selectFrom('vat_rates')
    .select(['id', 'rate_bp', 'country_code', 'effective_from', 'effective_to'])
    .where('country_code', '=', normalizeCountry(countryCode))
    .where('is_default', '=', 1)
    .where('is_active', '=', 1)
    .execute();
  const at = now.getTime();
  const inEffect = rows
    .map((r) => ({
      row: r,
      from: Date.parse(r.effective_from),
      to: r.effective_to === null ? Number.POSITIVE_INFINITY : Date.parse(r.effective_to),
    }))
    .filter((r) => !Number.isNaN(r.from) && !Number.isNaN(r.to) && r.from <= at && at <= r.to)
    .sort((a, b) => b.from - a.from || b.row.id - a.row.id);
  const best = inEffect[0]?.row;
  return best
    ? { id: best.id, rate_bp: Number(best.rate_bp), country_code: best.country_code }
    : undefined;
}

/** Pricing for one country: resolves the country's default rate once, then prices many items. */
export class CountryPricing {
  constructor(
    readonly countryCode: string,
    readonly countryDefault: RateInfo | undefined,
  ) {}

  /** The rate (basis points) to apply to an item whose own rate is `own`. */
  rateBp(own: Pick<RateInfo, 'rate_bp' | 'country_code'>): number {
    if (normalizeCountry(own.country_code) === this.countryCode) return Number(own.rate_bp);
    return this.countryDefault ? this.countryDefault.rate_bp : Number(own.rate_bp);
  }
}

export async function countryPricing(
  db: Db,
  countryCode: string,
  now: Date,
): Promise<CountryPricing> {
  const country = normalizeCountry(countryCode);
  return new CountryPricing(country, await findCountryDefaultRate(db, country, now));
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
 * gross price run in the database. `base`, `includesVat`, `ownRateBp` and `ownCountry` are the
 * column references of the stored amount, its price_includes_vat flag and the own rate.
 * Half-up on non-negative amounts: floor((2·n + d) / 2d) with n = base × (10000 + bp), d = 10000.
 */
export function grossPriceSql(
  pricing: CountryPricing,
  refs: { base: string; includesVat: string; ownRateBp: string; ownCountry: string },
): RawBuilder<number> {
  // Only integers read from the database are inlined (sql.lit): a bound JS number is a REAL on
  // better-sqlite3, which would turn the integer division into a floating-point one.
  const bp = pricing.countryDefault
    ? sql`(case when upper(${sql.ref(refs.ownCountry)}) = ${pricing.countryCode} then ${sql.ref(refs.ownRateBp)} else ${sql.lit(assertInt(pricing.countryDefault.rate_bp))} end)`
    : sql`${sql.ref(refs.ownRateBp)}`;
  return sql<number>`(case when ${sql.ref(refs.includesVat)} = 1 then ${sql.ref(refs.base)} else (${sql.ref(refs.base)} * (10000 + ${bp}) * 2 + 10000) / 20000 end)`;
}

function assertInt(value: number): number {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Not an integer: ${value}`);
  return value;
}
