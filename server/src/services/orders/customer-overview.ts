// The admin's customers overview: the orders grouped by shipping e-mail, read from
// customer_overview, which triggers on orders keep (migration 006), so a page and its count cost
// the same whatever the number of orders.
//
// Decisions the contract leaves open:
// - Ties of every sort are broken by the normalised e-mail in the same direction as the sort, so
//   one index per sort key yields the page in order.
// - `search` matches the e-mail as shown (the most recent order's spelling, trimmed).
// - Each row's key names the account of its e-mail when there is one (customer-records.ts);
//   accounts without orders are not listed (the overview is made of orders, kept by triggers,
//   and its keyset paging would not survive a union), but their detail page is reachable.
import type { Db } from '../../db/database';
import { searchIn, sortedPage, sortOrder } from '../../db/search';
import { money } from '../../api/present';
import type { Schemas } from '../../api/types';
import { customerKey } from './customer-records';

type CustomerOverview = Schemas['CustomerOverview'];

export interface CustomerOverviewQuery {
  skip: number;
  limit: number;
  search?: string | undefined;
  sort: Schemas['CustomerSort'];
}

const SORT_COLUMNS = {
  last_order_date: 'c.last_order_date',
  total_spent: 'c.total_spent',
  order_count: 'c.order_count',
  email: 'c.email',
};

export async function listCustomerOverview(
  db: Db,
  q: CustomerOverviewQuery,
): Promise<{ items: CustomerOverview[]; total: number }> {
  const filters = searchIn(q.search, ['c.email', 'c.customer_type', 'c.country_code']);
  const { rows, total } = await sortedPage(
    {
      page: db
        .selectFrom('customer_overview as c')
        .leftJoin('customers as a', 'a.email', 'c.email_key')
        .select([
          'a.id as account_id',
          'c.email_key',
          'c.email',
          'c.customer_type',
          'c.country_code',
          'c.vat_number',
          'c.order_count',
          'c.total_spent',
          'c.last_order_date',
        ]),
      count: db
        .selectFrom('customer_overview as c')
        .select((eb) => eb.fn.countAll<number>().as('n')),
    },
    filters,
    q,
    sortOrder(q.sort, SORT_COLUMNS, 'c.email_key'),
  );
  return {
    items: rows.map(({ account_id, email_key, ...row }) => ({
      key: customerKey(email_key, account_id === null ? null : Number(account_id)),
      ...row,
      order_count: Number(row.order_count),
      total_spent: money(row.total_spent),
    })),
    total,
  };
}
