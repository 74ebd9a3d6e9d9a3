import { HttpResponse } from 'msw';
import type { Invoice } from '@generated/model';
import { invoices as fixtures, invoicesOf, orderDetails } from '../fixtures';
import { mayBeInvoiced } from '../../contract/order-status';
import { documentOf } from '../fixtures/invoices';
import * as crud from './crud';
import { orderRead } from './orders';
import { endpoint, json, newId, notFound, now } from './endpoint';

const findOrder = (id: string | undefined) => orderDetails.find((o) => String(o.id) === id);

/** A one-page, empty A4 PDF with a correct cross-reference table: what a viewer can open. */
function tinyPdf(): string {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets = objects.map((object, index) => {
    const offset = body.length;
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return body;
}

/** The PDF answer of the server: an attachment named `fileName`. */
export const pdf = (fileName: string) =>
  new HttpResponse(tinyPdf(), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${fileName}"`,
    },
  });

/** What the server answers while TTN_URL is not set (services/billing/teif.ts TEIF_OFF). */
const TEIF_OFF = 'E-invoicing is off: set TTN_URL to submit documents to TTN';

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A short TEIF of the document: its root, sender, number and type (the server writes it all). */
const teifXml = (document: Invoice) =>
  [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<TEIF controlingAgency="TTN" version="1.8.8">',
    '  <InvoiceHeader>',
    `    <MessageSenderIdentifier type="I-01">${document.seller.matricule_fiscal.replace(/[^0-9A-Za-z]/g, '')}</MessageSenderIdentifier>`,
    '  </InvoiceHeader>',
    '  <InvoiceBody>',
    '    <Bgm>',
    `      <DocumentIdentifier>${escapeXml(document.number)}</DocumentIdentifier>`,
    `      <DocumentType code="${document.kind === 'invoice' ? 'I-11' : 'I-13'}">${document.kind === 'invoice' ? 'Facture' : 'Avoir'}</DocumentType>`,
    '    </Bgm>',
    '  </InvoiceBody>',
    '</TEIF>',
    '',
  ].join('\n');

/** The document the server would issue now for the order (its next number, made up). */
const issued = (orderId: number): Invoice | undefined => {
  const order = orderDetails.find((o) => o.id === orderId);
  return (
    order &&
    documentOf(order, {
      id: newId(),
      number: `INV-${new Date().getFullYear()}-000004`,
      issued_at: now(),
      issued_by: 'admin',
    })
  );
};

export const invoices = {
  /** GET /admin/orders/{id}/invoices → the order's documents, oldest first */
  listForOrder: orderRead('/admin/orders/:id/invoices', (order) => invoicesOf(order.id)),
  /** POST /admin/orders/{id}/invoices → 201 the invoice; 409 with an invoice in force */
  issue: endpoint('post', '/admin/orders/:id/invoices', (result?: Invoice) => ({ params }) => {
    const order = findOrder(params.id);
    if (!order) return notFound('Order not found');
    if (!mayBeInvoiced(order.status))
      return json({ detail: 'A cancelled or refunded order cannot be invoiced' }, 409);
    if (invoicesOf(order.id).at(-1)?.kind === 'invoice')
      return json({ detail: 'This order already has an invoice' }, 409);
    return json(result ?? issued(order.id), 201);
  }),
  /** GET /admin/invoices/{id} (404 'Invoice not found') */
  get: crud.getById('/admin/invoices/:id', fixtures, 'Invoice'),
  /** GET /admin/invoices/{id}/pdf?lang → application/pdf, attachment <number>.pdf */
  pdf: endpoint('get', '/admin/invoices/:id/pdf', () => ({ params }) => {
    const document = fixtures.find((d) => String(d.id) === params.id);
    return document ? pdf(`${document.number}.pdf`) : notFound('Invoice not found');
  }),
  /** GET /admin/invoices/{id}/teif → application/xml, attachment <number>.xml (unsigned, short) */
  teif: endpoint('get', '/admin/invoices/:id/teif', () => ({ params }) => {
    const document = fixtures.find((d) => String(d.id) === params.id);
    if (!document) return notFound('Invoice not found');
    return new HttpResponse(teifXml(document), {
      headers: {
        'Content-Type': 'application/xml',
        'Content-Disposition': `attachment; filename="${document.number}.xml"`,
      },
    });
  }),
  /**
   * POST /admin/invoices/{id}/teif/submission → 409 "E-invoicing is off…" as a server without
   * TTN_URL answers; `submitTeif(result)` (a story's override) → 202 with that document, its teif
   * queued; `submitTeif(undefined, detail)` → 409 with that detail.
   */
  submitTeif: endpoint(
    'post',
    '/admin/invoices/:id/teif/submission',
    (result?: Invoice, detail: string = TEIF_OFF) =>
      ({ params }) => {
        const document = fixtures.find((d) => String(d.id) === params.id);
        if (!document) return notFound('Invoice not found');
        if (!result) return json({ detail }, 409);
        return json(result, 202);
      },
  ),
  /** GET /admin/orders/{id}/packing-slip?lang → application/pdf, packing-slip-<order>.pdf */
  packingSlip: endpoint('get', '/admin/orders/:id/packing-slip', () => ({ params }) => {
    const order = findOrder(params.id);
    return order ? pdf(`packing-slip-${order.order_number}.pdf`) : notFound('Order not found');
  }),
};
