// The review of a reverse charge that rests on a VAT number only format-checked (VIES unset or
// unreachable at checkout: domain/vat-treatment.ts initialVatNumberReview). Until an
// administrator confirms the number, the order cannot be invoiced (services/billing/invoices.ts).
import type { AppContext } from '../../context';
import type { AdminUserRow } from '../../db/schema';
import { conflict, notFound } from '../../api/problem';
import type { Schemas } from '../../api/types';
import { recordAudit } from '../platform/audit';
import { ORDER_NOT_FOUND } from './order-lookup';
import { getAdminOrder } from './orders';

export const NOTHING_TO_CONFIRM = 'This order has no VAT number awaiting confirmation';

/**
 * Confirms the order's VAT number: to_confirm → confirmed, audited, in one transaction. A
 * compare-and-set on the review state, so two confirmations give one 200 and one 409.
 */
export async function confirmOrderVatNumber(
  ctx: AppContext,
  orderId: number,
  admin: Pick<AdminUserRow, 'id' | 'username'> | null,
): Promise<Schemas['Order']> {
  const now = ctx.now().toISOString();
  return ctx.db.transaction().execute(async (trx) => {
    const order = await trx
      .selectFrom('orders')
      .select(['order_number', 'vat_number'])
      .where('id', '=', orderId)
      .executeTakeFirst();
    if (!order) throw notFound(ORDER_NOT_FOUND);
    const done = await trx
      .updateTable('orders')
      .set({ vat_number_review: 'confirmed', vat_number_confirmed_at: now, updated_at: now })
      .where('id', '=', orderId)
      .where('vat_number_review', '=', 'to_confirm')
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 0) throw conflict(NOTHING_TO_CONFIRM);
    await recordAudit(trx, admin, {
      action: 'update',
      entity: 'order',
      entity_id: orderId,
      label: order.order_number,
      before: { vat_number: order.vat_number, vat_number_review: 'to_confirm' },
      after: { vat_number: order.vat_number, vat_number_review: 'confirmed' },
    });
    return getAdminOrder(trx, orderId);
  });
}
