// Every change of a variant's stock goes through here, so each one is atomic and leaves a
// stock movement (delta, reason, admin, before, after, time).
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, StockMovementRow, VariantRow } from '../db/schema';
import { conflict, notFound } from '../http/problem';

type Db = Kysely<Database> | Transaction<Database>;

/** The most stock a variant may hold (the contract's bound; both databases' columns hold more). */
export const MAX_STOCK = 1_000_000_000;

export interface StockChange {
  reason: string | null;
  adminUserId: number | null;
  now: string;
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
): Promise<{ variant: VariantRow; movement: StockMovementRow }> {
  const updated = await trx
    .updateTable('variants')
    .set({
      stock_quantity: sql<number>`stock_quantity + ${delta}`,
      updated_at: change.now,
    })
    .where('id', '=', variantId)
    .where('track_inventory', '=', 1)
    // Adding stock is always allowed (even from below 0 after backorders); removing it may not
    // take the stock below 0 unless the variant allows backorders. The sign test stays in
    // JavaScript: as SQL (`$1 >= $2`) PostgreSQL compares two untyped parameters as TEXT.
    .$if(delta < 0, (qb) =>
      qb.where((eb) =>
        eb.or([eb(sql`stock_quantity + ${delta}`, '>=', 0), eb('allow_backorder', '=', 1)]),
      ),
    )
    .$if(delta > 0, (qb) => qb.where(sql`stock_quantity + ${delta}`, '<=', MAX_STOCK))
    .returningAll()
    .executeTakeFirst();
  if (!updated) {
    const variant = await trx
      .selectFrom('variants')
      .select(['id', 'track_inventory', 'stock_quantity'])
      .where('id', '=', variantId)
      .executeTakeFirst();
    if (!variant) throw notFound('Variant not found');
    if (variant.track_inventory !== 1) throw conflict('This variant does not track inventory');
    if (delta > 0)
      throw conflict(
        `Too much stock: ${variant.stock_quantity} in stock, cannot add ${delta} (at most ${MAX_STOCK})`,
      );
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

export async function recordMovement(
  db: Db,
  variantId: number,
  stockBefore: number,
  stockAfter: number,
  change: StockChange,
): Promise<StockMovementRow> {
  return db
    .insertInto('stock_movements')
    .values({
      variant_id: variantId,
      delta: stockAfter - stockBefore,
      reason: change.reason,
      stock_before: stockBefore,
      stock_after: stockAfter,
      admin_user_id: change.adminUserId,
      created_at: change.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
