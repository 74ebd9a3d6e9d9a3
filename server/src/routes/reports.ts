// Reports tag (#30): the accountant's books, the VAT return, the sales register and the
// withholding, as JSON, CSV and PDF (services/reports/). Access (reports:read: super_admin and
// admin) is enforced before these handlers run.
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../context';
import { sendCsv } from '../http/csv';
import { sendDownload } from '../http/download';
import { withDefaults } from '../http/query';
import type { Handlers } from '../http/types';
import type { PdfFile } from '../services/billing/document-pdfs';
import {
  exportSalesRegisterCsv,
  getSalesRegister,
  salesRegisterPdf,
} from '../services/reports/sales-register';
import { exportVatReturnCsv, getVatReturn, vatReturnPdf } from '../services/reports/vat-return';
import { exportWithholdingCsv, getWithholdingReport } from '../services/reports/withholding';

const sendPdf = (reply: FastifyReply, { pdf, fileName }: PdfFile) =>
  sendDownload(reply, { contentType: 'application/pdf', size: pdf.length, fileName, body: pdf });

export function reportsHandlers(ctx: AppContext): Handlers {
  return {
    getVatReturn: (request) => getVatReturn(ctx, request.query.month),

    exportVatReturnCsv: async (request, reply) => {
      const { month, separator } = withDefaults(request.query, 'separator');
      return sendCsv(reply, await exportVatReturnCsv(ctx, month, separator));
    },

    getVatReturnPdf: async (request, reply) => {
      const { month, lang } = withDefaults(request.query, 'lang');
      return sendPdf(reply, await vatReturnPdf(ctx, month, lang));
    },

    getSalesRegister: async (request, reply) => {
      const register = await getSalesRegister(ctx, withDefaults(request.query, 'skip', 'limit'));
      reply.header('X-Total-Count', String(register.total));
      return register;
    },

    exportSalesRegisterCsv: async (request, reply) => {
      const { separator, ...period } = withDefaults(request.query, 'separator');
      return sendCsv(reply, await exportSalesRegisterCsv(ctx, period, separator));
    },

    getSalesRegisterPdf: async (request, reply) => {
      const { lang, ...period } = withDefaults(request.query, 'lang');
      return sendPdf(reply, await salesRegisterPdf(ctx, period, lang));
    },

    getWithholdingReport: (request) => getWithholdingReport(ctx, request.query.month),

    exportWithholdingCsv: async (request, reply) => {
      const { month, separator } = withDefaults(request.query, 'separator');
      return sendCsv(reply, await exportWithholdingCsv(ctx, month, separator));
    },
  };
}
