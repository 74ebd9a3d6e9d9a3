// The bytes of an issued document, pinned: an invoice's PDF is drawn again at every download from
// its frozen content and its frozen logo only (services/billing/document-logos.ts), so the same input
// must give the same file for ever. When this fails, a change (of the renderer, of pdfkit, of
// Node's zlib or Intl) would alter documents already sent to customers: keep the old bytes for
// documents issued before it (e.g. a renderer version frozen with each document), never re-pin.
import { createHash } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { renderInvoicePdf } from './invoice-pdf';
// The invoice every document test uses (test-support/invoices.ts): the pinned bytes below are
// drawn from it.
import {
  fullCreditNoteOf,
  ISSUED_INVOICE as INVOICE,
  readPdfText,
} from '../../test-support/invoices';

const LOGO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

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
    const credit = fullCreditNoteOf(INVOICE);
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
  const text = async (pdf: Buffer) => (await readPdfText(pdf)).text;

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
