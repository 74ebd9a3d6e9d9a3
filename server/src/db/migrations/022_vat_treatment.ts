// 0 % where the law says 0 % (issue #25): an order records its VAT treatment (domestic, EU
// reverse charge, or export: domain/vat-treatment.ts) and, when its reverse charge rests on a VAT
// number only format-checked, the review an administrator must complete before invoicing. VIES
// answers are cached for a day in vat_number_checks, shared by every server instance.
import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../database';
import { indexColumn } from './helpers';

export function vatTreatment(dialect: DialectName): Migration {
  // Epoch milliseconds exceed 32 bits: BIGINT on PostgreSQL (SQLite's INTEGER is 64-bit).
  const ms = dialect === 'sqlite' ? 'integer' : 'bigint';
  return {
    async up(db: Kysely<unknown>) {
      // Orders placed before: VAT was charged unless the reverse charge applied (no export
      // treatment existed), so they are domestic or reverse_charge.
      await db.schema
        .alterTable('orders')
        .addColumn('vat_treatment', 'text', (c) => c.notNull().defaultTo('domestic'))
        .execute();
      await sql`update orders set vat_treatment = 'reverse_charge' where vat_reverse_charge = 1`.execute(
        db,
      );
      // null: nothing to review; to_confirm; confirmed (older orders are never flagged: their
      // invoices may already exist).
      await db.schema.alterTable('orders').addColumn('vat_number_review', 'text').execute();
      await db.schema.alterTable('orders').addColumn('vat_number_confirmed_at', 'text').execute();
      await indexColumn(db, 'orders', 'vat_number_review');
      await db.schema
        .createTable('vat_number_checks')
        .addColumn('country_code', 'text', (c) => c.notNull())
        // Normalised (with its EU prefix), as the checker answered it.
        .addColumn('vat_number', 'text', (c) => c.notNull())
        .addColumn('valid', 'integer', (c) => c.notNull())
        .addColumn('checked_at', ms, (c) => c.notNull())
        .addPrimaryKeyConstraint('vat_number_checks_pk', ['country_code', 'vat_number'])
        .execute();
      await indexColumn(db, 'vat_number_checks', 'checked_at');
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('vat_number_checks').execute();
      await db.schema.dropIndex('orders_vat_number_review').execute();
      await db.schema.alterTable('orders').dropColumn('vat_number_confirmed_at').execute();
      await db.schema.alterTable('orders').dropColumn('vat_number_review').execute();
      await db.schema.alterTable('orders').dropColumn('vat_treatment').execute();
    },
  };
}
