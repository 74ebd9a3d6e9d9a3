// Stock states (docs/product.md §4, domain/inventory.ts) as SQL, so lists can filter, page and count by state
// in the database. Keep in line with stockState(): the tests compare both.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { toBool } from '../../db/bool';
import type { Database } from '../../db/schema';
import type { StockState } from '../../domain/inventory';
import type { Schemas } from '../../api/types';

/** The stock state of the row aliased `v` (a variant). */
export const stockStateSql: RawBuilder<StockState> = sql<StockState>`(case
  when v.track_inventory <> 1 then 'not_tracked'
  when v.stock_quantity <= 0 then 'out_of_stock'
  when v.stock_quantity <= v.low_stock_threshold then 'low_stock'
  else 'in_stock' end)`;

/** `sum(...)` of the variants in one state; 0 (not null) over no rows. */
function countInState(state: StockState): RawBuilder<number> {
  return sql<number>`coalesce(sum(case when ${stockStateSql} = ${state} then 1 else 0 end), 0)`;
}

/** ceil(total / pageSize); 0 when nothing matches (contract: VariantPage.total_pages). */
export function totalPages(total: number, pageSize: number): number {
  return Math.ceil(total / pageSize);
}

export interface InventoryStatusFilters {
  product_id?: number | undefined;
  status?: StockState | undefined;
  page: number;
  page_size: number;
}

/** One page of variants with their stock state, plus counts per state (before the state filter). */
export async function inventoryStatusReport(
  db: Kysely<Database>,
  f: InventoryStatusFilters,
): Promise<Schemas['InventoryStatusReport']> {
  let scope = db.selectFrom('variants as v').innerJoin('products as p', 'p.id', 'v.product_id');
  if (f.product_id !== undefined) scope = scope.where('v.product_id', '=', f.product_id);

  const counts = await scope
    .select([
      countInState('in_stock').as('in_stock'),
      countInState('low_stock').as('low_stock'),
      countInState('out_of_stock').as('out_of_stock'),
      countInState('not_tracked').as('not_tracked'),
    ])
    .executeTakeFirstOrThrow();
  const summary = {
    in_stock: Number(counts.in_stock),
    low_stock: Number(counts.low_stock),
    out_of_stock: Number(counts.out_of_stock),
    not_tracked: Number(counts.not_tracked),
  };

  const filtered = f.status === undefined ? scope : scope.where(stockStateSql, '=', f.status);
  const total = f.status === undefined ? sumOf(summary) : summary[f.status];
  const rows = await filtered
    .select([
      'v.id',
      'v.product_id',
      'p.name as product_name',
      'v.sku',
      'v.variant_title',
      'v.stock_quantity',
      'v.low_stock_threshold',
      'v.track_inventory',
      'v.allow_backorder',
      stockStateSql.as('status'),
    ])
    .orderBy('p.name')
    .orderBy('v.position')
    .orderBy('v.id')
    .limit(f.page_size)
    .offset((f.page - 1) * f.page_size)
    .execute();
  return {
    items: rows.map((r) => ({
      variant_id: r.id,
      product_id: r.product_id,
      product_name: r.product_name,
      sku: r.sku,
      variant_title: r.variant_title,
      stock_quantity: r.stock_quantity,
      low_stock_threshold: r.low_stock_threshold,
      track_inventory: toBool(r.track_inventory),
      allow_backorder: toBool(r.allow_backorder),
      status: r.status,
    })),
    total,
    page: f.page,
    page_size: f.page_size,
    total_pages: totalPages(total, f.page_size),
    summary,
  };
}

const sumOf = (counts: Record<StockState, number>) =>
  counts.in_stock + counts.low_stock + counts.out_of_stock + counts.not_tracked;
