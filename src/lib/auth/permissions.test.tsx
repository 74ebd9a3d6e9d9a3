// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdminRole } from '@generated/model';
import { adminMe, adminUser, meOf } from '@mocks/fixtures';
import { can, useCan, usePermission, userCan, type Permission } from './permissions';
import { logout, setCredentials, setUser } from './store';

afterEach(() => {
  cleanup();
  logout();
  localStorage.clear();
});

const as = (role: AdminRole) => meOf({ ...adminUser, role });
const signIn = (user: ReturnType<typeof as> | null) => {
  setCredentials({ access_token: 'a', refresh_token: 'r', userType: 'admin' });
  setUser(user);
};

describe('userCan and can', () => {
  it('answer from the permissions /me gave, nothing else', () => {
    const custom = {
      ...adminMe,
      role: 'support' as const,
      permissions: ['jobs:read'] as Permission[],
    };
    // The role plays no part: only the server's list counts.
    expect(userCan(custom, 'jobs:read')).toBe(true);
    expect(userCan(custom, 'orders:read')).toBe(false);
    signIn(custom);
    expect(can('jobs:read')).toBe(true);
    expect(can('catalogue:read')).toBe(false);
  });

  it('grant nothing while the user is unknown, or to a signed-out visitor', () => {
    expect(userCan(null, 'catalogue:read')).toBe(false);
    expect(userCan(undefined, 'catalogue:read')).toBe(false);
    expect(can('catalogue:read')).toBe(false);
    setCredentials({ access_token: 'a', refresh_token: 'r', userType: 'admin' });
    expect(can('catalogue:read')).toBe(false);
  });

  it.each<[AdminRole, Permission, boolean]>([
    ['super_admin', 'users:reset_two_factor', true],
    ['admin', 'users:reset_two_factor', false],
    ['admin', 'settings:write', true],
    ['manager', 'settings:write', false],
    ['manager', 'vat:write', true],
    ['support', 'orders:write', true],
    ['support', 'products:write', false],
    ['inventory_manager', 'orders:read', false],
    ['inventory_manager', 'variants:write', true],
  ])('%s: %s is %s (the matrix as meOf gives it)', (role, permission, expected) => {
    signIn(as(role));
    expect(can(permission)).toBe(expected);
  });
});

function Probe({ permission }: { permission: Permission }) {
  const allowed = usePermission(permission);
  const may = useCan();
  return <p>{`${permission}: ${String(allowed)} / ${String(may(permission))}`}</p>;
}

describe('usePermission and useCan', () => {
  it('follow the signed-in user as it is loaded, changed and signed out', async () => {
    signIn(null);
    render(<Probe permission="users:read" />);
    expect(await screen.findByText('users:read: false / false')).toBeTruthy();
    act(() => setUser(as('admin')));
    expect(await screen.findByText('users:read: true / true')).toBeTruthy();
    act(() => setUser(as('manager')));
    expect(await screen.findByText('users:read: false / false')).toBeTruthy();
    act(() => setUser(as('super_admin')));
    expect(await screen.findByText('users:read: true / true')).toBeTruthy();
    act(() => logout());
    expect(await screen.findByText('users:read: false / false')).toBeTruthy();
  });
});
