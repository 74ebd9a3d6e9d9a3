import type { AppContext } from '../context';
import type { Handlers } from '../http/types';
import {
  createVatRate,
  deleteVatRate,
  getVatRate,
  listVatRates,
  presentVatRate,
  updateVatRate,
} from '../services/vat-rates';

export function vatRatesHandlers(ctx: AppContext): Handlers {
  const now = () => ctx.now().toISOString();
  return {
    listVatRates: async (request) =>
      (await listVatRates(ctx.db, request.query)).map(presentVatRate),

    createVatRate: async (request, reply) => {
      const row = await createVatRate(ctx, request.body, now());
      reply.code(201);
      return presentVatRate(row);
    },

    getVatRate: async (request) => presentVatRate(await getVatRate(ctx.db, request.params.id)),

    updateVatRate: async (request) =>
      presentVatRate(await updateVatRate(ctx, request.params.id, request.body, now())),

    deleteVatRate: async (request, reply) => {
      await deleteVatRate(ctx.db, request.params.id);
      return reply.code(204).send();
    },
  };
}
