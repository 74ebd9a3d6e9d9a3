// Cart tag: the shopping cart, anonymous by session_id or the signed-in customer's. Access is
// optional (access.ts): no token = anonymous, a customer token = the customer's cart, an admin
// token is refused (403) and an invalid one too (401) before these handlers run.
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import type { Handlers } from '../http/types';
import {
  addItem,
  clearCart,
  mergeSessionCart,
  readCart,
  removeItem,
  resolveOwner,
  setItemQuantity,
  type CartOwner,
} from '../services/cart';

export function cartHandlers(ctx: AppContext): Handlers {
  /** The caller's cart owner, after merging the session's anonymous cart into a customer's. */
  const owner = async (request: FastifyRequest<{ Querystring: { session_id?: string } }>) => {
    const o: CartOwner = await resolveOwner(ctx.db, request.auth, request.query.session_id);
    await mergeSessionCart(ctx, o);
    return o;
  };

  return {
    getCart: async (request) => readCart(ctx, await owner(request)),

    addCartItem: async (request, reply) => {
      const o = await owner(request);
      await addItem(ctx, o, request.body);
      reply.code(201);
      return readCart(ctx, o);
    },

    updateCartItem: async (request) => {
      const o = await owner(request);
      await setItemQuantity(ctx, o, request.params.id, request.body.quantity);
      return readCart(ctx, o);
    },

    removeCartItem: async (request) => {
      const o = await owner(request);
      await removeItem(ctx, o, request.params.id);
      return readCart(ctx, o);
    },

    clearCart: async (request, reply) => {
      await clearCart(ctx.db, await owner(request));
      return reply.code(204).send();
    },
  };
}
