// Analytics tag (#35), the returns and stock reports: returns over time, stock valuation at cost,
// slow movers and low stock, as JSON and CSV (services/reports/returns.ts, stock.ts). Access
// (analytics:read: super_admin, admin and manager) is enforced before these handlers run; the
// contract validator applied the query's defaults and bounds (422 otherwise).
import type { AppContext } from '../context';
import { sendCsv } from '../http/csv';
import { withDefaults } from '../http/query';
import type { Handlers } from '../http/types';
import { exportReturnsReportCsv, getReturnsReport } from '../services/reports/returns';
import {
  exportLowStockReportCsv,
  exportSlowMoversCsv,
  exportStockValuationCsv,
  getLowStockReport,
  getSlowMovers,
  getStockValuation,
} from '../services/reports/stock';

export function stockReportsHandlers(ctx: AppContext): Handlers {
  return {
    getReturnsReport: (request) => getReturnsReport(ctx, withDefaults(request.query, 'interval')),

    exportReturnsReportCsv: async (request, reply) => {
      const { separator, ...query } = withDefaults(request.query, 'interval', 'separator');
      return sendCsv(reply, await exportReturnsReportCsv(ctx, query, separator));
    },

    getStockValuation: () => getStockValuation(ctx),

    exportStockValuationCsv: async (request, reply) => {
      const { separator } = withDefaults(request.query, 'separator');
      return sendCsv(reply, await exportStockValuationCsv(ctx, separator));
    },

    getSlowMovers: (request) => getSlowMovers(ctx, withDefaults(request.query, 'days', 'limit')),

    exportSlowMoversCsv: async (request, reply) => {
      const { separator, ...query } = withDefaults(request.query, 'days', 'limit', 'separator');
      return sendCsv(reply, await exportSlowMoversCsv(ctx, query, separator));
    },

    getLowStockReport: (request) => getLowStockReport(ctx, withDefaults(request.query, 'limit')),

    exportLowStockReportCsv: async (request, reply) => {
      const { separator, ...query } = withDefaults(request.query, 'limit', 'separator');
      return sendCsv(reply, await exportLowStockReportCsv(ctx, query, separator));
    },
  };
}
