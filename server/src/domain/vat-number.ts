// VAT number checks: offline, the format of each EU member state's VAT number, Tunisia's
// matricule fiscal, and a generic shape for every other country. A format check says nothing
// about whether the number was issued; the online VIES check (createViesChecker, enabled by the
// VIES_URL setting) asks the EU's VIES service for EU numbers of a valid format, and falls back
// to the format check (check: 'format') when VIES is unreachable, answers an error or is slower
// than VIES_TIMEOUT_MS. Both sit behind `VatNumberChecker`.
import type { Schemas } from '../api/types';

/** The 27 EU member states (ISO 3166-1 alpha-2; Greece is GR here, its VAT prefix is EL). */
export const EU_COUNTRIES: ReadonlySet<string> = new Set([
  'AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU',
  'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK',
]); // prettier-ignore

interface EuFormat {
  /** Prefix of the VAT number: the ISO code, except EL for Greece. */
  prefix: string;
  /** The whole number, prefix included. */
  pattern: RegExp;
  /** Human-readable shape, for the "invalid" message. */
  shape: string;
}

// Source: the European Commission's VIES FAQ, "What is the structure of a VAT number?"
// (ec.europa.eu/taxation_customs/vies, the table of VAT number formats per member state).
// Only the structure is checked (no check digits): 9 = digit, X = letter or digit.
const EU_FORMATS: Record<string, EuFormat> = {
  AT: { prefix: 'AT', pattern: /^ATU\d{8}$/, shape: 'ATU followed by 8 digits' },
  BE: { prefix: 'BE', pattern: /^BE[01]\d{9}$/, shape: 'BE followed by 0 or 1 and 9 digits' },
  BG: { prefix: 'BG', pattern: /^BG\d{9,10}$/, shape: 'BG followed by 9 or 10 digits' },
  CY: { prefix: 'CY', pattern: /^CY\d{8}[A-Z]$/, shape: 'CY followed by 8 digits and a letter' },
  CZ: { prefix: 'CZ', pattern: /^CZ\d{8,10}$/, shape: 'CZ followed by 8 to 10 digits' },
  DE: { prefix: 'DE', pattern: /^DE\d{9}$/, shape: 'DE followed by 9 digits' },
  DK: { prefix: 'DK', pattern: /^DK\d{8}$/, shape: 'DK followed by 8 digits' },
  EE: { prefix: 'EE', pattern: /^EE\d{9}$/, shape: 'EE followed by 9 digits' },
  // First and last characters letter or digit, but not both digits.
  ES: {
    prefix: 'ES',
    pattern: /^ES(?:[A-Z]\d{7}[A-Z0-9]|\d{8}[A-Z])$/,
    shape: 'ES followed by 9 characters, the first and last not both digits',
  },
  FI: { prefix: 'FI', pattern: /^FI\d{8}$/, shape: 'FI followed by 8 digits' },
  // Two key characters (digits or letters other than I and O), then the 9-digit SIREN.
  FR: {
    prefix: 'FR',
    pattern: /^FR[0-9A-HJ-NP-Z]{2}\d{9}$/,
    shape: 'FR followed by 2 letters or digits and 9 digits',
  },
  GR: { prefix: 'EL', pattern: /^EL\d{9}$/, shape: 'EL followed by 9 digits' },
  HR: { prefix: 'HR', pattern: /^HR\d{11}$/, shape: 'HR followed by 11 digits' },
  HU: { prefix: 'HU', pattern: /^HU\d{8}$/, shape: 'HU followed by 8 digits' },
  // 1234567X, 1234567XX (second letter A-I or W) or the old 1X23456X.
  IE: {
    prefix: 'IE',
    pattern: /^IE(?:\d{7}[A-W][A-IW]?|\d[A-Z+*]\d{5}[A-W])$/,
    shape: 'IE followed by 7 digits and 1 or 2 letters',
  },
  IT: { prefix: 'IT', pattern: /^IT\d{11}$/, shape: 'IT followed by 11 digits' },
  LT: { prefix: 'LT', pattern: /^LT(?:\d{9}|\d{12})$/, shape: 'LT followed by 9 or 12 digits' },
  LU: { prefix: 'LU', pattern: /^LU\d{8}$/, shape: 'LU followed by 8 digits' },
  LV: { prefix: 'LV', pattern: /^LV\d{11}$/, shape: 'LV followed by 11 digits' },
  MT: { prefix: 'MT', pattern: /^MT\d{8}$/, shape: 'MT followed by 8 digits' },
  NL: {
    prefix: 'NL',
    pattern: /^NL\d{9}B\d{2}$/,
    shape: 'NL followed by 9 digits, B and 2 digits',
  },
  PL: { prefix: 'PL', pattern: /^PL\d{10}$/, shape: 'PL followed by 10 digits' },
  PT: { prefix: 'PT', pattern: /^PT\d{9}$/, shape: 'PT followed by 9 digits' },
  RO: { prefix: 'RO', pattern: /^RO[1-9]\d{1,9}$/, shape: 'RO followed by 2 to 10 digits' },
  SE: { prefix: 'SE', pattern: /^SE\d{10}01$/, shape: 'SE followed by 12 digits ending in 01' },
  SI: { prefix: 'SI', pattern: /^SI\d{8}$/, shape: 'SI followed by 8 digits' },
  SK: { prefix: 'SK', pattern: /^SK\d{10}$/, shape: 'SK followed by 10 digits' },
};

/**
 * Tunisia's matricule fiscal (identifiant fiscal): 7 digits and a check letter (any letter but
 * I, O and U), optionally followed by the VAT code (A, B, D, N or P), the category code (M, C,
 * P, N or E) and the 3-digit secondary establishment number, each optionally preceded by "/".
 * Accepted: 1234567A, 1234567/A, 1234567A/A/M/000, 1234567/A/A/M/000, 1234567AAM000. Normalised
 * to 1234567A or 1234567A/A/M/000. The check letter is not verified (its algorithm is not
 * published).
 */
const TN_PATTERN = /^(\d{7})\/?([A-HJ-NP-TV-Z])(?:\/?([ABDNP])\/?([MCPNE])\/?(\d{3}))?$/;
const TN_SHAPE = '7 digits and a check letter, optionally followed by /A/M/000';

/** Every other country: letters and digits only. */
const GENERIC_PATTERN = /^[A-Z0-9]{4,20}$/;
const GENERIC_SHAPE = '4 to 20 letters and digits';

/** format: offline format check only; vies: the VIES service answered (valid or not). */
type VatCheck = 'format' | 'vies';

export interface VatNumberCheckResult {
  valid: boolean;
  /** Upper case, separators removed; with the country prefix for EU countries. */
  normalised: string;
  /** Upper-cased country code the number was checked for. */
  country_code: string;
  is_eu: boolean;
  check: VatCheck;
  /** Human-readable outcome. */
  message: string;
}

/** A way of checking VAT numbers; today the offline format check, later maybe VIES online. */
export interface VatNumberChecker {
  check(vatNumber: string, countryCode: string): Promise<VatNumberCheckResult>;
}

export const formatVatNumberChecker: VatNumberChecker = {
  check: (vatNumber, countryCode) => Promise.resolve(validateVatNumber(vatNumber, countryCode)),
};

export interface ViesOptions {
  /** The VIES REST endpoint taking POST {countryCode, vatNumber} and answering {valid}. */
  url: string;
  /** Abort and fall back to the format check after this many milliseconds. */
  timeoutMs: number;
  fetch?: typeof fetch;
}

/**
 * VIES online check of EU VAT numbers (REST service of the European Commission,
 * https://ec.europa.eu/taxation_customs/vies/rest-api/check-vat-number): POST
 * {"countryCode": "FR", "vatNumber": "40303265045"} (prefix removed, Greece as EL), answer
 * {"valid": true|false, ...}. Numbers of an invalid format and non-EU numbers are not sent. Any
 * failure (network, timeout, non-2xx, no boolean `valid`, a userError other than VALID/INVALID
 * such as MS_UNAVAILABLE) gives the offline format result, whose message says VIES was not
 * reached.
 */
export function createViesChecker(options: ViesOptions): VatNumberChecker {
  const doFetch = options.fetch ?? fetch;
  return {
    check: async (vatNumber, countryCode) => {
      const offline = validateVatNumber(vatNumber, countryCode);
      if (!offline.valid || !offline.is_eu) return offline;
      const prefix = offline.normalised.slice(0, 2);
      const body = { countryCode: prefix, vatNumber: offline.normalised.slice(2) };
      let valid: boolean;
      try {
        const res = await doFetch(options.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(options.timeoutMs),
        });
        if (!res.ok) throw new Error(`VIES answered HTTP ${res.status}`);
        const answer = (await res.json()) as { valid?: unknown; userError?: unknown };
        const userError = typeof answer.userError === 'string' ? answer.userError : undefined;
        if (typeof answer.valid !== 'boolean') throw new Error('VIES answer without "valid"');
        if (userError !== undefined && userError !== 'VALID' && userError !== 'INVALID') {
          throw new Error(`VIES error ${userError}`);
        }
        valid = answer.valid;
      } catch {
        return {
          ...offline,
          message: `Valid VAT number format for ${offline.country_code}; VIES could not be reached (format checked only).`,
        };
      }
      return viesResult(offline, valid);
    },
  };
}

/** The result of VIES's answer `valid` for a number of valid format (also a cached answer). */
export function viesResult(offline: VatNumberCheckResult, valid: boolean): VatNumberCheckResult {
  return {
    ...offline,
    valid,
    check: 'vies',
    message: valid
      ? `VAT number confirmed by VIES for ${offline.country_code}.`
      : `VIES does not know this VAT number for ${offline.country_code}.`,
  };
}

/** How the VAT number of an order was checked (Order.vat_number_check). */
export type VatNumberCheckOutcome =
  'format_invalid' | 'format_checked' | 'vies_confirmed' | 'vies_rejected';

export function checkOutcome(
  result: Pick<VatNumberCheckResult, 'valid' | 'check'>,
): VatNumberCheckOutcome {
  if (result.check === 'vies') return result.valid ? 'vies_confirmed' : 'vies_rejected';
  return result.valid ? 'format_checked' : 'format_invalid';
}

/** Upper case without spaces, dots or hyphens (how a VAT number is stored). */
export function normaliseVatNumber(value: string): string {
  return value.toUpperCase().replace(/[\s.-]+/g, '');
}

/** The country whose rules apply: upper case, and EL (Greece's VAT prefix) read as GR. */
function countryOf(countryCode: string): string {
  const code = countryCode.trim().toUpperCase();
  return code === 'EL' ? 'GR' : code;
}

export function isEuCountry(countryCode: string): boolean {
  return EU_COUNTRIES.has(countryOf(countryCode));
}

/** Offline format check of a VAT number for a country; never throws. */
export function validateVatNumber(number: string, countryCode: string): VatNumberCheckResult {
  const country = countryOf(countryCode);
  const compact = normaliseVatNumber(number);
  const eu = EU_FORMATS[country];
  if (eu) {
    const { normalised, valid } = euCandidate(compact, eu);
    return result(valid, normalised, country, true, eu.shape);
  }
  if (country === 'TN') {
    const m = TN_PATTERN.exec(compact);
    const normalised = m ? `${m[1]}${m[2]}${m[3] ? `/${m[3]}/${m[4]}/${m[5]}` : ''}` : compact;
    return result(m !== null, normalised, country, false, TN_SHAPE);
  }
  return result(GENERIC_PATTERN.test(compact), compact, country, false, GENERIC_SHAPE);
}

/**
 * The number with its country prefix. A number that already starts with the prefix is taken as
 * is when that form is valid; otherwise the prefix is added (a French key may itself be "FR").
 * Greek numbers written with GR get EL.
 */
function euCandidate(compact: string, format: EuFormat): { normalised: string; valid: boolean } {
  const candidates: string[] = [];
  if (compact.startsWith(format.prefix)) candidates.push(compact);
  if (format.prefix === 'EL' && compact.startsWith('GR')) candidates.push(`EL${compact.slice(2)}`);
  candidates.push(`${format.prefix}${compact}`);
  const valid = candidates.find((c) => format.pattern.test(c));
  return { normalised: valid ?? candidates[0] ?? compact, valid: valid !== undefined };
}

function result(
  valid: boolean,
  normalised: string,
  country: string,
  isEu: boolean,
  shape: string,
): VatNumberCheckResult {
  return {
    valid,
    normalised,
    country_code: country,
    is_eu: isEu,
    check: 'format',
    message: valid
      ? `Valid VAT number format for ${country} (offline check only).`
      : `Invalid VAT number format for ${country}: expected ${shape}.`,
  };
}

export interface ReverseChargeParty {
  customer_type: Schemas['CustomerType'];
  /** Whether the VAT number was found valid for country_code (format, or VIES when it answered). */
  vat_number_valid: boolean;
  /** The buyer's VAT country. */
  country_code: string;
  /** Where the goods are shipped. */
  shipping_country: string;
}

/**
 * Whether a sale to this customer is an intra-EU B2B supply under the reverse charge: a
 * professional whose VAT number is valid for its country, an EU member state other than the
 * shop's, to which the goods are also shipped. Anything else pays the VAT.
 */
export function isReverseChargeEligible(
  customer: ReverseChargeParty,
  shopCountry: string,
): boolean {
  if (customer.customer_type !== 'professional' || !customer.vat_number_valid) return false;
  const country = countryOf(customer.country_code);
  if (!EU_COUNTRIES.has(country) || country === countryOf(shopCountry)) return false;
  return countryOf(customer.shipping_country) === country;
}
