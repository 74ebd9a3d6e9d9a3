// An order's payment_status, amount_paid and balance_due (migration 029), stored on the order so
// the orders list filters by them through an index. ONE function keeps them: every writer of what
// they depend on calls refreshOrderBalance in its own transaction, after its write:
// - payments, refunds and remittances (services/orders/payments.ts);
// - status changes and cancellations (orders.ts: a credited status owes nothing);
// - returns and edits (their total_amount and the order's total);
// - the credit notes of a credited order (a stamp duty they kept is still owed, #30).
// The rule itself is domain/payments.ts orderBalance.
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { Db } from '../../db/database';
import {
  orderBalance,
  stampDutyKept,
  type Balance,
  type StampedDocument,
} from '../../domain/payments';
import { toMillimes } from '../../domain/money';
import { json } from '../../api/present';
import { notFound } from '../../api/problem';
import { statusRules } from '../../../../contract/order-status';
import { ORDER_NOT_FOUND } from './order-lookup';

/** The stamp duty of each document of the order, from its frozen content. */
async function stampedDocuments(db: Db, orderId: number): Promise<StampedDocument[]> {
  const rows = await db
    .selectFrom('invoices')
    .select(['kind', 'content'])
    .where('order_id', '=', orderId)
    .execute();
  return rows.map((r) => ({
    kind: r.kind,
    stamp_duty: toMillimes(json<{ stamp_duty?: string }>(r.content, {}).stamp_duty ?? '0'),
  }));
}

/** The order's balance from what is stored now (no write). 404 when there is no such order. */
export async function readOrderBalance(db: Db, orderId: number): Promise<Balance> {
  const [order, returned, payments] = await Promise.all([
    db
      .selectFrom('orders')
      .select(['status', 'total_amount', 'stamp_duty_amount'])
      .where('id', '=', orderId)
      .executeTakeFirst(),
    db
      .selectFrom('order_returns')
      .select((eb) => eb.fn.sum<number | string | null>('total_amount').as('n'))
      .where('order_id', '=', orderId)
      .executeTakeFirst(),
    db
      .selectFrom('order_payments')
      .select(['amount', 'withholding_amount'])
      .where('order_id', '=', orderId)
      .where('removed_at', 'is', null)
      .execute(),
  ]);
  if (!order) throw notFound(ORDER_NOT_FOUND);
  const credited = statusRules(order.status).credited;
  return orderBalance({
    credited,
    // Only a credited order reads its documents: it owes the stamp duty they kept (#30).
    stamp_duty_kept:
      credited && order.stamp_duty_amount !== null
        ? stampDutyKept(true, await stampedDocuments(db, orderId))
        : 0,
    total: Number(order.total_amount),
    returned: Number(returned?.n ?? 0),
    payments: payments.map((p) => ({
      amount: Number(p.amount),
      withholding_amount: Number(p.withholding_amount),
    })),
  });
}

/**
 * Recomputes and stores the order's payment_status, amount_paid and balance_due, in the caller's
 * transaction (after its write, so it reads it). Writes only when a figure changed, so a call
 * that changes nothing bumps no data version. 404 when there is no such order.
 */
export async function refreshOrderBalance(
  trx: Transaction<Database>,
  orderId: number,
): Promise<Balance> {
  const balance = await readOrderBalance(trx, orderId);
  await trx
    .updateTable('orders')
    .set({
      payment_status: balance.payment_status,
      amount_paid: balance.settled,
      balance_due: balance.balance_due,
    })
    .where('id', '=', orderId)
    .where((eb) =>
      eb.or([
        eb('payment_status', '!=', balance.payment_status),
        eb('amount_paid', '!=', balance.settled),
        eb('balance_due', '!=', balance.balance_due),
      ]),
    )
    .execute();
  return balance;
}
