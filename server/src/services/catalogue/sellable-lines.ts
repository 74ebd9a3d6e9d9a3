// Sellable lines: a variant of the catalogue as a cart or an order line sees it, whether it may
// be sold, how much stock it may take, and its price for a country. The cart (cart.ts) and
// checkout (checkout.ts) both price their lines here, so they cannot disagree.
//
// Pricing of a line: the catalogue price for the country at the rate in force (pricing.ts),
// amounts from domain/vat.ts lineAmounts: a price entered including VAT is what the line charges
// per unit (line incl. VAT = price × quantity, the net derived from it); one entered excluding
// VAT gets its VAT on the line's net amount, half-up. A line whose variant has no rate in force
// has no price: the cart shows null amounts and leaves it out of the totals, and it cannot be
// added (409) nor checked out (409).
// The SKU placeholder of a simple product without a real SKU is shown as null.
import { conflict } from '../../api/problem';
import { toBool } from '../../db/bool';
import type { Db } from '../../db/database';
import { PLACEHOLDER_SKU } from '../../domain/inventory';
import { lineAmounts, type LineAmounts } from '../../domain/vat';
import type { CountryPricing } from './pricing';

/** Stock a line may take: null when not limited (not tracked, or backorders allowed). */
export function availableQuantity(v: {
  track_inventory: number;
  allow_backorder: number;
  stock_quantity: number;
}): number | null {
  if (!toBool(v.track_inventory) || toBool(v.allow_backorder)) return null;
  return Math.max(0, Number(v.stock_quantity));
}

export const shortStock = (available: number, productName: string) =>
  conflict(`Only ${available} in stock for ${productName}`);

/**
 * What pricing a line needs from the catalogue (product, variant and the ids of their VAT rates:
 * the rate charged is resolved from them by pricing.ts, never read off the row).
 */
export interface CatalogueLineRow {
  product_id: number;
  variant_id: number;
  product_name: string;
  product_slug: string;
  product_images: string;
  product_is_active: number;
  has_variants: number;
  price_includes_vat: number;
  product_rate_id: number;
  is_default: number;
  variant_title: string;
  sku: string;
  variant_images: string;
  price: number;
  stock_quantity: number;
  track_inventory: number;
  allow_backorder: number;
  variant_is_active: number;
  variant_rate_id: number | null;
}

/** Variants (alias v) with their product and both VAT rates, as CatalogueLineRow columns. */
export function selectCatalogueLines(db: Db) {
  return db
    .selectFrom('variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select([
      'p.id as product_id',
      'v.id as variant_id',
      'p.name as product_name',
      'p.slug as product_slug',
      'p.images as product_images',
      'p.is_active as product_is_active',
      'p.has_variants',
      'p.price_includes_vat',
      'p.vat_rate_id as product_rate_id',
      'v.is_default',
      'v.variant_title',
      'v.sku',
      'v.images as variant_images',
      'v.price',
      'v.stock_quantity',
      'v.track_inventory',
      'v.allow_backorder',
      'v.is_active as variant_is_active',
      'v.vat_rate_id as variant_rate_id',
    ]);
}

/** Whether the variant may be sold: active product and variant, not a leftover default variant. */
export function isSellable(row: CatalogueLineRow): boolean {
  return (
    toBool(row.product_is_active) &&
    toBool(row.variant_is_active) &&
    (!toBool(row.has_variants) || !toBool(row.is_default))
  );
}

/** A simple product's default variant has no title of its own; its SKU may be a placeholder. */
export const variantTitleOf = (row: Pick<CatalogueLineRow, 'is_default' | 'variant_title'>) =>
  toBool(row.is_default) ? null : row.variant_title;
export const skuOf = (row: Pick<CatalogueLineRow, 'sku'>) =>
  row.sku === PLACEHOLDER_SKU ? null : row.sku;

/** The rate assigned to a line: the variant's own, else the product's. */
const assignedRateId = (row: Pick<CatalogueLineRow, 'variant_rate_id' | 'product_rate_id'>) =>
  row.variant_rate_id ?? row.product_rate_id;

/**
 * Prices `quantity` units of a variant for a country (all amounts in millimes) with
 * domain/vat.ts lineAmounts: the rate in force for the country (pricing.ts); a price entered
 * incl. VAT is charged exactly as shown (line incl. VAT = price × qty), one entered excl. VAT
 * gets its VAT on the line, half-up. At 0 % (reverse charge, export) the rate and every VAT amount are
 * 0. Null when no rate is in force for the line (it cannot be sold).
 */
export function pricedLine(
  row: CatalogueLineRow,
  quantity: number,
  pricing: CountryPricing,
  reverseCharge = false,
): LineAmounts | null {
  const catalogueRate = pricing.rateBp(assignedRateId(row));
  if (catalogueRate === null) return null;
  return lineAmounts(
    Number(row.price),
    row.price_includes_vat,
    catalogueRate,
    quantity,
    reverseCharge,
  );
}
