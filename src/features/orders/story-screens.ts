import type { ExportOrdersRows } from '@generated/model';
import { paths } from '@/lib/paths';
import { adminScreenMeta, type ScreenRoutes } from '@/testing/admin-screen';
import { expectListExported } from '@/testing/csv-export';
import { OrderDetailPage } from './OrderDetailPage';
import { OrdersPage } from './OrdersPage';

/*
 * Stories only: the order screens as several story files show them, for their one-line metas
 * (`const meta = { title: 'Orders/…', ...ordersListScreen() };`). Functions, so that no two
 * files share one meta object. Also the orders list's CSV export, which several files check.
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

/** The export menu's item for each kind of orders file. */
const ORDER_FILES: Record<ExportOrdersRows, string> = {
  orders: 'One row per order',
  lines: 'One row per line',
};

/**
 * Exports the orders list as it stands, one row per order (or per line): the export request
 * carries the list's last query and `rows`, and the mock's file is handed to the browser.
 * Returns the export's query, for the story's own checks of its filters.
 */
export const expectOrdersExported = (
  canvasElement: HTMLElement,
  rows: ExportOrdersRows = 'orders',
) =>
  expectListExported(canvasElement, {
    list: '/api/v1/admin/orders/',
    path: '/api/v1/admin/exports/orders',
    fileName: 'orders-2025-03-14.csv',
    choice: ORDER_FILES[rows],
    extra: { rows },
  });
