// What the product lists say about each product's variants (the admin's variant_count, price
// range and SKU, the catalogue's in_stock), computed for one page of products with one query per
// fact over their ids, so a page costs the same whatever the size of the tables. The admin's
// stock_quantity and stock_state are not here: the products table keeps them (migration 026),
// so the list filters, sorts and presents the same columns.
import { sql, type SqlBool } from 'kysely';
import type { Db } from '../../db/database';
import { PLACEHOLDER_SKU } from '../../domain/inventory';

/**
 * A variant that is listed publicly and counts for in_stock: the variants of a product with
 * variants, ignoring a hidden default variant left over from when it was simple; for a simple
 * product, its default variant (v: variants, p: products).
 */
export const SELLABLE = sql<SqlBool>`(p.has_variants = 0 or v.is_default = 0)`;
/** The SKU of the simple product aliased `p` (its one variant's), unless the placeholder. */
const simpleSkuSql = sql<
  string | null
>`(select max(v.sku) from variants as v where v.product_id = p.id and p.has_variants = 0 and v.sku <> ${PLACEHOLDER_SKU})`;

/** A variant that can be sold now: not tracked, in stock, or backorders allowed. */
const CAN_SELL = sql<SqlBool>`(v.track_inventory = 0 or v.stock_quantity > 0 or v.allow_backorder = 1)`;

export interface VariantFacts {
  /** Variants, active or not, the hidden default variant included. */
  count: number;
  /**
   * in_stock of the contract: at least one active sellable variant can be sold, or the product
   * has no variant at all.
   */
  inStock: boolean;
  /**
   * The lowest and highest price (as entered) of its active own variants, by VAT rate id of the
   * variant (null: the product's); empty for a simple product. Grouped by rate because each
   * variant's gross price is computed at its own rate.
   */
  prices: { vatRateId: number | null; min: number; max: number }[];
  /** A simple product's SKU; null for a product with variants, without one, or the placeholder. */
  sku: string | null;
}

const NO_VARIANTS: VariantFacts = {
  count: 0,
  inStock: true,
  prices: [],
  sku: null,
};

/**
 * The facts of these products' variants, by product id (`prices`: the admin list's range too;
 * `sku`: its SKU, else left as for a product without variants).
 */
export async function variantFacts(
  db: Db,
  productIds: readonly number[],
  { prices: withPrices = false, sku: withSku = false }: { prices?: boolean; sku?: boolean } = {},
): Promise<(productId: number) => VariantFacts> {
  if (productIds.length === 0) return () => NO_VARIANTS;
  const rows = await db
    .selectFrom('variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select((eb) => [
      'v.product_id',
      eb.fn.countAll<number>().as('n'),
      sql<number>`max(case when v.is_active = 1 and ${SELLABLE} and ${CAN_SELL} then 1 else 0 end)`.as(
        'can_sell',
      ),
    ])
    .where('v.product_id', 'in', productIds)
    .groupBy('v.product_id')
    .execute();
  // One aggregate over the page's active own variants (both dialects: plain min/max).
  const priceRows = !withPrices
    ? []
    : await db
        .selectFrom('variants as v')
        .innerJoin('products as p', 'p.id', 'v.product_id')
        .select((eb) => [
          'v.product_id',
          'v.vat_rate_id',
          eb.fn.min<number>('v.price').as('min'),
          eb.fn.max<number>('v.price').as('max'),
        ])
        .where('v.product_id', 'in', productIds)
        .where('p.has_variants', '=', 1)
        .where('v.is_default', '=', 0)
        .where('v.is_active', '=', 1)
        .groupBy(['v.product_id', 'v.vat_rate_id'])
        .execute();
  const skuRows = !withSku
    ? []
    : await db
        .selectFrom('products as p')
        .select(['p.id', simpleSkuSql.as('sku')])
        .where('p.id', 'in', productIds)
        .execute();
  const skus = new Map(skuRows.map((r) => [r.id, r.sku]));
  const prices = new Map<number, VariantFacts['prices']>();
  for (const r of priceRows) {
    const list = prices.get(r.product_id) ?? [];
    list.push({ vatRateId: r.vat_rate_id, min: Number(r.min), max: Number(r.max) });
    prices.set(r.product_id, list);
  }
  const facts = new Map<number, Pick<VariantFacts, 'count' | 'inStock' | 'prices'>>(
    rows.map((r) => [
      r.product_id,
      {
        count: Number(r.n),
        inStock: Number(r.can_sell) === 1,
        prices: prices.get(r.product_id) ?? [],
      },
    ]),
  );
  return (productId) => ({
    ...(facts.get(productId) ?? NO_VARIANTS),
    sku: skus.get(productId) ?? null,
  });
}
