// The morning dashboard (#35; services/orders/dashboard.ts):
// - customer_overview.first_order_date: when a customer's first order was placed, so "customers
//   whose first order was placed in the period" is a range of an index, not a scan of the orders.
//   It is kept by a trigger on customer_overview itself: every write of migration 006's triggers
//   to a customer's row (an order added, a customer recomputed after an update or a delete)
//   takes the earliest created_at of the customer's orders again, through the index on
//   (shipping_email_key, created_at). Being on the overview row, it runs after that row is
//   written whatever the order in which the databases fire the triggers of orders, and 006's
//   triggers stay as they are. Its own update sets first_order_date only, which the trigger does
//   not watch: it does not fire itself again.
// - orders_unpaid_cash_on_delivery: the To do's cash-on-delivery orders shipped or delivered
//   with a balance still due, as a partial index holding exactly those orders, so counting them
//   reads only them. The dashboard's query repeats this predicate literally (SQLite uses a
//   partial index only when the query's WHERE states its terms).
// (products.created_at, the products added in a period, is indexed since 006.)
import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../database';
import { createTrigger, dropTrigger, type Trigger } from './006_lists';

/** The earliest order of the customer of the overview row `row`. */
const FIRST_ORDER = (row: string) =>
  `(select min(created_at) from orders where shipping_email_key = ${row}.email_key)`;

const FIRST_ORDER_TRIGGERS: Trigger[] = [
  {
    name: 'customer_overview_first_order_insert',
    event: 'insert',
    table: 'customer_overview',
    body: `update customer_overview set first_order_date = ${FIRST_ORDER('NEW')}
      where email_key = NEW.email_key;`,
  },
  {
    name: 'customer_overview_first_order_update',
    event: 'update of order_count, total_spent, last_order_date, last_order_id',
    table: 'customer_overview',
    body: `update customer_overview set first_order_date = ${FIRST_ORDER('NEW')}
      where email_key = NEW.email_key;`,
  },
];

/**
 * The orders of the To do's "unpaid cash on delivery": paid on delivery, shipped or delivered,
 * with a balance still due (orders.balance_due, kept by services/orders/order-balance.ts).
 */
export const UNPAID_CASH_ON_DELIVERY = `payment_method = 'cash_on_delivery'
  and status in ('shipped', 'delivered') and balance_due > 0`;

export function customerFirstOrder(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('customer_overview')
        .addColumn('first_order_date', 'text')
        .execute();
      await sql
        .raw(`update customer_overview set first_order_date = ${FIRST_ORDER('customer_overview')}`)
        .execute(db);
      await db.schema
        .createIndex('customer_overview_first_order_date')
        .on('customer_overview')
        .columns(['first_order_date', 'email_key'])
        .execute();
      await sql
        .raw(
          `create index orders_unpaid_cash_on_delivery on orders (status)
            where ${UNPAID_CASH_ON_DELIVERY}`,
        )
        .execute(db);
      for (const trigger of FIRST_ORDER_TRIGGERS) await createTrigger(db, dialect, trigger);
    },
    async down(db: Kysely<unknown>) {
      for (const trigger of FIRST_ORDER_TRIGGERS) await dropTrigger(db, dialect, trigger);
      await db.schema.dropIndex('orders_unpaid_cash_on_delivery').execute();
      await db.schema.dropIndex('customer_overview_first_order_date').execute();
      await db.schema.alterTable('customer_overview').dropColumn('first_order_date').execute();
    },
  };
}
