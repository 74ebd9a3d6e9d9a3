// The stamp duty (droit de timbre) rule (#30; docs/product.md §10.28): which sale bears it and
// how much. Pure, and the ONE statement of it: the server (cart, checkout, staff orders,
// invoices), the mocks and the console read it from here.
//
// - Only a sale shipped to Tunisia bears it: the duty is Tunisian, an export or an EU reverse
//   charge ships abroad.
// - stamp_duty_applies_to: every_invoice (every such sale; the default, as the invoices always
//   printed it), professional_buyers (only a professional buyer's: a shop that gives its
//   consumers a receipt rather than an invoice), none.
// - The amount is the shop's stamp_duty (millimes), copied on the order when it is placed: a later
//   change of the settings never reaches an order already placed, nor its invoice.
import type { Schemas } from '../api/types';

export type StampDutyScope = Schemas['StampDutyScope'];
export type StampDutyOnCreditNotes = Schemas['StampDutyOnCreditNotes'];

/** The country where the stamp duty is due. */
export const STAMP_DUTY_COUNTRY = 'TN';

export interface StampDutySettings {
  /** Millimes per invoice. */
  stamp_duty: number;
  stamp_duty_applies_to: StampDutyScope;
}

export interface StampDutyBuyer {
  /** The country the order is shipped to (any case). */
  shipping_country: string;
  customer_type: Schemas['CustomerType'];
}

/** The stamp duty (millimes) a sale to this buyer bears under these settings; 0 when none. */
export function stampDutyOf(settings: StampDutySettings, buyer: StampDutyBuyer): number {
  if (buyer.shipping_country.trim().toUpperCase() !== STAMP_DUTY_COUNTRY) return 0;
  switch (settings.stamp_duty_applies_to) {
    case 'every_invoice':
      return settings.stamp_duty;
    case 'professional_buyers':
      return buyer.customer_type === 'professional' ? settings.stamp_duty : 0;
    case 'none':
      return 0;
  }
}

/**
 * The cart's stamp_duty: the rule applied to the buyer the cart is priced for, an individual in
 * Tunisia (the contract's Cart.stamp_duty); checkout applies it to the actual buyer.
 */
export const cartStampDuty = (settings: StampDutySettings) =>
  stampDutyOf(settings, { shipping_country: STAMP_DUTY_COUNTRY, customer_type: 'individual' });

/**
 * The stamp duty a credit note that reverses the rest of an invoice takes back: what is left of
 * it under `reversed`, none under `kept` (the duty stays owed: it was due when the invoice was
 * issued). An edit's credit note always takes it back: the order keeps its stamp duty, which
 * the edit's new invoice bears again, so the buyer owes it once.
 */
export function stampDutyReversed(
  left: number,
  onCreditNotes: StampDutyOnCreditNotes,
  reason: 'credited' | 'edit',
): number {
  if (reason === 'edit') return left;
  return onCreditNotes === 'reversed' ? left : 0;
}
