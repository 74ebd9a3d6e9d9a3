// The one answer for an order that does not exist, for everything listed or written under an
// order (its documents, timeline, notes, shipment) as for the order itself.
import type { Db } from '../../db/database';
import type { OrderItemRow } from '../../db/schema';
import { notFound } from '../../api/problem';

export const ORDER_NOT_FOUND = 'Order not found';

/** 404 'Order not found' unless the order exists; its number (how people name it). */
export async function requireOrder(db: Db, id: number): Promise<string> {
  const order = await db
    .selectFrom('orders')
    .select('order_number')
    .where('id', '=', id)
    .executeTakeFirst();
  if (!order) throw notFound(ORDER_NOT_FOUND);
  return order.order_number;
}

/** The order's items, in the order they were added (the order of its documents' lines). */
export function orderItemsOf(db: Db, orderId: number): Promise<OrderItemRow[]> {
  return db
    .selectFrom('order_items')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
}
