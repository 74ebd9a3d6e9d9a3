// The rules of the order e-mails (issue #28 part 6) that the server and the console share:
// the events, the per-event switches (shop_settings.order_emails_off, a JSON array of the
// events switched off) and the language a customer is written to in.
import type { Schemas } from '../api/types';

export type OrderEmailEvent = Schemas['OrderEmailEvent'];
export type EmailLanguage = Schemas['EmailLanguage'];

/** Every event, in the order of an order's life (the switches' order). */
export const ORDER_EMAIL_EVENTS: readonly OrderEmailEvent[] = [
  'confirmed',
  'shipped',
  'delivered',
  'cancelled',
  'refunded',
];

// Countries where a shop writes to its customers in Arabic, or in French, when they chose no
// language. Tunisia is French: a Tunisian shop's commerce and paperwork are in French, and its
// customers who want Arabic choose it at checkout. The Maghreb and French-speaking countries get
// French, the Arab East Arabic, everyone else English.
const ARABIC_COUNTRIES = new Set([
  'LY',
  'EG',
  'SD',
  'SA',
  'AE',
  'QA',
  'KW',
  'BH',
  'OM',
  'YE',
  'JO',
  'LB',
  'SY',
  'IQ',
  'PS',
]);
const FRENCH_COUNTRIES = new Set(
  ['TN', 'DZ', 'MA', 'MR', 'FR', 'BE', 'LU', 'MC', 'CH', 'SN', 'CI', 'CM', 'ML', 'BF', 'NE'].concat(
    ['TD', 'GA', 'CG', 'CD', 'BJ', 'TG', 'GN', 'MG', 'DJ', 'KM', 'HT'],
  ),
);

const LANGUAGES: readonly EmailLanguage[] = ['en', 'fr', 'ar'];
const isLanguage = (value: unknown): value is EmailLanguage =>
  LANGUAGES.includes(value as EmailLanguage);

/** The language of an order's e-mails: the one chosen, else the shipping country's. */
function emailLanguage(chosen: string | null | undefined, country: string): EmailLanguage {
  if (isLanguage(chosen)) return chosen;
  const code = country.toUpperCase();
  if (ARABIC_COUNTRIES.has(code)) return 'ar';
  if (FRENCH_COUNTRIES.has(code)) return 'fr';
  return 'en';
}

/**
 * The language of this order's e-mails: the one chosen, else that of the country the order is
 * shipped to (the buyer's country when the address names none). The e-mails sent and the
 * order's email_language both come from here.
 */
export function orderEmailLanguage(order: {
  language: string | null;
  customer_country_code: string;
  shipping_address: { country?: string | null };
}): EmailLanguage {
  return emailLanguage(
    order.language,
    order.shipping_address.country ?? order.customer_country_code,
  );
}

// ---------------------------------------------------------------------------------------------
// The switches (shop_settings.order_emails_off: a JSON array of the events switched off)

export function switchedOff(text: string | null | undefined): OrderEmailEvent[] {
  let off: unknown = [];
  try {
    off = JSON.parse(text ?? '[]');
  } catch {
    // An unreadable column switches nothing off: every e-mail goes, as by default.
  }
  if (!Array.isArray(off)) return [];
  return ORDER_EMAIL_EVENTS.filter((event) => off.includes(event));
}

/** The switches of the events switched off (`off`): each on unless it is in the list. */
export function emailSwitches(off: readonly OrderEmailEvent[]): Schemas['OrderEmailSwitches'] {
  return {
    confirmed: !off.includes('confirmed'),
    shipped: !off.includes('shipped'),
    delivered: !off.includes('delivered'),
    cancelled: !off.includes('cancelled'),
    refunded: !off.includes('refunded'),
  };
}

/** The events switched off once `update` is applied to those of `off`, in the events' order. */
export function switchedOffAfter(
  off: readonly OrderEmailEvent[],
  update: Schemas['OrderEmailSwitchesUpdate'],
): OrderEmailEvent[] {
  const on = { ...emailSwitches(off), ...update };
  return ORDER_EMAIL_EVENTS.filter((event) => !on[event]);
}
