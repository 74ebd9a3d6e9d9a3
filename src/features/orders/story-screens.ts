import { paths } from '@/lib/paths';
import { adminScreenMeta, type ScreenRoutes } from '@/testing/admin-screen';
import { OrderDetailPage } from './OrderDetailPage';
import { OrdersPage } from './OrdersPage';

/*
 * Stories only: the order screens as several story files show them, for their one-line metas
 * (`const meta = { title: 'Orders/…', ...ordersListScreen() };`). Functions, so that no two
 * files share one meta object.
 */

/** The orders list of /admin/orders in the admin layout, signed in as an admin. */
export const ordersListScreen = () => adminScreenMeta(OrdersPage, paths.orders.list);

/**
 * Order `id`'s detail as routed: a link to another order's detail stays on the screen, and
 * `elsewhere` are the screens (or stand-ins) its other links lead to.
 */
export const orderDetailScreen = (id: number, ...elsewhere: ScreenRoutes) =>
  adminScreenMeta(OrderDetailPage, paths.orders.detail(id), {
    routes: [[paths.orders.detailPattern, OrderDetailPage], ...elsewhere],
  });
