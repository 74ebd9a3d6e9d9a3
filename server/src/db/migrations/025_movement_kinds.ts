// Stock movements are data (#27): a movement says what made it (`kind`) and what it belongs to
// (order_id, with order_status for cancel and reopen; import_file for an import), so a reader
// words it in its own language. `reason` keeps the admin's own words of an adjustment and, for
// the shop's own kinds, the English text the server wrote so far (the CSV export and the reason
// filter read it; docs/product.md §10.5).
//
// Existing rows get their kind from the texts the server wrote (services/inventory/stock.ts,
// movementReason): "Order <number>" (checkout), "Order <number> cancelled|refunded" (cancel),
// "Order <number> back to <status>" (reopen), all three only with the order of that number;
// "CSV import <file>" (import); "Product inventory update", "Inventory update", "Variant update",
// "Initial stock". Anything else (an admin's words, or no reason) is an adjustment, its reason
// kept as it was, so no row loses its text.
//
// The kind is NOT NULL with a CHECK of the kinds. SQLite adds a NOT NULL column only with a
// default: 'adjustment' on both databases, alike; the server's writers always name the kind
// (the schema's type requires it).
import { sql, type Kysely, type Migration } from 'kysely';

export const STOCK_MOVEMENT_KINDS_025 = [
  'checkout',
  'cancel',
  'reopen',
  'adjustment',
  'import',
  'inventory_update',
  'variant_inventory',
  'variant_update',
  'initial_stock',
] as const;

/** The kinds whose English text never changed: [kind, text]. */
const FIXED_TEXTS = [
  ['inventory_update', 'Product inventory update'],
  ['variant_inventory', 'Inventory update'],
  ['variant_update', 'Variant update'],
  ['initial_stock', 'Initial stock'],
] as const;

const IMPORT_PREFIX = 'CSV import ';

export function stockMovementKinds(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const kinds = sql.join(STOCK_MOVEMENT_KINDS_025.map((k) => sql.lit(k)));
      await db.schema
        .alterTable('stock_movements')
        .addColumn('kind', 'text', (c) =>
          c
            .notNull()
            .defaultTo('adjustment')
            .check(sql`kind in (${kinds})`),
        )
        .execute();
      await db.schema.alterTable('stock_movements').addColumn('order_status', 'text').execute();
      await db.schema.alterTable('stock_movements').addColumn('import_file', 'text').execute();

      // The order's own texts, only with that order's number ('||' and substr work on both).
      const number = sql`(select o.order_number from orders o where o.id = stock_movements.order_id)`;
      await sql`update stock_movements set kind = 'checkout'
        where order_id is not null and reason = 'Order ' || ${number}`.execute(db);
      await sql`update stock_movements
        set kind = 'cancel', order_status = substr(reason, length(${number}) + 8)
        where order_id is not null
          and (reason = 'Order ' || ${number} || ' cancelled'
            or reason = 'Order ' || ${number} || ' refunded')`.execute(db);
      await sql`update stock_movements
        set kind = 'reopen', order_status = substr(reason, length(${number}) + 16)
        where order_id is not null
          and substr(reason, 1, length(${number}) + 15) = 'Order ' || ${number} || ' back to '
          and length(reason) > length(${number}) + 15`.execute(db);
      await sql`update stock_movements
        set kind = 'import', import_file = substr(reason, ${sql.lit(IMPORT_PREFIX.length + 1)})
        where order_id is null
          and substr(reason, 1, ${sql.lit(IMPORT_PREFIX.length)}) = ${sql.lit(IMPORT_PREFIX)}
          and length(reason) > ${sql.lit(IMPORT_PREFIX.length)}`.execute(db);
      for (const [kind, text] of FIXED_TEXTS) {
        await sql`update stock_movements set kind = ${kind}
          where order_id is null and reason = ${text}`.execute(db);
      }
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('stock_movements').dropColumn('import_file').execute();
      await db.schema.alterTable('stock_movements').dropColumn('order_status').execute();
      await db.schema.alterTable('stock_movements').dropColumn('kind').execute();
    },
  };
}
