// Analytics tag, the sales part (#35, docs/product.md §10.30): sales over time, by category and
// payment method, and the best sellers, as JSON and CSV (services/reports/sales.ts). Access
// (analytics:read: super_admin, admin and manager) is enforced before these handlers run.
import type { AppContext } from '../context';
import { sendCsv } from '../http/csv';
import { withDefaults } from '../http/query';
import type { Handlers } from '../http/types';
import {
  exportSalesBreakdownCsv,
  exportSalesReportCsv,
  exportTopProductsCsv,
  getSalesBreakdown,
  getSalesReport,
  getTopProducts,
} from '../services/reports/sales';

export function salesReportsHandlers(ctx: AppContext): Handlers {
  return {
    getSalesReport: (request) => getSalesReport(ctx, withDefaults(request.query, 'interval')),

    exportSalesReportCsv: async (request, reply) => {
      const { separator, ...period } = withDefaults(request.query, 'interval', 'separator');
      return sendCsv(reply, await exportSalesReportCsv(ctx, period, separator));
    },

    getSalesBreakdown: (request) => getSalesBreakdown(ctx, request.query),

    exportSalesBreakdownCsv: async (request, reply) => {
      const { separator, ...period } = withDefaults(request.query, 'separator');
      return sendCsv(reply, await exportSalesBreakdownCsv(ctx, period, separator));
    },

    getTopProducts: (request) => getTopProducts(ctx, withDefaults(request.query, 'limit')),

    exportTopProductsCsv: async (request, reply) => {
      const { separator, ...query } = withDefaults(request.query, 'limit', 'separator');
      return sendCsv(reply, await exportTopProductsCsv(ctx, query, separator));
    },
  };
}
