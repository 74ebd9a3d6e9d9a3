import { expect, it } from 'vitest';
import type { AdminRole } from '@generated/model';
import { permissionsOf } from '../../../server/src/domain/roles';
import { expectedMenus } from '@/testing/expected';
import { ADMIN_NAV, isNavItemActive, navItemsFor, reportItemsFor } from './nav-items';

const item = (label: string) => ADMIN_NAV.find((i) => i.label() === label)!;

it('marks the dashboard active on /admin only', () => {
  expect(isNavItemActive(item('Dashboard'), '/admin')).toBe(true);
  expect(isNavItemActive(item('Dashboard'), '/admin/')).toBe(true);
  expect(isNavItemActive(item('Dashboard'), '/admin/products')).toBe(false);
});

it('marks a section active on its pages and below', () => {
  expect(isNavItemActive(item('Products'), '/admin/products')).toBe(true);
  expect(isNavItemActive(item('Products'), '/admin/products/12')).toBe(true);
  expect(isNavItemActive(item('Products'), '/admin/products-archive')).toBe(false);
  expect(isNavItemActive(item('Orders'), '/admin/products')).toBe(false);
});

it('ends with the shop settings', () => {
  expect(ADMIN_NAV.at(-1)?.label()).toBe('Settings');
  expect(ADMIN_NAV.at(-1)).toMatchObject({ href: '/admin/settings' });
  expect(isNavItemActive(item('Settings'), '/admin/settings')).toBe(true);
  expect(isNavItemActive(item('Users'), '/admin/settings')).toBe(false);
});

/** The menu of an admin holding the permissions the server gives `role`. */
const menuOf = (role: AdminRole) =>
  navItemsFor((p) => permissionsOf(role).includes(p)).map((i) => i.label());

it.each(Object.entries(expectedMenus) as [AdminRole, readonly string[]][])(
  'shows a %s the screens of their permissions',
  (role, menu) => {
    expect(menuOf(role)).toEqual(menu);
  },
);

it('shows only the dashboard while the admin is unknown (no permission)', () => {
  expect(navItemsFor(() => false).map((i) => i.label())).toEqual(['Dashboard']);
});

it('asks for the permission of each restricted screen', () => {
  const asked: string[] = [];
  navItemsFor((permission) => {
    asked.push(permission);
    return true;
  });
  expect(asked).toEqual([
    'catalogue:read',
    'orders:read',
    'orders:read',
    'orders:read',
    'settings:read',
    'catalogue:read',
    'catalogue:read',
    'catalogue:read',
    'users:read',
    'audit:read',
    'jobs:read',
    'api_tokens:manage',
    'webhooks:manage',
    'settings:read',
  ]);
});

it('shows the analytics to analytics:read and the books to reports:read, in the Reports group', () => {
  const reportsOf = (role: AdminRole) =>
    reportItemsFor((p) => permissionsOf(role).includes(p)).map((i) => [i.label(), i.href]);
  const analytics = [
    ['Sales', '/admin/reports/sales'],
    ['Best sellers', '/admin/reports/products'],
    ['Returns', '/admin/reports/returns'],
    ['Stock value', '/admin/reports/stock'],
  ];
  const books = [
    ['VAT return', '/admin/reports/vat-return'],
    ['Sales register', '/admin/reports/sales-register'],
    ['Withholding', '/admin/reports/withholding'],
  ];
  expect(reportsOf('super_admin')).toEqual([...analytics, ...books]);
  expect(reportsOf('admin')).toEqual([...analytics, ...books]);
  expect(reportsOf('manager')).toEqual(analytics);
  expect(reportsOf('support')).toEqual([]);
  expect(reportsOf('inventory_manager')).toEqual([]);
});
