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
  from: string;
  to: string;
}

export const NO_FILTERS: OrderFilters = {
  status: '',
  payment: '',
  paymentStatus: '',
  vatReview: '',
  from: '',
  to: '',
};

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
    ...shopDayRange(filters.from, filters.to),
    sort,
  };
}
