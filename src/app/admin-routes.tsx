import type { ComponentType } from 'react';
import { lazyPage } from './lazy-page';
import { paths } from '@/lib/paths';

const DashboardPage = lazyPage(() => import('@/features/dashboard/DashboardPage'), 'DashboardPage');
const ProductsPage = lazyPage(() => import('@/features/products/ProductsPage'), 'ProductsPage');
const ProductFormPage = lazyPage(
  () => import('@/features/products/ProductFormPage'),
  'ProductFormPage',
);
const OrdersPage = lazyPage(() => import('@/features/orders/OrdersPage'), 'OrdersPage');
const OrderDetailPage = lazyPage(
  () => import('@/features/orders/OrderDetailPage'),
  'OrderDetailPage',
);
const CustomersPage = lazyPage(() => import('@/features/customers/CustomersPage'), 'CustomersPage');
const CategoriesPage = lazyPage(
  () => import('@/features/categories/CategoriesPage'),
  'CategoriesPage',
);
const VatRatesPage = lazyPage(() => import('@/features/vat-rates/VatRatesPage'), 'VatRatesPage');
const UsersPage = lazyPage(() => import('@/features/users/UsersPage'), 'UsersPage');

/** The admin screens of docs/product.md §2, in match order (`/products/new` before `/products/:id`). */
export const ADMIN_ROUTES: readonly { path: string; component: ComponentType }[] = [
  { path: paths.admin.dashboard, component: DashboardPage },
  { path: paths.products.list, component: ProductsPage },
  { path: paths.products.create, component: ProductFormPage },
  { path: paths.products.editPattern, component: ProductFormPage },
  { path: paths.orders.list, component: OrdersPage },
  { path: paths.orders.detailPattern, component: OrderDetailPage },
  { path: paths.customers.list, component: CustomersPage },
  { path: paths.categories.list, component: CategoriesPage },
  { path: paths.vatRates.list, component: VatRatesPage },
  { path: paths.users.list, component: UsersPage },
];
