// Staff orders' shipping amount as an override (issue #36): a draft may name a shipping method,
// whose price is then worked out on every read, unless staff entered a shipping amount agreed
// with the customer. shipping_amount_set says which (as vat_number_set does for the VAT number):
// 1, shipping_amount is the amount staff gave; 0, none was given (the method's price, else the
// server's flat rate while the shop has no active method). Drafts saved before it keep the
// amount they were saved with (1): it was the price shown and agreed then.
import type { Kysely, Migration } from 'kysely';

export function draftShippingAmount(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('draft_orders')
        .addColumn('shipping_amount_set', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('draft_orders').dropColumn('shipping_amount_set').execute();
    },
  };
}
