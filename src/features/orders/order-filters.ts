import type {
  ListAdminOrdersParams,
  OrderSort,
  OrderStatus,
  PaymentMethod,
  PaymentStatus,
  VatNumberReviewFilterParameter,
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

/**
 * The filters a link to the list sets (`?shipping_method_id=3`, e.g. from the Shipping screen's
 * method; #36): a method's id, else none. Other filters start as 'all'.
 */
export function filtersFromSearch(search: string): OrderFilters {
  const method = new URLSearchParams(search).get('shipping_method_id')?.trim() ?? '';
  return { ...NO_FILTERS, shippingMethod: /^[1-9]\d{0,15}$/.test(method) ? method : '' };
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
