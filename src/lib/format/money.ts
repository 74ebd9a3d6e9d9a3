import Decimal from 'decimal.js';

/** Currency of every amount in the shop (docs/product.md §9). */
export const CURRENCY = 'TND';
const MONEY_DECIMALS = 3;

// Amounts arrive as decimal strings (or numbers from older payloads); Decimal keeps them exact and
// Intl only groups the digits of the already-rounded string.
const grouping = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: MONEY_DECIMALS,
  maximumFractionDigits: MONEY_DECIMALS,
});

export type MoneyInput = string | number | null | undefined;

/** Parses an amount; returns null for empty or invalid input. */
export function toDecimal(value: MoneyInput): Decimal | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' && value.trim() === '') return null;
  try {
    const d = new Decimal(typeof value === 'string' ? value.trim() : value);
    return d.isFinite() ? d : null;
  } catch {
    return null;
  }
}

/** "1234.5" → "1,234.500"; empty or invalid → "0.000" (docs/product.md §9). */
export function formatAmount(value: MoneyInput): string {
  const d = toDecimal(value) ?? new Decimal(0);
  const fixed = d.toFixed(MONEY_DECIMALS, Decimal.ROUND_HALF_UP);
  // Intl.NumberFormat formats decimal strings exactly (no float conversion).
  return grouping.format(fixed as unknown as number);
}

/** "1234.5" → "1,234.500 TND". */
export function formatMoney(value: MoneyInput): string {
  return `${formatAmount(value)} ${CURRENCY}`;
}

/** Exact sum of amounts, invalid ones counted as 0, as a 3-decimal string. */
export function sumMoney(values: Iterable<MoneyInput>): string {
  let total = new Decimal(0);
  for (const v of values) total = total.plus(toDecimal(v) ?? 0);
  return total.toFixed(MONEY_DECIMALS, Decimal.ROUND_HALF_UP);
}

/** Normalises user input to the wire format: a 3-decimal string, or null when empty/invalid. */
export function toMoneyString(value: MoneyInput): string | null {
  const d = toDecimal(value);
  return d ? d.toFixed(MONEY_DECIMALS, Decimal.ROUND_HALF_UP) : null;
}
