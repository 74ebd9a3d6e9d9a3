// The books' tests (#30) and bench build invoices and credit notes with the domain's own builders
// (domain/invoice.ts invoiceContent, domain/credit-notes.ts creditNoteOf and remainderOf, what
// services/billing/invoices.ts issues with) and write them straight into `invoices`, as a copy of
// a shop's data would hold them: a sale of lines at given rates, shipping, a discount on the
// order as a whole (the older invoices' case) under one VAT treatment, then kept, cancelled
// (a credit note of the rest) or partly returned (a credit note of one unit of its first line).
import type { Kysely } from 'kysely';
import type { Database } from '../src/db/schema';
import { booksSummaryOf } from '../src/domain/books';
import { creditNoteOf, remainderOf } from '../src/domain/credit-notes';
import {
  invoiceContent,
  shippingVatRateBp,
  type InvoiceContent,
  type InvoiceOrderFacts,
} from '../src/domain/invoice';
import { lineAmounts, orderAmounts } from '../src/domain/vat';
import type { VatTreatment } from '../src/domain/vat-treatment';

export interface SaleLine {
  /** Millimes, VAT incl. when includesVat. */
  price: number;
  includesVat: boolean;
  rateBp: number;
  quantity: number;
}

export interface Sale {
  lines: SaleLine[];
  treatment: VatTreatment;
  /** Millimes excl. VAT. */
  shipping: number;
  /** The discount as a share of the lines' net (0 to 1). */
  discountShare: number;
  fate: 'kept' | 'cancelled' | 'returned';
  /** A professional buyer's company (with a matricule fiscal), or null for an individual. */
  company: string | null;
}

/** A sale line: `quantity` units at `price` millimes, VAT excluded unless `includesVat`. */
export function saleLine(
  price: number,
  rateBp: number,
  quantity = 1,
  includesVat = false,
): SaleLine {
  return { price, includesVat, rateBp, quantity };
}

/**
 * A kept domestic sale to an individual of one unit at 10.000 (19 %), without shipping or
 * discount; `overrides` set what the test is about.
 */
export function sale(overrides: Partial<Sale> = {}): Sale {
  return {
    lines: [saleLine(10_000, 1900)],
    treatment: 'domestic',
    shipping: 0,
    discountShare: 0,
    fate: 'kept',
    company: null,
    ...overrides,
  };
}

/** The seller's facts an invoice is issued with: the identity the books print, the stamp duty. */
export const SELLER_FACTS = {
  seller: {
    legal_name: 'Maison Carthage SARL',
    address: '12 Avenue Habib Bourguiba\n1000 Tunis',
    matricule_fiscal: '1234567A/A/M/000',
    trade_register_number: null,
    phone: null,
    email: null,
    logo_key: null,
  },
  stamp_duty: 1000,
};

export const BOOKS_TIME_ZONE = 'Africa/Tunis';
export const BUYER_TAX_ID = '7654321B/A/M/000';

/** A document's identity: its number and when it was issued. */
export interface Issue {
  number: string;
  issuedAt: string;
}

/** The facts of an order that its amounts make: the shipping, the discount, the total, the lines. */
type PricedOrder = Pick<
  InvoiceOrderFacts,
  | 'shipping_amount'
  | 'shipping_vat_amount'
  | 'shipping_vat_rate_bp'
  | 'discount_amount'
  | 'total_amount'
  | 'lines'
>;

/**
 * An order of `lines` priced as checkout prices it (domain/vat.ts): each line's amounts, zero-rated
 * under the reverse charge or for an export, then the order's, the shipping at 19 % (0 % when
 * zero-rated), less a discount of `discountShare` of the lines' net. `productName` names line i.
 */
export function pricedOrder(
  lines: readonly SaleLine[],
  order: { zeroRated: boolean; shipping: number; discountShare: number },
  productName: (index: number) => string,
): PricedOrder {
  const priced = lines.map((l) => ({
    quantity: l.quantity,
    amounts: lineAmounts(l.price, l.includesVat, l.rateBp, l.quantity, order.zeroRated),
  }));
  const subtotal = priced.reduce((s, l) => s + l.amounts.totalPrice, 0);
  const totals = orderAmounts(
    priced.map((l) => l.amounts),
    order.shipping,
    order.zeroRated ? 0 : 1900,
    Math.floor(subtotal * order.discountShare),
  );
  return {
    shipping_amount: totals.shippingAmount,
    shipping_vat_amount: totals.shippingVatAmount,
    shipping_vat_rate_bp: shippingVatRateBp(totals.shippingAmount, totals.shippingVatAmount, 1900),
    discount_amount: totals.discountAmount,
    total_amount: totals.totalAmount,
    lines: priced.map(({ quantity, amounts }, i) => ({
      product_name: productName(i),
      variant_title: null,
      product_sku: null,
      quantity,
      unit_price: amounts.unitPrice,
      vat_rate_bp: amounts.rateBp,
      vat_amount: amounts.vatAmount,
      total_price: amounts.totalPrice,
      total_price_incl_vat: amounts.totalInclVat,
    })),
  };
}

/** The invoice of a sale for order `orderId`, as issued at `issue`. */
export function saleInvoice(sale: Sale, orderId: number, issue: Issue): InvoiceContent {
  return invoiceContent(
    {
      id: orderId,
      order_number: `ORD-${String(orderId).padStart(6, '0')}`,
      payment_method: 'card',
      customer_email: 'buyer@example.com',
      customer_type: sale.company ? 'professional' : 'individual',
      vat_number: sale.company ? BUYER_TAX_ID : null,
      vat_reverse_charge: sale.treatment === 'reverse_charge',
      vat_treatment: sale.treatment,
      ...pricedOrder(
        sale.lines,
        {
          zeroRated: sale.treatment !== 'domestic',
          shipping: sale.shipping,
          discountShare: sale.discountShare,
        },
        (i) => `Item ${i + 1}`,
      ),
      shipping_address: {
        first_name: 'Jane',
        last_name: 'Doe',
        street_address: '1 Rue de Marseille',
        city: sale.treatment === 'domestic' ? 'Tunis' : 'Lyon',
        postal_code: '1000',
        country: sale.treatment === 'domestic' ? 'TN' : 'FR',
        phone: '+216 71 000 000',
        email: 'buyer@example.com',
      },
      account_company: sale.company,
    },
    SELLER_FACTS,
    {
      kind: 'invoice',
      number: issue.number,
      issued_at: issue.issuedAt,
      issued_by: null,
      time_zone: BOOKS_TIME_ZONE,
    },
  );
}

/**
 * The credit note a sale's fate gives (none when kept): the rest of the invoice when
 * cancelled, one unit of its first line (its share of each column) when partly returned.
 */
export function saleCreditNote(
  invoice: { id: number; content: InvoiceContent },
  fate: Sale['fate'],
  issue: Issue,
): InvoiceContent | null {
  const facts = {
    kind: 'credit_note' as const,
    number: issue.number,
    issued_at: issue.issuedAt,
    issued_by: null,
    time_zone: BOOKS_TIME_ZONE,
  };
  const rest = remainderOf(invoice.content, []);
  if (fate === 'cancelled') return creditNoteOf(invoice, rest.lines, rest.extras, facts);
  const first = rest.lines[0];
  if (fate === 'kept' || !first) return null;
  const unit = {
    ...first,
    quantity: 1,
    total_price: Math.round(first.total_price / first.quantity),
    vat_amount: Math.round(first.vat_amount / first.quantity),
  };
  const none = { shipping_amount: 0, shipping_vat_amount: 0, discount_amount: 0, stamp_duty: 0 };
  return creditNoteOf(invoice, [unit], none, facts);
}

/** A document row for `invoices` (the year and sequence read from its number). */
export function documentRow(content: InvoiceContent, creditsInvoiceId: number | null = null) {
  const [, year = '0', sequence = '0'] = /(\d{4})-(\d{6})$/.exec(content.number) ?? [];
  return {
    kind: content.kind,
    number: content.number,
    year: Number(year),
    sequence: Number(sequence),
    order_id: content.order_id,
    credits_invoice_id: creditsInvoiceId,
    content: JSON.stringify(content),
    books_summary: JSON.stringify(booksSummaryOf(content)),
    issued_by_admin_id: null,
    issued_at: content.issued_at,
  };
}

/** Writes a document; its row's id. */
export async function insertDocument(
  db: Kysely<Database>,
  content: InvoiceContent,
  creditsInvoiceId: number | null = null,
): Promise<number> {
  const row = await db
    .insertInto('invoices')
    .values(documentRow(content, creditsInvoiceId))
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/**
 * A sale's documents written for an order: its invoice, then its credit note if its fate gives
 * one. The contents, in the order written.
 */
export async function insertSale(
  db: Kysely<Database>,
  sale: Sale,
  orderId: number,
  issues: { invoice: Issue; creditNote: Issue },
): Promise<InvoiceContent[]> {
  const invoice = saleInvoice(sale, orderId, issues.invoice);
  const id = await insertDocument(db, invoice);
  const credit = saleCreditNote({ id, content: invoice }, sale.fate, issues.creditNote);
  if (!credit) return [invoice];
  await insertDocument(db, credit, sale.fate === 'cancelled' ? id : null);
  return [invoice, credit];
}
