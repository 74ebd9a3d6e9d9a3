// Variants tag: product variants, their stock and inventory reports (/api/v1/admin/variants/...).
// Access (token, role permission) is checked before these handlers run; every write is one
// transaction, so a bulk operation either applies completely or not at all.
import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import type { AppContext } from '../context';
import type { Database, StockMovementRow } from '../db/schema';
import type { Schemas } from '../api/types';
import type { ListCache } from '../http/list-cache';
import type { Handler, Handlers } from '../http/types';
import { withDefaults } from '../http/query';
import { inventoryStatusReport } from '../services/inventory-status';
import { mediaStorage, releaseRemovedMedia } from '../services/media';
import { adjustStock } from '../services/stock';
import { auditEntries, recordAudits, type AuditAction } from '../services/audit';
import {
  SINGLE,
  assertDistinctIds,
  createVariants,
  deleteVariants,
  duplicateVariant,
  getVariantOrThrow,
  item,
  listVariants,
  updateInventory,
  updateVariant,
  variantsInOrder,
  type Place,
  type WriteContext,
} from '../services/variants';

const presentMovement = (m: StockMovementRow): Schemas['StockMovement'] => ({
  id: m.id,
  variant_id: m.variant_id,
  order_id: m.order_id,
  sku: m.sku,
  title: m.title,
  delta: m.delta,
  reason: m.reason,
  stock_before: m.stock_before,
  stock_after: m.stock_after,
  admin_user_id: m.admin_user_id,
  created_at: m.created_at,
});

export function variantsHandlers(ctx: AppContext, lists: ListCache): Handlers {
  const storage = mediaStorage(ctx.config);
  const inTransaction = <T>(work: (trx: Transaction<Database>) => Promise<T>) =>
    ctx.db.transaction().execute(work);
  const writer = (request: FastifyRequest): WriteContext => ({
    now: ctx.now().toISOString(),
    adminUserId: request.admin?.id ?? null,
  });
  type Variant = Schemas['Variant'];
  /** Records, in the write's transaction, each variant before and/or after it (SKU as label). */
  const audit = (
    trx: Transaction<Database>,
    request: FastifyRequest,
    action: AuditAction,
    values: { before?: Variant[]; after?: Variant[] },
  ) =>
    recordAudits(
      trx,
      request.admin,
      auditEntries('variant', action, (v) => v.sku, values),
    );
  const inOrder = (trx: Transaction<Database>, ids: number[]) =>
    variantsInOrder(trx, ids, ctx.now());
  /** The variant of a single write (its list of one). */
  const only = (variants: Variant[]) => variants[0] as Variant;
  /** The variants just created, recorded as such. */
  const created = async (trx: Transaction<Database>, request: FastifyRequest, ids: number[]) => {
    const after = await inOrder(trx, ids);
    await audit(trx, request, 'create', { after });
    return after;
  };
  /** Runs `write` on these variants, records each before and after it; answers both. */
  const updating = async (
    trx: Transaction<Database>,
    request: FastifyRequest,
    ids: number[],
    write: () => Promise<unknown>,
  ) => {
    // A missing id is refused by the write itself (a 404 naming its place in the request).
    const before = (await inOrder(trx, ids).catch(() => undefined)) ?? [];
    await write();
    const after = await inOrder(trx, ids);
    await audit(trx, request, 'update', { before, after });
    return { before, after };
  };

  const listVariantsHandler = lists.handler('listVariants', ['catalogue'], async (request, at) =>
    listVariants(ctx.db, withDefaults(request.query, 'page', 'page_size'), at),
  );

  const getVariant: Handler<'getVariant'> = async (request) =>
    getVariantOrThrow(ctx.db, request.params.id, ctx.now());

  const createVariant: Handler<'createVariant'> = async (request, reply) => {
    const w = writer(request);
    const variant = await inTransaction(async (trx) => {
      const [id] = await createVariants(
        trx,
        request.params.productId,
        [{ input: request.body, at: SINGLE }],
        w,
      );
      return only(await created(trx, request, [id as number]));
    });
    reply.code(201);
    return variant;
  };

  const updateVariantHandler: Handler<'updateVariant'> = async (request) => {
    const w = writer(request);
    const { id } = request.params;
    const { before, after } = await inTransaction((trx) =>
      updating(trx, request, [id], () => updateVariant(trx, id, request.body, SINGLE, w)),
    );
    const variant = only(after);
    // The stored files of the images this save removed, unless something else uses them.
    if (request.body.images !== undefined) {
      await releaseRemovedMedia(ctx.db, storage, only(before).images, variant.images, request.log);
    }
    return variant;
  };

  const deleteVariant: Handler<'deleteVariant'> = async (request, reply) => {
    const w = writer(request);
    await inTransaction(async (trx) => {
      const before = await getVariantOrThrow(trx, request.params.id, ctx.now());
      await deleteVariants(trx, [request.params.id], w, true);
      await audit(trx, request, 'delete', { before: [before] });
    });
    return reply.code(204).send();
  };

  const bulkCreateVariants: Handler<'bulkCreateVariants'> = async (request, reply) => {
    const w = writer(request);
    const items = await inTransaction(async (trx) => {
      const ids = await createVariants(
        trx,
        request.query.product_id,
        request.body.map((input, index) => ({ input, at: item(index) })),
        w,
      );
      return created(trx, request, ids);
    });
    reply.code(201);
    return { items, count: items.length };
  };

  /** Updates every entry in one transaction; answers the variants in request order. */
  const updateEach = async <T extends { id: number }>(
    request: FastifyRequest,
    entries: T[],
    update: (
      trx: Transaction<Database>,
      id: number,
      input: Omit<T, 'id'>,
      at: Place,
    ) => Promise<void>,
  ) => {
    assertDistinctIds(entries);
    const ids = entries.map((entry) => entry.id);
    const { after: items } = await inTransaction((trx) =>
      updating(trx, request, ids, async () => {
        for (const [index, { id, ...input }] of entries.entries()) {
          await update(trx, id, input, item(index));
        }
      }),
    );
    return { items, count: items.length };
  };

  const bulkUpdateVariants: Handler<'bulkUpdateVariants'> = (request) => {
    const w = writer(request);
    return updateEach(request, request.body, (trx, id, input, at) =>
      updateVariant(trx, id, input, at, w),
    );
  };

  const bulkDeleteVariants: Handler<'bulkDeleteVariants'> = async (request) => {
    const w = writer(request);
    const { ids } = request.body;
    await inTransaction(async (trx) => {
      const before = await inOrder(trx, ids).catch(() => undefined);
      await deleteVariants(trx, ids, w, false);
      if (before) await audit(trx, request, 'delete', { before });
    });
    return { deleted_ids: ids, count: ids.length };
  };

  const duplicateVariantHandler: Handler<'duplicateVariant'> = async (request, reply) => {
    const w = writer(request);
    const copy = await inTransaction(async (trx) => {
      const id = await duplicateVariant(trx, request.params.id, request.body?.new_sku, w);
      return only(await created(trx, request, [id]));
    });
    reply.code(201);
    return copy;
  };

  const updateVariantInventory: Handler<'updateVariantInventory'> = async (request) => {
    const w = writer(request);
    const { id } = request.params;
    const { after } = await inTransaction((trx) =>
      updating(trx, request, [id], () => updateInventory(trx, id, request.body, SINGLE, w)),
    );
    return only(after);
  };

  const bulkUpdateInventory: Handler<'bulkUpdateInventory'> = (request) => {
    const w = writer(request);
    return updateEach(request, request.body, (trx, id, input, at) =>
      updateInventory(trx, id, input, at, w),
    );
  };

  const adjustVariantStock: Handler<'adjustVariantStock'> = async (request) => {
    const { now, adminUserId } = writer(request);
    const { adjustment, reason } = request.body;
    return inTransaction(async (trx) => {
      const { movement } = await adjustStock(trx, request.params.id, adjustment, {
        reason: reason?.trim() || null,
        adminUserId,
        now,
      });
      const variant = await getVariantOrThrow(trx, request.params.id, ctx.now());
      // Only the stock moved: the movement says from what.
      const before = { ...variant, stock_quantity: movement.stock_before };
      await audit(trx, request, 'update', { before: [before], after: [variant] });
      return { variant, movement: presentMovement(movement) };
    });
  };

  const getInventoryStatus = lists.handler('getInventoryStatus', ['catalogue'], async (request) =>
    inventoryStatusReport(ctx.db, withDefaults(request.query, 'page', 'page_size')),
  );

  return {
    listVariants: listVariantsHandler,
    getVariant,
    createVariant,
    updateVariant: updateVariantHandler,
    deleteVariant,
    bulkCreateVariants,
    bulkUpdateVariants,
    bulkDeleteVariants,
    duplicateVariant: duplicateVariantHandler,
    updateVariantInventory,
    adjustVariantStock,
    bulkUpdateInventory,
    getInventoryStatus,
  };
}
