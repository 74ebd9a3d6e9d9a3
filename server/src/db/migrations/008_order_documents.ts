// The paperwork of orders (issue #13):
// - shop_settings: one row (id 1) with the seller's identity printed on documents, the number
//   prefixes, the stamp duty (millimes) and the shop's time zone; shop_settings_changes keeps
//   who changed what (JSON list of {field, before, after});
// - invoices: invoices and credit notes, their content frozen at issue as JSON text (the
//   contract's Invoice without id); numbered per kind and calendar year from document_counters,
//   whose row is incremented in the issuing transaction, so a rolled-back issue gives its
//   number back and concurrent issues queue on the row (no gap, no duplicate). A credit note
//   references the invoice it reverses (at most one per invoice);
// - order_notes: internal notes; order_shipments: every carrier/tracking number set (the latest
//   is the order's shipment).
import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../database';
import { indexColumn, nowIso, withId } from './helpers';

export function orderDocuments(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('shop_settings')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('legal_name', 'text')
        .addColumn('address', 'text')
        .addColumn('matricule_fiscal', 'text')
        .addColumn('trade_register_number', 'text')
        .addColumn('phone', 'text')
        .addColumn('email', 'text')
        .addColumn('logo_key', 'text')
        .addColumn('invoice_prefix', 'text', (c) => c.notNull().defaultTo('INV-'))
        .addColumn('credit_note_prefix', 'text', (c) => c.notNull().defaultTo('CN-'))
        .addColumn('stamp_duty', 'bigint', (c) => c.notNull().defaultTo(1000))
        .addColumn('time_zone', 'text', (c) => c.notNull().defaultTo('Africa/Tunis'))
        .addColumn('updated_at', 'text')
        .addColumn('updated_by_admin_id', 'integer', (c) =>
          c.references('admin_users.id').onDelete('set null'),
        )
        .execute();
      await db
        .insertInto('shop_settings' as never)
        .values({ id: 1 })
        .execute();

      await withId(db.schema.createTable('shop_settings_changes'), dialect)
        .addColumn('changed_by_admin_id', 'integer', (c) =>
          c.references('admin_users.id').onDelete('set null'),
        )
        .addColumn('changes', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(nowIso(dialect)))
        .execute();

      await db.schema
        .createTable('document_counters')
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('year', 'integer', (c) => c.notNull())
        .addColumn('last_sequence', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('document_counters_pkey', ['kind', 'year'])
        .execute();

      await withId(db.schema.createTable('invoices'), dialect)
        .addColumn('kind', 'text', (c) =>
          c.notNull().check(sql`kind in ('invoice', 'credit_note')`),
        )
        .addColumn('number', 'text', (c) => c.notNull().unique())
        .addColumn('year', 'integer', (c) => c.notNull())
        .addColumn('sequence', 'integer', (c) => c.notNull())
        .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
        .addColumn('credits_invoice_id', 'integer', (c) => c.unique().references('invoices.id'))
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('issued_by_admin_id', 'integer', (c) =>
          c.references('admin_users.id').onDelete('set null'),
        )
        .addColumn('issued_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('invoices_kind_year_sequence', ['kind', 'year', 'sequence'])
        .execute();
      await indexColumn(db, 'invoices', 'order_id');

      await withId(db.schema.createTable('order_notes'), dialect)
        .addColumn('order_id', 'integer', (c) =>
          c.notNull().references('orders.id').onDelete('cascade'),
        )
        .addColumn('note', 'text', (c) => c.notNull())
        .addColumn('admin_user_id', 'integer', (c) =>
          c.references('admin_users.id').onDelete('set null'),
        )
        .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(nowIso(dialect)))
        .execute();
      await indexColumn(db, 'order_notes', 'order_id');

      await withId(db.schema.createTable('order_shipments'), dialect)
        .addColumn('order_id', 'integer', (c) =>
          c.notNull().references('orders.id').onDelete('cascade'),
        )
        .addColumn('carrier', 'text', (c) => c.notNull())
        .addColumn('tracking_number', 'text', (c) => c.notNull())
        .addColumn('admin_user_id', 'integer', (c) =>
          c.references('admin_users.id').onDelete('set null'),
        )
        .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(nowIso(dialect)))
        .execute();
      await indexColumn(db, 'order_shipments', 'order_id');
    },

    async down(db: Kysely<unknown>) {
      for (const table of [
        'order_shipments',
        'order_notes',
        'invoices',
        'document_counters',
        'shop_settings_changes',
        'shop_settings',
      ]) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
