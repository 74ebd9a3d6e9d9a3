// The stock ledger outlives the catalogue and knows its orders:
// - stock_movements.variant_id becomes nullable with ON DELETE SET NULL (was NOT NULL, CASCADE):
//   deleting a product or a variant no longer deletes its movements (the audit trail);
// - sku and title: what the movement concerned, copied when it is written (title = the product
//   name, followed by " — <variant title>" for a variant of a product with variants), backfilled
//   here from the catalogue;
// - order_id: the order whose checkout, cancellation or status change made the movement
//   (ON DELETE SET NULL), backfilled from the reasons the server wrote so far
//   ("Order <number>" and "Order <number> cancelled").
//
// SQLite cannot change a foreign key in place: the table is rebuilt (create, copy with the same
// ids, drop, rename). Nothing references stock_movements, so this is safe with foreign_keys ON
// and inside the migration's transaction (PRAGMA foreign_keys cannot change in a transaction,
// and does not need to here). PostgreSQL alters the table in place.
import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../database';
import { indexColumn, nowIso, withId, withMovementColumns } from './helpers';

/** The title a movement of this variant quotes (v: variants, p: products). */
const MOVEMENT_TITLE_SQL = sql<string>`case when v.is_default = 1 then p.name else p.name || ' — ' || v.variant_title end`;

const orderOfReason = sql<number | null>`(select o.id from orders o
  where m.reason = 'Order ' || o.order_number or m.reason = 'Order ' || o.order_number || ' cancelled')`;

export function stockLedger(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === 'sqlite') {
        await withMovementColumns(
          withId(db.schema.createTable('stock_movements_new'), dialect)
            .addColumn('variant_id', 'integer', (c) =>
              c.references('variants.id').onDelete('set null'),
            )
            .addColumn('order_id', 'integer', (c) => c.references('orders.id').onDelete('set null'))
            .addColumn('sku', 'text', (c) => c.notNull())
            .addColumn('title', 'text', (c) => c.notNull()),
        )
          .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(nowIso(dialect)))
          .execute();
        await sql`insert into stock_movements_new
            (id, variant_id, order_id, sku, title, delta, reason, stock_before, stock_after,
             admin_user_id, created_at)
          select m.id, m.variant_id, ${orderOfReason}, v.sku, ${MOVEMENT_TITLE_SQL}, m.delta,
             m.reason, m.stock_before, m.stock_after, m.admin_user_id, m.created_at
          from stock_movements m
          join variants v on v.id = m.variant_id
          join products p on p.id = v.product_id`.execute(db);
        await db.schema.dropTable('stock_movements').execute();
        await db.schema.alterTable('stock_movements_new').renameTo('stock_movements').execute();
      } else {
        await sql`alter table stock_movements
          add column order_id integer references orders(id) on delete set null,
          add column sku text,
          add column title text,
          alter column variant_id drop not null,
          drop constraint stock_movements_variant_id_fkey,
          add constraint stock_movements_variant_id_fkey foreign key (variant_id)
            references variants(id) on delete set null`.execute(db);
        await sql`update stock_movements m
          set order_id = ${orderOfReason}, sku = v.sku, title = ${MOVEMENT_TITLE_SQL}
          from variants v join products p on p.id = v.product_id
          where v.id = m.variant_id`.execute(db);
        await sql`alter table stock_movements
          alter column sku set not null,
          alter column title set not null`.execute(db);
      }
      await db.schema
        .createIndex('stock_movements_variant_id')
        .ifNotExists()
        .on('stock_movements')
        .column('variant_id')
        .execute();
      await indexColumn(db, 'stock_movements', 'order_id');
    },

    down() {
      return Promise.reject(
        new Error('005_stock_ledger cannot be undone: movements may have lost their variant'),
      );
    },
  };
}
