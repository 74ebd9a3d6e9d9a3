import { expect, it } from 'vitest';
import { ADMIN_NAV, isNavItemActive, navItemsFor } from './nav-items';

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

const labels = (role: Parameters<typeof navItemsFor>[0]) => navItemsFor(role).map((i) => i.label());
/** The screens the server refuses to the roles without their permission. */
const RESTRICTED = ['Audit Log', 'Background Jobs'];

it.each([
  ['Audit Log', 'audit:read', '/admin/audit-log'],
  ['Background Jobs', 'jobs:read', '/admin/jobs'],
])('shows %s to the roles with %s only', (label, _permission, href) => {
  expect(labels('super_admin')).toContain(label);
  expect(labels('admin')).toContain(label);
  for (const role of ['manager', 'support', 'inventory_manager', null] as const)
    expect(labels(role)).toEqual(
      ADMIN_NAV.filter((i) => !RESTRICTED.includes(i.label())).map((i) => i.label()),
    );
  expect(item(label).href).toBe(href);
  expect(isNavItemActive(item(label), href)).toBe(true);
});
