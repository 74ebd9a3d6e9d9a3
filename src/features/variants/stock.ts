import type { Variant } from '@generated/model';

export type StockState = 'not_tracked' | 'out_of_stock' | 'low_stock' | 'in_stock';

type StockFields = Pick<Variant, 'track_inventory' | 'stock_quantity' | 'low_stock_threshold'>;

/**
 * Stock display (docs/product.md §4): out of stock when tracked and the quantity is 0 (or below, after
 * backorders); low when tracked, above 0 and at or below the threshold; otherwise fine.
 */
export function stockState({
  track_inventory,
  stock_quantity,
  low_stock_threshold,
}: StockFields): StockState {
  if (!track_inventory) return 'not_tracked';
  if (stock_quantity <= 0) return 'out_of_stock';
  return stock_quantity <= low_stock_threshold ? 'low_stock' : 'in_stock';
}

/** The warning icon of the Stock column: tracked and at or below the threshold. */
export function isAtOrBelowThreshold(v: StockFields): boolean {
  return v.track_inventory && v.stock_quantity <= v.low_stock_threshold;
}

/**
 * Text colour of the stock figure per state: the palettes' `fg` tokens (700 in light, 300 in
 * dark), which keep 4.5:1 on the panel in both modes where fg.success/fg.warning do not.
 */
export const STOCK_COLOR: Record<StockState, string> = {
  in_stock: 'green.fg',
  low_stock: 'orange.fg',
  out_of_stock: 'red.fg',
  not_tracked: 'fg.muted',
};

export interface PageStats {
  active: number;
  lowStock: number;
  outOfStock: number;
}

/** Active / Low Stock / Out of Stock tiles: counted over the current page only (docs/product.md §2). */
export function pageStats(items: readonly Variant[]): PageStats {
  let active = 0;
  let lowStock = 0;
  let outOfStock = 0;
  for (const v of items) {
    if (v.is_active) active += 1;
    const state = stockState(v);
    if (state === 'low_stock') lowStock += 1;
    else if (state === 'out_of_stock') outOfStock += 1;
  }
  return { active, lowStock, outOfStock };
}
