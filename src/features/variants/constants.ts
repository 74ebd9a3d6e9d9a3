import type { DimensionUnit } from '@generated/model';

/** Business constants of the variants feature (docs/product.md §9). */
export const VARIANTS_PAGE_SIZE = 10;
export const DEFAULT_LOW_STOCK_THRESHOLD = 5;
export const DEFAULT_STOCK_QUANTITY = 0;
export const DEFAULT_DIMENSION_UNIT: DimensionUnit = 'cm';
export const DIMENSION_UNITS: readonly DimensionUnit[] = ['mm', 'cm', 'm', 'in', 'ft'];
export const MAX_VARIANT_IMAGES = 5;
/** The simple-product inventory card saves this long after the last change. */
export const AUTOSAVE_DELAY_MS = 1000;
/** The manager's search box waits this long before asking the server. */
export const SEARCH_DEBOUNCE_MS = 300;

/** SKU of a duplicated variant: the original plus '-copy'. */
export const duplicateSku = (sku: string) => `${sku}-copy`;
