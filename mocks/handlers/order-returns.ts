/**
 * Order edits (editOrder) and returns of part of an order (listOrderReturns, createOrderReturn;
 * issue #28) over the order
 * fixtures, which have none: the list is empty, a return is answered as the server computes it
 * (each line's VAT incl. amount and VAT credited in proportion to its units, the net their
 * difference; the shipping's VAT in proportion to the shipping credited) and refused in the
 * server's words (services/orders/order-returns.ts): 409 on a cancelled or refunded order, 422
 * naming the line, 404 'Order not found'. Writes keep nothing, as the other mock writes.
 */
import type { Order, OrderEditRequest, OrderReturn, OrderReturnCreate } from '@generated/model';
import { statusesWhere, statusRules } from '../../contract/order-status';
import { orderEmailLanguage } from '../../server/src/domain/order-emails';
import { orderDetails } from '../fixtures';
import { conflict } from './conflicts';
import { endpoint, json, newId, notFound, now } from './endpoint';

const ORDER_NOT_FOUND = 'Order not found';
const NOT_RETURNABLE = `A ${statusesWhere('credited')
  .join(', ')
  .replace(/, ([^,]*)$/, ' or $1')} order cannot take a return`;

const find = (id: string | undefined) => orderDetails.find((o) => String(o.id) === id);

const millimes = (amount: string) => Math.round(Number(amount) * 1000);
const amount = (m: number) => (m / 1000).toFixed(3);
/** round(a × k / q), half-up: what k of q units credit of a line of amount a. */
const part = (a: number, k: number, q: number) =>
  k >= q ? a : Math.floor((2 * a * k + q) / (2 * q));

const issue = (loc: (string | number)[], msg: string) =>
  json({ detail: [{ loc: ['body', ...loc], msg, type: 'value_error' }] }, 422);

const description = (i: Order['items'][number]) =>
  i.variant_title ? `${i.product_name} - ${i.variant_title}` : i.product_name;

/** The server's 422 for the body itself, checked before the order is read; or null. */
function bodyRefusal(body: OrderReturnCreate): Response | null {
  if (body.reason.trim() === '') return issue(['reason'], 'Must not be blank');
  const seen = new Set<number>();
  for (const [i, line] of body.lines.entries()) {
    if (seen.has(line.order_item_id))
      return issue(['lines', i, 'order_item_id'], 'This item is already listed');
    seen.add(line.order_item_id);
  }
  return null;
}

/** The return the server would answer for this body on this order, or its refusal. */
function returnOf(order: Order, body: OrderReturnCreate): Response {
  if (statusRules(order.status).credited) return conflict(NOT_RETURNABLE);
  const lines = [];
  for (const [i, line] of body.lines.entries()) {
    const item = order.items.find((it) => it.id === line.order_item_id);
    if (!item)
      return issue(
        ['lines', i, 'order_item_id'],
        `Item ${line.order_item_id} is not an item of this order`,
      );
    const left = item.quantity - item.returned_quantity;
    if (line.quantity > left)
      return issue(
        ['lines', i, 'quantity'],
        `At most ${left} of ${description(item)} can be returned: ` +
          `${item.quantity} sold, ${item.returned_quantity} already returned`,
      );
    const prev = item.returned_quantity;
    const credit = (a: string) =>
      part(millimes(a), prev + line.quantity, item.quantity) -
      part(millimes(a), prev, item.quantity);
    const gross = credit(item.total_price_incl_vat);
    const vat = credit(item.vat_amount);
    lines.push({ line, item, net: gross - vat, vat });
  }
  const shipping = body.shipping_amount === undefined ? 0 : millimes(body.shipping_amount);
  const charged = millimes(order.shipping_amount);
  if (shipping > charged)
    return issue(
      ['shipping_amount'],
      `At most ${amount(charged)} of shipping can be credited: ` +
        `${amount(charged)} charged, 0.000 already credited`,
    );
  const shippingVat = part(millimes(order.shipping_vat_amount), shipping, charged);
  const subtotal = lines.reduce((s, l) => s + l.net, 0);
  const vat = lines.reduce((s, l) => s + l.vat, 0) + shippingVat;
  const result: OrderReturn = {
    id: newId(),
    order_id: order.id,
    reason: body.reason.trim(),
    lines: lines.map(({ line, item, net, vat: lineVat }) => ({
      id: newId(),
      order_item_id: item.id,
      product_name: item.product_name,
      variant_title: item.variant_title,
      product_sku: item.product_sku,
      quantity: line.quantity,
      restock: line.restock,
      total_price: amount(net),
      vat_amount: amount(lineVat),
      total_price_incl_vat: amount(net + lineVat),
    })),
    shipping_amount: amount(shipping),
    shipping_vat_amount: amount(shippingVat),
    subtotal: amount(subtotal),
    vat_amount: amount(vat),
    total_amount: amount(subtotal + shipping + vat),
    // Orders invoiced in the fixtures get a partial credit note.
    credit_note: statusRules(order.status).invoicedOnEntry
      ? { id: newId(), kind: 'credit_note', number: `CN-${now().slice(0, 4)}-000900` }
      : null,
    created_by: 'admin',
    created_at: now(),
  };
  // A preview (dry_run) answers the same return, 200: nothing recorded.
  return json(result, body.dry_run === true ? 200 : 201);
}

const NOT_EDITABLE = `Only ${statusesWhere('editable')
  .join(', ')
  .replace(/, ([^,]*)$/, ' or $1')} orders can be edited`;

/**
 * The server's answer to an edit that changes only the address or the shipping (a line change
 * needs the server's pricing: a story gives the order it expects): 409 outside the editable
 * statuses, the order with the new address and shipping otherwise.
 */
function editOf(order: Order, body: OrderEditRequest): Response {
  if (!statusRules(order.status).editable) return conflict(NOT_EDITABLE);
  const shipping = body.shipping_amount === undefined ? null : millimes(body.shipping_amount);
  const rate =
    millimes(order.shipping_amount) > 0
      ? millimes(order.shipping_vat_amount) / millimes(order.shipping_amount)
      : 0.19;
  const shippingVat =
    shipping === null ? millimes(order.shipping_vat_amount) : Math.round(shipping * rate);
  const net = shipping ?? millimes(order.shipping_amount);
  const vat = millimes(order.vat_amount) - millimes(order.shipping_vat_amount) + shippingVat;
  const shippingAddress = body.shipping_address ?? order.shipping_address;
  return json({
    ...order,
    shipping_address: shippingAddress,
    // Another country may mean another language for the e-mails (none chosen).
    email_language: orderEmailLanguage({ ...order, shipping_address: shippingAddress }),
    shipping_amount: amount(net),
    shipping_vat_amount: amount(shippingVat),
    vat_amount: amount(vat),
    // The order keeps the stamp duty it was placed with (#30).
    total_amount: amount(
      millimes(order.subtotal) +
        vat +
        net -
        millimes(order.discount_amount) +
        millimes(order.stamp_duty_amount),
    ),
    updated_at: now(),
  });
}

export const orderEdits = {
  /** POST /admin/orders/{id}/edit → the order edited; 409 outside the editable statuses; 404 */
  edit: endpoint('post', '/admin/orders/:id/edit', (result?: Order) => ({ params, body }) => {
    if (result !== undefined) return json(result);
    const order = find(params.id);
    return order ? editOf(order, body as OrderEditRequest) : notFound(ORDER_NOT_FOUND);
  }),
};

export const orderReturns = {
  /** GET /admin/orders/{id}/returns → the order's returns (none in the fixtures); 404 */
  list: endpoint('get', '/admin/orders/:id/returns', (result?: OrderReturn[]) => ({ params }) => {
    if (result !== undefined) return json(result);
    return find(params.id) ? json([]) : notFound(ORDER_NOT_FOUND);
  }),
  /**
   * POST /admin/orders/{id}/returns → 201 the return (200 for a dry_run preview: the same
   * return, nothing kept); 409, 422 and 404 as the server
   */
  create: endpoint(
    'post',
    '/admin/orders/:id/returns',
    (result?: OrderReturn) =>
      ({ params, body }) => {
        const input = body as OrderReturnCreate;
        if (result !== undefined) return json(result, input.dry_run === true ? 200 : 201);
        const refused = bodyRefusal(input);
        if (refused) return refused;
        const order = find(params.id);
        return order ? returnOf(order, input) : notFound(ORDER_NOT_FOUND);
      },
  ),
};
