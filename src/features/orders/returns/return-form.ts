import type { Order, OrderReturn, OrderReturnCreate } from '@generated/model';
import { formatMoney, MONEY_PATTERN, toDecimal } from '@/lib/format';
import { isolate } from '@/lib/i18n';
import { t } from './messages';

/** One line of the Return items form, as typed. */
interface ReturnLineValues {
  order_item_id: number;
  quantity: string;
  restock: boolean;
}

/** The Return items form's values, as typed. */
export interface ReturnFormValues {
  lines: ReturnLineValues[];
  reason: string;
  shipping_amount: string;
}

/** The form's messages: per line quantity, the lines as a whole, the reason and the shipping. */
export interface ReturnFormErrors {
  quantities: Record<number, string>;
  lines?: string;
  reason?: string;
  shipping_amount?: string;
}

const COUNT = /^\d{1,10}$/;

/** An item's name as the return screens write it: 'Linen shirt - M', or the product's alone. */
export const itemName = ({
  product_name,
  variant_title,
}: Pick<OrderReturn['lines'][number], 'product_name' | 'variant_title'>) =>
  variant_title ? `${product_name} - ${variant_title}` : product_name;

/** A returned line as a return and its preview list it: '2 × Linen shirt - M'. */
export const returnLineText = (
  line: Pick<OrderReturn['lines'][number], 'quantity' | 'product_name' | 'variant_title'>,
) => t('returnLine', { quantity: line.quantity, name: isolate(itemName(line)) });

/** What is left to return of an item: sold minus already returned. */
export const returnableOf = (item: Order['items'][number]) =>
  Math.max(0, item.quantity - item.returned_quantity);

/** The shipping still creditable: the order's shipping minus what its returns credited. */
export function shippingLeft(order: Pick<Order, 'shipping_amount'>, returns: OrderReturn[]) {
  const credited = returns.reduce(
    (sum, r) => sum.plus(toDecimal(r.shipping_amount) ?? 0),
    toDecimal(0)!,
  );
  const left = (toDecimal(order.shipping_amount) ?? toDecimal(0)!).minus(credited);
  return left.isNegative() ? '0.000' : left.toFixed(3);
}

/** A blank form: no unit chosen, every line back to stock. */
export const emptyReturnForm = (order: Pick<Order, 'items'>): ReturnFormValues => ({
  lines: order.items
    .filter((i) => returnableOf(i) > 0)
    .map((i) => ({ order_item_id: i.id, quantity: '', restock: true })),
  reason: '',
  shipping_amount: '',
});

/**
 * The form's refusals before anything is sent (the server checks the same and more): whole
 * quantities within what is returnable, at least one unit, a reason, a shipping amount within
 * what is left of it.
 */
export function validateReturn(
  values: ReturnFormValues,
  order: Pick<Order, 'items'>,
  maxShipping: string,
): ReturnFormErrors | null {
  const errors: ReturnFormErrors = { quantities: {} };
  let units = 0;
  for (const line of values.lines) {
    const typed = line.quantity.trim();
    if (typed === '') continue;
    const item = order.items.find((i) => i.id === line.order_item_id);
    const max = item ? returnableOf(item) : 0;
    if (!COUNT.test(typed)) errors.quantities[line.order_item_id] = t('quantityInvalid');
    else if (Number(typed) > max)
      errors.quantities[line.order_item_id] = t('quantityTooHigh', { max });
    else units += Number(typed);
  }
  if (units === 0 && Object.keys(errors.quantities).length === 0) errors.lines = t('chooseItems');
  if (values.reason.trim() === '') errors.reason = t('reasonRequired');
  const shipping = values.shipping_amount.trim();
  if (shipping !== '') {
    if (!MONEY_PATTERN.test(shipping)) errors.shipping_amount = t('shippingInvalid');
    else if (toDecimal(shipping)!.gt(toDecimal(maxShipping)!))
      errors.shipping_amount = t('shippingTooHigh', { amount: formatMoney(maxShipping) });
  }
  const refused =
    Object.keys(errors.quantities).length > 0 ||
    errors.lines !== undefined ||
    errors.reason !== undefined ||
    errors.shipping_amount !== undefined;
  return refused ? errors : null;
}

/** The createOrderReturn body of valid values: the lines with a quantity, the shipping if any. */
export function returnBody(values: ReturnFormValues): OrderReturnCreate {
  const shipping = values.shipping_amount.trim();
  return {
    reason: values.reason.trim(),
    lines: values.lines
      .filter((l) => l.quantity.trim() !== '' && Number(l.quantity) > 0)
      .map((l) => ({
        order_item_id: l.order_item_id,
        quantity: Number(l.quantity),
        restock: l.restock,
      })),
    ...(shipping !== '' && toDecimal(shipping)!.gt(0) ? { shipping_amount: shipping } : {}),
  };
}

/** Whether this return brings back every unit still out (the order then becomes refunded). */
export const returnsEverything = (order: Pick<Order, 'items'>, body: OrderReturnCreate) =>
  order.items.every(
    (i) => (body.lines.find((l) => l.order_item_id === i.id)?.quantity ?? 0) >= returnableOf(i),
  );
