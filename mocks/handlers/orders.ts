import type {
  NoteEvent,
  Order,
  OrderNoteCreate,
  OrderShipmentUpdate,
  OrderStatusUpdate,
  OrderSummary,
} from '@generated/model';
import {
  mayBeShipped,
  statusRules,
  transitionEffects,
  type OrderStatus,
} from '../../contract/order-status';
import { canAdjust, reopenShortStock } from '../../server/src/domain/inventory';
import { trackingUrl } from '../../server/src/domain/shipping';
import { orderDetails, orders as fixtures, products, timelineOf, variants } from '../fixtures';
import * as crud from './crud';
import { endpoint, json, newId, notFound, now, type Call, type ListSpec } from './endpoint';
import { inStatus } from './payments';

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

const find = (id: string | undefined) => orderDetails.find((o) => String(o.id) === id);

/**
 * GET <path with the order's :id>: what `read` makes of the order (404 'Order not found' for an
 * unknown id), or the `result` a story gives.
 */
export const orderRead = <T>(path: string, read: (order: Order) => T) =>
  endpoint('get', path, (result?: T) => ({ params }) => {
    if (result !== undefined) return json(result);
    const order = find(params.id);
    return order ? json(read(order)) : notFound('Order not found');
  });

/** A change of the order of the path's :id, or of the `order` a story gives; else 404. */
const orderWrite = (
  method: 'post' | 'put' | 'patch',
  path: string,
  change: (order: Order, call: Call) => Response,
) =>
  endpoint(method, path, (given?: Order) => (call) => {
    const order = given ?? find(call.params.id);
    return order ? change(order, call) : notFound('Order not found');
  });

/**
 * The server's refusal of a status change that takes the order's stock again (e.g. cancelled →
 * pending, services/orders/orders.ts), in its words: the first item, by variant id, whose variant
 * still exists, tracks inventory without backorders and has less than the units not returned.
 */
export function reopenRefusal(order: Order, to: OrderStatus): string | null {
  if (transitionEffects(order.status, to).stock !== 'take') return null;
  const lines = order.items.flatMap((item) => {
    const variant = variants.find((v) => v.id === item.variant_id);
    return variant?.track_inventory ? [{ item, variant }] : [];
  });
  for (const { item, variant } of lines.sort((a, b) => a.variant.id - b.variant.id)) {
    const needed = item.quantity - item.returned_quantity;
    if (needed <= 0 || canAdjust(variant.stock_quantity, -needed, variant.allow_backorder))
      continue;
    const product = products.find((p) => p.id === variant.product_id);
    const name = product?.name ?? item.product_name;
    // A simple product's default variant is named by its product alone (movementTitle).
    const title = product?.has_variants ? `${name} — ${variant.variant_title}` : name;
    return reopenShortStock(to, { title, sku: variant.sku }, variant.stock_quantity, needed);
  }
  return null;
}

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
    payment_status: (o, status) => o.payment_status === status,
    vat_number_review: (o, review) => o.vat_number_review === review,
    customer_email: (o, email) => o.customer_email.toLowerCase() === email.toLowerCase(),
    shipping_email: (o, email) => sameEmail(o.shipping_address.email, email),
    // The list's rows do not carry the method: the order's detail knows it (#36).
    shipping_method_id: (o, id) =>
      String(orderDetails.find((d) => d.id === o.id)?.shipping_method?.id ?? '') === id,
    date_from: (o, from) => Date.parse(o.created_at) >= Date.parse(from),
    date_to: (o, to) => Date.parse(o.created_at) <= Date.parse(to),
  },
  defaultSort: '-created_at',
  capsSearchCount: true,
  sortKeys: {
    created_at: (o) => Date.parse(o.created_at),
    total_amount: (o) => Number(o.total_amount),
  },
};

export const orders = {
  /**
   * GET /admin/orders/ (search, status, payment_method, shipping_method_id, customer_email,
   * shipping_email, date range, sort, skip/limit, X-Total-Count)
   */
  list: crud.queriedListOf('/admin/orders/', fixtures, orderListSpec),
  /** GET /admin/orders/{id} (404 'Order not found' for unknown ids) */
  get: crud.getById('/admin/orders/:id', orderDetails, 'Order'),
  /**
   * PATCH /admin/orders/{id}/status {status, note?} → the order; 409 when the change takes the
   * order's stock again and a variant is short of it (reopenRefusal)
   */
  updateStatus: orderWrite('patch', '/admin/orders/:id/status', (order, { body }) => {
    const { status } = body as OrderStatusUpdate;
    const refusal = reopenRefusal(order, status);
    if (refusal) return json({ detail: refusal }, 409);
    return json({ ...inStatus(order, status), updated_at: now() });
  }),
  /** POST /admin/orders/{id}/cancel → the order, cancelled; 409 when its status may not be */
  cancel: orderWrite('post', '/admin/orders/:id/cancel', (order) =>
    statusRules(order.status).cancellable
      ? json({ ...inStatus(order, 'cancelled'), updated_at: now() })
      : json({ detail: 'Only pending, confirmed or processing orders can be cancelled' }, 409),
  ),
  /**
   * POST /admin/orders/{id}/confirm-vat-number → the order, its VAT number confirmed; 409 when
   * no number awaits confirmation
   */
  confirmVatNumber: orderWrite('post', '/admin/orders/:id/confirm-vat-number', (order) =>
    order.vat_number_review === 'to_confirm'
      ? json({ ...order, vat_number_review: 'confirmed', updated_at: now() })
      : json({ detail: 'This order has no VAT number awaiting confirmation' }, 409),
  ),
  /** GET /admin/orders/{id}/timeline → the events, oldest first */
  timeline: orderRead('/admin/orders/:id/timeline', timelineOf),
  /** POST /admin/orders/{id}/notes {note} → 201 the note as a timeline event */
  addNote: endpoint(
    'post',
    '/admin/orders/:id/notes',
    (result?: NoteEvent) =>
      ({ params, body }) => {
        if (!find(params.id)) return notFound('Order not found');
        const note: NoteEvent = {
          id: `note-${newId()}`,
          type: 'note',
          created_at: now(),
          changed_by: 'admin',
          note: (body as OrderNoteCreate).note.trim(),
        };
        return json(result ?? note, 201);
      },
  ),
  /**
   * PUT /admin/orders/{id}/shipment {carrier, tracking_number} → the order, its tracking link
   * built from its method's template (#36); 409 when cancelled
   */
  setShipment: orderWrite('put', '/admin/orders/:id/shipment', (order, { body }) => {
    if (!mayBeShipped(order.status))
      return json({ detail: `A ${order.status} order cannot be shipped` }, 409);
    // The order itself is not changed: only its shipment (the server leaves updated_at).
    const update = body as OrderShipmentUpdate;
    const template = order.shipping_method?.tracking_url_template ?? null;
    const shipment = {
      ...update,
      tracking_url: trackingUrl(template, update.tracking_number),
      updated_at: now(),
    };
    return json({ ...order, shipment });
  }),
};
