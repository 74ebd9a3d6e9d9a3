// Stock history: the inventory ledger, its CSV file and its admin filter's choices
// (services/inventory/stock-movements.ts). Access (catalogue:read) is enforced before these handlers run.
import type { AppContext } from '../context';
import { withDefaults } from '../http/query';
import type { Handlers } from '../http/types';
import {
  exportStockMovements,
  listStockMovementAdmins,
  listStockMovements,
} from '../services/inventory/stock-movements';
import { sendCsv } from '../http/csv';

export function stockMovementsHandlers(ctx: AppContext): Handlers {
  const { db } = ctx;
  return {
    listStockMovements: async (request, reply) => {
      const { items, total } = await listStockMovements(
        db,
        withDefaults(request.query, 'skip', 'limit'),
      );
      reply.header('X-Total-Count', String(total));
      return items;
    },

    listStockMovementAdmins: async () => listStockMovementAdmins(db),

    exportStockMovements: async (request, reply) => {
      const { separator, ...query } = request.query;
      return sendCsv(reply, await exportStockMovements(db, query, ctx.now(), separator));
    },
  };
}
