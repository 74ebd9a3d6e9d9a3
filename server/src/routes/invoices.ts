// Invoices tag: an order's invoices and credit notes (as data and as PDF) and its packing slip.
// Access (orders:read, orders:write for issuing) is enforced before these handlers run.
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../context';
import { loadLogo, type Language } from '../documents/pdf';
import { renderInvoicePdf } from '../documents/invoice-pdf';
import { renderPackingSlipPdf } from '../documents/packing-slip-pdf';
import type { Handlers } from '../http/types';
import { getInvoice, issueInvoice, listOrderInvoices, packingSlipOf } from '../services/invoices';
import { mediaStorage } from '../services/media';
import { documentLogo } from '../services/document-logos';

/** Sends a PDF as a download named `fileName`. */
function sendPdf(reply: FastifyReply, pdf: Buffer, fileName: string): FastifyReply {
  return reply
    .code(200)
    .headers({
      'content-type': 'application/pdf',
      'content-length': String(pdf.length),
      'content-disposition': `attachment; filename="${fileName}"`,
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    })
    .send(pdf);
}

export function invoicesHandlers(ctx: AppContext): Handlers {
  const { db } = ctx;
  const storage = mediaStorage(ctx.config);
  const language = (lang: Language | undefined): Language => lang ?? 'en';
  return {
    listOrderInvoices: (request) => listOrderInvoices(db, request.params.id),

    issueInvoice: async (request, reply) => {
      const invoice = await issueInvoice(ctx, request.params.id, request.admin);
      reply.code(201);
      return invoice;
    },

    getInvoice: (request) => getInvoice(db, request.params.id),

    getInvoicePdf: async (request, reply) => {
      const invoice = await getInvoice(db, request.params.id);
      const logo = await documentLogo(db, storage, invoice.seller.logo_key);
      const pdf = await renderInvoicePdf(invoice, language(request.query.lang), logo);
      return sendPdf(reply, pdf, `${invoice.number}.pdf`);
    },

    getPackingSlipPdf: async (request, reply) => {
      const slip = await packingSlipOf(db, request.params.id);
      const logo = await loadLogo(storage, slip.logo_key);
      const pdf = await renderPackingSlipPdf(
        slip,
        language(request.query.lang),
        logo,
        ctx.now().toISOString(),
      );
      return sendPdf(reply, pdf, `packing-slip-${slip.order_number}.pdf`);
    },
  };
}
