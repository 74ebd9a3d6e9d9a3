import type { CustomerOverview } from '@generated/model';
import { orders } from '../fixtures';
import { customersOf } from '../fixtures/customers';
import * as crud from './crud';

const normalised = (customer: CustomerOverview) => customer.email.toLowerCase();

export const customers = {
  /** GET /admin/customers/ (search, sort, skip/limit, X-Total-Count); default: the orders' customers. */
  list: crud.queriedListOf('/admin/customers/', customersOf(orders), {
    search: (c) => [c.email, c.customer_type, c.country_code],
    sortKeys: {
      last_order_date: (c) => c.last_order_date,
      total_spent: (c) => Number(c.total_spent),
      order_count: (c) => c.order_count,
      email: normalised,
    },
    tieBreak: normalised,
    defaultSort: '-last_order_date',
  }),
};
