import type { AppContext } from '../context';
import type { VatRateRow } from '../db/schema';
import type { ListCache } from '../http/list-cache';
import type { Handlers } from '../http/types';
import {
  countUsage,
  createVatRate,
  deleteVatRate,
  getVatRate,
  listVatRates,
  presentVatRate,
  updateVatRate,
  usageByRate,
} from '../services/vat-rates';

export function vatRatesHandlers(ctx: AppContext, lists: ListCache): Handlers {
  const now = () => ctx.now().toISOString();
  /** One rate with its status now and its usage counts. */
  const present = async (row: VatRateRow) =>
    presentVatRate(row, ctx.now(), await countUsage(ctx.db, row.id));
  return {
    // Statuses (in force, scheduled, expired) as at the instant the list is made for.
    listVatRates: lists.handler('listVatRates', ['catalogue'], async (request, at) => {
      const [rows, usage] = await Promise.all([
        listVatRates(ctx.db, request.query),
        usageByRate(ctx.db),
      ]);
      return rows.map((row) => presentVatRate(row, at, usage.get(Number(row.id))));
    }),

    createVatRate: async (request, reply) => {
      const row = await createVatRate(ctx, request.body, now(), request.admin);
      reply.code(201);
      return present(row);
    },

    getVatRate: async (request) => present(await getVatRate(ctx.db, request.params.id)),

    updateVatRate: async (request) =>
      present(await updateVatRate(ctx, request.params.id, request.body, now(), request.admin)),

    deleteVatRate: async (request, reply) => {
      await deleteVatRate(ctx.db, request.params.id, ctx.now(), request.admin);
      return reply.code(204).send();
    },
  };
}
