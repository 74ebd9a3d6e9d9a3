/**
 * Staff (draft) orders (tag DraftOrders) over the fixtures, priced as the server prices them
 * (mocks/fixtures/draft-orders.ts) and refused in the server's words (422 naming the field,
 * 404 'Draft order not found', the checkout's 409s on completion). Writes answer what the server
 * would and keep nothing (as the other mock writes).
 */
import type {
  DraftOrder,
  DraftOrderComplete,
  DraftOrderInput,
  Order,
  OrderItem,
} from '@generated/model';
import { draftOrders as fixtures, pricedDraft, shippingRefusalOf } from '../fixtures/draft-orders';
import { orderEmailLanguage } from '../../server/src/domain/order-emails';
import { orderDetails, variants } from '../fixtures';
import * as crud from './crud';
import { conflict } from './conflicts';
import { endpoint, json, newId, notFound, now, type ListSpec } from './endpoint';

const NOT_FOUND = 'Draft order not found';

const issue = (loc: (string | number)[], msg: string) =>
  json({ detail: [{ loc: ['body', ...loc], msg, type: 'value_error' }] }, 422);

/** The server's 422 for a draft's body (services/orders/draft-orders.ts), or null. */
function inputRefusal(body: DraftOrderInput): Response | null {
  const customer = body.customer_id ?? null;
  const guest = body.guest ?? null;
  if (customer !== null && guest !== null)
    return issue(['guest'], 'Give either customer_id or guest, not both');
  if (customer === null && guest === null)
    return issue(['customer_id'], 'Choose a customer account or enter a guest');
  if (guest !== null && guest.name.trim() === '')
    return issue(['guest', 'name'], "Enter the guest's name");
  const seen = new Set<number>();
  for (const [i, line] of body.lines.entries()) {
    if (seen.has(line.variant_id))
      return issue(['lines', i, 'variant_id'], 'This variant is already on another line');
    seen.add(line.variant_id);
    const override = line.unit_price_override ?? null;
    const reason = line.override_reason?.trim() ?? '';
    if (override !== null && reason === '')
      return issue(['lines', i, 'override_reason'], 'Give the reason for the unit price override');
    if (override === null && reason !== '')
      return issue(
        ['lines', i, 'override_reason'],
        'A reason is only given with a unit price override',
      );
  }
  const missing = body.lines.findIndex((l) => !variants.some((v) => v.id === l.variant_id));
  return missing >= 0 ? issue(['lines', missing, 'variant_id'], 'No variant has this id') : null;
}

const find = (id: string | undefined) => fixtures.find((d) => String(d.id) === id);

/** The order a completed draft becomes: the checkout's order of the draft's lines and totals. */
function orderOf(draft: DraftOrder, status: Order['status']): Order {
  const template = orderDetails[0]!;
  const at = now();
  const id = newId();
  const items = draft.lines.map((l): OrderItem => ({
    ...template.items[0]!,
    id: newId(),
    product_id: l.product_id,
    variant_id: l.variant_id,
    product_name: l.product_name,
    variant_title: l.variant_title,
    product_sku: l.product_sku,
    quantity: l.quantity,
    unit_price: l.unit_price!,
    unit_price_incl_vat: l.unit_price_incl_vat!,
    vat_rate: l.vat_rate!,
    vat_amount: l.vat_amount!,
    total_price: l.total_price!,
    total_price_incl_vat: l.total_price_incl_vat!,
    discount_amount: l.discount_amount ?? '0.000',
  }));
  const history = (from: Order['status'] | null, to: Order['status'], note: string | null) => ({
    id: newId(),
    from_status: from,
    to_status: to,
    note,
    changed_by_admin_id: 1,
    changed_by: 'admin',
    created_at: at,
  });
  return {
    ...template,
    id,
    order_number: `ORD-${at.slice(0, 10).replaceAll('-', '')}-${id}`,
    status,
    payment_method: draft.payment_method,
    customer_id: draft.customer_id,
    customer_email: draft.customer_email,
    customer_type: draft.customer_type,
    customer_country_code: draft.customer_country_code,
    vat_number: draft.vat_number,
    vat_reverse_charge: draft.vat_treatment === 'reverse_charge',
    vat_treatment: draft.vat_treatment,
    vat_number_review: null,
    vat_number_check: null,
    subtotal: draft.subtotal,
    vat_amount: draft.vat_amount,
    shipping_amount: draft.shipping_amount,
    shipping_vat_amount: draft.shipping_vat_amount!,
    discount_amount: draft.discount_amount,
    discount: null,
    stamp_duty_amount: draft.stamp_duty_amount,
    total_amount: draft.total_amount,
    payment_status: 'unpaid',
    amount_paid: '0.000',
    balance_due: draft.total_amount,
    shipping_address: draft.shipping_address,
    notes: draft.notes,
    language: draft.language ?? null,
    email_language: orderEmailLanguage({
      language: draft.language ?? null,
      customer_country_code: draft.customer_country_code,
      shipping_address: draft.shipping_address,
    }),
    item_count: draft.lines.reduce((n, l) => n + l.quantity, 0),
    items,
    status_history: [
      history(null, 'pending', `Staff order, from draft ${draft.id}`),
      ...(status === 'confirmed' ? [history('pending', 'confirmed', null)] : []),
    ],
    shipment: null,
    // The method as the draft priced it, frozen (#36).
    shipping_method: draft.shipping_method,
    created_at: at,
    updated_at: at,
  };
}

/** The checkout's 409 for the first line that cannot be completed (variant id order), or null. */
function completionRefusal(draft: DraftOrder): Response | null {
  if (draft.lines.length === 0)
    return conflict('A staff order needs at least one line to be completed');
  const byVariant = [...draft.lines].sort((a, b) => a.variant_id - b.variant_id);
  const gone = draft.lines.find((l) => l.problem === 'not_sellable');
  if (gone) return conflict(`${gone.product_name} is no longer available`);
  const short = byVariant.find((l) => l.problem === 'short_stock');
  if (short)
    return conflict(`Only ${short.available_quantity ?? 0} in stock for ${short.product_name}`);
  // The lines first, then the shipping (its method, then its VAT), as the checkout refuses.
  const method = shippingRefusalOf(draft);
  if (method) return conflict(method);
  if (draft.shipping_problem === 'no_vat_rate')
    return conflict('No default VAT rate is in force for TN: shipping cannot be charged');
  return null;
}

/** What listDraftOrders does with its search and sort. */
const draftOrderListSpec: ListSpec<DraftOrder> = {
  search: (d) => [
    d.customer_email,
    d.guest?.name,
    d.guest?.phone,
    d.guest?.email,
    `${d.shipping_address.first_name} ${d.shipping_address.last_name}`,
  ],
  defaultSort: '-updated_at',
  sortKeys: {
    updated_at: (d) => Date.parse(d.updated_at),
    created_at: (d) => Date.parse(d.created_at),
  },
};

export const draftOrders = {
  /** GET /admin/draft-orders/ (search, sort, skip/limit, X-Total-Count) */
  list: crud.queriedListOf('/admin/draft-orders/', fixtures, draftOrderListSpec),
  /** GET /admin/draft-orders/{id} (404 'Draft order not found' for unknown ids) */
  get: crud.getById('/admin/draft-orders/:id', fixtures, 'Draft order'),
  /** POST /admin/draft-orders/ → 201 the draft priced; 422 as the server refuses a body */
  create: endpoint('post', '/admin/draft-orders/', (result?: DraftOrder) => ({ body }) => {
    if (result !== undefined) return json(result, 201);
    const input = body as DraftOrderInput;
    const at = now();
    return (
      inputRefusal(input) ??
      json(
        pricedDraft(input, { id: newId(), created_by: 'admin', created_at: at, updated_at: at }),
        201,
      )
    );
  }),
  /** PUT /admin/draft-orders/{id} → the draft replaced and priced; 404, 422 as the server */
  update: endpoint(
    'put',
    '/admin/draft-orders/:id',
    (result?: DraftOrder) =>
      ({ params, body }) => {
        if (result !== undefined) return json(result);
        const current = find(params.id);
        if (!current) return notFound(NOT_FOUND);
        const input = body as DraftOrderInput;
        return (
          inputRefusal(input) ??
          json(
            pricedDraft(input, {
              id: current.id,
              created_by: current.created_by,
              created_at: current.created_at,
              updated_at: now(),
            }),
          )
        );
      },
  ),
  /** DELETE /admin/draft-orders/{id} → 204; 404 for unknown ids */
  delete: crud.remove('/admin/draft-orders/:id', fixtures, 'Draft order'),
  /**
   * POST /admin/draft-orders/{id}/complete {status?} → 201 the order; 404 for unknown ids; 409
   * with the checkout's words when a line or the shipping cannot be completed (`drafts`: the
   * drafts as the server would price them, the fixtures by default)
   */
  complete: endpoint(
    'post',
    '/admin/draft-orders/:id/complete',
    (result?: Order, drafts: readonly DraftOrder[] = fixtures) =>
      ({ params, body }) => {
        if (result !== undefined) return json(result, 201);
        const draft = drafts.find((d) => String(d.id) === params.id);
        if (!draft) return notFound(NOT_FOUND);
        const status = (body as DraftOrderComplete | null)?.status ?? 'pending';
        return completionRefusal(draft) ?? json(orderOf(draft, status), 201);
      },
  ),
};
