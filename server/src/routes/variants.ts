// Variants tag: product variants, their stock and inventory reports (/api/v1/admin/variants/...).
// Access (token, role permission) is checked before these handlers run; each write is one use
// case of services/catalogue/variants.ts (its transaction and audit entries are the service's).
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import type { ListCache } from '../http/list-cache';
import type { Handler, Handlers } from '../http/types';
import { withDefaults } from '../http/query';
import { inventoryStatusReport } from '../services/inventory/inventory-status';
import { mediaStorage } from '../services/platform/media';
import {
  adjustVariantStock,
  bulkCreateVariants,
  bulkDeleteVariants,
  bulkUpdateInventory,
  bulkUpdateVariants,
  createVariant,
  deleteVariant,
  duplicateVariant,
  getVariantOrThrow,
  listVariants,
  updateVariant,
  updateVariantInventory,
  type VariantWriter,
} from '../services/catalogue/variants';

export function variantsHandlers(ctx: AppContext, lists: ListCache): Handlers {
  const storage = mediaStorage(ctx.config);
  const writer = (request: FastifyRequest): VariantWriter => ({
    actor: request.admin,
    now: ctx.now(),
    dialect: ctx.dialect,
  });

  const listVariantsHandler = lists.handler('listVariants', ['catalogue'], async (request, at) =>
    listVariants(ctx.db, withDefaults(request.query, 'page', 'page_size'), at),
  );

  const getVariant: Handler<'getVariant'> = async (request) =>
    getVariantOrThrow(ctx.db, request.params.id, ctx.now());

  const createVariantHandler: Handler<'createVariant'> = async (request, reply) => {
    const variant = await createVariant(
      ctx.db,
      request.params.productId,
      request.body,
      writer(request),
    );
    reply.code(201);
    return variant;
  };

  const bulkCreateVariantsHandler: Handler<'bulkCreateVariants'> = async (request, reply) => {
    const items = await bulkCreateVariants(
      ctx.db,
      request.query.product_id,
      request.body,
      writer(request),
    );
    reply.code(201);
    return { items, count: items.length };
  };

  const duplicateVariantHandler: Handler<'duplicateVariant'> = async (request, reply) => {
    const copy = await duplicateVariant(
      ctx.db,
      request.params.id,
      request.body?.new_sku,
      writer(request),
    );
    reply.code(201);
    return copy;
  };

  const deleteVariantHandler: Handler<'deleteVariant'> = async (request, reply) => {
    await deleteVariant(ctx.db, request.params.id, writer(request));
    return reply.code(204).send();
  };

  const bulkDeleteVariantsHandler: Handler<'bulkDeleteVariants'> = async (request) => {
    const { ids } = request.body;
    await bulkDeleteVariants(ctx.db, ids, writer(request));
    return { deleted_ids: ids, count: ids.length };
  };

  const getInventoryStatus = lists.handler('getInventoryStatus', ['catalogue'], async (request) =>
    inventoryStatusReport(ctx.db, withDefaults(request.query, 'page', 'page_size')),
  );

  return {
    listVariants: listVariantsHandler,
    getVariant,
    createVariant: createVariantHandler,
    updateVariant: (request) =>
      updateVariant(ctx.db, request.params.id, request.body, writer(request), {
        storage,
        log: request.log,
      }),
    deleteVariant: deleteVariantHandler,
    bulkCreateVariants: bulkCreateVariantsHandler,
    bulkUpdateVariants: async (request) => {
      const items = await bulkUpdateVariants(ctx.db, request.body, writer(request));
      return { items, count: items.length };
    },
    bulkDeleteVariants: bulkDeleteVariantsHandler,
    duplicateVariant: duplicateVariantHandler,
    updateVariantInventory: (request) =>
      updateVariantInventory(ctx.db, request.params.id, request.body, writer(request)),
    adjustVariantStock: (request) =>
      adjustVariantStock(ctx.db, request.params.id, request.body, writer(request)),
    bulkUpdateInventory: async (request) => {
      const items = await bulkUpdateInventory(ctx.db, request.body, writer(request));
      return { items, count: items.length };
    },
    getInventoryStatus,
  };
}
