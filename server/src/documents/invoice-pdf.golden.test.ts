// The bytes of an issued document, pinned: an invoice's PDF is drawn again at every download from
// its frozen content and its frozen logo only (services/billing/document-logos.ts), so the same input
// must give the same file for ever. When this fails, a change (of the renderer, of pdfkit, of
// Node's zlib or Intl) would alter documents already sent to customers: keep the old bytes for
// documents issued before it (e.g. a renderer version frozen with each document), never re-pin.
import { createHash } from 'node:crypto';
import { PDFParse } from 'pdf-parse';
import { describe, expect, it, vi } from 'vitest';
import type { InvoiceContent } from '../domain/invoice';
import { renderInvoicePdf } from './invoice-pdf';
import { PROFESSIONAL_BUYER, SELLER } from '../../test-support/invoices';

const LOGO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** An invoice as issued before issue #25, with every optional field of the time. */
const INVOICE: InvoiceContent = {
  kind: 'invoice',
  number: 'INV-2026-000042',
  issued_at: '2026-12-31T23:30:00.000Z',
  order_id: 7,
  order_number: 'ORD-20261231-0007',
  credits: null,
  // The seller and buyer every invoice test uses: the pinned bytes below are drawn from them.
  seller: { ...SELLER, logo_key: 'img_logo.png' },
  buyer: PROFESSIONAL_BUYER,
  lines: [
    {
      description: 'Chemise été / M',
      sku: 'SHIRT-M',
      quantity: 3,
      unit_price: '10.000',
      vat_rate: 19,
      total_price: '30.000',
      vat_amount: '5.700',
      total_price_incl_vat: '35.700',
    },
    {
      description: 'Livre',
      sku: null,
      quantity: 1,
      unit_price: '10.000',
      vat_rate: 7,
      total_price: '10.000',
      vat_amount: '0.700',
      total_price_incl_vat: '10.700',
    },
  ],
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

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('an issued invoice PDF', () => {
  it('is the same bytes from the same content and logo, whatever the clock or the process time zone', async () => {
    const first = await renderInvoicePdf(INVOICE, 'fr', LOGO);
    const tz = process.env.TZ;
    process.env.TZ = 'Pacific/Kiritimati';
    // Another day, month and year on the clock (only Date is faked: the rendering's own timers run).
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 400 * 86_400_000 + 3_661_000 });
    try {
      expect(sha256(await renderInvoicePdf(INVOICE, 'fr', LOGO))).toBe(sha256(first));
    } finally {
      vi.useRealTimers();
      if (tz === undefined) delete process.env.TZ;
      else process.env.TZ = tz;
    }
    // The issue time is the file's creation date (never the time of drawing).
    expect(first.toString('latin1')).toContain('(D:20261231233000Z)');
  });

  it('keeps its pinned bytes, in both languages, with and without a logo', async () => {
    const credit: InvoiceContent = {
      ...INVOICE,
      kind: 'credit_note',
      number: 'CN-2027-000001',
      issued_at: '2027-01-02T08:00:00.000Z',
      credits: { id: 42, kind: 'invoice', number: INVOICE.number },
    };
    const shas = {
      invoiceEn: sha256(await renderInvoicePdf(INVOICE, 'en', LOGO)),
      invoiceFr: sha256(await renderInvoicePdf(INVOICE, 'fr', LOGO)),
      invoiceWithoutLogo: sha256(await renderInvoicePdf(INVOICE, 'en', null)),
      creditNoteFr: sha256(await renderInvoicePdf(credit, 'fr', LOGO)),
    };
    expect(shas).toEqual(PINNED);
  });
});

describe('an invoice TTN accepted (#30)', () => {
  const ttn = { reference: 'TTN-2026-0000012345', qr_code: 'https://elfatoora.tn/v/0000012345' };
  const text = async (pdf: Buffer) => {
    const parser = new PDFParse({ data: new Uint8Array(pdf) });
    try {
      return (await parser.getText()).text;
    } finally {
      await parser.destroy();
    }
  };

  it("prints TTN's reference beside its QR code, in the reader's language", async () => {
    const fr = await renderInvoicePdf(INVOICE, 'fr', LOGO, ttn);
    const en = await renderInvoicePdf(INVOICE, 'en', LOGO, ttn);
    expect(await text(fr)).toContain(
      'Référence TTN de la facture électronique: TTN-2026-0000012345',
    );
    expect(await text(en)).toContain('TTN e-invoice reference: TTN-2026-0000012345');
    // The QR code is drawn as an image (with its transparency mask) besides the logo.
    const images = (pdf: Buffer) =>
      pdf.toString('latin1').match(/\/Subtype\s*\/Image/g)?.length ?? 0;
    expect(images(fr)).toBeGreaterThan(images(await renderInvoicePdf(INVOICE, 'fr', LOGO)));
  });

  it('is drawn the same from the same acceptance, and differs from the document without it', async () => {
    const once = sha256(await renderInvoicePdf(INVOICE, 'fr', LOGO, ttn));
    expect(sha256(await renderInvoicePdf(INVOICE, 'fr', LOGO, ttn))).toBe(once);
    expect(once).not.toBe(PINNED.invoiceFr);
  });
});

/** Drawn by pdfkit 0.20.2 on Node 20 (issue #25); see the top of this file before changing. */
const PINNED = {
  invoiceEn: '205b031189793fda3421f18767100f4accc8d12bd5ca848681fef38f7d716df2',
  invoiceFr: '15c1e5277e30f94490236a3fb9df2a35a6483daafe71df3a09540f0237a97b46',
  invoiceWithoutLogo: '56c3bf666a501755817720a063a9ea9f61c27b694301982fad529e7c6c5843ce',
  creditNoteFr: 'e37a826bf4a221cffde55b1e415c3d8cf10e66c1c3251f1c139dcc9336bb2478',
};
