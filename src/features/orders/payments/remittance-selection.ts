import type { OrderSummary } from '@generated/model';
import { toDecimal } from '@/lib/format';
import type { RemittanceLineValues } from './remittance-form';

/** A selected order left out of the remittance, with its balance due (0 or less: nothing due). */
export interface NotAddedOrder {
  orderNumber: string;
  balanceDue: string;
}

/** The lines a remittance starts with when recorded from the orders list's selection. */
export interface SelectionLines {
  lines: RemittanceLineValues[];
  notAdded: NotAddedOrder[];
}

/**
 * The selected orders as remittance lines (docs/product.md §10.22), in id order like every bulk
 * action: each order owing something at its balance due, which the admin may lower to what the
 * carrier paid. An order with nothing due (0, or the shop owes money back) is listed as not added
 * rather than dropped in silence: the carrier cannot have collected anything for it. The payment
 * method is left to the server, whose refusal ('Not a cash-on-delivery order') the dialog lists.
 */
export function selectionLines(orders: readonly OrderSummary[]): SelectionLines {
  const lines: RemittanceLineValues[] = [];
  const notAdded: NotAddedOrder[] = [];
  for (const order of [...orders].sort((a, b) => a.id - b.id)) {
    if (toDecimal(order.balance_due)?.greaterThan(0) === true)
      lines.push({ order_number: order.order_number, amount: order.balance_due });
    else notAdded.push({ orderNumber: order.order_number, balanceDue: order.balance_due });
  }
  return { lines, notAdded };
}
