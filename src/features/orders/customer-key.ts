import type { OrderSummary } from '@generated/model';

/** The group of the orders without a shipping e-mail (docs/product.md §3). */
export const UNKNOWN_EMAIL = 'unknown';

/** What an e-mail is compared by: trimmed and lower-cased (e-mail addresses are matched case-insensitively). */
export function normaliseEmail(email: string | null | undefined): string {
  return (email ?? '').trim().toLowerCase();
}

/**
 * The customer an order belongs to (docs/product.md §3): its shipping e-mail, trimmed and lower-cased, or
 * 'unknown' when the order has none. The customers screen groups by it and the orders list's
 * `?email=` filter compares with it, so `View Orders` always lists exactly the grouped orders.
 */
export function customerKey(order: Pick<OrderSummary, 'shipping_address'>): string {
  return normaliseEmail(order.shipping_address?.email) || UNKNOWN_EMAIL;
}
