// The rules of the shop settings that invoices print and number with: the seller's matricule
// fiscal and the shop's time zone. Pure; the service turns a refusal into a 422.
import { validateVatNumber } from './vat-number';

export const INVALID_MATRICULE = 'Invalid matricule fiscal (expected 1234567A/A/M/000)';
export const UNKNOWN_TIME_ZONE = 'Unknown time zone';

/**
 * The shop's matricule fiscal in its written form 1234567A/A/M/000, or null when invalid. The
 * shop invoices with VAT, so the short form 1234567A (no VAT code, category and establishment)
 * that a buyer may give is not enough here.
 */
export function shopMatricule(value: string): string | null {
  const check = validateVatNumber(value, 'TN');
  return check.valid && check.normalised.includes('/') ? check.normalised : null;
}

/** The IANA name of a time zone as Intl spells it (africa/tunis → Africa/Tunis), or null. */
export function canonicalTimeZone(value: string): string | null {
  try {
    return new Intl.DateTimeFormat('en', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}
