import type { OrderSummary } from '@generated/model';
import { sumMoney } from '@/lib/format';
import { customerKey, UNKNOWN_EMAIL } from '@/features/orders';

/** A customer derived from the orders (docs/product.md §3); there is no customer endpoint. */
export interface CustomerSummary {
  /** The shipping e-mail as written on the customer's most recent order, or 'unknown'. */
  email: string;
  customer_type: OrderSummary['customer_type'];
  country_code: string;
  vat_number: string | null;
  order_count: number;
  /** Exact sum of the orders' total_amount, 3 decimals. */
  total_spent: string;
  /** created_at of the most recent order. */
  last_order_date: string;
}

type AggregatedOrder = Pick<
  OrderSummary,
  | 'id'
  | 'created_at'
  | 'total_amount'
  | 'customer_type'
  | 'customer_country_code'
  | 'vat_number'
  | 'shipping_address'
>;

const time = (value: string) => {
  const t = Date.parse(value);
  return Number.isNaN(t) ? Number.NEGATIVE_INFINITY : t;
};

/** True when `a` is more recent than `b`: later created_at; on a tie, the higher (later) id. */
function isMoreRecent(a: AggregatedOrder, b: AggregatedOrder): boolean {
  const ta = time(a.created_at);
  const tb = time(b.created_at);
  return ta !== tb ? ta > tb : a.id > b.id;
}

/**
 * Groups orders into customers by shipping e-mail (docs/product.md §3).
 *
 * - E-mails are compared trimmed and case-insensitively ('A@x.tn' and 'a@x.tn ' are one customer);
 *   orders without an e-mail form the 'unknown' customer.
 * - When the orders of one customer disagree, e-mail spelling, customer_type, country_code
 *   (the order's customer_country_code) and vat_number all come from the most recent order
 *   (latest created_at, ties broken by the higher id), so the row describes the customer as they
 *   last ordered and a VAT number never sits next to a type it was not given with.
 * - Every order counts, whatever its status (as the dashboard's revenue does); total_spent is the
 *   exact decimal sum of total_amount (invalid amounts count as 0).
 * - Customers are sorted by last order, newest first, then by e-mail.
 */
export function aggregateCustomers(orders: readonly AggregatedOrder[]): CustomerSummary[] {
  const groups = new Map<string, { latest: AggregatedOrder; orders: AggregatedOrder[] }>();
  for (const order of orders) {
    const key = customerKey(order);
    const group = groups.get(key);
    if (!group) groups.set(key, { latest: order, orders: [order] });
    else {
      group.orders.push(order);
      if (isMoreRecent(order, group.latest)) group.latest = order;
    }
  }

  const customers: CustomerSummary[] = [];
  for (const [key, { latest, orders: own }] of groups) {
    customers.push({
      email: key === UNKNOWN_EMAIL ? UNKNOWN_EMAIL : latest.shipping_address.email.trim(),
      customer_type: latest.customer_type,
      country_code: latest.customer_country_code || latest.shipping_address?.country || '',
      vat_number: latest.vat_number || null,
      order_count: own.length,
      total_spent: sumMoney(own.map((o) => o.total_amount)),
      last_order_date: latest.created_at,
    });
  }
  return customers.sort(
    (a, b) =>
      time(b.last_order_date) - time(a.last_order_date) ||
      (a.email < b.email ? -1 : a.email > b.email ? 1 : 0),
  );
}

/** Search over e-mail, type and country code (docs/product.md §2), trimmed and case-insensitive. */
export function filterCustomers(
  customers: readonly CustomerSummary[],
  query: string,
): readonly CustomerSummary[] {
  const q = query.trim().toLowerCase();
  if (!q) return customers;
  return customers.filter(
    (c) =>
      c.email.toLowerCase().includes(q) ||
      c.customer_type.toLowerCase().includes(q) ||
      c.country_code.toLowerCase().includes(q),
  );
}
