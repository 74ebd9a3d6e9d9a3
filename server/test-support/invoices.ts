// The shop settings and documents of the invoice tests: complete settings written straight into
// the database, the settings reset between tests, the issued invoice the document renderers'
// tests draw (PDF, TEIF), and the text of a PDF (bytes or answer).
import type { LightMyRequestResponse } from 'fastify';
import type { Kysely, Updateable } from 'kysely';
import { PDFParse } from 'pdf-parse';
import { expect } from 'vitest';
import type { Database } from '../src/db/schema';
import type { InvoiceContent } from '../src/domain/invoice';
import type { Schemas } from './contract';
import { deleteAll } from './fixtures';
import { toMillimes } from '../src/domain/money';

export type Invoice = Schemas['Invoice'];

/** A complete seller identity, as stored. */
export const SELLER = {
  legal_name: 'Maison Carthage SARL',
  address: '12 Avenue Habib Bourguiba\n1000 Tunis',
  matricule_fiscal: '1234567A/A/M/000',
  trade_register_number: 'B01234562026',
  phone: '+216 71 000 000',
  email: 'contact@example.tn',
};

/** The seller's identity before anyone saved the settings: every field of SELLER empty, no logo. */
const NO_SELLER = {
  ...(Object.fromEntries(Object.keys(SELLER).map((field) => [field, null])) as Record<
    keyof typeof SELLER,
    null
  >),
  logo_key: null,
};

/** A Tunisian business buyer's matricule fiscal. */
export const BUYER_MATRICULE = '7654321B/A/M/000';

/** A Tunisian business buyer as an issued document freezes it (the PDF and TEIF tests' buyer). */
export const PROFESSIONAL_BUYER: Schemas['InvoiceBuyer'] = {
  name: 'Jane Doe',
  company: 'Atelier Hafsia SARL',
  address: '1 Rue de Marseille\n1000 Tunis',
  country: 'TN',
  email: 'jane@example.tn',
  phone: '+216 20 000 000',
  customer_type: 'professional',
  vat_number: BUYER_MATRICULE,
};

type IssuedLine = InvoiceContent['lines'][number];

/** The issued invoice's first line: three shirts at 19 %. */
export const ISSUED_SHIRTS: IssuedLine = {
  description: 'Chemise été / M',
  sku: 'SHIRT-M',
  quantity: 3,
  unit_price: '10.000',
  vat_rate: 19,
  total_price: '30.000',
  vat_amount: '5.700',
  total_price_incl_vat: '35.700',
};

/** The issued invoice's second line: a book at 7 %, without a SKU. */
export const ISSUED_BOOK: IssuedLine = {
  description: 'Livre',
  sku: null,
  quantity: 1,
  unit_price: '10.000',
  vat_rate: 7,
  total_price: '10.000',
  vat_amount: '0.700',
  total_price_incl_vat: '10.700',
};

/**
 * The invoice of the document tests, as issued before issue #25 with every optional field of the
 * time, from SELLER to PROFESSIONAL_BUYER. invoice-pdf.golden.test.ts pins the bytes drawn from
 * it, so it never changes: a test that needs other values spreads it with its own (teif.test.ts).
 */
export const ISSUED_INVOICE: InvoiceContent = {
  kind: 'invoice',
  number: 'INV-2026-000042',
  // 23:30 UTC on 31 December is already 1 January in Tunis (UTC+1): the date is the shop's.
  issued_at: '2026-12-31T23:30:00.000Z',
  order_id: 7,
  order_number: 'ORD-20261231-0007',
  credits: null,
  seller: { ...SELLER, logo_key: 'img_logo.png' },
  buyer: PROFESSIONAL_BUYER,
  lines: [ISSUED_SHIRTS, ISSUED_BOOK],
  vat_breakdown: [
    { vat_rate: 19, taxable_amount: '35.882', vat_amount: '6.818' },
    { vat_rate: 7, taxable_amount: '10.000', vat_amount: '0.700' },
  ],
  shipping_amount: '5.882',
  shipping_vat_rate: 19,
  shipping_vat_amount: '1.118',
  discount_amount: '0.000',
  total_excl_vat: '45.882',
  total_vat: '7.518',
  total_incl_vat: '53.400',
  stamp_duty: '1.000',
  amount_due: '54.400',
  currency: 'TND',
  payment_method: 'cash_on_delivery',
  vat_reverse_charge: false,
  time_zone: 'Africa/Tunis',
  issued_by: 'admin',
};

/** The credit note that reverses `invoice` (id 42) in full, the first of 2027. */
export const fullCreditNoteOf = <T extends InvoiceContent>(invoice: T): T => ({
  ...invoice,
  kind: 'credit_note',
  number: 'CN-2027-000001',
  issued_at: '2027-01-02T08:00:00.000Z',
  credits: { id: 42, kind: 'invoice', number: invoice.number },
});

/** The settings as migration 008 leaves them (incomplete), and no change recorded. */
export async function resetShopSettings(db: Kysely<Database>): Promise<void> {
  await deleteAll(db, ['shop_settings_changes']);
  await db
    .updateTable('shop_settings')
    .set({
      ...NO_SELLER,
      invoice_prefix: 'INV-',
      credit_note_prefix: 'CN-',
      stamp_duty: 1000,
      stamp_duty_applies_to: 'every_invoice',
      stamp_duty_on_credit_notes: 'reversed',
      time_zone: 'Africa/Tunis',
      order_emails_off: '[]',
      updated_at: null,
      updated_by_admin_id: null,
    })
    .where('id', '=', 1)
    .execute();
}

/** Settings complete enough to issue invoices (SELLER), plus what the test is about. */
export async function completeShopSettings(
  db: Kysely<Database>,
  values: Updateable<Database['shop_settings']> = {},
): Promise<void> {
  await db
    .updateTable('shop_settings')
    .set({ ...SELLER, ...values })
    .where('id', '=', 1)
    .execute();
}

/** The text of a PDF's bytes: the whole document's, and each page's. */
export async function readPdfText(bytes: Buffer): Promise<{ text: string; pages: string[] }> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    const { text, pages } = await parser.getText();
    return { text, pages: pages.map((page) => page.text) };
  } finally {
    await parser.destroy();
  }
}

/** The text of a PDF answer (200, application/pdf). */
export async function pdfText(res: LightMyRequestResponse): Promise<string> {
  return (await pdfAnswerText(res)).text;
}

/** The text of a PDF answer (200, application/pdf), whole and per page. */
export async function pdfAnswerText(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  return readPdfText(res.rawPayload);
}

/**
 * The amount columns an invoice's credit notes share out: together they never credit more than
 * the invoice, and exactly all of it once one of them reverses what is left.
 */
const CREDITED_COLUMNS = [
  'total_excl_vat',
  'total_vat',
  'total_incl_vat',
  'amount_due',
  'shipping_amount',
  'stamp_duty',
] as const;

/** Per column of CREDITED_COLUMNS: the invoice's amount and these credit notes' sum, in millimes. */
export function creditedByColumn(invoice: Invoice, notes: readonly Invoice[]) {
  return CREDITED_COLUMNS.map((column) => ({
    column,
    whole: toMillimes(invoice[column]),
    credited: notes.reduce((s, n) => s + toMillimes(n[column]), 0),
  }));
}
