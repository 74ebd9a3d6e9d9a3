import { getListAdminCustomersKey } from '@generated/hooks/customers/customers';
import { preloadFirstPage } from '@/lib/swr/paged-list';

/** Starts the customers list's first request (the route table, while the screen's code loads). */
export const preloadCustomers = () => preloadFirstPage(getListAdminCustomersKey, {});
