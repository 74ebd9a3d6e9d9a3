// DraftOrders tag (#28): staff orders, prepared by an admin and completed into orders. Access
// (401/403, orders:write) is enforced before these handlers run.
import type { AppContext } from '../context';
import { requireAdmin } from '../http/access';
import { withDefaults } from '../http/query';
import type { Handlers } from '../http/types';
import {
  completeDraftOrder,
  createDraftOrder,
  deleteDraftOrder,
  getDraftOrder,
  listDraftOrders,
  updateDraftOrder,
} from '../services/orders/draft-orders';

export function draftOrdersHandlers(ctx: AppContext): Handlers {
  return {
    listDraftOrders: async (request, reply) => {
      const { items, total } = await listDraftOrders(
        ctx,
        withDefaults(request.query, 'skip', 'limit', 'sort'),
      );
      reply.header('X-Total-Count', String(total));
      return items;
    },

    createDraftOrder: async (request, reply) => {
      const draft = await createDraftOrder(ctx, request.body, requireAdmin(request));
      reply.code(201);
      return draft;
    },

    getDraftOrder: async (request) => getDraftOrder(ctx, request.params.id),

    updateDraftOrder: async (request) =>
      updateDraftOrder(ctx, request.params.id, request.body, requireAdmin(request)),

    deleteDraftOrder: async (request, reply) => {
      await deleteDraftOrder(ctx, request.params.id, requireAdmin(request));
      return reply.code(204).send();
    },

    completeDraftOrder: async (request, reply) => {
      const order = await completeDraftOrder(
        ctx,
        request.params.id,
        request.body,
        requireAdmin(request),
      );
      reply.code(201);
      return order;
    },
  };
}
