// Data versions (issue #12): a number per scope that grows with every committed transaction
// that wrote a table the scope's answers are made of, so the list cache (http/list-cache.ts)
// knows with one cheap read whether an answer it holds is still what the database would give,
// whichever instance or connection wrote. A scope's version is the sum of its column over the
// shards.
// - catalogue: vat_rates, categories, products, variants (the product lists of both sides,
//   categories, VAT rates, variants and the inventory report);
// - orders: orders, order_items (the orders list, and through triggers on orders the customers
//   overview and the order counters of the dashboard).
// Every bump is made by triggers, in the writing transaction, so no writer (checkout, seeds,
// bulk loaders, another instance) can forget it.
// - PostgreSQL: SHARDS rows, the shard of the writer's session, bumped once per transaction at
//   commit (deferred constraint triggers; a transaction-local setting remembers the bump).
//   At commit a transaction holds all its other locks already and takes only its shard's row,
//   which a transaction holding it releases without waiting on anything: concurrent writers
//   may queue on a shard but never deadlock on it, whatever order they wrote their tables in.
//   One row carries every scope, so two scopes never lock in opposite orders either.
// - SQLite: one writer at a time, so one row, bumped for each row written.
import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../database';

/**
 * The tables each scope of this migration reads (directly or through what triggers derive from
 * them). Later migrations add scopes (014: admins); db/data-versions.ts lists them all.
 */
export const SCOPES_007 = {
  catalogue: ['vat_rates', 'categories', 'products', 'variants'],
  orders: ['orders', 'order_items'],
} as const;

const SHARDS = 16;

const EVENTS = ['insert', 'update', 'delete'] as const;

type Scopes = [string, readonly string[]][];
const scopes = Object.entries(SCOPES_007) as Scopes;

const triggerName = (table: string, event?: string) =>
  `${table}_data_version${event ? `_${event}` : ''}`;

/** SQLite: the scopes' triggers bump their columns of the one row for each row written. */
export async function createSqliteTriggers(db: Kysely<unknown>, scopes: Scopes) {
  for (const [scope, tables] of scopes) {
    for (const table of tables) {
      for (const event of EVENTS) {
        await sql
          .raw(
            `create trigger ${triggerName(table, event)} after ${event} on ${table}
            begin update data_versions set ${scope} = ${scope} + 1; end`,
          )
          .execute(db);
      }
    }
  }
}

/** PostgreSQL: the scopes' deferred triggers bump their columns of a shard once per transaction. */
export async function createPostgresTriggers(db: Kysely<unknown>, scopes: Scopes) {
  for (const [scope] of scopes) {
    await sql
      .raw(
        `create function bump_${scope}_version() returns trigger language plpgsql as $$
        begin
          if current_setting('shop.${scope}_bumped', true) is distinct from '1' then
            perform set_config('shop.${scope}_bumped', '1', true);
            update data_versions set ${scope} = ${scope} + 1
              where shard = pg_backend_pid() % ${SHARDS};
          end if;
          return null;
        end $$`,
      )
      .execute(db);
  }
  for (const [scope, tables] of scopes) {
    for (const table of tables) {
      await sql
        .raw(
          `create constraint trigger ${triggerName(table)}
          after ${EVENTS.join(' or ')} on ${table}
          deferrable initially deferred for each row execute function bump_${scope}_version()`,
        )
        .execute(db);
    }
  }
}

export function dataVersions(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      let table = db.schema
        .createTable('data_versions')
        .addColumn('shard', 'integer', (c) => c.primaryKey());
      for (const [scope] of scopes) {
        table = table.addColumn(scope, 'bigint', (c) => c.notNull().defaultTo(0));
      }
      await table.execute();
      const shards = dialect === 'postgres' ? SHARDS : 1;
      await sql
        .raw(
          `insert into data_versions (shard) values ${Array.from({ length: shards }, (_, i) => `(${i})`).join(', ')}`,
        )
        .execute(db);
      if (dialect === 'sqlite') await createSqliteTriggers(db, scopes);
      else await createPostgresTriggers(db, scopes);
    },

    async down(db: Kysely<unknown>) {
      await dropTriggers(db, dialect, scopes);
      await db.schema.dropTable('data_versions').execute();
    },
  };
}

export async function dropTriggers(db: Kysely<unknown>, dialect: DialectName, scopes: Scopes) {
  for (const [scope, tables] of scopes) {
    for (const table of tables) {
      if (dialect === 'sqlite') {
        for (const event of EVENTS) {
          await sql.raw(`drop trigger ${triggerName(table, event)}`).execute(db);
        }
      } else {
        await sql.raw(`drop trigger ${triggerName(table)} on ${table}`).execute(db);
      }
    }
    if (dialect === 'postgres') await sql.raw(`drop function bump_${scope}_version()`).execute(db);
  }
}
