import type { ComponentType } from 'react';
import type { IconProps } from '@chakra-ui/react';
import {
  ActivityIcon,
  BookIcon,
  CartIcon,
  ChartIcon,
  DashboardIcon,
  FolderIcon,
  HandCoinsIcon,
  HistoryIcon,
  JobsIcon,
  KeyIcon,
  LandmarkIcon,
  PackageIcon,
  PercentIcon,
  ReturnIcon,
  ShieldIcon,
  StockIcon,
  StoreIcon,
  TicketPercentIcon,
  TrophyIcon,
  TruckIcon,
  UsersIcon,
  WebhookIcon,
} from '@/components/icons';
import type { Permission } from '@/lib/auth/permissions';
import { paths } from '@/lib/paths';
import { t } from './messages';

export interface NavItem {
  /** The link's text in the active language (read at render time, never frozen at load). */
  label: () => string;
  href: string;
  icon: ComponentType<IconProps>;
  /** Active on this exact path only (the dashboard), not on the paths below it. */
  exact?: boolean;
  /**
   * Shown to the admins holding it only: the permission of the screen's route (ADMIN_ROUTES),
   * without which the server refuses the screen's data.
   */
  permission?: Permission;
}

/** The sidebar's 'Management' group (docs/product.md §2, admin layout). */
export const ADMIN_NAV: readonly NavItem[] = [
  { label: () => t('navDashboard'), href: paths.admin.dashboard, icon: DashboardIcon, exact: true },
  {
    label: () => t('navProducts'),
    href: paths.products.list,
    icon: PackageIcon,
    permission: 'catalogue:read',
  },
  {
    label: () => t('navOrders'),
    href: paths.orders.list,
    icon: CartIcon,
    permission: 'orders:read',
  },
  {
    label: () => t('navCustomers'),
    href: paths.customers.list,
    icon: UsersIcon,
    permission: 'orders:read',
  },
  {
    label: () => t('navDiscounts'),
    href: paths.discounts.list,
    icon: TicketPercentIcon,
    permission: 'orders:read',
  },
  {
    label: () => t('navShipping'),
    href: paths.shipping.list,
    icon: TruckIcon,
    permission: 'settings:read',
  },
  {
    label: () => t('navInventoryLedger'),
    href: paths.inventory.ledger,
    icon: HistoryIcon,
    permission: 'catalogue:read',
  },
  {
    label: () => t('navCategories'),
    href: paths.categories.list,
    icon: FolderIcon,
    permission: 'catalogue:read',
  },
  {
    label: () => t('navVatRates'),
    href: paths.vatRates.list,
    icon: PercentIcon,
    permission: 'catalogue:read',
  },
  {
    label: () => t('navUsers'),
    href: paths.users.list,
    icon: ShieldIcon,
    permission: 'users:read',
  },
  {
    label: () => t('navAuditLog'),
    href: paths.auditLog,
    icon: ActivityIcon,
    permission: 'audit:read',
  },
  { label: () => t('navJobs'), href: paths.jobs, icon: JobsIcon, permission: 'jobs:read' },
  {
    label: () => t('navApiTokens'),
    href: paths.apiTokens,
    icon: KeyIcon,
    permission: 'api_tokens:manage',
  },
  {
    label: () => t('navWebhooks'),
    href: paths.webhooks.list,
    icon: WebhookIcon,
    permission: 'webhooks:manage',
  },
  {
    label: () => t('navSettings'),
    href: paths.settings,
    icon: StoreIcon,
    permission: 'settings:read',
  },
];

/**
 * The sidebar's 'Reports' group: the analytics (docs/product.md §10.30, analytics:read), then the
 * accountant's books (§10.27, reports:read).
 */
export const REPORTS_NAV: readonly NavItem[] = [
  {
    label: () => t('navSalesReport'),
    href: paths.reports.sales,
    icon: ChartIcon,
    permission: 'analytics:read',
  },
  {
    label: () => t('navProductsReport'),
    href: paths.reports.products,
    icon: TrophyIcon,
    permission: 'analytics:read',
  },
  {
    label: () => t('navReturnsReport'),
    href: paths.reports.returns,
    icon: ReturnIcon,
    permission: 'analytics:read',
  },
  {
    label: () => t('navStockReport'),
    href: paths.reports.stock,
    icon: StockIcon,
    permission: 'analytics:read',
  },
  {
    label: () => t('navVatReturn'),
    href: paths.reports.vatReturn,
    icon: LandmarkIcon,
    permission: 'reports:read',
  },
  {
    label: () => t('navSalesRegister'),
    href: paths.reports.salesRegister,
    icon: BookIcon,
    permission: 'reports:read',
  },
  {
    label: () => t('navWithholding'),
    href: paths.reports.withholding,
    icon: HandCoinsIcon,
    permission: 'reports:read',
  },
];

/** The Reports items the signed-in admin may open (none without either permission: no group then). */
export function reportItemsFor(can: (permission: Permission) => boolean): readonly NavItem[] {
  return REPORTS_NAV.filter((item) => item.permission === undefined || can(item.permission));
}

/**
 * The items the signed-in admin may open, `can` saying what they hold (nothing while they are
 * unknown: only the dashboard then).
 */
export function navItemsFor(can: (permission: Permission) => boolean): readonly NavItem[] {
  return ADMIN_NAV.filter((item) => item.permission === undefined || can(item.permission));
}

export function isNavItemActive(item: NavItem, location: string): boolean {
  const path = location.length > 1 ? location.replace(/\/+$/, '') : location;
  return item.exact ? path === item.href : path === item.href || path.startsWith(item.href + '/');
}
