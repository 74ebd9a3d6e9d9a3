// The rows the sales reports are made of, read back from a database as domain/analytics.ts's
// recount takes them: for the roll-ups' property (sales-rollups.property.test.ts) and the shop
// simulator's nightly check (simulate/invariants.ts).
import type { Kysely } from 'kysely';
import type { Database } from '../src/db/schema';
import type { SaleOrder, SalePayment } from '../src/domain/analytics';

/** Every order, its amounts as numbers. */
export async function readSaleOrders(db: Kysely<Database>): Promise<SaleOrder[]> {
  const orders = await db
    .selectFrom('orders')
    .select([
      'id',
      'status',
      'payment_method',
      'created_at',
      'total_amount',
      'vat_amount',
      'stamp_duty_amount',
      'discount_amount',
      'shipping_amount',
    ])
    .execute();
  return orders.map((o) => ({
    ...o,
    id: Number(o.id),
    total_amount: Number(o.total_amount),
    vat_amount: Number(o.vat_amount),
    stamp_duty_amount: o.stamp_duty_amount === null ? null : Number(o.stamp_duty_amount),
    discount_amount: Number(o.discount_amount),
    shipping_amount: Number(o.shipping_amount),
  }));
}

/** Every payment (removed ones too: the recount leaves them out itself), amounts as numbers. */
export async function readSalePayments(db: Kysely<Database>): Promise<SalePayment[]> {
  const payments = await db
    .selectFrom('order_payments')
    .select(['amount', 'received_on', 'removed_at'])
    .execute();
  return payments.map((p) => ({ ...p, amount: Number(p.amount) }));
}
