// What the product lists say about each product's variants (the admin's variant_count, the
// catalogue's in_stock), computed for one page of products with one aggregate over their ids,
// so a page costs the same whatever the size of the tables.
import { sql, type SqlBool } from 'kysely';
import type { Db } from '../db/database';

/**
 * A variant that is listed publicly and counts for in_stock: the variants of a product with
 * variants, ignoring a hidden default variant left over from when it was simple; for a simple
 * product, its default variant (v: variants, p: products).
 */
export const SELLABLE = sql<SqlBool>`(p.has_variants = 0 or v.is_default = 0)`;
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
}

const NO_VARIANTS: VariantFacts = { count: 0, inStock: true };

/** The facts of these products' variants, by product id. */
export async function variantFacts(
  db: Db,
  productIds: readonly number[],
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
  const facts = new Map<number, VariantFacts>(
    rows.map((r) => [r.product_id, { count: Number(r.n), inStock: Number(r.can_sell) === 1 }]),
  );
  return (productId) => facts.get(productId) ?? NO_VARIANTS;
}
