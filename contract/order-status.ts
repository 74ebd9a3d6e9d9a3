// The order life cycle in one place (issue #27): the brief's seven statuses, what each one means,
// and what moving an order from one to another does. The server's services, the console's
// display and paperwork logic and the mock API all read this table, so adding a status is one row
// here plus its texts (the console's messages, the server's problem details); the type below
// refuses a status of the contract without a row, and a test checks the database's CHECK
// constraint on orders.status against it (server/src/routes/order-status.test.ts).
//
// It lives in contract/ because it is the folder the server, the console (src/) and the mocks
// may all import (tsconfig.app.json and tsconfig.node.json both include it), and, like the
// contract, it states what the API does: pure TypeScript, no HTTP, no database, no texts.
//
// Status changes are open (docs/product.md §4 and §10.5): the admin may move an order from any
// status to any other; the table says what each move does, it refuses none. Only the separate
// cancel call is narrower (`cancellable`).
import type { OrderStatus } from '../generated/model/orderStatus';

export type { OrderStatus };

/** What one status means for the order's stock, invoice, cancellation and life. */
export interface OrderStatusRules {
  /**
   * The order keeps its items' units out of stock: checkout took them, and moving to a status
   * that does not hold stock gives them back (docs/product.md §10.5).
   */
  readonly holdsStock: boolean;
  /**
   * Entering the status issues the order's invoice when none is in force (and the shop settings
   * are complete and the VAT number does not await its confirmation; docs/product.md, Invoices).
   */
  readonly invoicedOnEntry: boolean;
  /**
   * The sale is undone: entering the status issues a credit note for the invoice in force, the
   * order cannot be invoiced nor shipped while in it, and its revenue is not earned (the
   * dashboard's revenue_excluding_cancelled_refunded).
   */
  readonly credited: boolean;
  /** POST /admin/orders/{id}/cancel accepts the order (409 otherwise). */
  readonly cancellable: boolean;
  /**
   * POST /admin/orders/{id}/edit accepts the order (409 otherwise): its lines, address and
   * shipping may still change, because nothing has left the shop.
   */
  readonly editable: boolean;
  /**
   * The life cycle ends here: no further step is expected. Status changes stay open, so this
   * refuses nothing; it says where an order's story normally stops.
   */
  readonly terminal: boolean;
}

/** Accepted and still in the shop: confirmed and processing, one rule for both. */
const ACCEPTED = {
  holdsStock: true,
  invoicedOnEntry: true,
  credited: false,
  cancellable: true,
  editable: true,
  terminal: false,
} as const satisfies OrderStatusRules;

/** The sale undone: cancelled and refunded have the same effects. */
const UNDONE = {
  holdsStock: false,
  invoicedOnEntry: false,
  credited: true,
  cancellable: false,
  editable: false,
  terminal: true,
} as const satisfies OrderStatusRules;

/**
 * The table, in life-cycle order (the order of the console's selectors and filters).
 *
 * - pending: placed at checkout, not yet accepted by the shop. It holds the stock checkout took;
 *   no invoice yet, because the shop may still refuse the order (one can be issued on demand).
 * - confirmed, processing: accepted, so the invoice is due on entry; nothing has left the shop,
 *   so the cancel call still accepts them.
 * - shipped: the parcel has left; cancelling is no longer the right word (a refund is), so the
 *   cancel call refuses it.
 * - delivered: the normal end of an order.
 * - cancelled: the order will not be fulfilled; its stock comes back and its invoice is credited.
 * - refunded: the customer got their money back; the same effects as a cancellation.
 */
const ORDER_STATUS_TABLE = {
  pending: {
    holdsStock: true,
    invoicedOnEntry: false,
    credited: false,
    cancellable: true,
    editable: true,
    terminal: false,
  },
  confirmed: ACCEPTED,
  processing: ACCEPTED,
  shipped: {
    holdsStock: true,
    invoicedOnEntry: true,
    credited: false,
    cancellable: false,
    editable: false,
    terminal: false,
  },
  delivered: {
    holdsStock: true,
    invoicedOnEntry: true,
    credited: false,
    cancellable: false,
    editable: false,
    terminal: true,
  },
  cancelled: UNDONE,
  refunded: UNDONE,
} as const satisfies Record<OrderStatus, OrderStatusRules>;

/** The statuses in life-cycle order. */
export const ORDER_STATUSES = Object.keys(ORDER_STATUS_TABLE) as readonly OrderStatus[];

/** The status checkout gives a new order (the first entry of its history). */
export const STATUS_AT_CHECKOUT = 'pending' satisfies OrderStatus;

/** Whether a value the API sent is a status of the table (an unknown one reads as its words). */
export const isOrderStatus = (value: string): value is OrderStatus =>
  Object.hasOwn(ORDER_STATUS_TABLE, value);

/** What the status means. */
export const statusRules = (status: OrderStatus): OrderStatusRules => ORDER_STATUS_TABLE[status];

/** The statuses for which `rule` holds, in life-cycle order (e.g. the cancellable ones). */
export const statusesWhere = (rule: keyof OrderStatusRules): OrderStatus[] =>
  ORDER_STATUSES.filter((status) => ORDER_STATUS_TABLE[status][rule]);

/**
 * Whether an invoice may be issued on demand in this status (when none is in force): not in a
 * credited status, whose invoice would have no credit note reversing it.
 */
export const mayBeInvoiced = (status: OrderStatus): boolean => !statusRules(status).credited;

/** Whether a carrier and tracking number may be set: not once the sale is undone. */
export const mayBeShipped = (status: OrderStatus): boolean => !statusRules(status).credited;

/** What a status change does to the order's stock. */
export type StockEffect =
  /** From a status that holds stock to one that does not: what the order took comes back. */
  | 'give_back'
  /** The other way: the items' quantities are taken again (409 when short, no backorders). */
  | 'take'
  | 'none';

/** Which document a status change issues. */
export type DocumentEffect =
  /** Entering an invoiced status: the invoice, when none is in force. */
  | 'invoice'
  /** Entering a credited status: the credit note of the invoice in force, if any. */
  | 'credit_note'
  | 'none';

/** The document entering `to` from another status issues. */
export function documentOnEntry(to: OrderStatus): DocumentEffect {
  const rules = statusRules(to);
  return rules.credited ? 'credit_note' : rules.invoicedOnEntry ? 'invoice' : 'none';
}

export interface TransitionEffects {
  stock: StockEffect;
  document: DocumentEffect;
}

/**
 * What moving an order from `from` to `to` does besides the status, derived from the two rows.
 * The same status again changes nothing (the server writes nothing either).
 */
export function transitionEffects(from: OrderStatus, to: OrderStatus): TransitionEffects {
  if (from === to) return { stock: 'none', document: 'none' };
  const held = statusRules(from).holdsStock;
  const stock: StockEffect =
    held === statusRules(to).holdsStock ? 'none' : held ? 'give_back' : 'take';
  return { stock, document: documentOnEntry(to) };
}

/**
 * Whether the console asks before sending this change: it gives stock back or issues a credit
 * note, a legal document that is never withdrawn, so a misclick must not do it (issue #26).
 */
export function asksFirst(from: OrderStatus, to: OrderStatus): boolean {
  const effects = transitionEffects(from, to);
  return effects.stock === 'give_back' || effects.document === 'credit_note';
}
