import type { ComponentType } from 'react';
import type { IconProps } from '@chakra-ui/react';
import type { AdminRole } from '@generated/model';
import {
  ActivityIcon,
  CartIcon,
  DashboardIcon,
  FolderIcon,
  HistoryIcon,
  JobsIcon,
  PackageIcon,
  PercentIcon,
  ShieldIcon,
  StoreIcon,
  UsersIcon,
} from '@/components/icons';
import { AUDIT_READERS, JOB_READERS } from '@/lib/auth/user';
import { paths } from '@/lib/paths';
import { t } from './messages';

export interface NavItem {
  /** The link's text in the active language (read at render time, never frozen at load). */
  label: () => string;
  href: string;
  icon: ComponentType<IconProps>;
  /** Active on this exact path only (the dashboard), not on the paths below it. */
  exact?: boolean;
  /** Shown to these roles only (the server refuses the screen to the others). */
  roles?: readonly AdminRole[];
}

/** The sidebar's 'Management' group (docs/product.md §2, admin layout). */
export const ADMIN_NAV: readonly NavItem[] = [
  { label: () => t('navDashboard'), href: paths.admin.dashboard, icon: DashboardIcon, exact: true },
  { label: () => t('navProducts'), href: paths.products.list, icon: PackageIcon },
  { label: () => t('navOrders'), href: paths.orders.list, icon: CartIcon },
  { label: () => t('navCustomers'), href: paths.customers.list, icon: UsersIcon },
  { label: () => t('navInventoryLedger'), href: paths.inventory.ledger, icon: HistoryIcon },
  { label: () => t('navCategories'), href: paths.categories.list, icon: FolderIcon },
  { label: () => t('navVatRates'), href: paths.vatRates.list, icon: PercentIcon },
  { label: () => t('navUsers'), href: paths.users.list, icon: ShieldIcon },
  { label: () => t('navAuditLog'), href: paths.auditLog, icon: ActivityIcon, roles: AUDIT_READERS },
  { label: () => t('navJobs'), href: paths.jobs, icon: JobsIcon, roles: JOB_READERS },
  { label: () => t('navSettings'), href: paths.settings, icon: StoreIcon },
];

/** The items the signed-in admin of `role` may open (none of the restricted ones while unknown). */
export function navItemsFor(role: AdminRole | null): readonly NavItem[] {
  return ADMIN_NAV.filter((item) => !item.roles || (role !== null && item.roles.includes(role)));
}

export function isNavItemActive(item: NavItem, location: string): boolean {
  const path = location.length > 1 ? location.replace(/\/+$/, '') : location;
  return item.exact ? path === item.href : path === item.href || path.startsWith(item.href + '/');
}
