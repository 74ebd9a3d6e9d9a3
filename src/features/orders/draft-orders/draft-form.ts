import type {
  CustomerType,
  DraftOrder,
  DraftOrderInput,
  DraftOrderLineProblem,
  DraftOrderManualDiscount,
  EmailLanguage,
  Governorate,
  PaymentMethod,
} from '@generated/model';
import { hasGovernorate } from '../shipping-display';
import type { LineOverride, PickedVariant } from '../line-picker';

/** A line as the admin picked it (what the draft's PUT sends) and what it shows before pricing. */
export interface DraftFormLine extends PickedVariant {
  override: LineOverride | null;
}

/** The staff order's form: the buyer, the address, the lines and the rest of DraftOrderInput. */
export interface DraftForm {
  /** A customer account the draft was created for (through the API); else the guest below. */
  customerId: number | null;
  guest: { name: string; phone: string; email: string };
  /**
   * The VAT details of a customer found among past orders (the customers overview): sent as the
   * draft's customer_type, vat_number and customer_country_code; null: the contract's defaults.
   */
  buyer: { customerType: CustomerType; vatNumber: string | null; countryCode: string } | null;
  address: {
    first_name: string;
    last_name: string;
    company: string;
    street_address: string;
    apartment: string;
    city: string;
    postal_code: string;
    country: string;
    /** A Tunisian address's governorate (#36; shipping zones match it); '' for none. */
    governorate: Governorate | '';
    phone: string;
    email: string;
  };
  paymentMethod: PaymentMethod;
  /** The shipping method picked (#36); null: none (the amount typed, else the flat rate). */
  shippingMethodId: number | null;
  /** NET shipping as typed; blank: the method's price, else the server's flat rate. */
  shipping: string;
  notes: string;
  /** The language of the customer's e-mails; null: the shipping country's (the server decides). */
  language: EmailLanguage | null;
  lines: DraftFormLine[];
  /** The discount code applied (sent as discount_code); null: none. Not with manualDiscount. */
  discountCode: string | null;
  /** A discount given by hand (DraftOrderManualDiscount) as typed; null: none. */
  manualDiscount: ManualDiscountForm | null;
}

/** A manual discount as typed: a percent or an amount (TND, incl. VAT) off every line. */
export interface ManualDiscountForm {
  kind: 'percent' | 'amount';
  value: string;
  reason: string;
}

/** The languages a customer can be written to in, as the contract lists them (EmailLanguage). */
export const EMAIL_LANGUAGES = ['en', 'fr', 'ar'] as const satisfies readonly EmailLanguage[];

export const EMPTY_FORM: DraftForm = {
  customerId: null,
  guest: { name: '', phone: '', email: '' },
  buyer: null,
  address: {
    first_name: '',
    last_name: '',
    company: '',
    street_address: '',
    apartment: '',
    city: '',
    postal_code: '',
    country: 'TN',
    governorate: '',
    phone: '',
    email: '',
  },
  paymentMethod: 'cash_on_delivery',
  shippingMethodId: null,
  shipping: '',
  notes: '',
  language: null,
  lines: [],
  discountCode: null,
  manualDiscount: null,
};

const PHONE = /^\+?[0-9 ().-]{6,30}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MONEY = /^\d{1,9}(\.\d{1,3})?$/;
const PERCENT = /^\d{1,3}(\.\d{1,2})?$/;

/** The guest's name split into first and last name (the first word, then the rest). */
function splitName(name: string): [string, string] {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return [words[0] ?? '', words.slice(1).join(' ')];
}

/**
 * The shipping address sent: each blank name, phone and e-mail is the guest's (a phone order
 * usually ships to the caller), trimmed; blank optional parts are null.
 */
function shippingAddressOf(form: DraftForm): DraftOrderInput['shipping_address'] {
  const a = form.address;
  const [first, last] = splitName(form.guest.name);
  const or = (value: string, fallback: string) => value.trim() || fallback.trim();
  const country = a.country.trim().toUpperCase();
  return {
    first_name: or(a.first_name, first),
    last_name: or(a.last_name, last),
    company: a.company.trim() || null,
    street_address: a.street_address.trim(),
    apartment: a.apartment.trim() || null,
    city: a.city.trim(),
    state: null,
    postal_code: a.postal_code.trim(),
    country,
    // Only a Tunisian address has one (the server refuses it on another, 422): a governorate
    // picked before the country was changed is not sent.
    governorate: hasGovernorate(country) && a.governorate !== '' ? a.governorate : null,
    phone: or(a.phone, form.guest.phone),
    email: or(a.email, form.guest.email),
  };
}

/** The fields still missing or malformed before the draft can be saved (keys of the messages). */
export type MissingField =
  | 'guestName'
  | 'guestPhone'
  | 'guestEmail'
  | 'firstName'
  | 'lastName'
  | 'street'
  | 'city'
  | 'postalCode'
  | 'country'
  | 'phone'
  | 'email'
  | 'shipping'
  | 'discountValue'
  | 'discountReason';

/** What keeps the form from being saved: the contract's own bounds, checked before sending. */
export function missingFields(form: DraftForm): MissingField[] {
  const missing: MissingField[] = [];
  if (form.customerId === null) {
    if (form.guest.name.trim() === '') missing.push('guestName');
    if (!PHONE.test(form.guest.phone.trim())) missing.push('guestPhone');
    const guestEmail = form.guest.email.trim();
    if (guestEmail !== '' && !EMAIL.test(guestEmail)) missing.push('guestEmail');
  }
  const a = shippingAddressOf(form);
  if (a.first_name === '') missing.push('firstName');
  if (a.last_name === '') missing.push('lastName');
  if (a.street_address === '') missing.push('street');
  if (a.city === '') missing.push('city');
  if (a.postal_code === '') missing.push('postalCode');
  if (!/^[A-Z]{2}$/.test(a.country)) missing.push('country');
  if (!PHONE.test(a.phone)) missing.push('phone');
  if (!EMAIL.test(a.email)) missing.push('email');
  if (form.shipping.trim() !== '' && !MONEY.test(form.shipping.trim())) missing.push('shipping');
  const manual = form.manualDiscount;
  if (manual !== null) {
    const value = manual.value.trim();
    // The contract's bounds: a percent of 0.01 to 100 (two decimals), an amount above zero.
    const valid =
      manual.kind === 'percent'
        ? PERCENT.test(value) && Number(value) >= 0.01 && Number(value) <= 100
        : MONEY.test(value) && Number(value) > 0;
    if (!valid) missing.push('discountValue');
    if (manual.reason.trim() === '') missing.push('discountReason');
  }
  return missing;
}

/** The body of createDraftOrder / updateDraftOrder for the form. */
export function draftInput(form: DraftForm): DraftOrderInput {
  const shipping = form.shipping.trim();
  const email = form.guest.email.trim();
  return {
    ...(form.customerId !== null
      ? { customer_id: form.customerId }
      : {
          guest: {
            name: form.guest.name.trim(),
            phone: form.guest.phone.trim(),
            email: email === '' ? null : email,
          },
        }),
    ...(form.buyer && {
      customer_type: form.buyer.customerType,
      vat_number: form.buyer.vatNumber,
      customer_country_code: form.buyer.countryCode,
    }),
    shipping_address: shippingAddressOf(form),
    payment_method: form.paymentMethod,
    shipping_method_id: form.shippingMethodId,
    ...(shipping !== '' && { shipping_amount: Number(shipping).toFixed(3) }),
    notes: form.notes.trim() || null,
    language: form.language,
    lines: form.lines.map((l) => ({
      variant_id: l.variantId,
      quantity: l.quantity,
      unit_price_override: l.override?.price ?? null,
      override_reason: l.override?.reason ?? null,
    })),
    // Sent only when given: a PUT without them saves the draft without a discount.
    ...(form.discountCode !== null && { discount_code: form.discountCode }),
    ...(form.manualDiscount !== null && {
      manual_discount: manualDiscountInput(form.manualDiscount),
    }),
  };
}

function manualDiscountInput(manual: ManualDiscountForm): DraftOrderManualDiscount {
  const value = manual.value.trim();
  return {
    ...(manual.kind === 'percent'
      ? { percent: Number(value) }
      : { amount: Number(value).toFixed(3) }),
    reason: manual.reason.trim(),
  };
}

/** The form of a saved draft (opened again from the drafts list). */
export function formOf(draft: DraftOrder): DraftForm {
  const a = draft.shipping_address;
  return {
    customerId: draft.customer_id,
    guest: {
      name: draft.guest?.name ?? '',
      phone: draft.guest?.phone ?? '',
      email: draft.guest?.email ?? '',
    },
    // A guest's VAT details other than the defaults were given: keep sending them.
    buyer:
      draft.guest !== null &&
      (draft.customer_type !== 'individual' ||
        draft.vat_number !== null ||
        draft.customer_country_code !== 'TN')
        ? {
            customerType: draft.customer_type,
            vatNumber: draft.vat_number,
            countryCode: draft.customer_country_code,
          }
        : null,
    address: {
      first_name: a.first_name,
      last_name: a.last_name,
      company: a.company ?? '',
      street_address: a.street_address,
      apartment: a.apartment ?? '',
      city: a.city,
      postal_code: a.postal_code,
      country: a.country,
      governorate: a.governorate ?? '',
      phone: a.phone,
      email: a.email,
    },
    paymentMethod: draft.payment_method,
    // A method since deleted (id null) is no longer one to send.
    shippingMethodId: draft.shipping_method?.id ?? null,
    // Only a price agreed with the customer comes back typed: the method's price (or the flat
    // rate) stays blank, so saving the draft again lets the method price its lines (#36).
    shipping: draft.shipping_amount_agreed ? draft.shipping_amount : '',
    notes: draft.notes ?? '',
    language: draft.language ?? null,
    lines: draft.lines.map((l) => ({
      variantId: l.variant_id,
      productId: l.product_id,
      name: l.product_name,
      variantTitle: l.variant_title,
      sku: l.product_sku,
      quantity: l.quantity,
      override:
        l.unit_price_override === null
          ? null
          : { price: l.unit_price_override, reason: l.override_reason ?? '' },
    })),
    discountCode: draft.discount_code ?? null,
    manualDiscount: draft.manual_discount
      ? {
          kind: draft.manual_discount.amount !== undefined ? 'amount' : 'percent',
          value: draft.manual_discount.amount ?? String(draft.manual_discount.percent ?? ''),
          reason: draft.manual_discount.reason,
        }
      : null,
  };
}

/** Adds the variant, or one more of it when it is already a line (one line per variant). */
export function withVariant(
  lines: readonly DraftFormLine[],
  line: Omit<DraftFormLine, 'quantity' | 'override'>,
  max: number,
): DraftFormLine[] {
  const existing = lines.find((l) => l.variantId === line.variantId);
  if (existing)
    return lines.map((l) =>
      l === existing ? { ...l, quantity: Math.min(l.quantity + 1, max) } : l,
    );
  return [...lines, { ...line, quantity: 1, override: null }];
}

/** The draft's line refused by a completion's 409 (the checkout names the product), if any. */
export function refusedLine(draft: DraftOrder, detail: string): number | null {
  const line = draft.lines.find(
    (l) =>
      detail.endsWith(` for ${l.product_name}`) ||
      detail.startsWith(`${l.product_name} is no longer available`),
  );
  return line?.variant_id ?? null;
}

/** The words of a line's problem (DraftOrderLine.problem) keys of the messages. */
export const PROBLEM_KEYS = {
  not_sellable: 'problemNotSellable',
  no_vat_rate: 'problemNoVatRate',
  short_stock: 'problemShortStock',
} as const satisfies Record<NonNullable<DraftOrderLineProblem>, string>;
