// Exports tag: the orders and the products as CSV files, streamed (services/exports.ts). Access
// (orders:read / catalogue:read) is enforced before these handlers run.
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../context';
import { withDefaults } from '../http/query';
import type { Handlers } from '../http/types';
import {
  csvStream,
  exportOrders,
  exportProducts,
  shopDate,
  type CsvExport,
} from '../services/exports';

/** Sends a CSV file: the count and the headers go out first; the body follows as the client reads it. */
export async function sendCsv(
  ctx: AppContext,
  reply: FastifyReply,
  name: string,
  file: CsvExport,
): Promise<FastifyReply> {
  const date = await shopDate(ctx.db, ctx.now());
  return reply
    .header('X-Total-Count', String(file.total))
    .header('Content-Disposition', `attachment; filename="${name}-${date}.csv"`)
    .type('text/csv; charset=utf-8')
    .send(csvStream(file));
}

export function exportsHandlers(ctx: AppContext): Handlers {
  const { db } = ctx;
  return {
    exportOrders: async (request, reply) =>
      sendCsv(
        ctx,
        reply,
        'orders',
        await exportOrders(db, withDefaults(request.query, 'rows', 'sort')),
      ),

    exportProducts: async (request, reply) =>
      sendCsv(
        ctx,
        reply,
        'products',
        await exportProducts(db, withDefaults(request.query, 'sort'), ctx.now()),
      ),
  };
}
