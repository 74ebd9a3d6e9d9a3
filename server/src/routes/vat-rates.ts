import type { AppContext } from '../context';
import type { ListCache } from '../http/list-cache';
import type { Handlers } from '../http/types';
import {
  createVatRate,
  deleteVatRate,
  getVatRate,
  listVatRates,
  updateVatRate,
} from '../services/billing/vat-rates';

export function vatRatesHandlers(ctx: AppContext, lists: ListCache): Handlers {
  const now = () => ctx.now().toISOString();
  return {
    // Statuses (in force, scheduled, expired) as at the instant the list is made for.
    listVatRates: lists.handler('listVatRates', ['catalogue'], (request, at) =>
      listVatRates(ctx.db, request.query, at),
    ),

    createVatRate: async (request, reply) => {
      const rate = await createVatRate(ctx, request.body, now(), request.admin);
      reply.code(201);
      return rate;
    },

    getVatRate: (request) => getVatRate(ctx.db, request.params.id, ctx.now()),

    updateVatRate: (request) =>
      updateVatRate(ctx, request.params.id, request.body, now(), request.admin),

    deleteVatRate: async (request, reply) => {
      await deleteVatRate(ctx.db, request.params.id, ctx.now(), request.admin);
      return reply.code(204).send();
    },
  };
}
