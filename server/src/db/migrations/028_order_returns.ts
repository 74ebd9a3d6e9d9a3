// Returns of part of an order and order edits (issue #28, parts 2 and 3).
// - order_returns: one return (services/orders/order-returns.ts): its reason, the shipping it
//   credits (excl. VAT, and that shipping's VAT), and exactly what it credits (subtotal = the
//   lines excl. VAT, vat_amount = the lines' and the shipping's VAT, total_amount = all of it,
//   VAT incl.), with the partial credit note that credits it and the invoice it credits (both
//   null when no invoice was in force). The partial credit note leaves credits_invoice_id null:
//   that column (unique since 008) names the one credit note that reverses an invoice.
// - order_return_lines: the order items returned, how many, whether they go back to stock
//   (restock 1) or not (damaged, 0), and the amounts credited for them.
// - stock_movements.return_id: the return whose restocked units a movement gave back.
// - order_edits: one edit of an order (services/orders/order-edits.ts): what changed (JSON, the
//   contract's OrderEditChange list), the admin's note, who and when; the timeline reads it.
// - The stock movement kinds 'return' (restocked units of a return) and 'edit' (the differences
//   of an order edit) join the CHECK of migration 025. PostgreSQL swaps the constraint; SQLite
//   cannot alter a CHECK, so the column is rebuilt: its values kept aside, the column dropped and
//   added again with the new CHECK (and 025's default), the values put back.
import { sql, type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../database';
import { STOCK_MOVEMENT_KINDS_025 } from './025_movement_kinds';
import { indexColumn, nowIso, withId } from './helpers';

export const STOCK_MOVEMENT_KINDS_028 = [...STOCK_MOVEMENT_KINDS_025, 'return', 'edit'] as const;

const money = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);

async function setKinds(db: Kysely<unknown>, dialect: DialectName, kinds: readonly string[]) {
  const list = sql.join(kinds.map((k) => sql.lit(k)));
  if (dialect === 'postgres') {
    await sql`alter table stock_movements drop constraint if exists stock_movements_kind_check`.execute(
      db,
    );
    await sql`alter table stock_movements add constraint stock_movements_kind_check
      check (kind in (${list}))`.execute(db);
    return;
  }
  await db.schema.alterTable('stock_movements').addColumn('kind_kept', 'text').execute();
  await sql`update stock_movements set kind_kept = kind`.execute(db);
  await db.schema.alterTable('stock_movements').dropColumn('kind').execute();
  await db.schema
    .alterTable('stock_movements')
    .addColumn('kind', 'text', (c) =>
      c
        .notNull()
        .defaultTo('adjustment')
        .check(sql`kind in (${list})`),
    )
    .execute();
  await sql`update stock_movements set kind = kind_kept`.execute(db);
  await db.schema.alterTable('stock_movements').dropColumn('kind_kept').execute();
}

export function orderReturns(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable('order_returns'), dialect)
        .addColumn('order_id', 'integer', (c) =>
          c.notNull().references('orders.id').onDelete('cascade'),
        )
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('shipping_amount', 'bigint', money)
        .addColumn('shipping_vat_amount', 'bigint', money)
        .addColumn('subtotal', 'bigint', money)
        .addColumn('vat_amount', 'bigint', money)
        .addColumn('total_amount', 'bigint', money)
        .addColumn('credit_note_id', 'integer', (c) => c.references('invoices.id'))
        .addColumn('invoice_id', 'integer', (c) => c.references('invoices.id'))
        .addColumn('created_by_admin_id', 'integer', (c) =>
          c.references('admin_users.id').onDelete('set null'),
        )
        .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(nowIso(dialect)))
        .execute();
      await indexColumn(db, 'order_returns', 'order_id');

      await withId(db.schema.createTable('order_return_lines'), dialect)
        .addColumn('return_id', 'integer', (c) =>
          c.notNull().references('order_returns.id').onDelete('cascade'),
        )
        // An item with returns is never removed by an edit (edits refuse orders with returns);
        // the cascade only follows the order's own deletion.
        .addColumn('order_item_id', 'integer', (c) =>
          c.notNull().references('order_items.id').onDelete('cascade'),
        )
        .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity >= 1`))
        .addColumn('restock', 'integer', (c) => c.notNull().check(sql`restock in (0, 1)`))
        .addColumn('total_price', 'bigint', money)
        .addColumn('vat_amount', 'bigint', money)
        .addColumn('total_price_incl_vat', 'bigint', money)
        .execute();
      await indexColumn(db, 'order_return_lines', 'return_id');
      await indexColumn(db, 'order_return_lines', 'order_item_id');

      await db.schema
        .alterTable('stock_movements')
        .addColumn('return_id', 'integer', (c) =>
          c.references('order_returns.id').onDelete('set null'),
        )
        .execute();

      await withId(db.schema.createTable('order_edits'), dialect)
        .addColumn('order_id', 'integer', (c) =>
          c.notNull().references('orders.id').onDelete('cascade'),
        )
        .addColumn('changes', 'text', (c) => c.notNull())
        .addColumn('note', 'text')
        .addColumn('admin_user_id', 'integer', (c) =>
          c.references('admin_users.id').onDelete('set null'),
        )
        .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(nowIso(dialect)))
        .execute();
      await indexColumn(db, 'order_edits', 'order_id');

      await setKinds(db, dialect, STOCK_MOVEMENT_KINDS_028);
    },
    async down(db: Kysely<unknown>) {
      // The movements stay (stock = Σ movements); their kind falls back to an adjustment.
      await sql`update stock_movements set kind = 'adjustment' where kind in ('return', 'edit')`.execute(
        db,
      );
      await setKinds(db, dialect, STOCK_MOVEMENT_KINDS_025);
      await db.schema.dropTable('order_edits').execute();
      await db.schema.alterTable('stock_movements').dropColumn('return_id').execute();
      await db.schema.dropTable('order_return_lines').execute();
      await db.schema.dropTable('order_returns').execute();
    },
  };
}
