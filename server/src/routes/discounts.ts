// Discounts tag (#29): discount codes and automatic promotions. Access (401/403: orders:read to
// read, discounts:write to change) is enforced before these handlers run.
import type { AppContext } from '../context';
import { requireAdmin } from '../http/access';
import { withDefaults } from '../http/query';
import type { Handlers } from '../http/types';
import {
  createDiscount,
  deleteDiscount,
  getDiscount,
  listDiscounts,
  updateDiscount,
} from '../services/discounts/discounts';

export function discountsHandlers(ctx: AppContext): Handlers {
  return {
    listDiscounts: async (request, reply) => {
      const { items, total } = await listDiscounts(
        ctx,
        withDefaults(request.query, 'skip', 'limit', 'sort'),
      );
      reply.header('X-Total-Count', String(total));
      return items;
    },

    createDiscount: async (request, reply) => {
      const discount = await createDiscount(ctx, request.body, requireAdmin(request));
      reply.code(201);
      return discount;
    },

    getDiscount: (request) => getDiscount(ctx, request.params.id),

    updateDiscount: (request) =>
      updateDiscount(ctx, request.params.id, request.body, requireAdmin(request)),

    deleteDiscount: async (request, reply) => {
      await deleteDiscount(ctx, request.params.id, requireAdmin(request));
      return reply.code(204).send();
    },
  };
}
