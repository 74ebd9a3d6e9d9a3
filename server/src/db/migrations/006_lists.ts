// Lists served by indexes, and figures the database keeps itself (issue #12):
// - every sort and filter the list operations offer has an index that yields the page in order,
//   ties broken by id (or by the customer key), so a page costs the same at any table size;
// - orders get two generated columns: shipping_email_key (the shipping e-mail trimmed and
//   lower-cased, 'unknown' without one: the customer an order belongs to) and shipping_name
//   ("first last", searched by the orders list). SQLite computes them on read (VIRTUAL, which
//   ALTER TABLE can add; the indexes store them), PostgreSQL stores them;
// - customer_overview: the orders grouped by shipping_email_key, kept by triggers on orders, so
//   every writer of orders (checkout, seeds, bulk loaders, tests) keeps it right without calling
//   anything. An insert adds to its customer's row; an update of what the row is made of (rare:
//   the demo seed backdates its orders) or a delete recomputes the customers concerned from
//   their orders, through the index on shipping_email_key;
// - row_counts: exact counts and sums (products, active products, and per order status the
//   number of orders and their revenue), kept by triggers in 16 shards per counter so concurrent
//   checkouts on PostgreSQL do not queue on one row (for each row on SQLite, for each statement
//   on PostgreSQL). X-Total-Count without filters and the dashboard's figures read them instead
//   of counting the tables.
import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../database';

/** A text field of the shipping address (JSON text) of the order `row` (none: the order itself). */
const addressField = (dialect: DialectName, row: string | null, field: string) => {
  const address = row === null ? 'shipping_address' : `${row}.shipping_address`;
  return dialect === 'sqlite'
    ? `json_extract(${address}, '$.${field}')`
    : `((${address})::jsonb ->> '${field}')`;
};

/** The customer of an order: its shipping e-mail trimmed and lower-cased, or 'unknown'. */
const emailKey = (dialect: DialectName, row: string | null) =>
  `coalesce(nullif(lower(trim(${addressField(dialect, row, 'email')})), ''), 'unknown')`;

const OVERVIEW_COLUMNS = `email_key, email, customer_type, country_code, vat_number,
  order_count, total_spent, last_order_date, last_order_id`;

/** The overview's columns that describe the customer as of the order `row` (alias or NEW). */
const latestOrderValues = (dialect: DialectName, row: string) => `${row}.shipping_email_key,
  case when ${row}.shipping_email_key = 'unknown' then 'unknown'
    else trim(${addressField(dialect, row, 'email')}) end,
  ${row}.customer_type,
  coalesce(nullif(${row}.customer_country_code, ''), ${addressField(dialect, row, 'country')}, ''),
  nullif(${row}.vat_number, '')`;

/** The columns an order more recent than the row's last order replaces. */
const LATEST_COLUMNS = [
  'email',
  'customer_type',
  'country_code',
  'vat_number',
  'last_order_date',
  'last_order_id',
] as const;

/** Adds an order (NEW) to its customer's row: counts and sums grow, the latest order may change. */
const addOrder = (dialect: DialectName) => {
  const newer = `(excluded.last_order_date > customer_overview.last_order_date
    or (excluded.last_order_date = customer_overview.last_order_date
      and excluded.last_order_id > customer_overview.last_order_id))`;
  return `insert into customer_overview (${OVERVIEW_COLUMNS})
    values (${latestOrderValues(dialect, 'NEW')}, 1, NEW.total_amount, NEW.created_at, NEW.id)
    on conflict (email_key) do update set
      order_count = customer_overview.order_count + 1,
      total_spent = customer_overview.total_spent + excluded.total_spent,
      ${LATEST_COLUMNS.map((c) => `${c} = case when ${newer} then excluded.${c} else customer_overview.${c} end`).join(',\n      ')}`;
};

/** Recomputes one customer's row (or removes it) from their orders. */
const refreshCustomer = (dialect: DialectName, key: string) => `
  delete from customer_overview where email_key = ${key}
    and not exists (select 1 from orders where shipping_email_key = ${key});
  insert into customer_overview (${OVERVIEW_COLUMNS})
    select ${latestOrderValues(dialect, 'l')}, s.n, s.total, l.created_at, l.id
    from (select count(*) as n, sum(total_amount) as total
          from orders where shipping_email_key = ${key}) s,
         (select * from orders where shipping_email_key = ${key}
          order by created_at desc, id desc limit 1) l
    where true
    on conflict (email_key) do update set
      ${[...LATEST_COLUMNS, 'order_count', 'total_spent'].map((c) => `${c} = excluded.${c}`).join(', ')};`;

/**
 * Rows per counter: concurrent writers mostly add to different rows of a counter, so checkouts
 * on PostgreSQL do not queue on one row.
 */
export const SHARDS = 16;

/** The counters as the tables hold them now. */
const COUNTS_BACKFILL = `insert into row_counts (name, shard, n)
  select 'products', 0, count(*) from products
  union all select 'products_active', 0, count(*) from products where is_active = 1
  union all select 'orders:' || status, 0, count(*) from orders group by status
  union all select 'revenue:' || status, 0, sum(total_amount) from orders group by status`;

/** Columns an update must change for the overview to need a refresh. */
const OVERVIEW_SOURCES =
  'created_at, total_amount, shipping_address, customer_type, customer_country_code, vat_number';

/** The overview from the orders already there. */
const backfill = (dialect: DialectName) => `insert into customer_overview (${OVERVIEW_COLUMNS})
  select ${latestOrderValues(dialect, 'l')}, s.n, s.total, l.created_at, l.id
  from (select shipping_email_key as k, count(*) as n, sum(total_amount) as total
        from orders group by shipping_email_key) s
  join (select o.*, row_number() over (partition by shipping_email_key
          order by created_at desc, id desc) as rn
        from orders o) l on l.shipping_email_key = s.k and l.rn = 1`;

/** [name, table, columns] of the indexes that serve the lists' sorts and filters. */
const INDEXES: [string, string, string[]][] = [
  ['products_created_at_id', 'products', ['created_at', 'id']],
  ['products_name_id', 'products', ['name', 'id']],
  ['products_base_price_id', 'products', ['base_price', 'id']],
  ['products_active_created_at_id', 'products', ['is_active', 'created_at', 'id']],
  ['products_active_name_id', 'products', ['is_active', 'name', 'id']],
  ['orders_created_at_id', 'orders', ['created_at', 'id']],
  ['orders_total_amount_id', 'orders', ['total_amount', 'id']],
  ['orders_status_created_at_id', 'orders', ['status', 'created_at', 'id']],
  ['orders_payment_method_created_at_id', 'orders', ['payment_method', 'created_at', 'id']],
  ['orders_shipping_email_key_created_at_id', 'orders', ['shipping_email_key', 'created_at', 'id']],
  ['customer_overview_last_order_date', 'customer_overview', ['last_order_date', 'email_key']],
  ['customer_overview_total_spent', 'customer_overview', ['total_spent', 'email_key']],
  ['customer_overview_order_count', 'customer_overview', ['order_count', 'email_key']],
  ['customer_overview_email', 'customer_overview', ['email', 'email_key']],
];

/** Single-column indexes of 001/002 that a composite index above now starts with. */
const SUPERSEDED = ['products_is_active', 'orders_created_at', 'orders_status'];

async function addGeneratedColumns(db: Kysely<unknown>, dialect: DialectName) {
  const kind = dialect === 'sqlite' ? 'virtual' : 'stored';
  const name = `${addressField(dialect, null, 'first_name')} || ' ' || ${addressField(dialect, null, 'last_name')}`;
  await sql
    .raw(
      `alter table orders add column shipping_email_key text
        generated always as (${emailKey(dialect, null)}) ${kind}`,
    )
    .execute(db);
  await sql
    .raw(
      `alter table orders add column shipping_name text
        generated always as (${name}) ${kind}`,
    )
    .execute(db);
}

export interface Trigger {
  name: string;
  /** `insert`, `delete`, `update` or `update of <columns>`. */
  event: string;
  table: string;
  /** Statements, each ending with `;`. */
  body: string;
  /** PostgreSQL only: a statement-level trigger with these transition tables. */
  transitions?: string;
}

/**
 * An AFTER trigger: inline on SQLite, through a function of the same name on PostgreSQL; for
 * each row, or for each statement when it has transition tables.
 */
export async function createTrigger(db: Kysely<unknown>, dialect: DialectName, t: Trigger) {
  const on = `after ${t.event} on ${t.table}`;
  if (dialect === 'sqlite') {
    await sql.raw(`create trigger ${t.name} ${on} begin ${t.body} end`).execute(db);
    return;
  }
  await sql
    .raw(
      `create function ${t.name}() returns trigger language plpgsql as $$
      begin ${t.body} return null; end $$`,
    )
    .execute(db);
  const level = t.transitions ? `referencing ${t.transitions} for each statement` : 'for each row';
  await sql.raw(`create trigger ${t.name} ${on} ${level} execute function ${t.name}()`).execute(db);
}

/**
 * The triggers that keep a roll-up from the rows of `table` (046, 048, 049), named
 * `<name>_insert`, `_update` and `_delete`: a row's figures added when it is inserted, taken out
 * when it is deleted, the old image out and the new one in when it is updated. SQLite, for each
 * row: `row('NEW' | 'OLD', sign)` adds one image's figures, signed; PostgreSQL, for each
 * statement: `rows('new_rows' | 'old_rows', sign)` adds those of a transition table.
 */
export function rollupTriggers(
  dialect: DialectName,
  name: string,
  table: string,
  row: (image: 'NEW' | 'OLD', sign: '' | '-') => string,
  rows: (side: 'new_rows' | 'old_rows', sign: '' | '-') => string,
): Trigger[] {
  if (dialect === 'sqlite') {
    return [
      { name: `${name}_insert`, event: 'insert', table, body: row('NEW', '') },
      {
        name: `${name}_update`,
        event: 'update',
        table,
        body: `${row('OLD', '-')} ${row('NEW', '')}`,
      },
      { name: `${name}_delete`, event: 'delete', table, body: row('OLD', '-') },
    ];
  }
  return [
    {
      name: `${name}_insert`,
      event: 'insert',
      table,
      body: rows('new_rows', ''),
      transitions: 'new table as new_rows',
    },
    {
      name: `${name}_update`,
      event: 'update',
      table,
      body: `${rows('old_rows', '-')} ${rows('new_rows', '')}`,
      transitions: 'old table as old_rows new table as new_rows',
    },
    {
      name: `${name}_delete`,
      event: 'delete',
      table,
      body: rows('old_rows', '-'),
      transitions: 'old table as old_rows',
    },
  ];
}

/** Drops a trigger of createTrigger (and its function on PostgreSQL). */
export async function dropTrigger(db: Kysely<unknown>, dialect: DialectName, t: Trigger) {
  await sql
    .raw(`drop trigger ${t.name}${dialect === 'postgres' ? ` on ${t.table}` : ''}`)
    .execute(db);
  if (dialect === 'postgres') await sql.raw(`drop function ${t.name}()`).execute(db);
}

/** The triggers that keep customer_overview, for each order (both databases). */
const overviewTriggers = (dialect: DialectName): Trigger[] => [
  {
    name: 'orders_overview_insert',
    event: 'insert',
    table: 'orders',
    body: `${addOrder(dialect)};`,
  },
  {
    name: 'orders_overview_update',
    event: `update of ${OVERVIEW_SOURCES}`,
    table: 'orders',
    body: `${refreshCustomer(dialect, 'OLD.shipping_email_key')}
      ${refreshCustomer(dialect, 'NEW.shipping_email_key')}`,
  },
  {
    name: 'orders_overview_delete',
    event: 'delete',
    table: 'orders',
    body: refreshCustomer(dialect, 'OLD.shipping_email_key'),
  },
];

/**
 * Adds to counters, in one shard (see SHARDS): `rows` is `(name, delta)` pairs, one per name.
 * Any shard may take any delta: only the sum over the shards means something.
 */
export const addToCounters = (
  shard: string,
  rows: string,
) => `insert into row_counts (name, shard, n)
  select name, ${shard}, delta from (${rows}) d where true
  on conflict (name, shard) do update set n = row_counts.n + excluded.n;`;

/** SQLite (no row versions): each row adds to the counters, in the shard of its id. */
const rowCounterTriggers = (): Trigger[] => {
  const order = (row: 'NEW' | 'OLD', sign: string) =>
    addToCounters(
      `${row}.id % ${SHARDS}`,
      `select 'orders:' || ${row}.status as name, ${sign}1 as delta
       union all select 'revenue:' || ${row}.status, ${sign}${row}.total_amount`,
    );
  const product = (row: 'NEW' | 'OLD', sign: string) =>
    addToCounters(
      `${row}.id % ${SHARDS}`,
      `select 'products' as name, ${sign}1 as delta
       union all select 'products_active', ${sign}${row}.is_active`,
    );
  return [
    { name: 'orders_count_insert', event: 'insert', table: 'orders', body: order('NEW', '') },
    { name: 'orders_count_delete', event: 'delete', table: 'orders', body: order('OLD', '-') },
    {
      name: 'orders_count_update',
      event: 'update of status, total_amount',
      table: 'orders',
      body: `${order('OLD', '-')} ${order('NEW', '')}`,
    },
    { name: 'products_count_insert', event: 'insert', table: 'products', body: product('NEW', '') },
    {
      name: 'products_count_delete',
      event: 'delete',
      table: 'products',
      body: product('OLD', '-'),
    },
    {
      name: 'products_count_update',
      event: 'update of is_active',
      table: 'products',
      body: addToCounters(
        `NEW.id % ${SHARDS}`,
        `select 'products_active' as name, NEW.is_active - OLD.is_active as delta`,
      ),
    },
  ];
};

/**
 * PostgreSQL: each statement adds its rows' totals at once, in the shard of its session. Per
 * row, a bulk insert in one transaction would update the same counter rows again and again,
 * and every update leaves a row version the next one has to step over.
 */
const statementCounterTriggers = (): Trigger[] => {
  const add = (rows: string) => addToCounters(`pg_backend_pid() % ${SHARDS}`, rows);
  const orders = (rows: string, sign: string) =>
    add(`select 'orders:' || status as name, ${sign}count(*) as delta from ${rows} group by status
      union all
      select 'revenue:' || status, ${sign}sum(total_amount) from ${rows} group by status`);
  const products = (rows: string, sign: string) =>
    add(`select 'products' as name, ${sign}count(*) as delta from ${rows} having count(*) > 0
      union all
      select 'products_active', ${sign}sum(is_active) from ${rows} having count(*) > 0`);
  const changedOrders = (side: 'o' | 'n') => `(select ${side}.status, ${side}.total_amount
    from old_rows o join new_rows n on n.id = o.id
    where o.status <> n.status or o.total_amount <> n.total_amount) c`;
  const both = 'old table as old_rows new table as new_rows';
  return [
    {
      name: 'orders_count_insert',
      event: 'insert',
      table: 'orders',
      body: orders('new_rows', ''),
      transitions: 'new table as new_rows',
    },
    {
      name: 'orders_count_delete',
      event: 'delete',
      table: 'orders',
      body: orders('old_rows', '-'),
      transitions: 'old table as old_rows',
    },
    {
      // Transition tables exclude a column list: every update comes here, unchanged rows skipped.
      name: 'orders_count_update',
      event: 'update',
      table: 'orders',
      body: `${orders(changedOrders('o'), '-')} ${orders(changedOrders('n'), '')}`,
      transitions: both,
    },
    {
      name: 'products_count_insert',
      event: 'insert',
      table: 'products',
      body: products('new_rows', ''),
      transitions: 'new table as new_rows',
    },
    {
      name: 'products_count_delete',
      event: 'delete',
      table: 'products',
      body: products('old_rows', '-'),
      transitions: 'old table as old_rows',
    },
    {
      name: 'products_count_update',
      event: 'update',
      table: 'products',
      body: add(`select 'products_active' as name, sum(n.is_active - o.is_active) as delta
        from old_rows o join new_rows n on n.id = o.id
        having sum(n.is_active - o.is_active) <> 0`),
      transitions: both,
    },
  ];
};

const triggers = (dialect: DialectName): Trigger[] => [
  ...overviewTriggers(dialect),
  ...(dialect === 'sqlite' ? rowCounterTriggers() : statementCounterTriggers()),
];

export function lists(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await addGeneratedColumns(db, dialect);
      await db.schema
        .createTable('customer_overview')
        .addColumn('email_key', 'text', (c) => c.primaryKey())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('customer_type', 'text', (c) => c.notNull())
        .addColumn('country_code', 'text', (c) => c.notNull())
        .addColumn('vat_number', 'text')
        .addColumn('order_count', 'integer', (c) => c.notNull())
        .addColumn('total_spent', 'bigint', (c) => c.notNull())
        .addColumn('last_order_date', 'text', (c) => c.notNull())
        .addColumn('last_order_id', 'integer', (c) => c.notNull())
        .execute();
      for (const [name, table, columns] of INDEXES) {
        await db.schema.createIndex(name).on(table).columns(columns).execute();
      }
      for (const name of SUPERSEDED) await db.schema.dropIndex(name).execute();
      await db.schema
        .createTable('row_counts')
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('shard', 'integer', (c) => c.notNull())
        .addColumn('n', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('row_counts_pk', ['name', 'shard'])
        .execute();
      await sql.raw(backfill(dialect)).execute(db);
      await sql.raw(COUNTS_BACKFILL).execute(db);
      for (const trigger of triggers(dialect)) await createTrigger(db, dialect, trigger);
    },

    async down(db: Kysely<unknown>) {
      for (const trigger of triggers(dialect)) await dropTrigger(db, dialect, trigger);
      await db.schema.dropTable('row_counts').execute();
      for (const [name, table] of INDEXES) {
        if (table !== 'customer_overview') await db.schema.dropIndex(name).execute();
      }
      await db.schema.dropTable('customer_overview').execute();
      await db.schema.alterTable('orders').dropColumn('shipping_name').execute();
      await db.schema.alterTable('orders').dropColumn('shipping_email_key').execute();
      await db.schema
        .createIndex('products_is_active')
        .on('products')
        .column('is_active')
        .execute();
      await db.schema.createIndex('orders_created_at').on('orders').column('created_at').execute();
      await db.schema.createIndex('orders_status').on('orders').column('status').execute();
    },
  };
}
