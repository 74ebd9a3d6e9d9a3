import { getListAdminProductsKey } from '@generated/hooks/products/products';
import { preloadFirstPage } from '@/lib/swr/paged-list';

/** Starts the products list's first request (the route table, while the screen's code loads). */
export const preloadProducts = () => preloadFirstPage(getListAdminProductsKey, {});
