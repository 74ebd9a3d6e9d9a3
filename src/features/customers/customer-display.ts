import { formatDate, formatMoney } from '@/lib/format';
import { paths } from '@/lib/paths';
import type { BadgeStyle } from '@/components/list-screen';
import type { CustomerOverview } from '@generated/model';
import { t } from './messages';

/** docs/product.md §2: professional shown as a default badge, others secondary. */
export function customerTypeBadge(type: string): BadgeStyle {
  return type === 'professional' ? 'default' : 'secondary';
}

/** One line of the customers table, its texts computed once. */
export interface CustomerRow {
  email: string;
  type: string;
  badge: BadgeStyle;
  country: string;
  vatNumber: string;
  orders: string;
  totalSpent: string;
  lastOrder: string;
  /** The orders list of this e-mail ('View Orders'). */
  href: string;
  /** The customer's own page. */
  detailHref: string;
  customer: CustomerOverview;
}

export function toCustomerRows(customers: readonly CustomerOverview[]): CustomerRow[] {
  return customers.map((customer) => ({
    email: customer.email,
    type: t(`type.${customer.customer_type}`),
    badge: customerTypeBadge(customer.customer_type),
    country: customer.country_code || '-',
    vatNumber: customer.vat_number || '-',
    orders: String(customer.order_count),
    totalSpent: formatMoney(customer.total_spent),
    lastOrder: formatDate(customer.last_order_date),
    href: paths.orders.forEmail(customer.email),
    detailHref: paths.customers.detail(customer.key),
    customer,
  }));
}
