// Exports tag: the orders and the products as CSV files, streamed (services/orders/order-export.ts,
// services/catalogue/product-export.ts). Access (orders:read / catalogue:read) is enforced before
// these handlers run.
import type { AppContext } from '../context';
import { sendCsv } from '../http/csv';
import { withDefaults } from '../http/query';
import type { Handlers } from '../http/types';
import { exportOrders } from '../services/orders/order-export';
import { exportProducts } from '../services/catalogue/product-export';

export function exportsHandlers(ctx: AppContext): Handlers {
  const { db } = ctx;
  return {
    exportOrders: async (request, reply) => {
      const { separator, ...query } = request.query;
      return sendCsv(
        reply,
        await exportOrders(db, withDefaults(query, 'rows', 'sort'), ctx.now(), separator),
      );
    },

    exportProducts: async (request, reply) => {
      const { separator, ...query } = request.query;
      return sendCsv(
        reply,
        await exportProducts(db, withDefaults(query, 'sort'), ctx.now(), separator),
      );
    },
  };
}
