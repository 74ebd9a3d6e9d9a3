import { getListDiscountsKey } from '@generated/hooks/discounts/discounts';
import { preloadFirstPage } from '@/lib/swr/paged-list';

/** Starts the discounts list's first request (the route table, while the screen's code loads). */
export const preloadDiscounts = () => preloadFirstPage(getListDiscountsKey, {});
