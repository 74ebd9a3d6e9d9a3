// Search indexes for the products lists (admin and public) and the orders list (issue #12): their search boxes look
// for a text anywhere in some columns ("contains"), which no B-tree index serves, so every
// search read the whole table (12 searches/s at 100,000 products on PostgreSQL).
// product_search, catalogue_search and order_search hold one document per row, the searched columns joined by
// U+0001 (the contract refuses control characters in a search, so no match can span two
// columns), kept by triggers:
// - SQLite: an FTS5 table with the trigram tokenizer, which answers `doc like '%text%'`
//   from its index for a text of 3 characters or more without % or _ (db/search.ts);
// - PostgreSQL: a table with the lower-cased document and a pg_trgm GIN index, where the
//   extension can be installed; without it the table is still right, only scanned.
import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../database';

const SEPARATOR = '\u0001';

/** Each searched list: its table, the index table and the columns its search box looks in. */
const INDEXES = [
  { table: 'products', search: 'product_search', columns: ['name', 'slug', 'brand'] },
  {
    table: 'products',
    search: 'catalogue_search',
    columns: ['name', 'short_description', 'brand', 'tags'],
  },
  {
    table: 'orders',
    search: 'order_search',
    columns: ['order_number', 'customer_email', 'shipping_email_key', 'shipping_name'],
  },
] as const;
type Index = (typeof INDEXES)[number];

/** The document of a row (`row`: new, or a table alias). */
const doc = ({ columns }: Index, row: string) =>
  columns.map((c) => `coalesce(${row}.${c}, '')`).join(` || '${SEPARATOR}' || `);

async function sqliteUp(db: Kysely<unknown>, index: Index) {
  const { table, search, columns } = index;
  await sql.raw(`create virtual table ${search} using fts5(doc, tokenize = 'trigram')`).execute(db);
  await sql
    .raw(`insert into ${search} (rowid, doc) select t.id, ${doc(index, 't')} from ${table} t`)
    .execute(db);
  await sql
    .raw(
      `create trigger ${search}_insert after insert on ${table} begin
        insert into ${search} (rowid, doc) values (new.id, ${doc(index, 'new')});
      end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger ${search}_update after update of ${columns.join(', ')} on ${table} begin
        update ${search} set doc = ${doc(index, 'new')} where rowid = new.id;
      end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger ${search}_delete after delete on ${table} begin
        delete from ${search} where rowid = old.id;
      end`,
    )
    .execute(db);
}

/** The schema pg_trgm is (or could be made) available in; undefined where it cannot. */
async function trigramSchema(db: Kysely<unknown>): Promise<string | undefined> {
  const installed = async () =>
    (
      await sql<{
        schema: string;
      }>`select extnamespace::regnamespace::text as schema from pg_extension where extname = 'pg_trgm'`.execute(
        db,
      )
    ).rows[0]?.schema;
  const found = await installed();
  if (found) return found;
  // In a savepoint: a refused CREATE EXTENSION (no right, not packaged, another migration
  // creating it at the same time) must not abort the migration.
  await sql`savepoint pg_trgm`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm with schema public`.execute(db);
    await sql`release savepoint pg_trgm`.execute(db);
  } catch {
    await sql`rollback to savepoint pg_trgm`.execute(db);
  }
  return installed();
}

async function postgresUp(db: Kysely<unknown>, index: Index, trigrams: string | undefined) {
  const { table, search, columns } = index;
  await sql
    .raw(
      `create table ${search} (
        rowid integer primary key references ${table} (id) on delete cascade,
        doc text not null
      )`,
    )
    .execute(db);
  await sql
    .raw(
      `insert into ${search} (rowid, doc) select t.id, lower(${doc(index, 't')}) from ${table} t`,
    )
    .execute(db);
  if (trigrams) {
    await sql`create index ${sql.id(`${search}_doc`)} on ${sql.table(search)}
      using gin (doc ${sql.id(trigrams, 'gin_trgm_ops')})`.execute(db);
  }
  await sql
    .raw(
      `create function ${search}_write() returns trigger language plpgsql as $$
      begin
        insert into ${search} (rowid, doc) values (new.id, lower(${doc(index, 'new')}))
          on conflict (rowid) do update set doc = excluded.doc;
        return null;
      end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger ${search}_write after insert or update of ${columns.join(', ')}
      on ${table} for each row execute function ${search}_write()`,
    )
    .execute(db);
}

export function searchIndex(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const trigrams = dialect === 'postgres' ? await trigramSchema(db) : undefined;
      for (const index of INDEXES) {
        if (dialect === 'sqlite') await sqliteUp(db, index);
        else await postgresUp(db, index, trigrams);
      }
    },
    async down(db: Kysely<unknown>) {
      for (const { table, search } of INDEXES) {
        if (dialect === 'sqlite') {
          for (const event of ['insert', 'update', 'delete']) {
            await sql.raw(`drop trigger ${search}_${event}`).execute(db);
          }
        } else {
          await sql.raw(`drop trigger ${search}_write on ${table}`).execute(db);
          await sql.raw(`drop function ${search}_write()`).execute(db);
        }
        await sql.raw(`drop table ${search}`).execute(db);
      }
    },
  };
}
