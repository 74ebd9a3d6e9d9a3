import { getListAdminOrdersKey } from '@generated/hooks/orders/orders';
import { preloadFirstPage } from '@/lib/swr/paged-list';

/** Starts the orders list's first request (the route table, while the screen's code loads). */
export const preloadOrders = () => preloadFirstPage(getListAdminOrdersKey, {});

/** A payment method in words, in the active language (the analytics' sales by payment method). */
export { paymentMethodLabel } from './order-display';
