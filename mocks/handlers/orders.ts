import type { Order, OrderStatusUpdate } from '@generated/model';
import { orderDetails, orders as fixtures } from '../fixtures';
import * as crud from './crud';
import { endpoint, json, notFound, now, pagedList } from './endpoint';

const find = (id: string | undefined) => orderDetails.find((o) => String(o.id) === id);

export const orders = {
  /** GET /admin/orders/ (skip/limit, status and search filters, X-Total-Count) */
  list: crud.listOf('/admin/orders/', fixtures, (items, query, url) => {
    const status = query.get('status');
    const search = query.get('search')?.toLowerCase();
    return pagedList(
      items.filter(
        (o) =>
          (!status || o.status === status) &&
          (!search ||
            o.order_number.toLowerCase().includes(search) ||
            o.customer_email.toLowerCase().includes(search)),
      ),
      url,
    );
  }),
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
