import type { ComponentType } from 'react';
import { lazyPage } from './lazy-page';

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

/** The admin screens of spec §2, in match order (`/products/new` before `/products/:id`). */
export const ADMIN_ROUTES: readonly { path: string; component: ComponentType }[] = [
  { path: '/admin', component: DashboardPage },
  { path: '/admin/products', component: ProductsPage },
  { path: '/admin/products/new', component: ProductFormPage },
  { path: '/admin/products/:id', component: ProductFormPage },
  { path: '/admin/orders', component: OrdersPage },
  { path: '/admin/orders/:id', component: OrderDetailPage },
  { path: '/admin/customers', component: CustomersPage },
  { path: '/admin/categories', component: CategoriesPage },
  { path: '/admin/vat-rates', component: VatRatesPage },
  { path: '/admin/users', component: UsersPage },
];
