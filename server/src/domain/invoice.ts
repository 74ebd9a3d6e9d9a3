// Invoices and credit notes as data (issue #13): the frozen content built from an order, the
// seller and the buyer, its VAT breakdown and totals, and the document number. Pure: amounts in
// millimes in, the contract's wire form out; nothing here knows HTTP or the database.
//
// Decisions the contract leaves open:
// - The discount is not spread over the VAT rates: the order's VAT was computed on the lines and
//   the shipping before the discount (domain/vat.ts orderAmounts), so the breakdown's taxable
//   amounts are the lines' and the shipping's, and the discount only lowers total_excl_vat. This
//   keeps total_excl_vat + total_vat = the order's total_amount.
// - The shipping is taxed at its own rate (see shippingVatRateBp) and counted in the breakdown
//   under that rate, like a line.
import type { Schemas } from '../api/types';
import { fromMillimes, toMillimes } from './money';
import { STAMP_DUTY_COUNTRY } from './stamp-duty';
import { bpToRate, vatOfNet } from './vat';
import { vatMention, type VatTreatment } from './vat-treatment';

/** The frozen part of a document: all but its id and its teif (TTN's answer comes later, #30). */
export type InvoiceContent = Omit<Schemas['Invoice'], 'id' | 'teif'>;
export type InvoiceKind = Schemas['InvoiceKind'];

/** One order line as stored at checkout (order_items), amounts in millimes. */
export interface InvoiceLineFacts {
  product_name: string;
  variant_title: string | null;
  product_sku: string | null;
  quantity: number;
  unit_price: number;
  vat_rate_bp: number;
  vat_amount: number;
  total_price: number;
  total_price_incl_vat: number;
  /**
   * The line's share of the discount, net (#29): total_price is before it, vat_amount and
   * total_price_incl_vat after it. Absent (0) on orders placed before discounts.
   */
  discount_amount?: number;
}

/** The order's amounts as stored (millimes), and what else the document copies from it. */
export interface InvoiceOrderFacts {
  id: number;
  order_number: string;
  payment_method: Schemas['PaymentMethod'];
  customer_email: string;
  customer_type: Schemas['CustomerType'];
  vat_number: string | null;
  vat_reverse_charge: boolean;
  /** How the order was taxed (domain/vat-treatment.ts); its legal mention is frozen with it. */
  vat_treatment: VatTreatment;
  shipping_amount: number;
  shipping_vat_amount: number;
  shipping_vat_rate_bp: number;
  discount_amount: number;
  total_amount: number;
  /**
   * The stamp duty the order bears (#30), which its invoice copies; null for an order placed
   * before #30 (null or absent): its invoice applies the settings' stamp_duty at issue to a
   * buyer in Tunisia.
   */
  stamp_duty_amount?: number | null;
  shipping_address: Schemas['ShippingAddress'];
  /** The company of the buyer's account at issue (null for a guest or an individual). */
  account_company: string | null;
  lines: readonly InvoiceLineFacts[];
}

/**
 * The shop's settings that an invoice copies (stamp duty in millimes: only an order placed
 * before #30 reads it, see InvoiceOrderFacts.stamp_duty_amount).
 */
export interface InvoiceSellerFacts {
  seller: Schemas['InvoiceSeller'];
  stamp_duty: number;
}

export interface IssueFacts {
  kind: InvoiceKind;
  number: string;
  issued_at: string;
  issued_by: string | null;
  /** The shop's time zone at issue: the number's year and the printed dates are taken in it. */
  time_zone: string;
}

/** `<prefix><year>-<6 digits>`: INV-2026-000123. */
export function documentNumber(prefix: string, year: number, sequence: number): string {
  if (!Number.isSafeInteger(sequence) || sequence < 1 || sequence > 999_999) {
    throw new RangeError(`Document sequence out of range: ${sequence}`);
  }
  return `${prefix}${year}-${String(sequence).padStart(6, '0')}`;
}

/** The calendar year of an instant in a time zone (2026-12-31T23:30Z in Africa/Tunis is 2027). */
export function yearIn(timeZone: string, at: Date): number {
  return Number(new Intl.DateTimeFormat('en', { timeZone, year: 'numeric' }).format(at));
}

/**
 * The shipping's VAT rate: the shop country's default rate when the order's shipping VAT is
 * that rate's VAT of the net shipping (how checkout computed it), else the rate the stored
 * amounts imply (basis points, rounded), 0 without shipping VAT. The order does not store the
 * rate itself, so a later change of the default rate must not reach an old order.
 */
export function shippingVatRateBp(
  shippingNet: number,
  shippingVat: number,
  defaultRateBp: number | null,
): number {
  if (shippingVat === 0 || shippingNet === 0) return 0;
  if (defaultRateBp !== null && vatOfNet(shippingNet, defaultRateBp) === shippingVat) {
    return defaultRateBp;
  }
  return Math.round((shippingVat * 10_000) / shippingNet);
}

export interface Taxed {
  rateBp: number;
  net: number;
  vat: number;
}

/** Taxable amount and VAT per rate, highest rate first. */
export function vatBreakdown(taxed: readonly Taxed[]): Schemas['VatBreakdownLine'][] {
  const byRate = new Map<number, { net: number; vat: number }>();
  for (const { rateBp, net, vat } of taxed) {
    const sum = byRate.get(rateBp) ?? { net: 0, vat: 0 };
    byRate.set(rateBp, { net: sum.net + net, vat: sum.vat + vat });
  }
  return [...byRate.entries()]
    .sort(([a], [b]) => b - a)
    .map(([rateBp, sum]) => ({
      vat_rate: bpToRate(rateBp),
      taxable_amount: fromMillimes(sum.net),
      vat_amount: fromMillimes(sum.vat),
    }));
}

export const lineDescription = (line: Pick<InvoiceLineFacts, 'product_name' | 'variant_title'>) =>
  line.variant_title ? `${line.product_name} - ${line.variant_title}` : line.product_name;

function buyerOf(order: InvoiceOrderFacts): Schemas['InvoiceBuyer'] {
  const a = order.shipping_address;
  const street = [a.street_address, a.apartment].filter(Boolean).join(', ');
  const city = [a.postal_code, a.city].filter(Boolean).join(' ');
  return {
    name: `${a.first_name} ${a.last_name}`,
    // A business buyer names its company on its account; an address may name another.
    company: a.company ?? order.account_company,
    address: [street, [city, a.state].filter(Boolean).join(', ')].join('\n'),
    country: a.country,
    email: a.email ?? order.customer_email,
    phone: a.phone,
    customer_type: order.customer_type,
    vat_number: order.vat_number,
  };
}

/** The invoice of an order as issued now: every figure copied or derived, nothing referenced. */
export function invoiceContent(
  order: InvoiceOrderFacts,
  settings: InvoiceSellerFacts,
  issue: IssueFacts,
): InvoiceContent {
  const linesNet = order.lines.reduce((s, l) => s + l.total_price, 0);
  // Each line is taxed on its discounted net: the VAT was computed on it.
  const taxed: Taxed[] = order.lines.map((l) => ({
    rateBp: l.vat_rate_bp,
    net: l.total_price - (l.discount_amount ?? 0),
    vat: l.vat_amount,
  }));
  if (order.shipping_amount > 0) {
    taxed.push({
      rateBp: order.shipping_vat_rate_bp,
      net: order.shipping_amount,
      vat: order.shipping_vat_amount,
    });
  }
  const totalVat = taxed.reduce((s, t) => s + t.vat, 0);
  const totalExclVat = linesNet + order.shipping_amount - order.discount_amount;
  const buyer = buyerOf(order);
  // The order's own stamp duty (#30), so amount_due = its total_amount; before #30, the old rule.
  const stampDuty =
    order.stamp_duty_amount ??
    (buyer.country.toUpperCase() === STAMP_DUTY_COUNTRY ? settings.stamp_duty : 0);
  const totalInclVat = totalExclVat + totalVat;
  return {
    kind: issue.kind,
    number: issue.number,
    issued_at: issue.issued_at,
    order_id: order.id,
    order_number: order.order_number,
    credits: null,
    seller: settings.seller,
    buyer,
    lines: order.lines.map((l) => ({
      description: lineDescription(l),
      sku: l.product_sku,
      quantity: l.quantity,
      unit_price: fromMillimes(l.unit_price),
      vat_rate: bpToRate(l.vat_rate_bp),
      total_price: fromMillimes(l.total_price),
      discount_amount: fromMillimes(l.discount_amount ?? 0),
      vat_amount: fromMillimes(l.vat_amount),
      total_price_incl_vat: fromMillimes(l.total_price_incl_vat),
    })),
    vat_breakdown: vatBreakdown(taxed),
    shipping_amount: fromMillimes(order.shipping_amount),
    shipping_vat_rate: bpToRate(order.shipping_vat_rate_bp),
    shipping_vat_amount: fromMillimes(order.shipping_vat_amount),
    discount_amount: fromMillimes(order.discount_amount),
    total_excl_vat: fromMillimes(totalExclVat),
    total_vat: fromMillimes(totalVat),
    total_incl_vat: fromMillimes(totalInclVat),
    stamp_duty: fromMillimes(stampDuty),
    amount_due: fromMillimes(totalInclVat + stampDuty),
    currency: 'TND',
    payment_method: order.payment_method,
    vat_reverse_charge: order.vat_reverse_charge,
    vat_treatment: order.vat_treatment,
    vat_mention: vatMention(order.vat_treatment),
    time_zone: issue.time_zone,
    issued_by: issue.issued_by,
  };
}

/** The credit note of an invoice: its content, with the note's own identity and `credits`. */
export function creditNoteContent(
  invoice: { id: number; content: InvoiceContent },
  issue: IssueFacts,
): InvoiceContent {
  return {
    ...invoice.content,
    kind: issue.kind,
    number: issue.number,
    issued_at: issue.issued_at,
    issued_by: issue.issued_by,
    time_zone: issue.time_zone,
    credits: { id: invoice.id, kind: invoice.content.kind, number: invoice.content.number },
  };
}

/** A document's content with this stamp duty (millimes): amount_due follows it. */
export function withStampDuty(content: InvoiceContent, stampDuty: number): InvoiceContent {
  return {
    ...content,
    stamp_duty: fromMillimes(stampDuty),
    amount_due: fromMillimes(toMillimes(content.total_incl_vat) + stampDuty),
  };
}
