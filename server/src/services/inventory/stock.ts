// Every change of a variant's stock goes through here, so each one is atomic and leaves a
// stock movement (delta, its kind and what it belongs to, admin, before, after, time, and the
// SKU and title of what it concerned, which stay when the variant or its product is deleted).
// Hence, from the variant's creation on, stock_quantity = Σ delta of its movements.
//
// Every stock figure stays an integer within ±MAX_STOCK (domain/inventory.ts): a value or a
// result outside is refused (422 for a value sent, 409 for a result), so the ledger never holds
// a rounded or non-integer row.
import { sql, type Transaction } from 'kysely';
import type {
  Database,
  OrderStatus,
  StockMovementRow,
  VariantRow,
  VariantUpdate,
} from '../../db/schema';
import type { Db, DialectName } from '../../db/database';
import { isStockFigure, MAX_STOCK, stockState } from '../../domain/inventory';
import { emitStockEvent } from '../webhooks/outbox';
import { conflict, invalid, notFound } from '../../api/problem';

/**
 * What made a movement, with what it belongs to. The kind and its references are the data; the
 * console words them in the reader's language. `reason` is the admin's own words for an
 * adjustment; for the shop's own kinds the server also stores their English text (movementReason)
 * so that the CSV export, the reason filter and older readers keep reading it.
 */
export type MovementOf =
  /** An order took its units at checkout. */
  | { kind: 'checkout'; orderId: number; orderNumber: string }
  /**
   * cancel: an order gave its units back on moving to `orderStatus` (cancelled, refunded);
   * reopen: it took them again on moving back to `orderStatus`.
   */
  | { kind: 'cancel' | 'reopen'; orderId: number; orderNumber: string; orderStatus: OrderStatus }
  /** A return of the order gave back its restocked units (services/orders/order-returns.ts). */
  | { kind: 'return'; orderId: number; orderNumber: string; returnId: number }
  /** An edit of the order took or gave back the difference of a line (order-edits.ts). */
  | { kind: 'edit'; orderId: number; orderNumber: string }
  /** An admin's adjustment (the variant's stock dialog, a bulk stock change), in their words. */
  | { kind: 'adjustment'; reason: string | null }
  /** A CSV import (importProducts) set the stock. */
  | { kind: 'import'; importFile: string }
  /**
   * The product form's inventory of a simple product; a variant's inventory settings; a
   * variant's edit; a variant created with stock.
   */
  | { kind: 'inventory_update' | 'variant_inventory' | 'variant_update' | 'initial_stock' };

/** The English text of the shop's own kinds (the stored `reason`); an adjustment's own words. */
export function movementReason(of: MovementOf): string | null {
  switch (of.kind) {
    case 'checkout':
      return `Order ${of.orderNumber}`;
    case 'cancel':
      return `Order ${of.orderNumber} ${of.orderStatus}`;
    case 'reopen':
      return `Order ${of.orderNumber} back to ${of.orderStatus}`;
    case 'return':
      return `Order ${of.orderNumber} return`;
    case 'edit':
      return `Order ${of.orderNumber} edited`;
    case 'adjustment':
      return of.reason;
    case 'import':
      return `CSV import ${of.importFile}`;
    case 'inventory_update':
      return 'Product inventory update';
    case 'variant_inventory':
      return 'Inventory update';
    case 'variant_update':
      return 'Variant update';
    case 'initial_stock':
      return 'Initial stock';
  }
}

/** The columns of a movement that say what made it (kind, references and reason). */
export function movementOrigin(
  of: MovementOf,
): Pick<
  StockMovementRow,
  'kind' | 'order_id' | 'order_status' | 'import_file' | 'reason' | 'return_id'
> {
  return {
    kind: of.kind,
    order_id: 'orderId' in of ? of.orderId : null,
    order_status: 'orderStatus' in of ? of.orderStatus : null,
    import_file: of.kind === 'import' ? of.importFile : null,
    return_id: of.kind === 'return' ? of.returnId : null,
    reason: movementReason(of),
  };
}

export type StockChange = MovementOf & {
  adminUserId: number | null;
  now: string;
};

export interface AdjustOptions {
  /**
   * Also applies to a variant that no longer tracks inventory (an order giving back what it
   * took while the variant was tracked); by default such a variant is a 409.
   */
  evenUntracked?: boolean;
}

/**
 * PostgreSQL: takes the row locks of the products of these variants, in product id order, before
 * any of the variants is written. One lock order for every writer of variants: the product and
 * variant saves lock the product first, and the stock figures' trigger locks the products at
 * commit (migration 026). A stock adjustment or an order cancellation that wrote a variant and then
 * waited at commit for the product an admin's save held, while the save waited for that variant,
 * was a deadlock (one of them answered 500). SQLite has one writer at a time: nothing to order.
 */
export async function lockProductsOfVariants(
  trx: Transaction<Database>,
  dialect: DialectName,
  variantIds: readonly number[],
): Promise<void> {
  if (dialect !== 'postgres' || variantIds.length === 0) return;
  await trx
    .selectFrom('products')
    .select('id')
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('variants')
        .select('product_id')
        .where('id', 'in', [...variantIds]),
    )
    .orderBy('id')
    .forUpdate()
    .execute();
}

/**
 * Adds `delta` to the stock in ONE conditional UPDATE, so parallel adjustments never lose an
 * update and never take the stock below 0 unless the variant allows backorders. Run it inside a
 * transaction (the movement is written in the same one).
 */
export async function adjustStock(
  trx: Transaction<Database>,
  variantId: number,
  delta: number,
  change: StockChange,
  options: AdjustOptions = {},
): Promise<{ variant: VariantRow; movement: StockMovementRow }> {
  if (!Number.isSafeInteger(delta) || Math.abs(delta) > 2 * MAX_STOCK) {
    throw invalid(['body', 'adjustment'], `Stock changes are integers within ±${2 * MAX_STOCK}`);
  }
  const updated = await trx
    .updateTable('variants')
    .set({
      stock_quantity: sql<number>`stock_quantity + ${delta}`,
      updated_at: change.now,
    })
    .where('id', '=', variantId)
    .$if(!options.evenUntracked, (qb) => qb.where('track_inventory', '=', 1))
    // Adding stock is always allowed (even from below 0 after backorders) up to MAX_STOCK;
    // removing it may not take the stock below 0 unless the variant allows backorders, and
    // never below −MAX_STOCK. The sign test stays in JavaScript: as SQL (`$1 >= $2`)
    // PostgreSQL compares two untyped parameters as TEXT.
    .$if(delta > 0, (qb) => qb.where(sql`stock_quantity + ${delta}`, '<=', MAX_STOCK))
    .$if(delta < 0, (qb) =>
      qb
        .where((eb) =>
          eb.or([eb(sql`stock_quantity + ${delta}`, '>=', 0), eb('allow_backorder', '=', 1)]),
        )
        .where(sql`stock_quantity + ${delta}`, '>=', -MAX_STOCK),
    )
    .returningAll()
    .executeTakeFirst();
  if (!updated) {
    const variant = await trx
      .selectFrom('variants')
      .select(['id', 'track_inventory', 'stock_quantity'])
      .where('id', '=', variantId)
      .executeTakeFirst();
    if (!variant) throw notFound('Variant not found');
    if (variant.track_inventory !== 1 && !options.evenUntracked) {
      throw conflict('This variant does not track inventory');
    }
    if (!isStockFigure(variant.stock_quantity + delta)) {
      throw conflict(
        `Stock cannot go beyond ±${MAX_STOCK}: ${variant.stock_quantity} in stock, cannot apply ${delta > 0 ? '+' : ''}${delta}`,
      );
    }
    throw conflict(
      `Not enough stock: ${variant.stock_quantity} in stock, cannot remove ${-delta} (backorders are not allowed)`,
    );
  }
  const movement = await recordMovement(
    trx,
    updated.id,
    updated.stock_quantity - delta,
    updated.stock_quantity,
    change,
  );
  return { variant: updated, movement };
}

/**
 * Sets the stock to an absolute value (inventory forms), recording the difference. The update is
 * conditional on the value just read (compare-and-set, retried), so a concurrent adjustment is
 * never overwritten unrecorded; this works alike on SQLite and PostgreSQL without row locks.
 */
export async function setStock(
  trx: Transaction<Database>,
  variantId: number,
  quantity: number,
  change: StockChange,
): Promise<VariantRow> {
  if (!Number.isSafeInteger(quantity) || quantity < 0 || quantity > MAX_STOCK) {
    throw invalid(
      ['body', 'stock_quantity'],
      `Stock quantity must be an integer from 0 to ${MAX_STOCK}`,
    );
  }
  for (;;) {
    const before = await trx
      .selectFrom('variants')
      .select('stock_quantity')
      .where('id', '=', variantId)
      .executeTakeFirst();
    if (!before) throw notFound('Variant not found');
    const updated = await trx
      .updateTable('variants')
      .set({ stock_quantity: quantity, updated_at: change.now })
      .where('id', '=', variantId)
      .where('stock_quantity', '=', before.stock_quantity)
      .returningAll()
      .executeTakeFirst();
    if (!updated) continue;
    if (before.stock_quantity !== quantity) {
      await recordMovement(trx, variantId, before.stock_quantity, quantity, change);
    }
    return updated;
  }
}

/** The columns (variants as v, products as p) that name a variant: its SKU and its movementTitle. */
/**
 * Writes a variant's inventory settings (when any was sent), then its stock through setStock, so
 * the stock change is a movement.
 */
export async function writeInventory(
  trx: Transaction<Database>,
  variantId: number,
  settings: VariantUpdate,
  stockQuantity: number | undefined,
  change: StockChange,
): Promise<void> {
  if (Object.keys(settings).length > 0) {
    await trx
      .updateTable('variants')
      .set({ ...settings, updated_at: change.now })
      .where('id', '=', variantId)
      .execute();
  }
  if (stockQuantity !== undefined) await setStock(trx, variantId, stockQuantity, change);
}

export const VARIANT_NAME_COLUMNS = ['v.sku', 'v.is_default', 'v.variant_title', 'p.name'] as const;

/** The title a movement quotes: the product name, then the variant title for a real variant. */
export const movementTitle = (
  productName: string,
  variant: Pick<VariantRow, 'is_default' | 'variant_title'>,
) => (variant.is_default === 1 ? productName : `${productName} — ${variant.variant_title}`);

/**
 * The stock event (#31) a change raises: on entering out of stock, or low stock from in stock.
 * Exported for the CSV import, which writes its stock movements in batches (product-import.ts).
 */
export function stockCrossing(
  variant: { track_inventory: number; low_stock_threshold: number },
  before: number,
  after: number,
): 'stock.low' | 'stock.out' | null {
  const state = (stock_quantity: number) => stockState({ ...variant, stock_quantity });
  const [from, to] = [state(before), state(after)];
  if (to === 'out_of_stock' && from !== 'out_of_stock') return 'stock.out';
  if (to === 'low_stock' && from === 'in_stock') return 'stock.low';
  return null;
}

/**
 * Writes one movement of a variant that exists, with the SKU and title it has now. Only the
 * functions above call it, right after the stock itself changed.
 */
async function recordMovement(
  db: Db,
  variantId: number,
  stockBefore: number,
  stockAfter: number,
  change: StockChange,
): Promise<StockMovementRow> {
  const variant = await db
    .selectFrom('variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select([...VARIANT_NAME_COLUMNS, 'v.track_inventory', 'v.low_stock_threshold'])
    .where('v.id', '=', variantId)
    .executeTakeFirstOrThrow();
  const crossed = stockCrossing(variant, stockBefore, stockAfter);
  if (crossed) await emitStockEvent(db, crossed, variantId, new Date(change.now));
  return db
    .insertInto('stock_movements')
    .values({
      ...movementOrigin(change),
      variant_id: variantId,
      sku: variant.sku,
      title: movementTitle(variant.name, variant),
      delta: stockAfter - stockBefore,
      stock_before: stockBefore,
      stock_after: stockAfter,
      admin_user_id: change.adminUserId,
      created_at: change.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
