import type { Order, OrderStatusUpdate, OrderSummary } from '@generated/model';
import { orderDetails, orders as fixtures } from '../fixtures';
import * as crud from './crud';
import { endpoint, json, notFound, now, type ListSpec } from './endpoint';

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

const find = (id: string | undefined) => orderDetails.find((o) => String(o.id) === id);

/** What listAdminOrders (and exportOrders) do with their search, filters and sort. */
export const orderListSpec: ListSpec<OrderSummary> = {
  search: (o) => [
    o.order_number,
    o.customer_email,
    o.shipping_address.email,
    `${o.shipping_address.first_name} ${o.shipping_address.last_name}`,
  ],
  filters: {
    status: (o, status) => o.status === status,
    payment_method: (o, method) => o.payment_method === method,
    customer_email: (o, email) => o.customer_email.toLowerCase() === email.toLowerCase(),
    shipping_email: (o, email) => sameEmail(o.shipping_address.email, email),
    date_from: (o, from) => Date.parse(o.created_at) >= Date.parse(from),
    date_to: (o, to) => Date.parse(o.created_at) <= Date.parse(to),
  },
  sortKeys: {
    created_at: (o) => Date.parse(o.created_at),
    total_amount: (o) => Number(o.total_amount),
  },
};

export const orders = {
  /**
   * GET /admin/orders/ (search, status, payment_method, customer_email, shipping_email, date
   * range, sort, skip/limit, X-Total-Count)
   */
  list: crud.queriedListOf('/admin/orders/', fixtures, orderListSpec),
  /** GET /admin/orders/{id} (404 'Order not found' for unknown ids) */
  get: crud.getById('/admin/orders/:id', orderDetails, 'Order'),
  /** PATCH /admin/orders/{id}/status {status, note?} → the order */
  updateStatus: endpoint(
    'patch',
    '/admin/orders/:id/status',
    (result?: Order) =>
      ({ params, body }) => {
        const order = result ?? find(params.id);
        if (!order) return notFound('Order not found');
        return json({ ...order, status: (body as OrderStatusUpdate).status, updated_at: now() });
      },
  ),
  /** POST /admin/orders/{id}/cancel → the order, cancelled */
  cancel: endpoint('post', '/admin/orders/:id/cancel', (result?: Order) => ({ params }) => {
    const order = result ?? find(params.id);
    return order
      ? json({ ...order, status: 'cancelled', updated_at: now() })
      : notFound('Order not found');
  }),
};
