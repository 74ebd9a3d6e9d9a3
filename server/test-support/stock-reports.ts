// Every row the returns and stock reports are made of, read back from the database as plain
// rows for the recount of domain/stock-analytics.ts (#35): the tests compare the API's answers
// with that recount.
import type { Kysely } from 'kysely';
import type { Database } from '../src/db/schema';
import { shopDayOf } from '../src/domain/books';
import type { ReturnRow, SaleLineRow, StockVariantRow } from '../src/domain/stock-analytics';

export async function recountRows(db: Kysely<Database>): Promise<{
  returns: ReturnRow[];
  variants: StockVariantRow[];
  lines: SaleLineRow[];
}> {
  const { time_zone: timeZone } = await db
    .selectFrom('shop_settings')
    .select('time_zone')
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  const returns = await db
    .selectFrom('order_returns')
    .select(['id', 'created_at', 'total_amount'])
    .orderBy('id')
    .execute();
  const returnLines = await db
    .selectFrom('order_return_lines as l')
    .innerJoin('order_items as i', 'i.id', 'l.order_item_id')
    .select(['l.return_id', 'l.quantity', 'l.total_price', 'i.product_id', 'i.product_name'])
    .orderBy('l.id')
    .execute();
  const variants = await db
    .selectFrom('variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .leftJoin('categories as c', 'c.id', 'p.category_id')
    .select([
      'v.id',
      'v.product_id',
      'p.name as product_name',
      'v.variant_title',
      'v.sku',
      'p.category_id',
      'c.name as category_name',
      'v.stock_quantity',
      'v.low_stock_threshold',
      'v.cost_price',
      'v.track_inventory',
      'v.is_active',
    ])
    .execute();
  const lines = await db
    .selectFrom('order_items as i')
    .innerJoin('orders as o', 'o.id', 'i.order_id')
    .select(['i.variant_id', 'i.quantity', 'o.created_at', 'o.status'])
    .execute();
  return {
    returns: returns.map((r) => ({
      created_at: r.created_at,
      total_amount: Number(r.total_amount),
      lines: returnLines
        .filter((l) => Number(l.return_id) === Number(r.id))
        .map((l) => ({
          product_id: l.product_id === null ? null : Number(l.product_id),
          product_name: l.product_name,
          quantity: Number(l.quantity),
          total_price: Number(l.total_price),
        })),
    })),
    variants: variants.map((v) => ({
      variant_id: Number(v.id),
      product_id: Number(v.product_id),
      product_name: v.product_name,
      variant_title: v.variant_title,
      sku: v.sku,
      category_id: v.category_id === null ? null : Number(v.category_id),
      category_name: v.category_name,
      stock_quantity: Number(v.stock_quantity),
      low_stock_threshold: Number(v.low_stock_threshold),
      cost_price: v.cost_price === null ? null : Number(v.cost_price),
      track_inventory: Number(v.track_inventory) === 1,
      is_active: Number(v.is_active) === 1,
    })),
    lines: lines.map((l) => ({
      variant_id: l.variant_id === null ? null : Number(l.variant_id),
      quantity: Number(l.quantity),
      day: shopDayOf(l.created_at, timeZone),
      status: l.status,
    })),
  };
}
