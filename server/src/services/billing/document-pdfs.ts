// The PDFs of routes/invoices.ts, in the reader's language (English unless asked): an invoice
// or credit note from its frozen data and logo, and an order's packing slip from the order as it
// is now (it is not a frozen document).
import type { Db } from '../../db/database';
import { loadLogo, type Language } from '../../documents/pdf';
import { renderInvoicePdf } from '../../documents/invoice-pdf';
import { renderPackingSlipPdf } from '../../documents/packing-slip-pdf';
import type { Storage } from '../../storage/storage';
import { documentLogo } from './document-logos';
import { getInvoice, packingSlipOf } from './invoices';

/** A rendered document and the name it downloads under. */
export interface PdfFile {
  pdf: Buffer;
  fileName: string;
}

export async function invoicePdf(
  db: Db,
  storage: Storage,
  id: number,
  language: Language = 'en',
): Promise<PdfFile> {
  const invoice = await getInvoice(db, id);
  const logo = await documentLogo(db, storage, invoice.seller.logo_key);
  const { teif, ...content } = invoice;
  // An e-invoice TTN accepted prints its reference and QR code (#30); others as before.
  const ttn =
    teif.status === 'accepted' && teif.reference && teif.qr_code
      ? { reference: teif.reference, qr_code: teif.qr_code }
      : null;
  const pdf = await renderInvoicePdf(content, language, logo, ttn);
  return { pdf, fileName: `${invoice.number}.pdf` };
}

export async function packingSlipPdf(
  db: Db,
  storage: Storage,
  orderId: number,
  now: Date,
  language: Language = 'en',
): Promise<PdfFile> {
  const slip = await packingSlipOf(db, orderId);
  const logo = await loadLogo(storage, slip.logo_key);
  const pdf = await renderPackingSlipPdf(slip, language, logo, now.toISOString());
  return { pdf, fileName: `packing-slip-${slip.order_number}.pdf` };
}
