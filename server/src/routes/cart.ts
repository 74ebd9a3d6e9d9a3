// Cart tag: the shopping cart, anonymous by session_id or the signed-in customer's. Access is
// optional (access.ts): no token = anonymous, a customer token = the customer's cart, an admin
// token is refused (403) and an invalid one too (401) before these handlers run.
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import type { Handlers } from '../http/types';
import {
  addCartItem,
  applyCartDiscount,
  clearCart,
  getCart,
  removeCartDiscount,
  removeCartItem,
  updateCartItem,
  type CartCaller,
} from '../services/orders/cart';

/** The caller: its token's user, if any, and the session_id it sent. */
const callerOf = (
  request: FastifyRequest<{ Querystring: { session_id?: string } }>,
): CartCaller => ({ auth: request.auth, sessionId: request.query.session_id });

export function cartHandlers(ctx: AppContext): Handlers {
  return {
    getCart: (request) => getCart(ctx, callerOf(request)),

    addCartItem: async (request, reply) => {
      const cart = await addCartItem(ctx, callerOf(request), request.body);
      reply.code(201);
      return cart;
    },

    updateCartItem: (request) =>
      updateCartItem(ctx, callerOf(request), request.params.id, request.body.quantity),

    removeCartItem: (request) => removeCartItem(ctx, callerOf(request), request.params.id),

    applyCartDiscount: (request) =>
      applyCartDiscount(ctx, callerOf(request), request.body.code, request.ip),

    removeCartDiscount: (request) => removeCartDiscount(ctx, callerOf(request)),

    clearCart: async (request, reply) => {
      await clearCart(ctx, callerOf(request));
      return reply.code(204).send();
    },
  };
}
