// Shipping tag (#36): shipping zones and methods. Access (401/403: settings:read to read,
// settings:write to change) is enforced before these handlers run. Also the Cart tag's shipping
// operations (a method for the cart's destination), with the cart's access rules (cart.ts).
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { requireAdmin } from '../http/access';
import { withDefaults } from '../http/query';
import type { Handlers } from '../http/types';
import {
  chooseCartShippingMethod,
  listCartShippingMethods,
  removeCartShippingMethod,
  type CartCaller,
} from '../services/orders/cart';
import {
  createShippingMethod,
  deleteShippingMethod,
  getShippingMethod,
  listShippingMethods,
  updateShippingMethod,
} from '../services/shipping/methods';
import {
  createShippingZone,
  deleteShippingZone,
  getShippingZone,
  listShippingZones,
  updateShippingZone,
} from '../services/shipping/zones';

const callerOf = (
  request: FastifyRequest<{ Querystring: { session_id?: string } }>,
): CartCaller => ({ auth: request.auth, sessionId: request.query.session_id });

export function shippingHandlers(ctx: AppContext): Handlers {
  return {
    listShippingZones: async (request, reply) => {
      const { items, total } = await listShippingZones(
        ctx,
        withDefaults(request.query, 'skip', 'limit'),
      );
      reply.header('X-Total-Count', String(total));
      return items;
    },

    createShippingZone: async (request, reply) => {
      const zone = await createShippingZone(ctx, request.body, requireAdmin(request));
      reply.code(201);
      return zone;
    },

    getShippingZone: (request) => getShippingZone(ctx, request.params.id),

    updateShippingZone: (request) =>
      updateShippingZone(ctx, request.params.id, request.body, requireAdmin(request)),

    deleteShippingZone: async (request, reply) => {
      await deleteShippingZone(ctx, request.params.id, requireAdmin(request));
      return reply.code(204).send();
    },

    listShippingMethods: async (request, reply) => {
      const { items, total } = await listShippingMethods(
        ctx,
        withDefaults(request.query, 'skip', 'limit'),
      );
      reply.header('X-Total-Count', String(total));
      return items;
    },

    createShippingMethod: async (request, reply) => {
      const method = await createShippingMethod(ctx, request.body, requireAdmin(request));
      reply.code(201);
      return method;
    },

    getShippingMethod: (request) => getShippingMethod(ctx, request.params.id),

    updateShippingMethod: (request) =>
      updateShippingMethod(ctx, request.params.id, request.body, requireAdmin(request)),

    deleteShippingMethod: async (request, reply) => {
      await deleteShippingMethod(ctx, request.params.id, requireAdmin(request));
      return reply.code(204).send();
    },

    listCartShippingMethods: (request) =>
      listCartShippingMethods(ctx, callerOf(request), {
        country: request.query.country,
        governorate: request.query.governorate,
      }),

    chooseCartShippingMethod: (request) =>
      chooseCartShippingMethod(ctx, callerOf(request), request.body),

    removeCartShippingMethod: (request) => removeCartShippingMethod(ctx, callerOf(request)),
  };
}
