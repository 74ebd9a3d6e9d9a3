// The sales roll-ups (#35, docs/product.md §10.30): daily figures the database keeps exact in
// the same transaction as every order write, so the sales reports read a few rows per day of the
// period instead of every order (services/reports/sales.ts).
//
// - shop_days: the shop's days and the instant each starts (ISO text in UTC, like
//   orders.created_at on both databases, so text comparison orders them), 2000 to 2100, for
//   each time zone the shop has used, the current one being shop_calendar's
//   (domain/analytics.ts shopDayStarts; DST-aware). A trigger cannot run Intl,
//   so it finds an order's day with one index lookup: the last start at or before created_at.
//   An instant outside the table counts on its UTC date.
// - sales_daily, by (day, status, payment_method, shard): the orders placed that day in that
//   status and their Σ total_amount, vat_amount, stamp_duty_amount, discount_amount and
//   shipping_amount. Every status is kept (a report keeps the ones not credited): a status
//   change moves the order between rows instead of losing it. The shard: PostgreSQL adds each
//   statement's figures to the row of its session's shard (pg_backend_pid() % SHARDS, as
//   row_counts does), so concurrent checkouts of one day do not queue on one row until they
//   commit; SQLite has one writer and writes shard 0.
// - product_sales_daily, by (day, status, product_key, variant_key, sold_name, sold_title,
//   sold_sku): the lines of the orders placed that day in that status, their Σ quantity, Σ
//   (total_price − discount_amount) and count. The keys are the product and variant ids, 0
//   when the line has none (deleted: the foreign key sets it null, an update of the line that
//   moves its figures); then the line's name, title and SKU as sold keep deleted products
//   apart and name them; with an id, they are '' (the report reads the catalogue's name now).
//   Not sharded: concurrent orders of one product on one day are rarer, and the best-sellers
//   read every row of the period.
//
// Triggers: for each row on SQLite; for each statement with transition tables on PostgreSQL
// (a bulk load adds its figures once per statement and key, not once per row). Orders: insert,
// delete and an update of what the figures are made of (created_at, status, payment_method and
// the amounts). Lines: insert, delete and update, each joined to its order for the day and
// status; an order whose created_at or status changes moves all its lines. Deleting an order:
// a BEFORE DELETE trigger takes its lines out while they are still there; the cascade that
// deletes them then finds no order and adds nothing.
//
// A change of the shop's time zone regenerates shop_days and rebuilds both roll-ups from the
// orders in the same transaction (rebuildSalesRollups, called by the settings service);
// shop_calendar names the zone they were made for, which the reports check before reading, so
// a time zone written by other means (a restore, a script) is caught up at the next report.
import { sql, type Kysely, type Migration, type QueryExecutorProvider } from 'kysely';
import type { DialectName } from '../database';
import { shopDayStarts } from '../../domain/analytics';
import { SHARDS, createTrigger, dropTrigger, type Trigger } from './006_lists';

/** shop_days rows inserted per statement (three parameters each). */
const DAYS_BATCH = 2000;

/** The shop day of an instant (ISO text): the last day starting at or before it. */
export const dayOf = (at: string) => `coalesce((select d.day from shop_days d
  where d.time_zone = (select c.time_zone from shop_calendar c where c.id = 1)
    and d.starts_at <= ${at}
  order by d.starts_at desc limit 1), substr(${at}, 1, 10))`;

const SALES_KEY = 'day, status, payment_method, shard';
const SALES_SUMS = ['order_count', 'gross', 'vat', 'stamp_duty', 'discounts', 'shipping'] as const;

/** The figures of the orders `o` (an alias), signed: day, status, method and the sums' terms. */
const orderTerms = (o: string, sign: string) => `${dayOf(`${o}.created_at`)} as day,
  ${o}.status as status, ${o}.payment_method as payment_method,
  ${sign}1 as order_count, ${sign}${o}.total_amount as gross, ${sign}${o}.vat_amount as vat,
  ${sign}coalesce(${o}.stamp_duty_amount, 0) as stamp_duty,
  ${sign}${o}.discount_amount as discounts, ${sign}${o}.shipping_amount as shipping`;

/** Adds signed order terms (a select of orderTerms' columns, alias t) to sales_daily. */
const addSales = (shard: string, terms: string) => `insert into sales_daily
  (${SALES_KEY}, ${SALES_SUMS.join(', ')})
  select day, status, payment_method, ${shard},
    ${SALES_SUMS.map((c) => `sum(${c})`).join(', ')}
  from (${terms}) t where true group by day, status, payment_method
  on conflict (${SALES_KEY}) do update set
    ${SALES_SUMS.map((c) => `${c} = sales_daily.${c} + excluded.${c}`).join(', ')};`;

const PRODUCT_KEY =
  'day, status, product_key, variant_key, sold_name, sold_title, sold_sku' as const;
const PRODUCT_SUMS = ['units', 'revenue', 'lines'] as const;

/** The figures of the lines `i` of the orders `o`, signed. */
const lineTerms = (i: string, o: string, sign: string) => `${dayOf(`${o}.created_at`)} as day,
  ${o}.status as status,
  coalesce(${i}.product_id, 0) as product_key, coalesce(${i}.variant_id, 0) as variant_key,
  case when ${i}.product_id is null then ${i}.product_name else '' end as sold_name,
  case when ${i}.variant_id is null then coalesce(${i}.variant_title, '') else '' end as sold_title,
  case when ${i}.variant_id is null then coalesce(${i}.product_sku, '') else '' end as sold_sku,
  ${sign}${i}.quantity as units, ${sign}(${i}.total_price - ${i}.discount_amount) as revenue,
  ${sign}1 as lines`;

/** Adds signed line terms (a select of lineTerms' columns) to product_sales_daily. */
const addProducts = (terms: string) => `insert into product_sales_daily
  (${PRODUCT_KEY}, ${PRODUCT_SUMS.join(', ')})
  select ${PRODUCT_KEY}, ${PRODUCT_SUMS.map((c) => `sum(${c})`).join(', ')}
  from (${terms}) t where true group by ${PRODUCT_KEY}
  on conflict (${PRODUCT_KEY}) do update set
    ${PRODUCT_SUMS.map((c) => `${c} = product_sales_daily.${c} + excluded.${c}`).join(', ')};`;

/** What an order's sales figures are made of: an update of another column changes nothing. */
const ORDER_SOURCES = [
  'created_at',
  'status',
  'payment_method',
  'total_amount',
  'vat_amount',
  'stamp_duty_amount',
  'discount_amount',
  'shipping_amount',
] as const;

/** What a line's figures are made of. */
const LINE_SOURCES = [
  'order_id',
  'product_id',
  'variant_id',
  'product_name',
  'variant_title',
  'product_sku',
  'quantity',
  'total_price',
  'discount_amount',
] as const;

/** `(a.x, a.y) is distinct from (b.x, b.y)` on PostgreSQL, for the columns. */
const changed = (a: string, b: string, columns: readonly string[]) =>
  `(${columns.map((c) => `${a}.${c}`).join(', ')}) is distinct from (${columns
    .map((c) => `${b}.${c}`)
    .join(', ')})`;

/** SQLite: for each row. */
const rowTriggers = (): Trigger[] => {
  const one = (row: 'NEW' | 'OLD', sign: string) =>
    addSales('0', `select ${orderTerms(row, sign)}`);
  const linesOf = (row: 'NEW' | 'OLD', sign: string) =>
    addProducts(
      `select ${lineTerms('i', row, sign)} from order_items i where i.order_id = ${row}.id`,
    );
  const line = (row: 'NEW' | 'OLD', sign: string) =>
    addProducts(`select ${lineTerms(row, 'o', sign)} from orders o where o.id = ${row}.order_id`);
  return [
    { name: 'sales_orders_insert', event: 'insert', table: 'orders', body: one('NEW', '') },
    { name: 'sales_orders_delete', event: 'delete', table: 'orders', body: one('OLD', '-') },
    {
      name: 'sales_orders_update',
      event: `update of ${ORDER_SOURCES.join(', ')}`,
      table: 'orders',
      body: `${one('OLD', '-')} ${one('NEW', '')}`,
    },
    {
      name: 'sales_orders_move_lines',
      event: 'update of created_at, status',
      table: 'orders',
      body: `${linesOf('OLD', '-')} ${linesOf('NEW', '')}`,
    },
    { name: 'sales_lines_insert', event: 'insert', table: 'order_items', body: line('NEW', '') },
    { name: 'sales_lines_delete', event: 'delete', table: 'order_items', body: line('OLD', '-') },
    {
      name: 'sales_lines_update',
      event: `update of ${LINE_SOURCES.join(', ')}`,
      table: 'order_items',
      body: `${line('OLD', '-')} ${line('NEW', '')}`,
    },
  ];
};

/** PostgreSQL: for each statement, from its transition tables. */
const statementTriggers = (): Trigger[] => {
  const shard = `pg_backend_pid() % ${SHARDS}`;
  const both = 'old table as old_rows new table as new_rows';
  // Transition tables exclude a column list: every update comes here. The rows whose sources
  // changed are found by id, then every image of them is taken: Σ new images − Σ old images.
  // A row may appear more than once in one statement's transition tables (a product deleted
  // sets its lines' product_id, then its variants' deletion their variant_id, both within the
  // query that deleted it): pairing images by id would count the pairs, not the change.
  // A join, not `id in (…)`: PostgreSQL ran the IN as a subplan per row of the transition
  // table (an update of 1,100 orders took 190 s; joined, it is a hash join).
  const moved = (
    side: 'old_rows' | 'new_rows',
    alias: string,
    columns: readonly string[],
    join = '',
  ) => `${side} ${alias} join (select distinct a.id from old_rows a join new_rows b on b.id = a.id
      where ${changed('a', 'b', columns)}) moved_ids on moved_ids.id = ${alias}.id ${join}`;
  const LINE_MOVERS = ['created_at', 'status'];
  return [
    {
      name: 'sales_orders_insert',
      event: 'insert',
      table: 'orders',
      body: addSales(shard, `select ${orderTerms('o', '')} from new_rows o`),
      transitions: 'new table as new_rows',
    },
    {
      name: 'sales_orders_delete',
      event: 'delete',
      table: 'orders',
      body: addSales(shard, `select ${orderTerms('o', '-')} from old_rows o`),
      transitions: 'old table as old_rows',
    },
    {
      name: 'sales_orders_update',
      event: 'update',
      table: 'orders',
      body: `${addSales(
        shard,
        `select ${orderTerms('o', '-')} from ${moved('old_rows', 'o', ORDER_SOURCES)}
         union all select ${orderTerms('n', '')} from ${moved('new_rows', 'n', ORDER_SOURCES)}`,
      )}
      ${addProducts(
        `select ${lineTerms('i', 'o', '-')}
           from ${moved('old_rows', 'o', LINE_MOVERS, 'join order_items i on i.order_id = o.id')}
         union all select ${lineTerms('i', 'n', '')}
           from ${moved('new_rows', 'n', LINE_MOVERS, 'join order_items i on i.order_id = n.id')}`,
      )}`,
      transitions: both,
    },
    {
      name: 'sales_lines_insert',
      event: 'insert',
      table: 'order_items',
      body: addProducts(
        `select ${lineTerms('i', 'o', '')} from new_rows i join orders o on o.id = i.order_id`,
      ),
      transitions: 'new table as new_rows',
    },
    {
      name: 'sales_lines_delete',
      event: 'delete',
      table: 'order_items',
      body: addProducts(
        `select ${lineTerms('i', 'o', '-')} from old_rows i join orders o on o.id = i.order_id`,
      ),
      transitions: 'old table as old_rows',
    },
    {
      name: 'sales_lines_update',
      event: 'update',
      table: 'order_items',
      body: addProducts(
        `select ${lineTerms('i', 'o', '-')}
           from ${moved('old_rows', 'i', LINE_SOURCES, 'join orders o on o.id = i.order_id')}
         union all select ${lineTerms('i', 'o', '')}
           from ${moved('new_rows', 'i', LINE_SOURCES, 'join orders o on o.id = i.order_id')}`,
      ),
      transitions: both,
    },
  ];
};

const triggers = (dialect: DialectName): Trigger[] =>
  dialect === 'sqlite' ? rowTriggers() : statementTriggers();

/**
 * Deleting an order takes its lines out first, while they are there (a BEFORE trigger, for each
 * row on both databases: orders are not deleted in bulk). createTrigger makes AFTER triggers.
 */
async function createDeleteLinesTrigger(db: QueryExecutorProvider, dialect: DialectName) {
  const body = addProducts(
    `select ${lineTerms('i', 'OLD', '-')} from order_items i where i.order_id = OLD.id`,
  );
  const on = 'before delete on orders';
  if (dialect === 'sqlite') {
    await sql.raw(`create trigger sales_orders_delete_lines ${on} begin ${body} end`).execute(db);
    return;
  }
  await sql
    .raw(
      `create function sales_orders_delete_lines() returns trigger language plpgsql as $$
      begin ${body} return OLD; end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger sales_orders_delete_lines ${on} for each row
       execute function sales_orders_delete_lines()`,
    )
    .execute(db);
}

/**
 * Makes sure shop_days holds the days of `timeZone`. Each zone's days are kept once made: going
 * back to a zone costs nothing (36,890 rows a zone took a second on PostgreSQL).
 */
async function fillShopDays(db: QueryExecutorProvider, timeZone: string) {
  const held = await sql`select 1 from shop_days where time_zone = ${timeZone} limit 1`.execute(db);
  if (held.rows.length > 0) return;
  const days = shopDayStarts(timeZone);
  for (let i = 0; i < days.length; i += DAYS_BATCH) {
    const values = days
      .slice(i, i + DAYS_BATCH)
      .map((d) => sql`(${timeZone}, ${d.day}, ${d.starts_at})`);
    await sql`insert into shop_days (time_zone, day, starts_at) values ${sql.join(values)}`.execute(
      db,
    );
  }
}

/**
 * Regenerates the shop's days for `timeZone` and rebuilds both roll-ups from the orders and
 * their lines: the migration's backfill, and a change of the shop's time zone (in the
 * settings' transaction, so no report ever sees days of one zone and figures of another).
 */
export async function rebuildSalesRollups(
  db: QueryExecutorProvider,
  timeZone: string,
): Promise<void> {
  await fillShopDays(db, timeZone);
  await sql`update shop_calendar set time_zone = ${timeZone} where id = 1`.execute(db);
  await sql`delete from sales_daily`.execute(db);
  await sql`delete from product_sales_daily`.execute(db);
  await sql.raw(addSales('0', `select ${orderTerms('o', '')} from orders o`)).execute(db);
  await sql
    .raw(
      addProducts(
        `select ${lineTerms('i', 'o', '')} from order_items i join orders o on o.id = i.order_id`,
      ),
    )
    .execute(db);
}

export function salesRollups(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // By zone: the days of every zone the shop has used are kept (see fillShopDays).
      await db.schema
        .createTable('shop_days')
        .addColumn('time_zone', 'text', (c) => c.notNull())
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('starts_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('shop_days_pk', ['time_zone', 'starts_at'])
        .addUniqueConstraint('shop_days_day', ['time_zone', 'day'])
        .execute();
      const money = 'bigint' as const;
      let sales = db.schema
        .createTable('sales_daily')
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('payment_method', 'text', (c) => c.notNull())
        .addColumn('shard', 'integer', (c) => c.notNull());
      for (const column of SALES_SUMS) sales = sales.addColumn(column, money, (c) => c.notNull());
      await sales
        .addPrimaryKeyConstraint('sales_daily_pk', ['day', 'status', 'payment_method', 'shard'])
        .execute();
      let products = db.schema
        .createTable('product_sales_daily')
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('product_key', 'integer', (c) => c.notNull())
        .addColumn('variant_key', 'integer', (c) => c.notNull())
        .addColumn('sold_name', 'text', (c) => c.notNull())
        .addColumn('sold_title', 'text', (c) => c.notNull())
        .addColumn('sold_sku', 'text', (c) => c.notNull());
      for (const column of PRODUCT_SUMS) {
        products = products.addColumn(column, money, (c) => c.notNull());
      }
      await products
        .addPrimaryKeyConstraint('product_sales_daily_pk', [
          'day',
          'status',
          'product_key',
          'variant_key',
          'sold_name',
          'sold_title',
          'sold_sku',
        ])
        .execute();
      // The refunds of a period: refund payments by the day they were paid (services/reports).
      await db.schema
        .createIndex('order_payments_received_on')
        .on('order_payments')
        .column('received_on')
        .execute();
      // The zone shop_days were made for: the reports check it against the shop's setting
      // (services/reports/sales.ts), so that a setting written by other means than the settings
      // service (a restore, a test) still gets its calendar before a report reads it.
      await db.schema
        .createTable('shop_calendar')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('time_zone', 'text', (c) => c.notNull())
        .execute();
      const setting = await sql<{ time_zone: string }>`select time_zone from shop_settings
        where id = 1`.execute(db);
      const zone = setting.rows[0]?.time_zone ?? 'Africa/Tunis';
      await sql`insert into shop_calendar (id, time_zone) values (1, ${zone})`.execute(db);
      await rebuildSalesRollups(db, zone);
      if (dialect === 'postgres') await sql`analyze shop_days`.execute(db);
      for (const trigger of triggers(dialect)) await createTrigger(db, dialect, trigger);
      await createDeleteLinesTrigger(db, dialect);
    },

    async down(db: Kysely<unknown>) {
      const deleteLines = {
        name: 'sales_orders_delete_lines',
        event: '',
        table: 'orders',
        body: '',
      };
      for (const trigger of [...triggers(dialect), deleteLines]) {
        await dropTrigger(db, dialect, trigger);
      }
      await db.schema.dropIndex('order_payments_received_on').execute();
      await db.schema.dropTable('product_sales_daily').execute();
      await db.schema.dropTable('sales_daily').execute();
      await db.schema.dropTable('shop_calendar').execute();
      await db.schema.dropTable('shop_days').execute();
    },
  };
}
