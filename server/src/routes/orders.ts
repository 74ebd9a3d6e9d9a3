// Orders tag: checkout (optional customer token, else a guest by session_id), the customer's own
// orders, and the admin's order operations. Access (401/403, orders:read / orders:write) is
// enforced before these handlers run.
import type { AppContext } from '../context';
import { unauthorized } from '../api/problem';
import type { Handlers } from '../http/types';
import { resolveOwner } from '../services/cart';
import { placeOrder } from '../services/checkout';
import {
  cancelOrder,
  getAdminOrder,
  getCustomerOrder,
  listAdminOrders,
  listCustomerOrders,
  updateOrderStatus,
} from '../services/orders';

const DEFAULT_SKIP = 0;
const DEFAULT_LIMIT = 100;

export function ordersHandlers(ctx: AppContext): Handlers {
  const { db } = ctx;
  /** The signed-in customer's id (the access rule guarantees a customer token). */
  const customerId = async (auth: { userType: string; userId: number } | null) => {
    if (!auth) throw unauthorized();
    const owner = await resolveOwner(db, auth, undefined);
    if (owner.kind !== 'customer') throw unauthorized();
    return owner.customer.id;
  };

  return {
    createOrder: async (request, reply) => {
      const owner = await resolveOwner(db, request.auth, request.query.session_id);
      const order = await placeOrder(ctx, owner, request.body);
      reply.code(201);
      return order;
    },

    listMyOrders: async (request, reply) => {
      const { items, total } = await listCustomerOrders(db, await customerId(request.auth), {
        skip: request.query.skip ?? DEFAULT_SKIP,
        limit: request.query.limit ?? DEFAULT_LIMIT,
      });
      reply.header('X-Total-Count', String(total));
      return items;
    },

    getOrder: async (request) =>
      getCustomerOrder(db, await customerId(request.auth), request.params.id),

    listAdminOrders: async (request, reply) => {
      const q = request.query;
      const { items, total } = await listAdminOrders(db, {
        ...q,
        skip: q.skip ?? DEFAULT_SKIP,
        limit: q.limit ?? DEFAULT_LIMIT,
      });
      reply.header('X-Total-Count', String(total));
      return items;
    },

    getAdminOrder: async (request) => getAdminOrder(db, request.params.id),

    updateOrderStatus: async (request) =>
      updateOrderStatus(ctx, request.params.id, request.body, request.admin),

    cancelOrder: async (request) =>
      cancelOrder(ctx, request.params.id, request.body?.reason, request.admin),
  };
}
