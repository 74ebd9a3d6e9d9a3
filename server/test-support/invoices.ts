// The shop settings and documents of the invoice tests: complete settings written straight into
// the database, the settings reset between tests, and the text of a PDF answer.
import type { LightMyRequestResponse } from 'fastify';
import type { Kysely, Updateable } from 'kysely';
import { PDFParse } from 'pdf-parse';
import { expect } from 'vitest';
import type { Database } from '../src/db/schema';
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

/** The text of a PDF answer (200, application/pdf). */
export async function pdfText(res: LightMyRequestResponse): Promise<string> {
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  const parser = new PDFParse({ data: new Uint8Array(res.rawPayload) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
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
