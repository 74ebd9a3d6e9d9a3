import type { ComponentType } from 'react';
import type { IconProps } from '@chakra-ui/react';
import {
  CartIcon,
  DashboardIcon,
  FolderIcon,
  PackageIcon,
  PercentIcon,
  ShieldIcon,
  UsersIcon,
} from '@/components/icons';

export interface NavItem {
  label: string;
  href: string;
  icon: ComponentType<IconProps>;
  /** Active on this exact path only (the dashboard), not on the paths below it. */
  exact?: boolean;
}

/** The sidebar's 'Management' group (spec §2, admin layout). */
export const ADMIN_NAV: readonly NavItem[] = [
  { label: 'Dashboard', href: '/admin', icon: DashboardIcon, exact: true },
  { label: 'Products', href: '/admin/products', icon: PackageIcon },
  { label: 'Orders', href: '/admin/orders', icon: CartIcon },
  { label: 'Customers', href: '/admin/customers', icon: UsersIcon },
  { label: 'Categories', href: '/admin/categories', icon: FolderIcon },
  { label: 'VAT Rates', href: '/admin/vat-rates', icon: PercentIcon },
  { label: 'Users', href: '/admin/users', icon: ShieldIcon },
];

export function isNavItemActive(item: NavItem, location: string): boolean {
  const path = location.length > 1 ? location.replace(/\/+$/, '') : location;
  return item.exact ? path === item.href : path === item.href || path.startsWith(item.href + '/');
}
