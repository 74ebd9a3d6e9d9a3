// The signed-in customer's address book (customer tokens only). Another customer's address is
// answered exactly like a missing one: 404 "Address not found".
import type { AppContext } from '../context';
import type { Handlers } from '../http/types';
import {
  createAddress,
  deleteAddress,
  listAddresses,
  presentAddress,
  requireActiveCustomer,
  updateAddress,
} from '../services/customers';
import { requireCustomer } from '../http/access';

export function addressesHandlers(ctx: AppContext): Handlers {
  return {
    listAddresses: async (request) => {
      const customerId = requireCustomer(request);
      await requireActiveCustomer(ctx.db, customerId);
      return (await listAddresses(ctx.db, customerId)).map(presentAddress);
    },

    createAddress: async (request, reply) => {
      const row = await createAddress(ctx, requireCustomer(request), request.body);
      reply.code(201);
      return presentAddress(row);
    },

    updateAddress: async (request) =>
      presentAddress(
        await updateAddress(ctx, requireCustomer(request), request.params.id, request.body),
      ),

    deleteAddress: async (request, reply) => {
      await deleteAddress(ctx, requireCustomer(request), request.params.id);
      return reply.code(204).send();
    },
  };
}
