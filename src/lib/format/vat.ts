import Decimal from 'decimal.js';
import { activeLocale, INTL_TAGS, type Locale } from '@/lib/i18n';

const percentFormats = new Map<Locale, Intl.NumberFormat>();

function percentFormat(locale: Locale): Intl.NumberFormat {
  let found = percentFormats.get(locale);
  if (!found) {
    found = new Intl.NumberFormat(INTL_TAGS[locale], {
      style: 'percent',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    percentFormats.set(locale, found);
  }
  return found;
}

/**
 * 19 → "19.00%" (the spec's English; French "19,00 %", Arabic by Intl); empty or invalid →
 * "0.00%" (VAT rates have two decimals, docs/product.md §9).
 */
export function formatVatRate(rate: string | number | null | undefined): string {
  let d: Decimal;
  try {
    d = new Decimal(rate ?? 0);
    if (!d.isFinite()) d = new Decimal(0);
  } catch {
    d = new Decimal(0);
  }
  const fixed = d.toFixed(2, Decimal.ROUND_HALF_UP);
  const locale = activeLocale();
  if (locale === 'en') return `${fixed}%`;
  // Intl formats a decimal string exactly (no float): the rounded rate as a fraction.
  return percentFormat(locale).format(new Decimal(fixed).div(100).toString() as unknown as number);
}
