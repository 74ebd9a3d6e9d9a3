// The inventory of a simple product (has_variants false): one hidden default variant
// (variants.is_default = 1) that products.ts creates and updates from the product's `inventory`.
// Its price follows the product's base_price (and compare_at_price), and every change of its
// stock goes through setStock so a stock movement is recorded.
import type { Transaction } from 'kysely';
import type { Schemas } from '../../api/types';
import { fromBool } from '../../db/bool';
import type { Db } from '../../db/database';
import type { Database, NewVariant, VariantUpdate } from '../../db/schema';
import { DEFAULT_LOW_STOCK_THRESHOLD, PLACEHOLDER_SKU } from '../../domain/inventory';
import { setStock, writeInventory } from './stock';
import { optionalText } from '../platform/text-input';

/** Inventory as received: the contract's defaults are NOT applied by the validator inside oneOf. */
type InventoryInput = Partial<Schemas['SimpleProductInventory']>;

/** Reason of the stock movements written by product create/update. */
const DEFAULT_TITLE = 'DEFAULT';

export async function findDefaultVariant(db: Db, productId: number) {
  return db
    .selectFrom('variants')
    .selectAll()
    .where('product_id', '=', productId)
    .where('is_default', '=', 1)
    .executeTakeFirst();
}

export async function createDefaultVariant(
  trx: Transaction<Database>,
  product: { id: number; base_price: number; compare_at_price: number | null },
  inventory: InventoryInput,
  change: { adminUserId: number | null; now: string },
): Promise<void> {
  const values: NewVariant = {
    product_id: product.id,
    is_default: 1,
    option_values: '{}',
    sku: inventory.sku ?? PLACEHOLDER_SKU,
    variant_title: DEFAULT_TITLE,
    price: product.base_price,
    compare_at_price: product.compare_at_price,
    cost_price: null,
    vat_rate_id: null,
    barcode: optionalText(inventory.barcode ?? null),
    weight: inventory.weight ?? null,
    dimensions: null,
    images: '[]',
    // The stock starts at 0 and is then set through setStock, so the initial stock is a
    // recorded movement like any other change.
    stock_quantity: 0,
    low_stock_threshold: inventory.low_stock_threshold ?? DEFAULT_LOW_STOCK_THRESHOLD,
    track_inventory: fromBool(inventory.track_inventory ?? true),
    allow_backorder: fromBool(inventory.allow_backorder ?? false),
    is_active: 1,
    position: 0,
    created_at: change.now,
    updated_at: change.now,
  };
  const variant = await trx
    .insertInto('variants')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  const quantity = inventory.stock_quantity ?? 0;
  if (quantity !== 0) {
    await setStock(trx, variant.id, quantity, { kind: 'inventory_update', ...change });
  }
}

export async function updateDefaultVariant(
  trx: Transaction<Database>,
  variantId: number,
  inventory: InventoryInput,
  change: { adminUserId: number | null; now: string },
): Promise<void> {
  const set: VariantUpdate = {};
  if (inventory.sku !== undefined) set.sku = inventory.sku ?? PLACEHOLDER_SKU;
  if (inventory.barcode !== undefined) set.barcode = optionalText(inventory.barcode);
  if (inventory.low_stock_threshold !== undefined) {
    set.low_stock_threshold = inventory.low_stock_threshold;
  }
  if (inventory.track_inventory !== undefined) {
    set.track_inventory = fromBool(inventory.track_inventory);
  }
  if (inventory.allow_backorder !== undefined) {
    set.allow_backorder = fromBool(inventory.allow_backorder);
  }
  if (inventory.weight !== undefined) set.weight = inventory.weight;
  await writeInventory(trx, variantId, set, inventory.stock_quantity, {
    kind: 'inventory_update',
    ...change,
  });
}

/** The default variant's price follows the product's. */
export async function followProductPrice(
  trx: Transaction<Database>,
  variantId: number,
  prices: { base_price: number; compare_at_price: number | null },
  now: string,
): Promise<void> {
  await trx
    .updateTable('variants')
    .set({ price: prices.base_price, compare_at_price: prices.compare_at_price, updated_at: now })
    .where('id', '=', variantId)
    .execute();
}
