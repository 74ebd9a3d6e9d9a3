// Shipping (#36): which zone an address belongs to and what a method charges for a cart. Pure:
// the server, the MSW mocks and the console's live examples read these rules, so they cannot
// drift. Amounts are integer NET millimes; weights integer grams.
//
// - An address belongs to the FIRST zone by (position, id) whose countries hold its country and,
//   for a Tunisian address when the zone lists governorates, whose governorates hold its
//   governorate; an address without a governorate matches only zones listing none.
// - A weight or subtotal rate is a list of bands by ascending up_to: the first band whose up_to
//   is at least the cart's value applies (inclusive); only the last may be open (up_to null). A
//   cart beyond every band cannot use the method.
// - The rate is 0 when the goods total reaches free_above (AT the amount it is free); the
//   cash-on-delivery fee is NOT waived by it (a free-shipping discount waives all, elsewhere).
import type { Schemas } from '../api/types';

export type Governorate = Schemas['Governorate'];

/** The 24 governorates: ISO code, official French and Arabic names (English uses the French). */
export const GOVERNORATES: readonly { code: Governorate; fr: string; ar: string }[] = [
  { code: 'TN-11', fr: 'Tunis', ar: 'تونس' },
  { code: 'TN-12', fr: 'Ariana', ar: 'أريانة' },
  { code: 'TN-13', fr: 'Ben Arous', ar: 'بن عروس' },
  { code: 'TN-14', fr: 'Manouba', ar: 'منوبة' },
  { code: 'TN-21', fr: 'Nabeul', ar: 'نابل' },
  { code: 'TN-22', fr: 'Zaghouan', ar: 'زغوان' },
  { code: 'TN-23', fr: 'Bizerte', ar: 'بنزرت' },
  { code: 'TN-31', fr: 'Béja', ar: 'باجة' },
  { code: 'TN-32', fr: 'Jendouba', ar: 'جندوبة' },
  { code: 'TN-33', fr: 'Le Kef', ar: 'الكاف' },
  { code: 'TN-34', fr: 'Siliana', ar: 'سليانة' },
  { code: 'TN-41', fr: 'Kairouan', ar: 'القيروان' },
  { code: 'TN-42', fr: 'Kasserine', ar: 'القصرين' },
  { code: 'TN-43', fr: 'Sidi Bouzid', ar: 'سيدي بوزيد' },
  { code: 'TN-51', fr: 'Sousse', ar: 'سوسة' },
  { code: 'TN-52', fr: 'Monastir', ar: 'المنستير' },
  { code: 'TN-53', fr: 'Mahdia', ar: 'المهدية' },
  { code: 'TN-61', fr: 'Sfax', ar: 'صفاقس' },
  { code: 'TN-71', fr: 'Gafsa', ar: 'قفصة' },
  { code: 'TN-72', fr: 'Tozeur', ar: 'توزر' },
  { code: 'TN-73', fr: 'Kébili', ar: 'قبلي' },
  { code: 'TN-81', fr: 'Gabès', ar: 'قابس' },
  { code: 'TN-82', fr: 'Médenine', ar: 'مدنين' },
  { code: 'TN-83', fr: 'Tataouine', ar: 'تطاوين' },
];

const GOVERNORATE_CODES: ReadonlySet<string> = new Set(GOVERNORATES.map((g) => g.code));

export const isGovernorate = (value: string): value is Governorate => GOVERNORATE_CODES.has(value);

/**
 * A governorate's name in a language: its official Arabic name in Arabic, else its official
 * French one (English writes Tunisia's places as French does); the code itself for an unknown one.
 * One rule for every screen that names a governorate.
 */
export function governorateName(code: string, language: 'en' | 'fr' | 'ar'): string {
  const found = GOVERNORATES.find((g) => g.code === code);
  if (!found) return code;
  return language === 'ar' ? found.ar : found.fr;
}

/** The only country whose addresses carry a governorate. */
export const GOVERNORATE_COUNTRY = 'TN';

export interface Destination {
  country: string;
  governorate: string | null;
}

export interface ZoneRule {
  id: number;
  countries: readonly string[];
  governorates: readonly string[];
  position: number;
}

function zoneHolds(zone: ZoneRule, to: Destination): boolean {
  if (!zone.countries.includes(to.country)) return false;
  // Governorates only narrow Tunisia: a zone "TN + FR, governorates TN-61" holds all of France.
  if (to.country !== GOVERNORATE_COUNTRY || zone.governorates.length === 0) return true;
  return to.governorate !== null && zone.governorates.includes(to.governorate);
}

/** The first zone (by position, then id) the destination belongs to; null when none. */
export function zoneOf<Z extends ZoneRule>(zones: readonly Z[], to: Destination): Z | null {
  const ordered = [...zones].sort((a, b) => a.position - b.position || a.id - b.id);
  return ordered.find((zone) => zoneHolds(zone, to)) ?? null;
}

export type RateKind = 'flat' | 'weight' | 'subtotal';

/** upTo: grams for a weight rate, millimes for a subtotal rate; null = no upper limit. */
export interface RateBand {
  upTo: number | null;
  price: number;
}

export interface MethodPricing {
  rateKind: RateKind;
  flatPrice: number | null;
  bands: readonly RateBand[];
  freeAbove: number | null;
  codFee: number | null;
}

/** weightGrams: Σ unit grams × quantity; goodsTotal: the cart's total_incl_vat in millimes. */
export interface CartMeasure {
  weightGrams: number;
  goodsTotal: number;
}

export interface ShippingQuoteAmounts {
  price: number;
  codFee: number;
  isFree: boolean;
}

function bandPrice(bands: readonly RateBand[], value: number): number | null {
  const band = bands.find((b) => b.upTo === null || value <= b.upTo);
  return band === undefined ? null : band.price;
}

/** The method's price for the cart (net millimes), or null when the cart is beyond its bands. */
export function quoteShipping(
  method: MethodPricing,
  cart: CartMeasure,
): ShippingQuoteAmounts | null {
  let rate: number | null;
  switch (method.rateKind) {
    case 'flat':
      rate = method.flatPrice ?? 0;
      break;
    case 'weight':
      rate = bandPrice(method.bands, cart.weightGrams);
      break;
    case 'subtotal':
      rate = bandPrice(method.bands, cart.goodsTotal);
      break;
  }
  // A cart beyond the bands is not offered the method, even when it would be free: the bands
  // are where the carrier delivers at all (a 40 kg parcel is not a courier's, whatever it costs).
  if (rate === null) return null;
  const isFree = method.freeAbove !== null && cart.goodsTotal >= method.freeAbove;
  return { price: isFree ? 0 : rate, codFee: method.codFee ?? 0, isFree };
}

/** Grams of one unit from a variant's weight in kg (null → 0), half-up. */
export function unitGrams(weightKg: number | null): number {
  if (weightKg === null) return 0;
  // Through the decimal text, so 1.0005 kg (stored as that decimal) is 1001 g, not 1000.4999…
  const [whole = '0', fraction = ''] = weightKg.toFixed(6).split('.');
  const micro = Number(whole) * 1_000_000 + Number(fraction.padEnd(6, '0').slice(0, 6));
  return Math.floor((micro + 500) / 1000);
}

/**
 * What is wrong with a method's rate (kind vs flat_price/bands, band order, only last open), as
 * {field, detail}; null when fine. Shared by server validation and mocks.
 */
export function rateProblem(input: {
  rateKind: RateKind;
  flatPrice: number | null;
  bands: readonly RateBand[];
}): { field: string; detail: string } | null {
  if (input.rateKind === 'flat') {
    if (input.flatPrice === null) {
      return { field: 'flat_price', detail: 'A flat rate needs flat_price' };
    }
    if (input.bands.length > 0) {
      return { field: 'bands', detail: 'A flat rate has no bands' };
    }
    return null;
  }
  if (input.flatPrice !== null) {
    return {
      field: 'flat_price',
      detail: `A ${input.rateKind} rate has no flat_price; its prices are in bands`,
    };
  }
  if (input.bands.length === 0) {
    return { field: 'bands', detail: `A ${input.rateKind} rate needs at least one band` };
  }
  let previous: number | null = null;
  for (const [i, band] of input.bands.entries()) {
    if (band.upTo === null) {
      if (i !== input.bands.length - 1) {
        return {
          field: `bands[${i}].up_to`,
          detail: 'Only the last band may be without a limit (up_to null)',
        };
      }
      continue;
    }
    if (previous !== null && band.upTo <= previous) {
      return {
        field: `bands[${i}].up_to`,
        detail: 'Bands must be listed by strictly ascending up_to',
      };
    }
    previous = band.upTo;
  }
  return null;
}

/** The tracking page: the template with the URL-encoded number in place of {tracking_number}; null without a template. */
export function trackingUrl(template: string | null, trackingNumber: string): string | null {
  if (template === null) return null;
  return template.split('{tracking_number}').join(encodeURIComponent(trackingNumber));
}

/** Why a method cannot ship a cart to a destination. */
export type ShippingRefusal = 'inactive' | 'not_delivering' | 'no_band';

/** The method a refusal names: its English name and what its bands measure. */
interface RefusedMethod {
  name: string;
  rateKind: RateKind;
}

const measureWords = (method: RefusedMethod) =>
  method.rateKind === 'weight' ? 'a cart of this weight' : 'a cart of this amount';

/**
 * The details of shipping refused, as the server's 409s and the cart's notice word them and the
 * mocks repeat them (one set of texts, docs/product.md §10.26).
 */
export const SHIPPING_REFUSALS = {
  chooseAMethod: 'Choose a shipping method (shipping_method_id) for this address',
  deleted: 'The shipping method chosen no longer exists; choose another',
  noMethods:
    'This shop has no active shipping method: leave shipping_method_id out (the flat rate applies)',
  /** The 409 of choosing, or checking out with, a method that cannot ship the cart. */
  refused(method: RefusedMethod, refusal: ShippingRefusal): string {
    switch (refusal) {
      case 'inactive':
        return `The shipping method "${method.name}" is not available; choose another`;
      case 'not_delivering':
        return `The shipping method "${method.name}" does not deliver to this address; choose another`;
      case 'no_band':
        return `The shipping method "${method.name}" does not take ${measureWords(method)}; choose another`;
    }
  },
  /** The cart's notice, once, when a method it held can no longer ship it (null: deleted). */
  dropped(method: RefusedMethod | null, refusal: ShippingRefusal): string {
    if (method === null) return 'Your shipping method is no longer available; choose another';
    switch (refusal) {
      case 'inactive':
        return `The shipping method "${method.name}" is no longer available; choose another`;
      case 'not_delivering':
        return `The shipping method "${method.name}" no longer delivers to this address; choose another`;
      case 'no_band':
        return `The shipping method "${method.name}" no longer takes ${measureWords(method)}; choose another`;
    }
  },
} as const;
