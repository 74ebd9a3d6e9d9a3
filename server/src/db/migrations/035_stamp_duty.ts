// The stamp duty charged at checkout (#30; docs/product.md §10.28):
// - orders.stamp_duty_amount: the stamp duty (millimes) the order bears, in its total_amount,
//   copied by its invoice. NULL for the orders placed before it: they never charged it, and
//   their invoices keep the old rule (the settings' stamp duty at issue, for a buyer in
//   Tunisia), so an old order's invoice issued later reads as it would have before.
// - shop_settings.stamp_duty_applies_to: which sales bear it (every_invoice, the default and what
//   the invoices did until now; professional_buyers; none).
// - shop_settings.stamp_duty_on_credit_notes: whether the credit note that reverses the rest of
//   an invoice takes the stamp duty back (reversed, the default and what credit notes did until
//   now) or not (kept).
import { sql, type Kysely, type Migration } from 'kysely';

export function stampDuty(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('orders').addColumn('stamp_duty_amount', 'bigint').execute();
      await db.schema
        .alterTable('shop_settings')
        .addColumn('stamp_duty_applies_to', 'text', (c) =>
          c
            .notNull()
            .defaultTo('every_invoice')
            .check(sql`stamp_duty_applies_to in ('every_invoice', 'professional_buyers', 'none')`),
        )
        .execute();
      await db.schema
        .alterTable('shop_settings')
        .addColumn('stamp_duty_on_credit_notes', 'text', (c) =>
          c
            .notNull()
            .defaultTo('reversed')
            .check(sql`stamp_duty_on_credit_notes in ('reversed', 'kept')`),
        )
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema
        .alterTable('shop_settings')
        .dropColumn('stamp_duty_on_credit_notes')
        .execute();
      await db.schema.alterTable('shop_settings').dropColumn('stamp_duty_applies_to').execute();
      await db.schema.alterTable('orders').dropColumn('stamp_duty_amount').execute();
    },
  };
}
