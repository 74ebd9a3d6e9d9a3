// Invoices tag: an order's invoices and credit notes (as data and as PDF) and its packing slip.
// Access (orders:read, orders:write for issuing) is enforced before these handlers run.
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../context';
import { sendDownload } from '../http/download';
import type { Handlers } from '../http/types';
import { invoicePdf, packingSlipPdf, type PdfFile } from '../services/billing/document-pdfs';
import { getInvoice, issueInvoice, listOrderInvoices } from '../services/billing/invoices';
import { invoiceTeif, submitInvoiceTeif } from '../services/billing/teif';
import { orderDocumentsPdf } from '../services/orders/order-bulk';
import { mediaStorage } from '../services/platform/media';

/** Sends a PDF as a download named `fileName`. */
function sendPdf(reply: FastifyReply, { pdf, fileName }: PdfFile): FastifyReply {
  return sendDownload(reply, {
    contentType: 'application/pdf',
    size: pdf.length,
    fileName,
    body: pdf,
  });
}

export function invoicesHandlers(ctx: AppContext): Handlers {
  const { db } = ctx;
  const storage = mediaStorage(ctx.config);
  return {
    listOrderInvoices: (request) => listOrderInvoices(db, request.params.id),

    issueInvoice: async (request, reply) => {
      const invoice = await issueInvoice(ctx, request.params.id, request.admin);
      reply.code(201);
      return invoice;
    },

    getInvoice: (request) => getInvoice(db, request.params.id),

    getInvoicePdf: async (request, reply) =>
      sendPdf(reply, await invoicePdf(db, storage, request.params.id, request.query.lang)),

    // The orders list's bulk print (tag Orders): the same PDFs, joined.
    printOrderDocuments: async (request, reply) =>
      sendPdf(reply, await orderDocumentsPdf(ctx, storage, request.body, request.query.lang)),

    // The document as a TEIF e-invoice (#30), signed when the shop has a certificate.
    getInvoiceTeif: async (request, reply) => {
      const { xml, fileName } = await invoiceTeif(ctx, request.params.id);
      const body = Buffer.from(xml, 'utf8');
      return sendDownload(reply, {
        contentType: 'application/xml',
        size: body.length,
        fileName,
        body,
      });
    },

    submitInvoiceTeif: async (request, reply) => {
      const invoice = await submitInvoiceTeif(ctx, request.params.id, request.admin);
      reply.code(202);
      return invoice;
    },

    getPackingSlipPdf: async (request, reply) =>
      sendPdf(
        reply,
        await packingSlipPdf(db, storage, request.params.id, ctx.now(), request.query.lang),
      ),
  };
}
