// Orders tag: checkout (optional customer token, else a guest by session_id), the customer's own
// orders, and the admin's order operations. Access (401/403, orders:read / orders:write) is
// enforced before these handlers run. The dashboard's figures (tag Dashboard: the all-time
// figures, the summary over a period and the recent activity, #35) live here too: they are the
// orders' figures.
import type { AppContext } from '../context';
import { requireAdmin, requireCustomer } from '../http/access';
import type { ListCache } from '../http/list-cache';
import { withDefaults } from '../http/query';
import type { Handlers } from '../http/types';
import { placeOrder } from '../services/orders/checkout';
import { dashboardStats, dashboardSummary, recentActivity } from '../services/orders/dashboard';
import {
  cancelOrder,
  getAdminOrder,
  getCustomerOrder,
  listAdminOrders,
  listCustomerOrders,
  updateOrderStatus,
} from '../services/orders/orders';
import {
  addOrderNote,
  getOrderTimeline,
  setOrderShipment,
} from '../services/orders/order-timeline';
import { confirmOrderVatNumber } from '../services/orders/order-vat-review';
import { createOrderReturn, listOrderReturns } from '../services/orders/order-returns';
import { editOrder } from '../services/orders/order-edits';
import { bulkUpdateOrderStatus } from '../services/orders/order-bulk';

export function ordersHandlers(ctx: AppContext, lists: ListCache): Handlers {
  const { db } = ctx;
  return {
    createOrder: async (request, reply) => {
      const caller = { auth: request.auth, sessionId: request.query.session_id };
      const order = await placeOrder(ctx, caller, request.body);
      reply.code(201);
      return order;
    },

    listMyOrders: async (request, reply) => {
      const { items, total } = await listCustomerOrders(
        db,
        requireCustomer(request),
        withDefaults(request.query, 'skip', 'limit'),
      );
      reply.header('X-Total-Count', String(total));
      return items;
    },

    getOrder: (request) => getCustomerOrder(db, requireCustomer(request), request.params.id),

    listAdminOrders: lists.page('listAdminOrders', ['orders'], async (request) =>
      listAdminOrders(db, withDefaults(request.query, 'skip', 'limit', 'sort')),
    ),

    getAdminOrder: async (request) => getAdminOrder(db, request.params.id),

    updateOrderStatus: async (request) =>
      updateOrderStatus(ctx, request.params.id, request.body, request.admin),

    bulkUpdateOrderStatus: async (request) =>
      bulkUpdateOrderStatus(ctx, request.body, requireAdmin(request)),

    cancelOrder: async (request) =>
      cancelOrder(ctx, request.params.id, request.body?.reason, request.admin),

    confirmOrderVatNumber: async (request) =>
      confirmOrderVatNumber(ctx, request.params.id, request.admin),

    getOrderTimeline: async (request) => getOrderTimeline(db, request.params.id),

    addOrderNote: async (request, reply) => {
      const event = await addOrderNote(ctx, request.params.id, request.body, requireAdmin(request));
      reply.code(201);
      return event;
    },

    setOrderShipment: async (request) =>
      setOrderShipment(ctx, request.params.id, request.body, requireAdmin(request)),

    listOrderReturns: async (request) => listOrderReturns(db, request.params.id),

    editOrder: async (request) =>
      editOrder(ctx, request.params.id, request.body, requireAdmin(request)),

    createOrderReturn: async (request, reply) => {
      const created = await createOrderReturn(
        ctx,
        request.params.id,
        request.body,
        requireAdmin(request),
      );
      // A preview records nothing: 200, not 201.
      reply.code(request.body.dry_run === true ? 200 : 201);
      return created;
    },

    getDashboardStats: lists.handler('getDashboardStats', ['catalogue', 'orders'], async () =>
      dashboardStats(db),
    ),

    // Not through the list cache: "today" moves at the shop's midnight without any write.
    getDashboardSummary: async (request) =>
      dashboardSummary(ctx, withDefaults(request.query, 'period'), requireAdmin(request).role),

    getRecentActivity: async (request) =>
      recentActivity(db, requireAdmin(request).role, withDefaults(request.query, 'limit').limit),
  };
}
