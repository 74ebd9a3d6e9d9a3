// VAT in force: a rate names the rate that replaces it (successor_id, followed at pricing time
// from the rate a product or variant was given); an order records the VAT of its shipping and
// how the buyer's VAT number was checked.
import type { Kysely, Migration } from 'kysely';

export function vatInForce(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('vat_rates')
        .addColumn('successor_id', 'integer', (c) => c.references('vat_rates.id'))
        .execute();
      await db.schema
        .alterTable('orders')
        .addColumn('shipping_vat_amount', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      // null: no VAT number; else format_invalid, format_checked, vies_confirmed, vies_rejected.
      await db.schema.alterTable('orders').addColumn('vat_number_check', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('orders').dropColumn('vat_number_check').execute();
      await db.schema.alterTable('orders').dropColumn('shipping_vat_amount').execute();
      await db.schema.alterTable('vat_rates').dropColumn('successor_id').execute();
    },
  };
}
