import type { Order, OrderEditRequest, ShippingAddress } from '@generated/model';
import { MONEY_PATTERN } from '@/lib/format';
import type { PickedVariant } from '../line-picker';
import { hasGovernorate } from '../shipping-display';

/** A line of the edit: an order's item (kept at its frozen prices) or a variant to add. */
interface EditLine extends PickedVariant {
  /** `i<item id>` or `v<variant id>`. */
  key: string;
  itemId: number | null;
  /** The item's frozen figures (none for an added variant until the server prices it). */
  unitPrice: string | null;
  total: string | null;
}

export interface EditState {
  lines: EditLine[];
  address: ShippingAddress;
  /** NET shipping as typed. */
  shipping: string;
  note: string;
}

export function editStateOf(order: Order): EditState {
  return {
    lines: order.items.map((item) => ({
      key: `i${item.id}`,
      itemId: item.id,
      variantId: item.variant_id ?? 0,
      productId: item.product_id ?? 0,
      name: item.product_name,
      variantTitle: item.variant_title,
      sku: item.product_sku,
      quantity: item.quantity,
      unitPrice: item.unit_price_incl_vat,
      total: item.total_price_incl_vat,
    })),
    address: order.shipping_address,
    shipping: order.shipping_amount,
    note: '',
  };
}

/** What the edit changes, for the admin to read before saving (the server's timeline says it too). */
export type EditChange =
  | { change: 'quantity'; name: string; from: number; to: number }
  | { change: 'added'; name: string; to: number }
  | { change: 'removed'; name: string }
  | { change: 'address' }
  | { change: 'shipping'; from: string; to: string };

const label = (l: { name: string | null; variantTitle: string | null; sku: string | null }) =>
  [l.name ?? l.sku ?? '', l.variantTitle].filter(Boolean).join(' · ');

const sameAddress = (a: ShippingAddress, b: ShippingAddress) =>
  (Object.keys({ ...a, ...b }) as (keyof ShippingAddress)[]).every(
    (k) => (a[k] ?? '').toString().trim() === (b[k] ?? '').toString().trim(),
  );

const shippingOf = (text: string) => Number(text.trim()).toFixed(3);

export function editChanges(order: Order, state: EditState): EditChange[] {
  const changes: EditChange[] = [];
  const kept = new Map(state.lines.filter((l) => l.itemId !== null).map((l) => [l.itemId, l]));
  for (const item of order.items) {
    const line = kept.get(item.id);
    const name = label({
      name: item.product_name,
      variantTitle: item.variant_title,
      sku: item.product_sku,
    });
    if (!line) changes.push({ change: 'removed', name });
    else if (line.quantity !== item.quantity)
      changes.push({ change: 'quantity', name, from: item.quantity, to: line.quantity });
  }
  for (const line of state.lines)
    if (line.itemId === null)
      changes.push({ change: 'added', name: label(line), to: line.quantity });
  if (!sameAddress(order.shipping_address, state.address)) changes.push({ change: 'address' });
  if (
    MONEY_PATTERN.test(state.shipping.trim()) &&
    shippingOf(state.shipping) !== order.shipping_amount
  )
    changes.push({
      change: 'shipping',
      from: order.shipping_amount,
      to: shippingOf(state.shipping),
    });
  return changes;
}

/** The editOrder body: only what changed (the lines whole, as the contract wants them). */
export function editRequest(order: Order, state: EditState): OrderEditRequest {
  const changes = editChanges(order, state);
  const linesChanged = changes.some((c) => ['quantity', 'added', 'removed'].includes(c.change));
  const trimmed = Object.fromEntries(
    Object.entries(state.address).map(([k, v]) => [
      k,
      typeof v === 'string' ? v.trim() || null : v,
    ]),
  ) as ShippingAddress;
  // Only a Tunisian address has a governorate (422 otherwise, #36): one left from before the
  // country was changed is not sent.
  const address = {
    ...trimmed,
    governorate: hasGovernorate(trimmed.country) ? (trimmed.governorate ?? null) : null,
  };
  return {
    ...(linesChanged && {
      lines: state.lines.map((l) =>
        l.itemId !== null
          ? { order_item_id: l.itemId, quantity: l.quantity }
          : { variant_id: l.variantId, quantity: l.quantity },
      ),
    }),
    ...(changes.some((c) => c.change === 'address') && { shipping_address: address }),
    ...(changes.some((c) => c.change === 'shipping') && {
      shipping_amount: shippingOf(state.shipping),
    }),
    ...(state.note.trim() !== '' && { note: state.note.trim() }),
  };
}

/** What keeps the edit from being sent, as message keys. */
export function editProblems(
  state: EditState,
): ('atLeastOneLine' | 'shippingInvalid' | 'addressInvalid')[] {
  const problems: ('atLeastOneLine' | 'shippingInvalid' | 'addressInvalid')[] = [];
  if (state.lines.length === 0) problems.push('atLeastOneLine');
  if (!MONEY_PATTERN.test(state.shipping.trim())) problems.push('shippingInvalid');
  const a = state.address;
  if (
    [
      a.first_name,
      a.last_name,
      a.street_address,
      a.city,
      a.postal_code,
      a.country,
      a.phone,
      a.email,
    ].some((v) => (v ?? '').trim() === '')
  )
    problems.push('addressInvalid');
  return problems;
}
