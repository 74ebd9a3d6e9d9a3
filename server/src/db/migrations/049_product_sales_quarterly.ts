// The quarterly roll-up of product sales (#35, docs/product.md §10.30): the best sellers over a
// year read twelve monthly rows per product and variant (migration 046), about 100,000 rows at
// 1,000,000 orders, the one report over its 100 ms target (p99 105–113 ms for a year whose ends
// fall inside months). product_sales_quarterly holds the sales of product_sales_monthly by
// calendar quarter of shop months: the reports read the period's whole quarters here, the whole
// months around them from the monthly table and the days at its edges from the daily one
// (services/reports/sales.ts productSalesOf), so a year is at most four quarters and a few
// months instead of twelve months.
//
// - A row's quarter is its monthly row's month cut to the first month of its quarter ('2026-10'
//   for October, November and December): the month is decided once, by 046 from 038's shop
//   day; a change of time zone (038's rebuild) moves the months, and the quarters with them.
// - The key and the sums are 046's; the rows are its, so sales only (046 leaves the credited
//   statuses out) and never removed (a key whose sums fall back to 0 stays; the reports drop it).
// - Kept by triggers on product_sales_monthly, in the same statement as every change of a
//   monthly row (which 046's triggers on the daily table make): whatever writes the daily table
//   moves the quarter by the same difference.
// Triggers for each row on SQLite; for each statement with transition tables on PostgreSQL.
import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../database';
import { createTrigger, dropTrigger, rollupTriggers, type Trigger } from './006_lists';
import { createProductSalesTable, KEY, SUMS } from './046_product_sales_monthly';

const QUARTER_KEY = `quarter, ${KEY.join(', ')}`;

/** The first month of the quarter of `m`.month ('YYYY-MM', compared as text on both databases). */
const quarterOf = (m: string) => `substr(${m}.month, 1, 5) || case
    when substr(${m}.month, 6, 2) <= '03' then '01'
    when substr(${m}.month, 6, 2) <= '06' then '04'
    when substr(${m}.month, 6, 2) <= '09' then '07'
    else '10' end`;

/** The monthly rows `m` (an alias) as quarterly terms, signed. */
const quarterTerms = (m: string, sign: string) => `${quarterOf(m)} as quarter,
  ${KEY.map((c) => `${m}.${c} as ${c}`).join(', ')},
  ${SUMS.map((c) => `${sign}${m}.${c} as ${c}`).join(', ')}`;

const ADD = `on conflict (${QUARTER_KEY}) do update set
    ${SUMS.map((c) => `${c} = product_sales_quarterly.${c} + excluded.${c}`).join(', ')};`;

/** Adds the signed terms of the monthly rows `m` of `from` (a from clause) to their quarters. */
const addQuarters = (from: string, sign: string) => `insert into product_sales_quarterly
  (${QUARTER_KEY}, ${SUMS.join(', ')})
  select ${QUARTER_KEY}, ${SUMS.map((c) => `sum(${c})`).join(', ')}
  from (select ${quarterTerms('m', sign)} from ${from}) t
  where true group by ${QUARTER_KEY} ${ADD}`;

/** SQLite: adds one monthly row's figures, signed, to its quarter (no grouped select per row). */
const addRow = (row: 'NEW' | 'OLD', sign: string) => `insert into product_sales_quarterly
  (${QUARTER_KEY}, ${SUMS.join(', ')}) select ${quarterTerms(row, sign)} where true ${ADD}`;

const triggers = (dialect: DialectName): Trigger[] =>
  rollupTriggers(
    dialect,
    'product_sales_quarterly',
    'product_sales_monthly',
    addRow,
    (side, sign) => addQuarters(`${side} m`, sign),
  );

export function productSalesQuarterly(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await createProductSalesTable(db, 'product_sales_quarterly', 'quarter');
      await sql.raw(addQuarters('product_sales_monthly m', '')).execute(db);
      for (const trigger of triggers(dialect)) await createTrigger(db, dialect, trigger);
    },

    async down(db: Kysely<unknown>) {
      for (const trigger of triggers(dialect)) await dropTrigger(db, dialect, trigger);
      await db.schema.dropTable('product_sales_quarterly').execute();
    },
  };
}
