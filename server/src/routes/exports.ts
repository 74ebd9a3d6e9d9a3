// Exports tag: the orders and the products as CSV files, streamed (services/exports.ts). Access
// (orders:read / catalogue:read) is enforced before these handlers run.
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../context';
import { withDefaults } from '../http/query';
import type { Handlers } from '../http/types';
import type { CsvSeparator } from '../domain/csv';
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
  separator: CsvSeparator = 'comma',
): Promise<FastifyReply> {
  const date = await shopDate(ctx.db, ctx.now());
  return reply
    .header('X-Total-Count', String(file.total))
    .header('Content-Disposition', `attachment; filename="${name}-${date}.csv"`)
    .type('text/csv; charset=utf-8')
    .send(csvStream(file, separator));
}

export function exportsHandlers(ctx: AppContext): Handlers {
  const { db } = ctx;
  return {
    exportOrders: async (request, reply) => {
      const { separator, ...query } = request.query;
      return sendCsv(
        ctx,
        reply,
        'orders',
        await exportOrders(db, withDefaults(query, 'rows', 'sort')),
        separator,
      );
    },

    exportProducts: async (request, reply) => {
      const { separator, ...query } = request.query;
      return sendCsv(
        ctx,
        reply,
        'products',
        await exportProducts(db, withDefaults(query, 'sort'), ctx.now()),
        separator,
      );
    },
  };
}
