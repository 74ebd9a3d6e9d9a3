// How a sale is taxed: THE one decision (issue #25), taken at checkout and recorded on the order
// (orders.vat_treatment), then frozen on its invoice with the legal mention it requires.
//
// - domestic: shipped within the shop's country (Tunisia): its VAT at the rate in force.
// - reverse_charge: the EU B2B reverse charge (domain/vat-number.ts isReverseChargeEligible: a
//   professional with a valid VAT number of an EU member state, shipped to that state): 0 %, the
//   buyer accounts for the VAT.
// - export: any other sale shipped outside Tunisia: 0 %, exempt as an export.
// Under both 0 % treatments no rate of the destination country is needed: the net price is the
// catalogue price excluding the shop country's VAT in force (services/catalogue/pricing.ts).
//
// Legal mentions (sources in docs/product.md §10.4): the reverse charge, Art. 196 and the
// "Reverse charge" mention of Art. 226(11a) of Council Directive 2006/112/EC; the export, the
// Tunisian VAT Code (Code de la TVA), Art. 11-I, which defines export operations.
import type { Schemas } from '../api/types';
import { isReverseChargeEligible, type ReverseChargeParty } from './vat-number';
import type { VatNumberCheckOutcome } from './vat-number';

export type VatTreatment = Schemas['VatTreatment'];
export type VatNumberReview = NonNullable<Schemas['VatNumberReview']>;
export type VatMention = Schemas['VatMention'];

const normalise = (country: string) => country.trim().toUpperCase();

/** The treatment of a sale to this buyer, shipped to `party.shipping_country`. */
export function vatTreatment(party: ReverseChargeParty, shopCountry: string): VatTreatment {
  if (normalise(party.shipping_country) === normalise(shopCountry)) return 'domestic';
  return isReverseChargeEligible(party, shopCountry) ? 'reverse_charge' : 'export';
}

/** Whether the sale is charged 0 % (every line and the shipping). */
export const isZeroRated = (treatment: VatTreatment): boolean => treatment !== 'domestic';

/**
 * The review an order needs at checkout: a reverse charge that rests on a VAT number checked by
 * its format only (VIES unset or unreachable) waits for an administrator's confirmation before
 * it can be invoiced; anything else needs none (null).
 */
export function initialVatNumberReview(
  treatment: VatTreatment,
  check: VatNumberCheckOutcome | null,
): VatNumberReview | null {
  return treatment === 'reverse_charge' && check === 'format_checked' ? 'to_confirm' : null;
}

/** The texts printed on the invoice of a 0 % sale, in each language of its PDF. */
export const VAT_MENTIONS: Readonly<Record<Exclude<VatTreatment, 'domestic'>, VatMention>> = {
  reverse_charge: {
    en: 'Reverse charge: VAT to be accounted for by the recipient (Art. 196, Directive 2006/112/EC)',
    fr: 'Autoliquidation : TVA due par le preneur (art. 196, directive 2006/112/CE)',
  },
  export: {
    en: 'Export: exempt from Tunisian VAT (export operation, Art. 11-I of the Tunisian VAT Code)',
    fr: 'Exportation : exonération de TVA (opération d’exportation, art. 11-I du Code de la TVA)',
  },
};

/** The legal mention an invoice of this treatment carries; null for a domestic sale. */
export const vatMention = (treatment: VatTreatment): VatMention | null =>
  treatment === 'domestic' ? null : VAT_MENTIONS[treatment];
