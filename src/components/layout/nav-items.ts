import type { ComponentType } from 'react';
import type { IconProps } from '@chakra-ui/react';
import {
  CartIcon,
  DashboardIcon,
  FolderIcon,
  HistoryIcon,
  PackageIcon,
  PercentIcon,
  ShieldIcon,
  StoreIcon,
  UsersIcon,
} from '@/components/icons';
import { paths } from '@/lib/paths';

export interface NavItem {
  label: string;
  href: string;
  icon: ComponentType<IconProps>;
  /** Active on this exact path only (the dashboard), not on the paths below it. */
  exact?: boolean;
}

/** The sidebar's 'Management' group (docs/product.md §2, admin layout). */
export const ADMIN_NAV: readonly NavItem[] = [
  { label: 'Dashboard', href: paths.admin.dashboard, icon: DashboardIcon, exact: true },
  { label: 'Products', href: paths.products.list, icon: PackageIcon },
  { label: 'Orders', href: paths.orders.list, icon: CartIcon },
  { label: 'Customers', href: paths.customers.list, icon: UsersIcon },
  { label: 'Inventory Ledger', href: paths.inventory.ledger, icon: HistoryIcon },
  { label: 'Categories', href: paths.categories.list, icon: FolderIcon },
  { label: 'VAT Rates', href: paths.vatRates.list, icon: PercentIcon },
  { label: 'Users', href: paths.users.list, icon: ShieldIcon },
  { label: 'Settings', href: paths.settings, icon: StoreIcon },
];

export function isNavItemActive(item: NavItem, location: string): boolean {
  const path = location.length > 1 ? location.replace(/\/+$/, '') : location;
  return item.exact ? path === item.href : path === item.href || path.startsWith(item.href + '/');
}
