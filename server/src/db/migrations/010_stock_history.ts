// Stock history (issue #14): the inventory ledger lists the movements newest first, alone or
// filtered by variant (and so by product), admin, order or time, a page at a time.
// - each filter has an index that yields its movements in the list's order (created_at, then
//   id), so a page costs the same at any size of the ledger; those on (variant_id, ...) and
//   (order_id, ...) replace 005's single-column ones, which they start with;
// - the number of movements is a counter of row_counts ('stock_movements', kept by triggers as
//   006 keeps the others), so the unfiltered ledger's X-Total-Count does not count the table.
import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../database';
import { addToCounters, createTrigger, dropTrigger, SHARDS, type Trigger } from './006_lists';

/** [name, columns] of the ledger's indexes on stock_movements. */
const INDEXES: [string, string[]][] = [
  ['stock_movements_created_at_id', ['created_at', 'id']],
  ['stock_movements_variant_created_at_id', ['variant_id', 'created_at', 'id']],
  ['stock_movements_admin_created_at_id', ['admin_user_id', 'created_at', 'id']],
  ['stock_movements_order_created_at_id', ['order_id', 'created_at', 'id']],
];

/** 005's indexes that a composite index above now starts with. */
const SUPERSEDED: [string, string][] = [
  ['stock_movements_variant_id', 'variant_id'],
  ['stock_movements_order_id', 'order_id'],
];

const COUNTER = 'stock_movements';

/** SQLite: each row, in the shard of its id; PostgreSQL: each statement, in its session's. */
const counterTriggers = (dialect: DialectName): Trigger[] => {
  if (dialect === 'sqlite') {
    const count = (row: 'NEW' | 'OLD', sign: string) =>
      addToCounters(`${row}.id % ${SHARDS}`, `select '${COUNTER}' as name, ${sign}1 as delta`);
    return [
      {
        name: 'stock_movements_count_insert',
        event: 'insert',
        table: COUNTER,
        body: count('NEW', ''),
      },
      {
        name: 'stock_movements_count_delete',
        event: 'delete',
        table: COUNTER,
        body: count('OLD', '-'),
      },
    ];
  }
  const count = (rows: string, sign: string) =>
    addToCounters(
      `pg_backend_pid() % ${SHARDS}`,
      `select '${COUNTER}' as name, ${sign}count(*) as delta from ${rows} having count(*) > 0`,
    );
  return [
    {
      name: 'stock_movements_count_insert',
      event: 'insert',
      table: COUNTER,
      body: count('new_rows', ''),
      transitions: 'new table as new_rows',
    },
    {
      name: 'stock_movements_count_delete',
      event: 'delete',
      table: COUNTER,
      body: count('old_rows', '-'),
      transitions: 'old table as old_rows',
    },
  ];
};

export function stockHistory(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const [name, columns] of INDEXES) {
        await db.schema.createIndex(name).on('stock_movements').columns(columns).execute();
      }
      for (const [name] of SUPERSEDED) await db.schema.dropIndex(name).execute();
      await sql`insert into row_counts (name, shard, n)
        select ${COUNTER}, 0, count(*) from stock_movements`.execute(db);
      for (const trigger of counterTriggers(dialect)) await createTrigger(db, dialect, trigger);
    },

    async down(db: Kysely<unknown>) {
      for (const trigger of counterTriggers(dialect)) await dropTrigger(db, dialect, trigger);
      await sql`delete from row_counts where name = ${COUNTER}`.execute(db);
      for (const [name, column] of SUPERSEDED) {
        await db.schema.createIndex(name).on('stock_movements').column(column).execute();
      }
      for (const [name] of INDEXES) await db.schema.dropIndex(name).execute();
    },
  };
}
