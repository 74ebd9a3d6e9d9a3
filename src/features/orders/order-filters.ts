import {
  OrderStatus,
  PaymentMethod,
  PaymentStatus,
  type ListAdminOrdersParams,
  type OrderSort,
  type VatNumberReviewFilterParameter,
} from '@generated/model';
import { shopDayRange } from '@/lib/format';
import { searchParam } from '@/components/list-screen';

/** The toolbar's filters of the orders list: '' is 'all'; days are date inputs' YYYY-MM-DD. */
export interface OrderFilters {
  status: OrderStatus | '';
  payment: PaymentMethod | '';
  /** Where the order stands with its payments (docs/product.md §10.22). */
  paymentStatus: PaymentStatus | '';
  /** Reverse-charge orders whose VAT number awaits (or got) an admin's confirmation. */
  vatReview: VatNumberReviewFilterParameter | '';
  /** The shipping method's id as text (#36); '' for all. */
  shippingMethod: string;
  from: string;
  to: string;
}

export const NO_FILTERS: OrderFilters = {
  status: '',
  payment: '',
  paymentStatus: '',
  vatReview: '',
  shippingMethod: '',
  from: '',
  to: '',
};

/** A value of `allowed` named by the link, else '' (all). */
function named<V extends string>(allowed: Record<string, V>, value: string | null): V | '' {
  return Object.values(allowed).find((v) => v === value) ?? '';
}

/**
 * The filters a link to the list sets: a method's id (`?shipping_method_id=3`, e.g. from the
 * Shipping screen's method; #36), a status, a payment method and a payment status (the
 * dashboard's To do, #35). A value the list does not know is 'all'; other filters start as 'all'.
 */
export function filtersFromSearch(search: string): OrderFilters {
  const query = new URLSearchParams(search);
  const method = query.get('shipping_method_id')?.trim() ?? '';
  return {
    ...NO_FILTERS,
    status: named(OrderStatus, query.get('status')),
    payment: named(PaymentMethod, query.get('payment_method')),
    paymentStatus: named(PaymentStatus, query.get('payment_status')),
    shippingMethod: /^[1-9]\d{0,15}$/.test(method) ? method : '',
  };
}

export interface OrderQuery {
  search: string;
  /** `?email=`: one customer of the customers overview (shipping e-mail). */
  email: string | null;
  filters: OrderFilters;
  sort?: OrderSort;
}

/** Some search or filter narrows the list (the count then says '3 of 12 orders'). */
export function isFiltered({ search, email, filters }: OrderQuery): boolean {
  return Boolean(search.trim() || email || Object.values(filters).some(Boolean));
}

/**
 * The list operation's params. Days are the shop's days (shopDayRange).
 */
export function orderParams({ search, email, filters, sort }: OrderQuery): ListAdminOrdersParams {
  return {
    search: searchParam(search),
    shipping_email: email ?? undefined,
    status: filters.status || undefined,
    payment_method: filters.payment || undefined,
    payment_status: filters.paymentStatus || undefined,
    vat_number_review: filters.vatReview || undefined,
    shipping_method_id: filters.shippingMethod ? Number(filters.shippingMethod) : undefined,
    ...shopDayRange(filters.from, filters.to),
    sort,
  };
}
