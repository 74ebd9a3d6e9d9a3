// Stock history (issue #14): the inventory ledger (listStockMovements), its CSV file
// (exportStockMovements) and the admins its filter offers (listStockMovementAdmins).
//
// Decisions the contract leaves open:
// - Newest first by created_at, ties by id, like the other lists; migration 010 gives every
//   filter an index in that order, so a page reads about `limit` rows of the index. The product
//   filter is the variants the product has now: a deleted variant's movements keep their SKU and
//   title but no longer belong to any product.
// - The reason filter is "contains", trimmed and case-insensitive, like the search boxes: no
//   index serves it, but it only narrows what another filter or the order already reads.
// - The unfiltered count is migration 010's counter; a filtered one counts through the index.
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '../../db/database';
import type { StockMovementRow } from '../../db/schema';
import {
  filteredCount,
  keysetPages,
  searchIn,
  selectedPage,
  type ListSelection,
} from '../../db/search';
import type { Query, Schemas } from '../../api/types';
import { invalid } from '../../api/problem';
import { CSV_COLUMNS } from '../../../../contract/csv-columns';
import type { CsvValue } from '../../domain/csv';
import { countOf } from '../platform/row-counts';
import { instant } from '../orders/orders';
import {
  datedExport,
  exportCountAndClock,
  PAGE_SIZE,
  type CsvExport,
} from '../platform/csv-export';

type StockMovementEntry = Schemas['StockMovementEntry'];

/** The ledger's filters (the export takes them all, the list adds its paging). */
export type StockMovementFilters = Query<'exportStockMovements'>;

/** A movement as the ledger reads it (`stock_movements as m`), with its product, admin and order. */
const selectEntries = (db: Db) =>
  db
    .selectFrom('stock_movements as m')
    .leftJoin('variants as v', 'v.id', 'm.variant_id')
    .leftJoin('admin_users as a', 'a.id', 'm.admin_user_id')
    .leftJoin('orders as o', 'o.id', 'm.order_id')
    .select([
      'm.id',
      'm.kind',
      'm.variant_id',
      'm.order_id',
      'm.order_status',
      'm.import_file',
      'm.sku',
      'm.title',
      'm.delta',
      'm.reason',
      'm.stock_before',
      'm.stock_after',
      'm.admin_user_id',
      'm.created_at',
      'v.product_id',
      'a.username as admin_username',
      'o.order_number',
    ]);

type EntryRow = Awaited<ReturnType<ReturnType<typeof selectEntries>['execute']>>[number];

/** A movement as the API gives it (PostgreSQL may read figures as strings). */
export const presentMovement = (
  row: Omit<StockMovementRow, 'return_id'>,
): Schemas['StockMovement'] => ({
  id: row.id,
  kind: row.kind,
  variant_id: row.variant_id,
  order_id: row.order_id,
  order_status: row.order_status,
  import_file: row.import_file,
  sku: row.sku,
  title: row.title,
  delta: Number(row.delta),
  reason: row.reason,
  stock_before: Number(row.stock_before),
  stock_after: Number(row.stock_after),
  admin_user_id: row.admin_user_id,
  created_at: row.created_at,
});

const present = (row: EntryRow): StockMovementEntry => ({
  ...presentMovement(row),
  product_id: row.product_id,
  order_number: row.order_number,
  admin_username: row.admin_username,
});

const countMovements = (db: Db) =>
  db.selectFrom('stock_movements as m').select((eb) => eb.fn.countAll<number>().as('n'));

/** What the ledger keeps (conditions on `stock_movements as m`), newest first; 422 for bad dates. */
function stockMovementSelection(db: Db, q: StockMovementFilters): ListSelection {
  const from = q.date_from === undefined ? undefined : instant(q.date_from, 'date_from');
  const to = q.date_to === undefined ? undefined : instant(q.date_to, 'date_to');
  if (from !== undefined && to !== undefined && from > to) {
    throw invalid(['query', 'date_from'], 'date_from must not be after date_to');
  }
  const filters: RawBuilder<SqlBool>[] = [];
  if (q.variant_id !== undefined) filters.push(sql<SqlBool>`m.variant_id = ${q.variant_id}`);
  if (q.product_id !== undefined) {
    filters.push(
      sql<SqlBool>`m.variant_id in (select id from variants where product_id = ${q.product_id})`,
    );
  }
  if (q.admin_user_id !== undefined) {
    filters.push(sql<SqlBool>`m.admin_user_id = ${q.admin_user_id}`);
  }
  if (q.order_id !== undefined) filters.push(sql<SqlBool>`m.order_id = ${q.order_id}`);
  filters.push(...searchIn(q.reason, ['m.reason']));
  if (from !== undefined) filters.push(sql<SqlBool>`m.created_at >= ${from}`);
  if (to !== undefined) filters.push(sql<SqlBool>`m.created_at <= ${to}`);
  return {
    filters,
    order: { column: 'm.created_at', tie: 'm.id', direction: 'desc' },
    count: () =>
      filteredCount(
        countMovements(db),
        filters,
        filters.length === 0 ? () => countOf(db, 'stock_movements') : undefined,
      ),
  };
}

export async function listStockMovements(
  db: Db,
  q: StockMovementFilters & { skip: number; limit: number },
): Promise<{ items: StockMovementEntry[]; total: number }> {
  const { rows, total } = await selectedPage(selectEntries(db), stockMovementSelection(db, q), q);
  return { items: rows.map(present), total };
}

/** The admins (still existing) with at least one movement, by username. */
export function listStockMovementAdmins(db: Db): Promise<Schemas['StockMovementAdmin'][]> {
  return db
    .selectFrom('admin_users as a')
    .select(['a.id', 'a.username'])
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('stock_movements as m')
          .select('m.id')
          .whereRef('m.admin_user_id', '=', 'a.id'),
      ),
    )
    .orderBy('a.username')
    .orderBy('a.id')
    .execute();
}

/** The ledger file of the export (stock-movements-<day>.csv). */
export const exportStockMovements = datedExport('stock-movements', movementRows);

/** The ledger as CSV, one row per movement, in the list's order. */
async function movementRows(db: Db, q: StockMovementFilters): Promise<CsvExport> {
  const selection = stockMovementSelection(db, q);
  const { total, local } = await exportCountAndClock(db, selection);

  async function* records(): AsyncGenerator<CsvValue[][]> {
    for await (const page of keysetPages(selectEntries(db), selection, PAGE_SIZE)) {
      yield page.map((m) => [
        local(m.created_at),
        m.variant_id,
        m.product_id,
        m.sku,
        m.title,
        Number(m.delta),
        Number(m.stock_before),
        Number(m.stock_after),
        m.reason,
        m.admin_username,
        m.order_number,
        m.kind,
      ]);
    }
  }

  return { total, columns: CSV_COLUMNS.stockMovements, pages: records() };
}
