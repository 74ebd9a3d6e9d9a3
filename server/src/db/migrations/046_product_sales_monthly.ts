// The monthly roll-up of product sales (#35, docs/product.md §10.30): the best sellers over a
// year grouped every daily row of the period on each request (≈670 ms at 200,000 orders on
// SQLite). product_sales_monthly holds the sales of product_sales_daily (038) by shop month: the
// reports read the whole months of a period here and only the days of the partial months at its
// edges from the daily table (services/reports/sales.ts).
//
// - A row's month is its daily row's day cut to the month, substr(day, 1, 7). The day is decided
//   once, by 038's rule (the shop day of the order's created_at in shop_calendar's zone); there
//   is no second time-zone rule here, and a change of zone (038's rebuild of the daily rows)
//   moves the months with the days.
// - Sales only, without the status: the key is (month, product_key, variant_key, sold_name,
//   sold_title, sold_sku), the sums are those of the daily rows whose status is not credited.
//   The status multiplied the rows (a key per status a product's orders are in) and every
//   report leaves the credited ones out. CREDITED is contract/order-status.ts's credited
//   statuses when this migration was written, as 029's is: a change of that rule needs a
//   migration that rebuilds this table (the property test, sales-rollups.property.test.ts,
//   recounts with the contract's rule and would fail).
// - Kept by triggers on product_sales_daily itself, in the same statement as every change of a
//   daily row: whatever writes the daily table (038's order and line triggers, its rebuild, a
//   bulk load) moves the month by the same difference, new − old. SQLite fires the update
//   triggers for the daily table's upserts (on conflict do update); PostgreSQL fires the insert
//   and the update statement triggers of one upsert, each with its own rows.
// - Rows are never removed (as in the daily table): a key whose sums fall back to 0 stays, and
//   the reports drop it (having sum(units) <> 0 or sum(revenue) <> 0).
// Triggers for each row on SQLite; for each statement with transition tables on PostgreSQL.
import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../database';
import { createTrigger, dropTrigger, rollupTriggers, type Trigger } from './006_lists';

/** The statuses credited in contract/order-status.ts when this migration was written. */
const CREDITED = `('cancelled', 'refunded')`;

/** 038's product key and sums, also 049's. */
export const KEY = ['product_key', 'variant_key', 'sold_name', 'sold_title', 'sold_sku'] as const;
export const SUMS = ['units', 'revenue', 'lines'] as const;
const MONTH_KEY = `month, ${KEY.join(', ')}`;

/** The sales among daily rows `d` (an alias) as monthly terms, signed. */
const monthTerms = (d: string, sign: string) => `substr(${d}.day, 1, 7) as month,
  ${KEY.map((c) => `${d}.${c} as ${c}`).join(', ')},
  ${SUMS.map((c) => `${sign}${d}.${c} as ${c}`).join(', ')}`;

/** The daily rows `d` that are sales. */
const sales = (d: string) => `${d}.status not in ${CREDITED}`;

const ADD = `on conflict (${MONTH_KEY}) do update set
    ${SUMS.map((c) => `${c} = product_sales_monthly.${c} + excluded.${c}`).join(', ')};`;

/** Adds the signed terms of the daily rows `d` of `from` (a from clause) to their months. */
const addMonths = (from: string, sign: string) => `insert into product_sales_monthly
  (${MONTH_KEY}, ${SUMS.join(', ')})
  select ${MONTH_KEY}, ${SUMS.map((c) => `sum(${c})`).join(', ')}
  from (select ${monthTerms('d', sign)} from ${from} where ${sales('d')}) t
  where true group by ${MONTH_KEY} ${ADD}`;

/**
 * SQLite: adds one daily row's figures, signed, to its month when it is a sale. Not addMonths:
 * a grouped select per row would cost every line a checkout writes a temporary b-tree.
 */
const addRow = (row: 'NEW' | 'OLD', sign: string) => `insert into product_sales_monthly
  (${MONTH_KEY}, ${SUMS.join(', ')}) select ${monthTerms(row, sign)} where ${sales(row)} ${ADD}`;

const triggers = (dialect: DialectName): Trigger[] =>
  rollupTriggers(dialect, 'product_sales_monthly', 'product_sales_daily', addRow, (side, sign) =>
    addMonths(`${side} d`, sign),
  );

/**
 * A roll-up table of product sales by a period column (046's month, 049's quarter): the period
 * and 038's product key, the sums, the primary key over both.
 */
export async function createProductSalesTable(
  db: Kysely<unknown>,
  name: string,
  period: string,
): Promise<void> {
  let table = db.schema.createTable(name).addColumn(period, 'text', (c) => c.notNull());
  for (const column of KEY) {
    const type = column.endsWith('_key') ? 'integer' : 'text';
    table = table.addColumn(column, type, (c) => c.notNull());
  }
  for (const column of SUMS) table = table.addColumn(column, 'bigint', (c) => c.notNull());
  await table.addPrimaryKeyConstraint(`${name}_pk`, [period, ...KEY]).execute();
}

export function productSalesMonthly(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await createProductSalesTable(db, 'product_sales_monthly', 'month');
      await sql.raw(addMonths('product_sales_daily d', '')).execute(db);
      for (const trigger of triggers(dialect)) await createTrigger(db, dialect, trigger);
    },

    async down(db: Kysely<unknown>) {
      for (const trigger of triggers(dialect)) await dropTrigger(db, dialect, trigger);
      await db.schema.dropTable('product_sales_monthly').execute();
    },
  };
}
