// Payments of an order (issue #28 part 4; docs/product.md "Payments"): recording a payment or a
// refund, removing one recorded by mistake, and listing them with the order's balance.
//
// - A payment's amount is above 0; a refund's below 0, and it names a credit note of the same
//   order: refunds against a credit note never pay back more than its total_incl_vat (what the
//   order owed for the lines it credits), plus the stamp duty it takes back when the buyer paid
//   it at checkout (#30, domain/payments.ts refundLimit; an order placed before #30 never
//   charged it, so its credit note's stamp duty is not the buyer's to get back).
// - withholding_amount is the tax a professional buyer kept (with its certificate): it settles
//   the order together with the amount, so a buyer paying 99.000 and withholding 1.000 settled
//   100.000. Only on a payment of a professional's order.
// - received_on is a shop day (its time zone) up to today: money is recorded once received.
// - A removed payment keeps its row (removed_at, removed_by) and counts no more; removing is
//   audited as a delete of the payment with its fields.
// - Every write locks the order's row first (PostgreSQL `for update`; SQLite has one writer),
//   so two refunds of one credit note are checked one after the other, then refreshes the
//   order's balance (order-balance.ts) in the same transaction.
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context';
import type { Database, OrderPaymentRow } from '../../db/schema';
import type { Db, DialectName } from '../../db/database';
import type { Schemas } from '../../api/types';
import { conflict, invalid, notFound } from '../../api/problem';
import { json, money } from '../../api/present';
import { fromMillimes, MAX_MILLIMES, toMillimes } from '../../domain/money';
import { refundLimit, shopDay } from '../../domain/payments';
import { recordAudit, type AuditActor } from '../platform/audit';
import { shopTimeZone } from '../platform/shop-settings';
import { ORDER_NOT_FOUND } from './order-lookup';
import { readOrderBalance, refreshOrderBalance } from './order-balance';
import { getAdminOrder } from './orders';
import { emitWebhookEvent } from '../webhooks/outbox';

type OrderPayments = Schemas['OrderPayments'];
type OrderPaymentCreate = Schemas['OrderPaymentCreate'];
type Trx = Transaction<Database>;

const PAYMENT_NOT_FOUND = 'Payment not found';
const PAYMENT_ALREADY_REMOVED = 'This payment was already removed';

// ---------------------------------------------------------------------------------------------
// Presenting

function presentPayment(row: OrderPaymentRow): Schemas['OrderPayment'] {
  return {
    id: row.id,
    order_id: row.order_id,
    amount: money(row.amount),
    withholding_amount: money(row.withholding_amount),
    withholding_certificate: row.withholding_certificate,
    method: row.method,
    received_on: row.received_on,
    reference: row.reference,
    credit_note_id: row.credit_note_id,
    remittance_id: row.remittance_id,
    recorded_by: row.recorded_by,
    created_at: row.created_at,
    removed_at: row.removed_at,
    removed_by: row.removed_by,
  };
}

/** The order's payments (oldest first, removed ones included) and its balance. */
export async function listOrderPayments(db: Db, orderId: number): Promise<OrderPayments> {
  const [balance, rows] = await Promise.all([
    readOrderBalance(db, orderId),
    db
      .selectFrom('order_payments')
      .selectAll()
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute(),
  ]);
  return {
    order_id: orderId,
    payment_status: balance.payment_status,
    amount_paid: money(balance.settled),
    balance_due: money(balance.balance_due),
    payments: rows.map(presentPayment),
  };
}

// ---------------------------------------------------------------------------------------------
// Shared checks

/** The order's row, locked for the rest of the transaction on PostgreSQL; 404 when missing. */
async function lockOrder(trx: Trx, dialect: DialectName, orderId: number) {
  const query = trx
    .selectFrom('orders')
    .select([
      'id',
      'order_number',
      'customer_type',
      'payment_method',
      'balance_due',
      'payment_status',
    ])
    .where('id', '=', orderId);
  const order = await (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
  if (!order) throw notFound(ORDER_NOT_FOUND);
  return order;
}

/** 422 on `loc` when `day` is after today in the shop's time zone. */
export async function requireReceived(db: Db, day: string, at: Date, loc: string[]) {
  const today = shopDay(at, await shopTimeZone(db));
  if (day > today) throw invalid(loc, `received_on must not be after today (${today})`);
}

/** Trimmed text; blank is none. */
export const cleanText = (text: string | null | undefined): string | null => {
  const trimmed = text?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

/** Millimes of a SignedMoney within the contract's Money range, or 422 on the field. */
function signedMillimes(text: string, field: string): number {
  const millimes = toMillimes(text);
  if (Math.abs(millimes) > MAX_MILLIMES) {
    throw invalid(['body', field], 'The amount must be from -999999999.999 to 999999999.999');
  }
  return millimes;
}

/** What the payment's audit entry shows of it. */
const auditValues = (p: Omit<OrderPaymentRow, 'id' | 'created_at'>) => ({
  order_id: p.order_id,
  amount: money(p.amount),
  withholding_amount: money(p.withholding_amount),
  withholding_certificate: p.withholding_certificate,
  method: p.method,
  received_on: p.received_on,
  reference: p.reference,
  credit_note_id: p.credit_note_id,
  remittance_id: p.remittance_id,
});

type NewPayment = Omit<
  OrderPaymentRow,
  'id' | 'created_at' | 'removed_at' | 'removed_by_admin_id' | 'removed_by'
>;

/** Inserts a payment with its audit entry (label: the order's number); returns its id. */
export async function insertPayment(
  trx: Trx,
  payment: NewPayment,
  orderNumber: string,
  actor: AuditActor,
  now: Date,
): Promise<number> {
  const { id } = await trx
    .insertInto('order_payments')
    .values({ ...payment, created_at: now.toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  await recordAudit(
    trx,
    actor,
    {
      action: 'create',
      entity: 'order_payment',
      entity_id: id,
      label: orderNumber,
      after: auditValues({
        ...payment,
        removed_at: null,
        removed_by: null,
        removed_by_admin_id: null,
      }),
    },
    now,
  );
  return id;
}

// ---------------------------------------------------------------------------------------------
// Refunds

/** Millimes a credit note still lets the order pay back: its total less its refunds. */
async function refundableOf(
  trx: Trx,
  creditNoteId: number,
  order: { id: number; order_number: string },
): Promise<{ number: string; left: number }> {
  const note = await trx
    .selectFrom('invoices')
    .select(['id', 'kind', 'number', 'order_id', 'content'])
    .where('id', '=', creditNoteId)
    .executeTakeFirst();
  if (!note || note.kind !== 'credit_note' || note.order_id !== order.id) {
    throw invalid(
      ['body', 'credit_note_id'],
      `Document ${creditNoteId} is not a credit note of order ${order.order_number}`,
    );
  }
  const content = json<{ total_incl_vat?: string; stamp_duty?: string }>(note.content, {});
  const charged = await trx
    .selectFrom('orders')
    .select('stamp_duty_amount')
    .where('id', '=', order.id)
    .executeTakeFirstOrThrow();
  const refunded = await trx
    .selectFrom('order_payments')
    .select((eb) => eb.fn.sum<number | string | null>('amount').as('n'))
    .where('credit_note_id', '=', creditNoteId)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  const total = refundLimit(
    {
      total_incl_vat: toMillimes(content.total_incl_vat ?? '0'),
      stamp_duty: toMillimes(content.stamp_duty ?? '0'),
    },
    charged.stamp_duty_amount !== null,
  );
  return { number: note.number, left: total + Number(refunded?.n ?? 0) };
}

// ---------------------------------------------------------------------------------------------
// Writing

interface Writer {
  admin: AuditActor;
}

/** Records a payment or a refund (see the header) and refreshes the order's balance. */
/**
 * The order's balance refreshed after a payment was recorded (by hand or a carrier's remittance),
 * and its order.paid event (#31) when this payment made it paid.
 */
export async function refreshAfterPayment(trx: Trx, orderId: number, now: Date): Promise<void> {
  const before = await trx
    .selectFrom('orders')
    .select('payment_status')
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  const balance = await refreshOrderBalance(trx, orderId);
  if (balance.payment_status === 'paid' && before.payment_status !== 'paid') {
    await emitWebhookEvent(trx, 'order.paid', now, () => getAdminOrder(trx, orderId));
  }
}

export async function createOrderPayment(
  ctx: AppContext,
  orderId: number,
  body: OrderPaymentCreate,
  { admin }: Writer,
): Promise<OrderPayments> {
  const now = ctx.now();
  const amount = signedMillimes(body.amount, 'amount');
  const withholding = toMillimes(body.withholding_amount ?? '0');
  const certificate = cleanText(body.withholding_certificate);
  const creditNoteId = body.credit_note_id ?? null;
  if (amount === 0) {
    throw invalid(
      ['body', 'amount'],
      'The amount must not be 0: a payment is above 0, a refund below 0',
    );
  }
  if (creditNoteId === null && amount < 0) {
    throw invalid(
      ['body', 'credit_note_id'],
      'A refund (a negative amount) must name the credit note it pays back',
    );
  }
  if (creditNoteId !== null && amount > 0) {
    throw invalid(['body', 'amount'], 'A refund of a credit note is a negative amount');
  }
  if (withholding > 0 && amount < 0) {
    throw invalid(['body', 'withholding_amount'], 'A refund has no withholding');
  }
  if (certificate !== null && withholding === 0) {
    throw invalid(
      ['body', 'withholding_certificate'],
      'A withholding certificate goes with a withholding amount',
    );
  }
  return ctx.db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, ctx.dialect, orderId);
    if (withholding > 0 && order.customer_type !== 'professional') {
      throw invalid(
        ['body', 'withholding_amount'],
        "Only a professional buyer withholds tax; this order is an individual's",
      );
    }
    await requireReceived(trx, body.received_on, now, ['body', 'received_on']);
    if (creditNoteId !== null) {
      const { number, left } = await refundableOf(trx, creditNoteId, order);
      if (-amount > left) {
        throw conflict(
          `The refund of ${fromMillimes(-amount)} is more than credit note ${number} leaves ` +
            `to pay back: ${fromMillimes(left)}`,
        );
      }
    }
    await insertPayment(
      trx,
      {
        order_id: orderId,
        amount,
        withholding_amount: withholding,
        withholding_certificate: certificate,
        method: body.method,
        received_on: body.received_on,
        reference: cleanText(body.reference),
        credit_note_id: creditNoteId,
        remittance_id: null,
        recorded_by_admin_id: admin?.id ?? null,
        recorded_by: admin?.username ?? null,
      },
      order.order_number,
      admin,
      now,
    );
    await refreshAfterPayment(trx, orderId, now);
    return listOrderPayments(trx, orderId);
  });
}

/** Marks a payment removed (kept, counted no more), audited, and refreshes the balance. */
export async function removeOrderPayment(
  ctx: AppContext,
  orderId: number,
  paymentId: number,
  { admin }: Writer,
): Promise<OrderPayments> {
  const now = ctx.now();
  return ctx.db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, ctx.dialect, orderId);
    const payment = await trx
      .selectFrom('order_payments')
      .selectAll()
      .where('id', '=', paymentId)
      .where('order_id', '=', orderId)
      .executeTakeFirst();
    if (!payment) throw notFound(PAYMENT_NOT_FOUND);
    if (payment.removed_at !== null) throw conflict(PAYMENT_ALREADY_REMOVED);
    await trx
      .updateTable('order_payments')
      .set({
        removed_at: now.toISOString(),
        removed_by_admin_id: admin?.id ?? null,
        removed_by: admin?.username ?? null,
      })
      .where('id', '=', paymentId)
      .execute();
    await recordAudit(
      trx,
      admin,
      {
        action: 'delete',
        entity: 'order_payment',
        entity_id: paymentId,
        label: order.order_number,
        before: auditValues(payment),
      },
      now,
    );
    await refreshOrderBalance(trx, orderId);
    return listOrderPayments(trx, orderId);
  });
}
