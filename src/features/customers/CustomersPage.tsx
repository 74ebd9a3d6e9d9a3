import type { CustomerOverview, CustomerSort, ListAdminCustomersParams } from '@generated/model';
import { getListAdminCustomersKey } from '@generated/hooks/customers/customers';
import { searchParam, useListSearch, useListSort, useServerList } from '@/components/list-screen';
import { CustomersView } from './CustomersView';
import { t } from './messages';

/** The overview's default order (the server's): most recent order first. */
const DEFAULT_SORT = { key: 'last_order_date', direction: 'desc' } as const;

/**
 * Customers overview (/admin/customers): the orders grouped by customer, searched, sorted and
 * paged by the server (listAdminCustomers); a load failure is toasted.
 */
export function CustomersPage() {
  const { box, query, searching } = useListSearch('', { debounce: true });
  const sorting = useListSort<string, CustomerSort>(DEFAULT_SORT);
  const list = useServerList<CustomerOverview, ListAdminCustomersParams>({
    keyOf: getListAdminCustomersKey,
    params: { search: searchParam(query), sort: sorting.param },
    unfiltered: searching ? {} : null,
    failureToast: t('loadFailed'),
    sorting,
  });
  return <CustomersView list={list} search={box} />;
}
