import { formatDate, formatMoney } from '@/lib/format';
import type { BadgeVariant } from '@/features/orders/order-display';
import type { CustomerSummary } from './aggregate-customers';

/** Spec §2: professional shown as a default badge, others secondary. */
export function customerTypeBadge(type: string): BadgeVariant {
  return type === 'professional' ? 'default' : 'secondary';
}

/**
 * `View Orders` target: the orders list filtered to this customer's shipping e-mail. The e-mail is
 * URI-encoded ('+' and '&' must not reach the query as such) except '@', which a query may hold
 * as is: /admin/orders?email=leila@example.tn.
 */
export function customerOrdersHref(email: string): string {
  return `/admin/orders?email=${encodeURIComponent(email).replaceAll('%40', '@')}`;
}

/** One line of the customers table, its texts computed once. */
export interface CustomerRow {
  email: string;
  type: string;
  badge: BadgeVariant;
  country: string;
  vatNumber: string;
  orders: string;
  totalSpent: string;
  lastOrder: string;
  href: string;
  customer: CustomerSummary;
}

export function toCustomerRows(customers: readonly CustomerSummary[]): CustomerRow[] {
  return customers.map((customer) => ({
    email: customer.email,
    type: customer.customer_type,
    badge: customerTypeBadge(customer.customer_type),
    country: customer.country_code || '-',
    vatNumber: customer.vat_number || '-',
    orders: String(customer.order_count),
    totalSpent: formatMoney(customer.total_spent),
    lastOrder: formatDate(customer.last_order_date),
    href: customerOrdersHref(customer.email),
    customer,
  }));
}
