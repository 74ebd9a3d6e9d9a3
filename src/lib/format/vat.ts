import Decimal from 'decimal.js';

/** 19 → "19.00%"; empty or invalid → "0.00%" (VAT rates have two decimals, docs/product.md §9). */
export function formatVatRate(rate: string | number | null | undefined): string {
  let d: Decimal;
  try {
    d = new Decimal(rate ?? 0);
    if (!d.isFinite()) d = new Decimal(0);
  } catch {
    d = new Decimal(0);
  }
  return `${d.toFixed(2, Decimal.ROUND_HALF_UP)}%`;
}
