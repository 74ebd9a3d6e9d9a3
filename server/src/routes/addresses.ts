// The signed-in customer's address book (customer tokens only). Another customer's address is
// answered exactly like a missing one: 404 "Address not found".
import type { AppContext } from '../context';
import type { Handlers } from '../http/types';
import {
  createAddress,
  deleteAddress,
  listAddresses,
  updateAddress,
} from '../services/orders/customers';
import { requireCustomer } from '../http/access';

export function addressesHandlers(ctx: AppContext): Handlers {
  return {
    listAddresses: (request) => listAddresses(ctx.db, requireCustomer(request)),

    createAddress: async (request, reply) => {
      const address = await createAddress(ctx, requireCustomer(request), request.body);
      reply.code(201);
      return address;
    },

    updateAddress: (request) =>
      updateAddress(ctx, requireCustomer(request), request.params.id, request.body),

    deleteAddress: async (request, reply) => {
      await deleteAddress(ctx, requireCustomer(request), request.params.id);
      return reply.code(204).send();
    },
  };
}
