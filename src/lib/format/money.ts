import Decimal from 'decimal.js';
import { activeLocale, INTL_TAGS, type Locale } from '@/lib/i18n';

/** Currency of every amount in the shop (docs/product.md §9). */
export const CURRENCY = 'TND';
const MONEY_DECIMALS = 3;

/** The contract's Money as typed: up to 9 digits and 3 decimals (millimes), no sign. */
export const MONEY_PATTERN = /^\d{1,9}(\.\d{1,3})?$/;

// Amounts arrive as decimal strings (or numbers from older payloads); Decimal keeps them exact and
// Intl only groups the digits of the already-rounded string, in the active language's way.
const decimals = { minimumFractionDigits: MONEY_DECIMALS, maximumFractionDigits: MONEY_DECIMALS };
const amountFormats = new Map<Locale, Intl.NumberFormat>();
const moneyFormats = new Map<Locale, Intl.NumberFormat>();

function amountFormat(locale: Locale): Intl.NumberFormat {
  let found = amountFormats.get(locale);
  if (!found) {
    // English keeps the spec's "1,234.500" (en-US grouping); French and Arabic their own.
    found = new Intl.NumberFormat(locale === 'en' ? 'en-US' : INTL_TAGS[locale], decimals);
    amountFormats.set(locale, found);
  }
  return found;
}

function moneyFormat(locale: Locale): Intl.NumberFormat {
  let found = moneyFormats.get(locale);
  if (!found) {
    found = new Intl.NumberFormat(INTL_TAGS[locale], {
      ...decimals,
      style: 'currency',
      currency: CURRENCY,
    });
    moneyFormats.set(locale, found);
  }
  return found;
}

/** The rounded 3-decimal string of an amount ("0.000" for empty or invalid). */
function rounded(value: MoneyInput): string {
  const d = toDecimal(value) ?? new Decimal(0);
  return d.toFixed(MONEY_DECIMALS, Decimal.ROUND_HALF_UP);
}

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

/** "1234.5" → "1,234.500" (French "1 234,500"); empty or invalid → "0.000" (docs/product.md §9). */
export function formatAmount(value: MoneyInput): string {
  // Intl.NumberFormat formats decimal strings exactly (no float conversion).
  return amountFormat(activeLocale()).format(rounded(value) as unknown as number);
}

/** "1234.5" → "1,234.500 TND" (the spec's English); "1 234,500 DT", "‏1.234,500 د.ت.‏" by Intl. */
export function formatMoney(value: MoneyInput): string {
  const locale = activeLocale();
  if (locale === 'en') return `${formatAmount(value)} ${CURRENCY}`;
  return moneyFormat(locale).format(rounded(value) as unknown as number);
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
