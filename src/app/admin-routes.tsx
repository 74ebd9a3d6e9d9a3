import { lazyPage, type LazyPage } from './lazy-page';
import {
  preloadApiTokens,
  preloadCategories,
  preloadProductForm,
  preloadSettings,
  preloadUsers,
  preloadVatRates,
  type RouteParams,
} from './admin-preloads';
import type { Permission } from '@/lib/auth/permissions';
import { paths } from '@/lib/paths';
import { preloadAuditLog } from '@/features/audit-log';
import { preloadCustomers } from '@/features/customers';
import { preloadDashboard } from '@/features/dashboard';
import { preloadDiscounts } from '@/features/discounts';
import { preloadInventoryLedger } from '@/features/inventory-ledger';
import { preloadJobs } from '@/features/jobs';
import { preloadOrders } from '@/features/orders';
import { preloadProducts } from '@/features/products';
import { preloadShipping } from '@/features/shipping';
import { preloadWebhook, preloadWebhooks } from '@/features/webhooks';

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
const DraftOrderPage = lazyPage(
  () => import('@/features/orders/draft-orders/DraftOrderPage'),
  'DraftOrderPage',
);
const DraftsPage = lazyPage(
  () => import('@/features/orders/draft-orders/DraftsPage'),
  'DraftsPage',
);
const RemittancesPage = lazyPage(
  () => import('@/features/orders/payments/RemittancesPage'),
  'RemittancesPage',
);
const CustomersPage = lazyPage(() => import('@/features/customers/CustomersPage'), 'CustomersPage');
const CustomerDetailPage = lazyPage(
  () => import('@/features/customers/CustomerDetailPage'),
  'CustomerDetailPage',
);
const DiscountsPage = lazyPage(() => import('@/features/discounts/DiscountsPage'), 'DiscountsPage');
const ShippingPage = lazyPage(() => import('@/features/shipping/ShippingPage'), 'ShippingPage');
const InventoryLedgerPage = lazyPage(
  () => import('@/features/inventory-ledger/InventoryLedgerPage'),
  'InventoryLedgerPage',
);
const CategoriesPage = lazyPage(
  () => import('@/features/categories/CategoriesPage'),
  'CategoriesPage',
);
const VatRatesPage = lazyPage(() => import('@/features/vat-rates/VatRatesPage'), 'VatRatesPage');
const VatReturnPage = lazyPage(() => import('@/features/reports/VatReturnPage'), 'VatReturnPage');
const SalesRegisterPage = lazyPage(
  () => import('@/features/reports/SalesRegisterPage'),
  'SalesRegisterPage',
);
const WithholdingPage = lazyPage(
  () => import('@/features/reports/WithholdingPage'),
  'WithholdingPage',
);
const SalesReportPage = lazyPage(
  () => import('@/features/analytics/SalesReportPage'),
  'SalesReportPage',
);
const ProductsReportPage = lazyPage(
  () => import('@/features/analytics/ProductsReportPage'),
  'ProductsReportPage',
);
const ReturnsReportPage = lazyPage(
  () => import('@/features/analytics/ReturnsReportPage'),
  'ReturnsReportPage',
);
const StockReportPage = lazyPage(
  () => import('@/features/analytics/StockReportPage'),
  'StockReportPage',
);
const UsersPage = lazyPage(() => import('@/features/users/UsersPage'), 'UsersPage');
const AuditLogPage = lazyPage(() => import('@/features/audit-log/AuditLogPage'), 'AuditLogPage');
const ApiTokensPage = lazyPage(
  () => import('@/features/api-tokens/ApiTokensPage'),
  'ApiTokensPage',
);
const WebhooksPage = lazyPage(() => import('@/features/webhooks/WebhooksPage'), 'WebhooksPage');
const WebhookDetailPage = lazyPage(
  () => import('@/features/webhooks/WebhookDetailPage'),
  'WebhookDetailPage',
);
const JobsPage = lazyPage(() => import('@/features/jobs/JobsPage'), 'JobsPage');
const SettingsPage = lazyPage(() => import('@/features/settings/SettingsPage'), 'SettingsPage');
const MyAccountPage = lazyPage(() => import('@/features/account'), 'MyAccountPage');
const TwoFactorSetupPage = lazyPage(() => import('@/features/account'), 'TwoFactorSetupPage');

export interface AdminRoute {
  path: string;
  component: LazyPage;
  /**
   * Starts the screen's first data request (SWR `preload` with the key its hook uses), so that
   * it runs beside the loading of the screen's code rather than after it.
   */
  preload?: (params: RouteParams) => void;
  /**
   * The permission the screen needs (that of the operation loading its data, `x-permission` in
   * the contract): an admin without it gets the "not allowed" page and no link to it. None: every
   * admin role.
   */
  permission?: Permission;
}

/** The admin screens of docs/product.md §2, in match order (`/products/new` before `/products/:id`). */
export const ADMIN_ROUTES: readonly AdminRoute[] = [
  { path: paths.admin.dashboard, component: DashboardPage, preload: preloadDashboard },
  {
    path: paths.products.list,
    component: ProductsPage,
    permission: 'catalogue:read',
    preload: () => {
      preloadProducts();
      preloadCategories();
    },
  },
  // The form edits: opened by the admins who may save it (the list shows the rest).
  {
    path: paths.products.create,
    component: ProductFormPage,
    permission: 'products:write',
    preload: preloadProductForm,
  },
  {
    path: paths.products.editPattern,
    component: ProductFormPage,
    permission: 'products:write',
    preload: preloadProductForm,
  },
  // The plain list: an `?email=` link asks for another page, and the preload goes unused.
  {
    path: paths.orders.list,
    component: OrdersPage,
    permission: 'orders:read',
    preload: preloadOrders,
  },
  // Staff orders (createDraftOrder and the rest: orders:write), before the detail's pattern.
  { path: paths.orders.create, component: DraftOrderPage, permission: 'orders:write' },
  { path: paths.orders.drafts, component: DraftsPage, permission: 'orders:write' },
  { path: paths.orders.draftPattern, component: DraftOrderPage, permission: 'orders:write' },
  // Before the detail's pattern, which would read 'remittances' as an order id.
  { path: paths.orders.remittances, component: RemittancesPage, permission: 'orders:read' },
  { path: paths.orders.detailPattern, component: OrderDetailPage, permission: 'orders:read' },
  {
    path: paths.customers.list,
    component: CustomersPage,
    permission: 'orders:read',
    preload: preloadCustomers,
  },
  { path: paths.customers.detailPattern, component: CustomerDetailPage, permission: 'orders:read' },
  {
    path: paths.discounts.list,
    component: DiscountsPage,
    permission: 'orders:read',
    preload: preloadDiscounts,
  },
  // Every role reads the methods (staff orders pick one); changes ask settings:write.
  {
    path: paths.shipping.list,
    component: ShippingPage,
    permission: 'settings:read',
    preload: preloadShipping,
  },
  {
    path: paths.inventory.ledger,
    component: InventoryLedgerPage,
    permission: 'catalogue:read',
    preload: preloadInventoryLedger,
  },
  {
    path: paths.categories.list,
    component: CategoriesPage,
    permission: 'catalogue:read',
    preload: preloadCategories,
  },
  {
    path: paths.vatRates.list,
    component: VatRatesPage,
    permission: 'catalogue:read',
    preload: preloadVatRates,
  },
  // The accountant's books: getVatReturn, getSalesRegister, getWithholdingReport.
  { path: paths.reports.vatReturn, component: VatReturnPage, permission: 'reports:read' },
  { path: paths.reports.salesRegister, component: SalesRegisterPage, permission: 'reports:read' },
  { path: paths.reports.withholding, component: WithholdingPage, permission: 'reports:read' },
  // The analytics (#35): sales, best sellers, returns, stock value.
  { path: paths.reports.sales, component: SalesReportPage, permission: 'analytics:read' },
  { path: paths.reports.products, component: ProductsReportPage, permission: 'analytics:read' },
  { path: paths.reports.returns, component: ReturnsReportPage, permission: 'analytics:read' },
  { path: paths.reports.stock, component: StockReportPage, permission: 'analytics:read' },
  { path: paths.users.list, component: UsersPage, permission: 'users:read', preload: preloadUsers },
  {
    path: paths.auditLog,
    component: AuditLogPage,
    permission: 'audit:read',
    preload: () => {
      preloadAuditLog();
      preloadUsers();
    },
  },
  { path: paths.jobs, component: JobsPage, permission: 'jobs:read', preload: preloadJobs },
  // listApiTokens, createApiToken, revokeApiToken (#31).
  {
    path: paths.apiTokens,
    component: ApiTokensPage,
    permission: 'api_tokens:manage',
    preload: preloadApiTokens,
  },
  // listWebhookEndpoints and the rest; one endpoint: getWebhookEndpoint, listWebhookDeliveries (#31).
  {
    path: paths.webhooks.list,
    component: WebhooksPage,
    permission: 'webhooks:manage',
    preload: preloadWebhooks,
  },
  {
    path: paths.webhooks.detailPattern,
    component: WebhookDetailPage,
    permission: 'webhooks:manage',
    preload: preloadWebhook,
  },
  {
    path: paths.settings,
    component: SettingsPage,
    permission: 'settings:read',
    preload: preloadSettings,
  },
  { path: paths.account, component: MyAccountPage },
  // Where an admin who must set up a second factor is kept (AdminGuard); every role.
  { path: paths.twoFactorSetup, component: TwoFactorSetupPage },
];
