// Bulk actions on orders (issue #28 point 5; docs/product.md §10.17 "Bulk actions on orders").
//
// bulkUpdateOrderStatus applies updateOrderStatus to each order, one after the other in id order,
// each in its own transaction, so that one order refused (short stock when reopening, a document
// that cannot be issued) never holds back the others, and so that each change is exactly the one
// a single call makes: its history entry, stock effect, invoice or credit note and audit entry
// (orders.ts transition). Nothing is decided here but which orders were changed, which already
// had the status and which were refused, with the refusal's own detail.
//
// orderDocumentsPdf joins the invoices or packing slips of many orders into one PDF by copying
// the pages of each order's own download (document-pdfs.ts), never redrawing them: an invoice is
// a legal document, and its part of the joined file must be the very pages the single download
// gives. All or nothing, unlike the status change: a print that silently lacks an order's invoice
// would be taken for the whole batch, so an order that cannot be printed refuses the print and
// is named, to be left out or invoiced first.
import { PDFDocument } from 'pdf-lib';
import type { AppContext } from '../../context';
import type { AdminUserRow, OrderStatus } from '../../db/schema';
import type { Language } from '../../documents/pdf';
import { HttpProblem, notFound } from '../../api/problem';
import type { Schemas } from '../../api/types';
import type { Storage } from '../../storage/storage';
import { invoicePdf, packingSlipPdf, type PdfFile } from '../billing/document-pdfs';
import { inForce } from '../billing/invoices';
import { shopDate } from '../platform/csv-export';
import { ORDER_NOT_FOUND } from './order-lookup';
import { updateOrderStatus } from './orders';

type Result = Schemas['OrderBulkStatusResult'];
type Admin = Pick<AdminUserRow, 'id' | 'username'> | null;

/** The detail a refusal answers with (a 422's issues joined, as HttpProblem's message). */
const detailOf = (problem: HttpProblem) =>
  typeof problem.detail === 'string' ? problem.detail : problem.message;

export async function bulkUpdateOrderStatus(
  ctx: AppContext,
  body: { order_ids: number[]; status: OrderStatus; note?: string | null },
  admin: Admin,
): Promise<Result> {
  const ids = [...new Set(body.order_ids)].sort((a, b) => a - b);
  const found = new Map(
    (
      await ctx.db
        .selectFrom('orders')
        .select(['id', 'order_number', 'status'])
        .where('id', 'in', ids)
        .execute()
    ).map((o) => [o.id, o]),
  );
  const result: Result = { changed: [], unchanged: [], refused: [] };
  for (const id of ids) {
    const before = found.get(id);
    if (!before) {
      result.refused.push({ id, order_number: null, status: null, detail: ORDER_NOT_FOUND });
      continue;
    }
    if (before.status === body.status) {
      // updateOrderStatus would change nothing and add no entry.
      result.unchanged.push(id);
      continue;
    }
    try {
      const after = await updateOrderStatus(
        ctx,
        id,
        { status: body.status, note: body.note ?? null },
        admin,
      );
      result.changed.push({
        id,
        order_number: after.order_number,
        from_status: before.status,
        status: after.status,
      });
    } catch (err) {
      if (!(err instanceof HttpProblem)) throw err;
      result.refused.push({
        id,
        order_number: before.order_number,
        status: before.status,
        detail: detailOf(err),
      });
    }
  }
  return result;
}

type DocumentsRequest = Schemas['OrderDocumentsRequest'];

/** The file name of a joined print, by kind (the day is the shop's). */
const PRINT_NAMES: Record<DocumentsRequest['kind'], string> = {
  invoice: 'invoices',
  packing_slip: 'packing-slips',
};

/**
 * The invoices in force (kind invoice) or the packing slips (kind packing_slip) of the orders,
 * in the order of `order_ids`, as one PDF. 404 naming the ids of no order; 409 naming the orders
 * without an invoice in force (an invoice print), in detail and in orders_without_invoice.
 * The schema bounds the ids (1 to 500, each once), so the work is bounded too.
 */
export async function orderDocumentsPdf(
  ctx: AppContext,
  storage: Storage,
  body: DocumentsRequest,
  language: Language = 'en',
): Promise<PdfFile> {
  const ids = body.order_ids;
  const orders = new Map(
    (
      await ctx.db
        .selectFrom('orders')
        .select(['id', 'order_number'])
        .where('id', 'in', ids)
        .execute()
    ).map((o) => [o.id, o.order_number]),
  );
  const unknown = ids.filter((id) => !orders.has(id));
  if (unknown.length > 0) {
    throw notFound(`${ORDER_NOT_FOUND}: ${unknown.map((id) => `#${id}`).join(', ')}`);
  }

  const now = ctx.now();
  const parts: (() => Promise<PdfFile>)[] = [];
  if (body.kind === 'invoice') {
    const invoices = new Map(
      (
        await ctx.db
          .selectFrom('invoices as i')
          .select(['i.id', 'i.order_id'])
          .where('i.order_id', 'in', ids)
          .where('i.kind', '=', 'invoice')
          .where(inForce)
          .execute()
      ).map((i) => [i.order_id, i.id]),
    );
    const without: Schemas['OrderDocumentsOrder'][] = [];
    for (const id of ids) {
      const invoiceId = invoices.get(id);
      if (invoiceId === undefined) without.push({ id, order_number: orders.get(id) ?? '' });
      else parts.push(() => invoicePdf(ctx.db, storage, invoiceId, language));
    }
    if (without.length > 0) {
      throw new HttpProblem(
        409,
        `No invoice in force for ${without.map((o) => o.order_number).join(', ')}`,
        {},
        { orders_without_invoice: without },
      );
    }
  } else {
    for (const id of ids) parts.push(() => packingSlipPdf(ctx.db, storage, id, now, language));
  }

  const joined = await PDFDocument.create();
  // One part at a time: only the joined file and one download are held at once.
  for (const part of parts) {
    const source = await PDFDocument.load((await part()).pdf);
    const pages = await joined.copyPages(source, source.getPageIndices());
    for (const page of pages) joined.addPage(page);
  }
  return {
    pdf: Buffer.from(await joined.save()),
    fileName: `${PRINT_NAMES[body.kind]}-${await shopDate(ctx.db, now)}.pdf`,
  };
}
