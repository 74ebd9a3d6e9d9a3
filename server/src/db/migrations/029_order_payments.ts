// Payments of orders (issue #28 part 4):
// - order_payments: every payment, refund (a negative amount linked to a credit note of the same
//   order) and cash-on-delivery line of a remittance. A removed payment keeps its row with who
//   removed it and when (removed_at), so the history stays for the accountant; only rows without
//   removed_at count. withholding_amount is the tax a professional buyer kept: it settles the
//   order together with the amount.
// - payment_remittances: a carrier's remittance of cash on delivery: its lines are payments
//   (remittance_id); it keeps the carrier's fee and the withholding it kept (2025 finance law
//   art. 68), so net received = Σ its payments − fee − withheld.
// - orders gain payment_status, amount_paid and balance_due, kept by
//   services/orders/order-balance.ts refreshOrderBalance in every writing transaction (stored so
//   the orders list filters by payment_status through an index, like status). Existing orders
//   have no payment: amount_paid 0, balance_due their total (0 once cancelled or refunded: a
//   credited order owes nothing), payment_status unpaid (domain/payments.ts).
// - A new order has no payment yet, so it is born owing its total: a trigger sets balance_due
//   on insert when the writer left the three columns at their defaults, so every writer of
//   orders (checkout, completed staff orders, seeds, bulk loaders, tests) gets it right without
//   calling anything. A writer that sets them (the mocks' fixtures) keeps its values.
// - Amounts are millimes (bigint) like every other money column.
import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../database';
import { createTrigger, dropTrigger, type Trigger } from './006_lists';
import { indexColumn, nowIso, withId } from './helpers';

/** The statuses credited in contract/order-status.ts when this migration was written. */
const owedBy = (row: string) =>
  `case when ${row}.status in ('cancelled', 'refunded') then 0 else ${row}.total_amount end`;

const NEW_ORDER_OWES: Trigger = {
  name: 'orders_balance_insert',
  event: 'insert',
  table: 'orders',
  body: `update orders set balance_due = ${owedBy('NEW')}
    where id = NEW.id and NEW.payment_status = 'unpaid' and NEW.amount_paid = 0
      and NEW.balance_due = 0;`,
};

export function orderPayments(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable('payment_remittances'), dialect)
        .addColumn('carrier', 'text', (c) => c.notNull())
        .addColumn('received_on', 'text', (c) => c.notNull())
        .addColumn('reference', 'text')
        .addColumn('total_amount', 'bigint', (c) => c.notNull())
        .addColumn('fee_amount', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('withheld_amount', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('order_count', 'integer', (c) => c.notNull())
        .addColumn('created_by_admin_id', 'integer', (c) =>
          c.references('admin_users.id').onDelete('set null'),
        )
        .addColumn('created_by', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(nowIso(dialect)))
        .execute();
      await db.schema
        .createIndex('payment_remittances_created_at_id')
        .on('payment_remittances')
        .columns(['created_at', 'id'])
        .execute();

      await withId(db.schema.createTable('order_payments'), dialect)
        .addColumn('order_id', 'integer', (c) =>
          c.notNull().references('orders.id').onDelete('cascade'),
        )
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('withholding_amount', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('withholding_certificate', 'text')
        .addColumn('method', 'text', (c) => c.notNull())
        .addColumn('received_on', 'text', (c) => c.notNull())
        .addColumn('reference', 'text')
        .addColumn('credit_note_id', 'integer', (c) => c.references('invoices.id'))
        .addColumn('remittance_id', 'integer', (c) => c.references('payment_remittances.id'))
        .addColumn('recorded_by_admin_id', 'integer', (c) =>
          c.references('admin_users.id').onDelete('set null'),
        )
        .addColumn('recorded_by', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(nowIso(dialect)))
        .addColumn('removed_at', 'text')
        .addColumn('removed_by_admin_id', 'integer', (c) =>
          c.references('admin_users.id').onDelete('set null'),
        )
        .addColumn('removed_by', 'text')
        .execute();
      await indexColumn(db, 'order_payments', 'order_id');
      await indexColumn(db, 'order_payments', 'credit_note_id');
      await indexColumn(db, 'order_payments', 'remittance_id');

      await db.schema
        .alterTable('orders')
        .addColumn('payment_status', 'text', (c) => c.notNull().defaultTo('unpaid'))
        .execute();
      await db.schema
        .alterTable('orders')
        .addColumn('amount_paid', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('orders')
        .addColumn('balance_due', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
      // The list's default sort within the filter, ending with id (its tie-break).
      await db.schema
        .createIndex('orders_payment_status_created_at_id')
        .on('orders')
        .columns(['payment_status', 'created_at', 'id'])
        .execute();
      await createTrigger(db, dialect, NEW_ORDER_OWES);
      // Last: on PostgreSQL the update queues the orders' deferred triggers (data versions),
      // after which the table takes no more DDL in this transaction.
      await sql.raw(`update orders set balance_due = ${owedBy('orders')}`).execute(db);
    },
    async down(db: Kysely<unknown>) {
      await dropTrigger(db, dialect, NEW_ORDER_OWES);
      await db.schema.dropIndex('orders_payment_status_created_at_id').execute();
      for (const column of ['balance_due', 'amount_paid', 'payment_status']) {
        await db.schema.alterTable('orders').dropColumn(column).execute();
      }
      await db.schema.dropTable('order_payments').execute();
      await db.schema.dropTable('payment_remittances').execute();
    },
  };
}
