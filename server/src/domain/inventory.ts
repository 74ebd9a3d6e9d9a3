// Stock display rules of docs/product.md §4. Quantities can be negative once backorders are allowed,
// so "out of stock" is qty <= 0, not just 0.
import { assertSafeInteger } from './fixed-point';

export const DEFAULT_LOW_STOCK_THRESHOLD = 5;

/**
 * The SKU of a simple product's hidden default variant when it has no SKU of its own. Reserved:
 * no other variant may use it, and it is shown as no SKU (null).
 */
export const PLACEHOLDER_SKU = 'DEFAULT';

/** The longest SKU (the contract's `sku` maxLength). */
const SKU_MAX_LENGTH = 64;

/**
 * The SKU an imported product without variants gets when its row names none: its slug in capitals
 * ('olive-oil-1l' → 'OLIVE-OIL-1L'), cut to 64 characters without a trailing hyphen. A slug is
 * lower-case letters, digits and single hyphens, so the SKU has no whitespace. The caller checks
 * that no other variant has it (nor the placeholder: the slug 'default').
 */
export const skuFromSlug = (slug: string): string =>
  slug.toUpperCase().slice(0, SKU_MAX_LENGTH).replace(/-+$/, '');

export type StockState = 'not_tracked' | 'out_of_stock' | 'low_stock' | 'in_stock';

export interface StockFields {
  track_inventory: boolean | number;
  stock_quantity: number;
  low_stock_threshold: number;
}

export function stockState(v: StockFields): StockState {
  if (!(v.track_inventory === true || v.track_inventory === 1)) return 'not_tracked';
  if (v.stock_quantity <= 0) return 'out_of_stock';
  if (v.stock_quantity <= v.low_stock_threshold) return 'low_stock';
  return 'in_stock';
}

/**
 * Whether a variant's stock counts for its product (Product.stock_quantity, ProductStockState):
 * active, tracking inventory, and sellable — a simple product's variant (its default one), or a
 * product with variants' own variants, not a hidden default variant left from when it was simple.
 * The triggers of migration 026 (db/migrations/026_product_stock.ts) say the same in SQL and keep
 * products.stock_quantity and stock_state by it (services/product-stock.test.ts compares both).
 */
export function isStockCounted(
  product: { has_variants: boolean | number },
  v: StockFields & { is_active: boolean | number; is_default: boolean | number },
): boolean {
  const on = (b: boolean | number) => b === true || b === 1;
  return (
    on(v.is_active) && on(v.track_inventory) && (!on(product.has_variants) || !on(v.is_default))
  );
}

/**
 * A product's stock over its stock-counted variants: the sum of their quantities (null when
 * none is counted) and its state — not_tracked when none is counted, out_of_stock when every one
 * is out, low_stock when any is low or out (the product needs restocking), else in_stock.
 * Variants that do not track inventory are left out, whoever passes them.
 */
export function productStock(counted: readonly StockFields[]): {
  quantity: number | null;
  state: StockState;
} {
  const states = counted.map(stockState).filter((s) => s !== 'not_tracked');
  if (states.length === 0) return { quantity: null, state: 'not_tracked' };
  const quantity = counted.reduce(
    (sum, v) => (stockState(v) === 'not_tracked' ? sum : sum + v.stock_quantity),
    0,
  );
  if (states.every((s) => s === 'out_of_stock')) return { quantity, state: 'out_of_stock' };
  if (states.some((s) => s !== 'in_stock')) return { quantity, state: 'low_stock' };
  return { quantity, state: 'in_stock' };
}

/** The state of productStock alone. */
export const productStockState = (counted: readonly StockFields[]): StockState =>
  productStock(counted).state;

/**
 * Whether a stock adjustment may be applied. Adding stock is always allowed (it must be
 * possible to climb back out of a backorder hole even after backorders were switched off);
 * removing stock may not go below zero unless backorders are allowed. The matching SQL is
 * `... WHERE id = :id AND (:d >= 0 OR stock_quantity + :d >= 0 OR allow_backorder = 1)`.
 */
export function canAdjust(
  current: number,
  delta: number,
  allowBackorder: boolean | number,
): boolean {
  assertSafeInteger(current, 'Stock quantity');
  assertSafeInteger(delta, 'Stock adjustment');
  if (delta >= 0) return true;
  if (allowBackorder === true || allowBackorder === 1) return true;
  return current + delta >= 0;
}

/**
 * The refusal of a status change that takes an order's stock again (e.g. cancelled → pending)
 * when a variant that tracks inventory without backorders has less than the order needs
 * (services/orders/orders.ts; the mocks answer the same words, mocks/handlers/orders.ts).
 * `title` is the variant's movement title: the product name, then the variant's own title.
 */
export const reopenShortStock = (
  to: string,
  variant: { title: string; sku: string },
  inStock: number,
  needed: number,
): string =>
  `Cannot change the status to ${to}: not enough stock of ${variant.title} (SKU ${variant.sku}): ` +
  `${inStock} in stock, ${needed} needed, and backorders are not allowed`;

/**
 * Bound of every stock figure (stock, movement deltas, stock before/after), both signs: far
 * below the INTEGER columns' 2^31 and JavaScript's 2^53, so the ledger only ever holds exact
 * integers and stock = Σ movements always adds up.
 */
export const MAX_STOCK = 1_000_000_000;

/** Whether a stock figure is an integer within ±MAX_STOCK. */
export const isStockFigure = (n: number): boolean =>
  Number.isSafeInteger(n) && Math.abs(n) <= MAX_STOCK;
