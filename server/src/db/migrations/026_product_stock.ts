// The products list's stock figures kept on `products` (issue #26 point 6, "fast at any size"):
// stock_quantity (its stock-counted variants' stock summed, null over none) and stock_state
// (not_tracked, out_of_stock, low_stock, in_stock), the rule of domain/inventory.ts
// (isStockCounted, productStock) written in SQL once, here. Computed per request over each
// product's variants, sort=stock and the stock_state filter cost 0.1–0.85 s at 100k products;
// kept as columns with indexes, they are index walks like every other sort and filter.
// - Triggers keep them, for each row, so every writer of variants (checkout, cancel,
//   adjustments, imports, seeds, bulk loaders, tests) keeps them right without calling anything:
//   a variant inserted, deleted, or updated in a column the rule reads (its product too: a
//   variant moved to another product refreshes both), and a product whose has_variants changes.
//   Each recomputes its product from its variants (by variants(product_id)); a trigger on
//   products updates only the stock columns, which no trigger on products listens to, so nothing
//   recurses on either database.
// - SQLite has one writer at a time: the variants' triggers run at once. PostgreSQL runs them at
//   commit (deferred constraint triggers), each locking its products before reading their
//   variants in a new statement. At once, a checkout of two sizes would hold the product's row
//   from its first size on while another transaction holding the second size waited for that
//   row: a deadlock the ledger never had. At commit, the figures are computed after the lock, so
//   from every other committed change (a computation waiting on the lock, with the snapshot of
//   before, would lose the other transaction's change). Within the writing transaction the
//   columns still show the stock of before its variant changes; the server presents products
//   after commit.
// - sort=stock and -stock put products without a counted variant last in both directions: the
//   sort key is the stock with the null replaced by a figure beyond any stock (NO_STOCK_LAST,
//   positive ascending, negative descending), one expression index per direction, ties by id.
// - stock_state with the list's default sort (-created_at) walks (stock_state, created_at, id).
import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../database';
import { createTrigger, dropTrigger, type Trigger } from './006_lists';

/**
 * Beyond any product's stock (each variant's is within ±10^9, services check it): the sort key
 * of a product without a counted variant, so it comes last in both directions.
 */
const NO_STOCK_LAST = 1_000_000_000_000_000;

/** The sort keys of sort=stock (asc) and -stock (desc) over the products row `row`. */
export const stockSortKey = (row: string, direction: 'asc' | 'desc') =>
  `coalesce(${row}.stock_quantity, ${direction === 'asc' ? '' : '-'}${NO_STOCK_LAST})`;

/** The variants `v` of the product `p` whose stock counts (isStockCounted). */
const counted = (p: string) => `from variants v where v.product_id = ${p}.id
  and v.is_active = 1 and v.track_inventory = 1 and (${p}.has_variants = 0 or v.is_default = 0)`;

/** stock_quantity and stock_state of the product `p` (productStock over its counted variants). */
const stockColumns = (p: string) => `stock_quantity = (select sum(v.stock_quantity) ${counted(p)}),
  stock_state = (select case
    when count(*) = 0 then 'not_tracked'
    when max(v.stock_quantity) <= 0 then 'out_of_stock'
    when min(v.stock_quantity - v.low_stock_threshold) <= 0 then 'low_stock'
    else 'in_stock' end ${counted(p)})`;

/** Recomputes the products of these ids. */
const refresh = (ids: string) =>
  `update products set ${stockColumns('products')} where id in (${ids});`;

/** The variant columns the rule reads. */
const VARIANT_SOURCES =
  'product_id, is_active, track_inventory, is_default, stock_quantity, low_stock_threshold';

const TRIGGERS: Trigger[] = [
  {
    name: 'variants_product_stock_insert',
    event: 'insert',
    table: 'variants',
    body: refresh('NEW.product_id'),
  },
  {
    name: 'variants_product_stock_update',
    event: `update of ${VARIANT_SOURCES}`,
    table: 'variants',
    body: refresh('OLD.product_id, NEW.product_id'),
  },
  {
    name: 'variants_product_stock_delete',
    event: 'delete',
    table: 'variants',
    body: refresh('OLD.product_id'),
  },
  {
    name: 'products_stock_has_variants',
    event: 'update of has_variants',
    table: 'products',
    body: refresh('NEW.id'),
  },
];

const STATES = ['not_tracked', 'out_of_stock', 'low_stock', 'in_stock'];

/**
 * [name, columns]: each sort direction's key alone and after each filter the list offers
 * (is_active, category_id, stock_state; the category's indexes serve its foreign key already),
 * and the state filter in the default sort (-created_at, walked backwards) and created_at.
 * The state filter in the name and price sorts sorts the products in that state.
 */
const INDEXES: [string, string][] = [
  ...(['asc', 'desc'] as const).flatMap((direction): [string, string][] =>
    [null, 'is_active', 'category_id', 'stock_state'].map((filter) => [
      `products_${filter === null ? '' : `${filter.replace('_id', '')}_`}stock_${direction}_id`,
      `${filter === null ? '' : `${filter}, `}(${stockSortKey('products', direction)}), id`,
    ]),
  ),
  ['products_stock_state_created_at_id', 'stock_state, created_at, id'],
];

/**
 * PostgreSQL: the variants' trigger, deferred to commit (see the header); its function locks the
 * products concerned in id order, then recomputes them.
 */
const POSTGRES_VARIANTS_TRIGGER = `
  create function variants_product_stock() returns trigger language plpgsql as $$
  declare ids integer[];
  begin
    ids := case tg_op
      when 'INSERT' then array[NEW.product_id]
      when 'DELETE' then array[OLD.product_id]
      else array[OLD.product_id, NEW.product_id] end;
    perform 1 from products where id = any(ids) order by id for update;
    ${refresh('select unnest(ids)')}
    return null;
  end $$;
  create constraint trigger variants_product_stock
    after insert or delete or update of ${VARIANT_SOURCES} on variants
    deferrable initially deferred for each row execute function variants_product_stock();`;

/** The triggers of the dialect (PostgreSQL's variants trigger is POSTGRES_VARIANTS_TRIGGER). */
const triggers = (dialect: DialectName) =>
  dialect === 'sqlite' ? TRIGGERS : TRIGGERS.filter((t) => t.table === 'products');

export function productStock(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('products')
        .addColumn('stock_quantity', dialect === 'sqlite' ? 'integer' : 'bigint')
        .execute();
      await db.schema
        .alterTable('products')
        .addColumn('stock_state', 'text', (c) =>
          c
            .notNull()
            .defaultTo('not_tracked')
            .check(sql`stock_state in (${sql.join(STATES.map((s) => sql.lit(s)))})`),
        )
        .execute();
      for (const [name, columns] of INDEXES) {
        // Index expressions are written without the table name, as the queries' `p.` resolves.
        await sql
          .raw(`create index ${name} on products (${columns.replaceAll('products.', '')})`)
          .execute(db);
      }
      for (const trigger of triggers(dialect)) await createTrigger(db, dialect, trigger);
      if (dialect === 'postgres') await sql.raw(POSTGRES_VARIANTS_TRIGGER).execute(db);
      // Last: on PostgreSQL the update leaves the data version's deferred trigger pending, after
      // which the table's indexes and triggers can no longer be created in this transaction.
      await sql.raw(`update products set ${stockColumns('products')}`).execute(db);
    },

    async down(db: Kysely<unknown>) {
      for (const trigger of triggers(dialect)) await dropTrigger(db, dialect, trigger);
      if (dialect === 'postgres') {
        await sql.raw('drop trigger variants_product_stock on variants').execute(db);
        await sql.raw('drop function variants_product_stock()').execute(db);
      }
      for (const [name] of INDEXES) await db.schema.dropIndex(name).execute();
      await db.schema.alterTable('products').dropColumn('stock_state').execute();
      await db.schema.alterTable('products').dropColumn('stock_quantity').execute();
    },
  };
}
