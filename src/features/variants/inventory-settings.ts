import type {
  InventoryUpdate,
  SimpleProductInventory,
  Variant,
  VariantUpdate,
} from '@generated/model';
import { DEFAULT_LOW_STOCK_THRESHOLD, DEFAULT_STOCK_QUANTITY } from './constants';
import { parseDecimal, parseInteger } from './variant-form';
import { inputText, trimmedOrNull } from '@/lib/forms/text';

/** The simple-product inventory card's fields (docs/product.md §3), as the inputs hold them. */
export interface InventoryValues {
  sku: string;
  barcode: string;
  stock_quantity: string;
  low_stock_threshold: string;
  track_inventory: boolean;
  allow_backorder: boolean;
  weight: string;
}

/** A product without a default variant yet. */
export function emptyInventoryValues(): InventoryValues {
  return {
    sku: '',
    barcode: '',
    stock_quantity: String(DEFAULT_STOCK_QUANTITY),
    low_stock_threshold: String(DEFAULT_LOW_STOCK_THRESHOLD),
    track_inventory: true,
    allow_backorder: false,
    weight: '',
  };
}

/** The default variant's settings. */
export function inventoryValuesOf(v: Variant): InventoryValues {
  return {
    sku: v.sku,
    barcode: inputText(v.barcode),
    stock_quantity: String(v.stock_quantity),
    low_stock_threshold: String(v.low_stock_threshold),
    track_inventory: v.track_inventory,
    allow_backorder: v.allow_backorder,
    weight: inputText(v.weight),
  };
}

/**
 * The settings the product form sends as `inventory` while there is no default variant: integers
 * parsed (non-numeric → 0), empty text as null (the server then names the SKU DEFAULT).
 */
export function toSimpleInventory(values: InventoryValues): SimpleProductInventory {
  return {
    sku: trimmedOrNull(values.sku),
    barcode: trimmedOrNull(values.barcode),
    stock_quantity: parseInteger(values.stock_quantity),
    low_stock_threshold: parseInteger(values.low_stock_threshold),
    track_inventory: values.track_inventory,
    allow_backorder: values.allow_backorder,
    weight: parseDecimal(values.weight),
  };
}

/** The integer fields that must hold a value before an autosave (an empty one becomes 0 on blur). */
const INTEGER_FIELDS = ['stock_quantity', 'low_stock_threshold'] as const;

/** True while an integer field is empty: autosave waits for a value (docs/product.md §5, §4). */
export function awaitsValue(values: InventoryValues): boolean {
  return INTEGER_FIELDS.some((name) => values[name].trim() === '');
}

/** An empty integer field becomes 0 once the admin leaves it (docs/product.md §5). */
export function fillEmptyIntegers(values: InventoryValues): InventoryValues {
  return awaitsValue(values)
    ? {
        ...values,
        ...Object.fromEntries(
          INTEGER_FIELDS.filter((name) => values[name].trim() === '').map((name) => [name, '0']),
        ),
      }
    : values;
}

export interface InventoryChanges {
  /** PATCH /admin/variants/{id}/inventory (stock, threshold, flags), or null when unchanged. */
  inventory: InventoryUpdate | null;
  /** PATCH /admin/variants/{id} (sku, barcode, weight), or null when unchanged. */
  details: VariantUpdate | null;
}

/**
 * What changed between the last saved settings and the current ones, split by the call that
 * saves it. Only changed properties are sent (an absolute stock is not re-sent when only the
 * threshold moved). A blank SKU is not sent: a variant always has one.
 */
export function inventoryChanges(
  saved: InventoryValues,
  current: InventoryValues,
): InventoryChanges {
  const before = toSimpleInventory(saved);
  const after = toSimpleInventory(current);
  const inventory: InventoryUpdate = {};
  for (const key of [
    'stock_quantity',
    'low_stock_threshold',
    'track_inventory',
    'allow_backorder',
  ] as const) {
    if (before[key] !== after[key]) Object.assign(inventory, { [key]: after[key] });
  }
  const details: VariantUpdate = {};
  if (after.sku !== null && after.sku !== before.sku) details.sku = after.sku;
  if (after.barcode !== before.barcode) details.barcode = after.barcode ?? null;
  if (after.weight !== before.weight) details.weight = after.weight ?? null;
  return {
    inventory: Object.keys(inventory).length ? inventory : null,
    details: Object.keys(details).length ? details : null,
  };
}
