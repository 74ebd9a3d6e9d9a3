/**
 * Bulk actions on orders (bulkUpdateOrderStatus; issue #28 point 5) over the order fixtures, as
 * the server answers (services/orders/order-bulk.ts): each order in id order, 'Order not found'
 * for an unknown id, unchanged when already in the status, refused with updateOrderStatus's own
 * 409 (a reopening short of stock), changed otherwise. Writes keep nothing, as the other mock
 * writes. The one-PDF print (printOrderDocuments) answers one page per order naming it, or the
 * server's refusals: 404 naming the ids of no order, 409 naming the orders without an invoice in
 * force (their last document is not an invoice).
 */
import { HttpResponse } from 'msw';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type {
  OrderBulkStatus,
  OrderBulkStatusResult,
  OrderDocumentsOrder,
  OrderDocumentsRequest,
} from '@generated/model';
import { invoicesOf, orderDetails } from '../fixtures';
import { endpoint, json, notFound } from './endpoint';
import { reopenRefusal } from './orders';

/** The server's answer to this bulk status change of the fixtures' orders. */
function bulkResult(body: OrderBulkStatus): OrderBulkStatusResult {
  const result: OrderBulkStatusResult = { changed: [], unchanged: [], refused: [] };
  for (const id of [...new Set(body.order_ids)].sort((a, b) => a - b)) {
    const order = orderDetails.find((o) => o.id === id);
    if (!order) {
      result.refused.push({ id, order_number: null, status: null, detail: 'Order not found' });
      continue;
    }
    if (order.status === body.status) {
      result.unchanged.push(id);
      continue;
    }
    const refusal = reopenRefusal(order, body.status);
    if (refusal)
      result.refused.push({
        id,
        order_number: order.order_number,
        status: order.status,
        detail: refusal,
      });
    else
      result.changed.push({
        id,
        order_number: order.order_number,
        from_status: order.status,
        status: body.status,
      });
  }
  return result;
}

/** A PDF of one A4 page per order, its order number written on it (what a viewer can open). */
async function printPdf(orderNumbers: readonly string[]): Promise<ArrayBuffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const number of orderNumbers) {
    pdf.addPage([595, 842]).drawText(number, { x: 50, y: 780, size: 14, font });
  }
  const bytes = await pdf.save();
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

/** The server's answer to this print of the fixtures' orders. */
async function printAnswer(body: OrderDocumentsRequest): Promise<Response> {
  const unknown = body.order_ids.filter((id) => !orderDetails.some((o) => o.id === id));
  if (unknown.length > 0)
    return notFound(`Order not found: ${unknown.map((id) => `#${id}`).join(', ')}`);
  const orders = orderDetails.filter((o) => body.order_ids.includes(o.id));
  orders.sort((a, b) => body.order_ids.indexOf(a.id) - body.order_ids.indexOf(b.id));
  if (body.kind === 'invoice') {
    const without: OrderDocumentsOrder[] = orders
      .filter((o) => invoicesOf(o.id).at(-1)?.kind !== 'invoice')
      .map((o) => ({ id: o.id, order_number: o.order_number }));
    if (without.length > 0)
      return json(
        {
          detail: `No invoice in force for ${without.map((o) => o.order_number).join(', ')}`,
          orders_without_invoice: without,
        },
        409,
      );
  }
  const name = body.kind === 'invoice' ? 'invoices' : 'packing-slips';
  return new HttpResponse(await printPdf(orders.map((o) => o.order_number)), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${name}-${new Date().toISOString().slice(0, 10)}.pdf"`,
    },
  });
}

export const orderBulk = {
  /** POST /admin/orders/bulk-status → which orders changed, were unchanged or were refused */
  status: endpoint(
    'post',
    '/admin/orders/bulk-status',
    (result?: OrderBulkStatusResult) =>
      ({ body }) =>
        json(result ?? bulkResult(body as OrderBulkStatus)),
  ),
  /** POST /admin/orders/documents?lang → the orders' invoices or packing slips as one PDF */
  documents: endpoint(
    'post',
    '/admin/orders/documents',
    () =>
      ({ body }) =>
        printAnswer(body as OrderDocumentsRequest),
  ),
};
