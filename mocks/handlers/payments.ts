/**
 * Payments of orders and cash-on-delivery remittances (tag Payments) over the fixtures, with the
 * server's own rule of the balance (server/src/domain/payments.ts) and its refusals' words.
 * Writes answer what the server would and keep nothing (as the other mock writes).
 */
import type {
  Order,
  OrderPayment,
  OrderPaymentCreate,
  OrderPayments,
  Remittance,
  RemittanceCreate,
  RemittanceRefusal,
} from '@generated/model';
import { statusRules } from '../../contract/order-status';
import { fromMillimes, toMillimes } from '../../server/src/domain/money';
import {
  orderBalance,
  recordedAgainDetail,
  refundLimit,
  remittanceAmounts,
  remittanceKey,
} from '../../server/src/domain/payments';
import { invoices, orderDetails } from '../fixtures';
import { orderPayments, remittances } from '../fixtures/payments';
import { conflict } from './conflicts';
import { adminListEndpoint, endpoint, json, newId, notFound, now, type ListSpec } from './endpoint';

const ORDER_NOT_FOUND = 'Order not found';

const findOrder = (id: string | number | undefined) =>
  orderDetails.find((o) => String(o.id) === String(id));

/**
 * The order's payments and balance, as listOrderPayments answers them; `status` is the order's
 * (another one after a status change).
 */
function paymentsOf(
  order: Pick<Order, 'id' | 'status' | 'total_amount'>,
  payments: readonly OrderPayment[] = orderPayments,
  status = order.status,
) {
  const orderId = order.id;
  const own = payments.filter((p) => p.order_id === orderId);
  const balance = orderBalance({
    credited: statusRules(status).credited,
    total: toMillimes(order.total_amount),
    returned: 0,
    payments: own
      .filter((p) => p.removed_at === null)
      .map((p) => ({
        amount: toMillimes(p.amount),
        withholding_amount: toMillimes(p.withholding_amount),
      })),
  });
  return {
    order_id: orderId,
    payment_status: balance.payment_status,
    amount_paid: fromMillimes(balance.settled),
    balance_due: fromMillimes(balance.balance_due),
    payments: own,
  } satisfies OrderPayments;
}

/** The fixture order in another status, with the balance the server keeps for it. */
export function inStatus<O extends Order>(order: O, status: O['status']): O {
  const { payment_status, amount_paid, balance_due } = paymentsOf(order, orderPayments, status);
  return { ...order, status, payment_status, amount_paid, balance_due };
}

const issue = (field: string, msg: string) =>
  json({ detail: [{ loc: ['body', field], msg, type: 'value_error' }] }, 422);

/** The server's refusal of a new payment of the fixtures' order, or null. */
function paymentRefusal(orderId: number, body: OrderPaymentCreate): Response | null {
  const amount = toMillimes(body.amount);
  const withholding = toMillimes(body.withholding_amount ?? '0');
  const creditNoteId = body.credit_note_id ?? null;
  if (amount === 0)
    return issue('amount', 'The amount must not be 0: a payment is above 0, a refund below 0');
  if (creditNoteId === null && amount < 0)
    return issue(
      'credit_note_id',
      'A refund (a negative amount) must name the credit note it pays back',
    );
  if (creditNoteId !== null && amount > 0)
    return issue('amount', 'A refund of a credit note is a negative amount');
  if (withholding > 0 && amount < 0)
    return issue('withholding_amount', 'A refund has no withholding');
  if ((body.withholding_certificate ?? '').trim() !== '' && withholding === 0)
    return issue(
      'withholding_certificate',
      'A withholding certificate goes with a withholding amount',
    );
  const order = findOrder(orderId)!;
  if (withholding > 0 && order.customer_type !== 'professional')
    return issue(
      'withholding_amount',
      "Only a professional buyer withholds tax; this order is an individual's",
    );
  if (creditNoteId === null) return null;
  const note = invoices.find((d) => d.id === creditNoteId);
  if (!note || note.kind !== 'credit_note' || note.order_id !== orderId)
    return issue(
      'credit_note_id',
      `Document ${creditNoteId} is not a credit note of order ${order.order_number}`,
    );
  const refunded = orderPayments
    .filter((p) => p.credit_note_id === creditNoteId && p.removed_at === null)
    .reduce((sum, p) => sum + toMillimes(p.amount), 0);
  // The server's limit (#30): the stamp duty the note takes back is refunded too when the order
  // charged it. An order of the fixtures charging none (placed before #30, or bearing none) gives
  // the same limit as the server's null or 0.
  const charged = toMillimes(order.stamp_duty_amount) > 0;
  const left =
    refundLimit(
      { total_incl_vat: toMillimes(note.total_incl_vat), stamp_duty: toMillimes(note.stamp_duty) },
      charged,
    ) + refunded;
  if (-amount > left)
    return conflict(
      `The refund of ${fromMillimes(-amount)} is more than credit note ${note.number} leaves ` +
        `to pay back: ${fromMillimes(left)}`,
    );
  return null;
}

/** A line of a remittance: its number in a file (else its position), order and amount. */
type MockLine = RemittanceCreate['lines'][number] & { line?: number };

/** The server's 422 for refused lines. */
function refusedAnswer(refused: RemittanceRefusal[]): Response {
  const n = refused.length;
  const detail = `${n} ${n === 1 ? 'line is' : 'lines are'} refused; nothing was recorded`;
  return json({ detail, refused }, 422);
}

/**
 * The lines of a carrier's file as the server reads them (order_number and amount columns,
 * comma or semicolon, a decimal comma in a semicolon file, blank lines skipped), or its error.
 */
function readRemittanceCsv(raw: string): MockLine[] | string {
  const text = raw.replace(/^\uFEFF/, '');
  const rows = text.split(/\r\n|\r|\n/);
  const header = rows[0] ?? '';
  if (header.trim() === '') return 'The file is empty';
  const separator = header.split(';').length > header.split(',').length ? ';' : ',';
  const names = header.split(separator).map((c) => c.trim().toLowerCase());
  const at = { order_number: names.indexOf('order_number'), amount: names.indexOf('amount') };
  for (const [column, i] of Object.entries(at))
    if (i < 0) return `The header has no ${column} column`;
  const lines: MockLine[] = [];
  rows.slice(1).forEach((row, i) => {
    if (row.trim() === '') return;
    const cells = row.split(separator).map((c) => c.trim());
    const written = cells[at.amount] ?? '';
    const amount =
      separator === ';' && /^\d+,\d+$/.test(written) ? written.replace(',', '.') : written;
    lines.push({ line: i + 2, order_number: cells[at.order_number] ?? '', amount });
  });
  return lines.length > 0 ? lines : 'The file has no data rows';
}

/** What listRemittances does with its query: newest first, ties by id, the carrier filter. */
const remittanceListSpec: ListSpec<Remittance> = {
  filters: {
    carrier: (r, carrier) => r.carrier.toLowerCase() === carrier.trim().toLowerCase(),
  },
  defaultSort: '-created_at',
  sortKeys: { created_at: (r) => r.created_at },
};

/** Every refused line of a remittance over the fixtures, as the server words them. */
function remittanceRefusals(lines: readonly MockLine[]): RemittanceRefusal[] {
  const first = new Map<string, number>();
  const refused: RemittanceRefusal[] = [];
  lines.forEach((l, i) => {
    const line = l.line ?? i + 1;
    const refuse = (reason: string) => refused.push({ line, order_number: l.order_number, reason });
    const earlier = first.get(l.order_number);
    if (earlier === undefined) first.set(l.order_number, line);
    const order = orderDetails.find((o) => o.order_number === l.order_number);
    const amount = /^\d{1,9}(\.\d{1,3})?$/.test(l.amount) ? toMillimes(l.amount) : null;
    if (amount === null) refuse(`"${l.amount}" is not an amount`);
    else if (earlier !== undefined) refuse(`The same order as line ${earlier}`);
    else if (!order) refuse('Unknown order');
    else if (order.payment_method !== 'cash_on_delivery')
      refuse(`Not a cash-on-delivery order (paid by ${order.payment_method})`);
    else if (amount <= 0) refuse('The amount must be more than 0');
    else if (amount > toMillimes(order.balance_due))
      refuse(`More than its balance due (${order.balance_due})`);
  });
  return refused;
}

/**
 * The server's 409 for a remittance recorded again by its carrier and reference (one still in
 * force: a payment of it not removed); the server also knows each imported file's fingerprint,
 * which the fixtures have none of.
 */
function recordedAgain(body: Pick<RemittanceCreate, 'carrier' | 'reference'>) {
  const key = remittanceKey(body.carrier, body.reference);
  if (key === null) return undefined;
  const earlier = remittances.find(
    (r) =>
      remittanceKey(r.carrier, r.reference) === key &&
      orderPayments.some((p) => p.remittance_id === r.id && p.removed_at === null),
  );
  if (!earlier) return undefined;
  return conflict(recordedAgainDetail(earlier, body.reference!.trim()));
}

function remittanceOf(body: RemittanceCreate, lines: readonly MockLine[]): Remittance {
  const total = lines.reduce((sum, l) => sum + toMillimes(l.amount), 0);
  const fee = toMillimes(body.fee_amount ?? '0');
  const withheld = toMillimes(body.withheld_amount ?? '0');
  return {
    id: newId(),
    carrier: body.carrier.trim(),
    received_on: body.received_on,
    reference: body.reference?.trim() || null,
    ...remittanceAmounts(total, fee, withheld),
    order_count: lines.length,
    lines: lines.map((l, i) => ({
      line: l.line ?? i + 1,
      order_id: orderDetails.find((o) => o.order_number === l.order_number)!.id,
      order_number: l.order_number,
      amount: fromMillimes(toMillimes(l.amount)),
      payment_id: newId(),
    })),
    created_by: 'admin',
    created_at: now(),
  };
}

export const payments = {
  /** GET /admin/orders/{id}/payments → the payments and balance (404 for an unknown order) */
  list: endpoint('get', '/admin/orders/:id/payments', (result?: OrderPayments) => ({ params }) => {
    if (result !== undefined) return json(result);
    const order = findOrder(params.id);
    return order ? json(paymentsOf(order)) : notFound(ORDER_NOT_FOUND);
  }),
  /** POST /admin/orders/{id}/payments → 201 the payments and balance with the new one */
  create: endpoint(
    'post',
    '/admin/orders/:id/payments',
    (result?: OrderPayments) =>
      ({ params, body }) => {
        if (result !== undefined) return json(result, 201);
        const order = findOrder(params.id);
        if (!order) return notFound(ORDER_NOT_FOUND);
        const input = body as OrderPaymentCreate;
        const refusal = paymentRefusal(order.id, input);
        if (refusal) return refusal;
        const payment: OrderPayment = {
          id: newId(),
          order_id: order.id,
          amount: fromMillimes(toMillimes(input.amount)),
          withholding_amount: fromMillimes(toMillimes(input.withholding_amount ?? '0')),
          withholding_certificate: input.withholding_certificate?.trim() || null,
          method: input.method,
          received_on: input.received_on,
          reference: input.reference?.trim() || null,
          credit_note_id: input.credit_note_id ?? null,
          remittance_id: null,
          recorded_by: 'admin',
          created_at: now(),
          removed_at: null,
          removed_by: null,
        };
        return json(paymentsOf(order, [...orderPayments, payment]), 201);
      },
  ),
  /** DELETE /admin/orders/{id}/payments/{payment_id} → the payments, that one marked removed */
  remove: endpoint(
    'delete',
    '/admin/orders/:id/payments/:payment_id',
    (result?: OrderPayments) =>
      ({ params }) => {
        if (result !== undefined) return json(result);
        const order = findOrder(params.id);
        if (!order) return notFound(ORDER_NOT_FOUND);
        const payment = orderPayments.find(
          (p) => String(p.id) === params.payment_id && p.order_id === order.id,
        );
        if (!payment) return notFound('Payment not found');
        if (payment.removed_at !== null) return conflict('This payment was already removed');
        const removed = { ...payment, removed_at: now(), removed_by: 'admin' };
        return json(
          paymentsOf(
            order,
            orderPayments.map((p) => (p === payment ? removed : p)),
          ),
        );
      },
  ),
  /** GET /admin/payments/remittances (carrier, skip/limit, X-Total-Count) */
  remittances: adminListEndpoint(
    '/admin/payments/remittances',
    remittanceListSpec,
    'orders:read',
    remittances,
  ),
  /**
   * POST /admin/payments/remittances → 201 the remittance; 409 when recorded already; 422 listing
   * every refused line
   */
  createRemittance: endpoint(
    'post',
    '/admin/payments/remittances',
    (result?: Remittance) =>
      ({ body }) => {
        if (result !== undefined) return json(result, 201);
        const input = body as RemittanceCreate;
        const again = recordedAgain(input);
        if (again) return again;
        const refused = remittanceRefusals(input.lines);
        if (refused.length > 0) return refusedAnswer(refused);
        return json(remittanceOf(input, input.lines), 201);
      },
  ),
  /**
   * POST /admin/payments/remittances/import (multipart CSV, the remittance in the query) → 201
   * the remittance of the file's lines (or the one a story gives); the server's file errors and
   * refusals, by file line
   */
  importRemittance: endpoint(
    'post',
    '/admin/payments/remittances/import',
    (result?: Remittance) =>
      async ({ request, url }) => {
        const file = (await request.formData()).get('file');
        if (!(file instanceof File))
          return json(
            { detail: [{ loc: ['body', 'file'], msg: 'Field required', type: 'missing' }] },
            422,
          );
        if (file.type !== 'text/csv' && !file.name.toLowerCase().endsWith('.csv'))
          return json({ detail: `${file.name} is not a CSV file (.csv)` }, 415);
        if (file.size > 10 * 1024 * 1024)
          return json({ detail: `${file.name} is larger than 10 MB` }, 413);
        if (result !== undefined) return json(result, 201);
        const read = readRemittanceCsv(await file.text());
        if (typeof read === 'string') return json({ detail: read }, 422);
        const query = Object.fromEntries(url.searchParams) as unknown as RemittanceCreate;
        const again = recordedAgain(query);
        if (again) return again;
        const refused = remittanceRefusals(read);
        if (refused.length > 0) return refusedAnswer(refused);
        return json(remittanceOf(query, read), 201);
      },
  ),
};
