import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  PERMISSIONS,
  ROLES,
  can,
  canManageUser,
  describeMatrix,
  isRole,
  permissionsOf,
  type Permission,
} from './roles';

describe('can', () => {
  it('gives super_admin everything, and admin everything but resetting second factors and backups', () => {
    for (const p of PERMISSIONS) {
      expect(can('super_admin', p)).toBe(true);
      expect(can('admin', p), p).toBe(p !== 'users:reset_two_factor' && p !== 'backups:manage');
    }
  });

  it("lists exactly the contract's AdminPermission enum", () => {
    const contract = JSON.parse(
      readFileSync(new URL('../../../generated/openapi.json', import.meta.url), 'utf8'),
    ) as { components: { schemas: { AdminPermission: { enum: string[] } } } };
    expect([...PERMISSIONS].sort()).toEqual(
      [...contract.components.schemas.AdminPermission.enum].sort(),
    );
  });

  it('permissionsOf gives the granted permissions in the matrix order', () => {
    expect(permissionsOf('support')).toEqual([
      'catalogue:read',
      'orders:read',
      'orders:write',
      'customers:write',
      'settings:read',
    ]);
    expect(permissionsOf('super_admin')).toEqual([...PERMISSIONS]);
  });

  /** Checks each listed permission of the role: granted ones true, the others false. */
  const expectGrants = (
    role: Parameters<typeof can>[0],
    granted: readonly Permission[],
    denied: readonly Permission[],
  ) => {
    for (const p of granted) expect(can(role, p), p).toBe(true);
    for (const p of denied) expect(can(role, p), p).toBe(false);
  };

  it('keeps managers away from users', () => {
    expectGrants(
      'manager',
      PERMISSIONS.filter(
        (p) =>
          !p.startsWith('users:') &&
          !p.startsWith('jobs:') &&
          p !== 'backups:manage' &&
          p !== 'settings:write' &&
          p !== 'customers:personal_data' &&
          p !== 'audit:read' &&
          p !== 'reports:read' &&
          p !== 'webhooks:manage',
      ),
      [
        'users:read',
        'users:write',
        'settings:write',
        'audit:read',
        'jobs:read',
        'jobs:write',
        'backups:manage',
        'customers:personal_data',
        'reports:read',
        'webhooks:manage',
      ],
    );
  });

  it('keeps backups (secrets.json, every customer) to the super admin', () => {
    expect(ROLES.filter((role) => can(role, 'backups:manage'))).toEqual(['super_admin']);
  });

  it('limits inventory managers to products, variants, stock and uploads', () => {
    expectGrants(
      'inventory_manager',
      ['products:write', 'variants:write', 'uploads:write', 'catalogue:read'],
      ['categories:write', 'vat:write', 'orders:read'],
    );
  });

  it('lets support handle orders and read the catalogue only', () => {
    expectGrants(
      'support',
      ['orders:read', 'orders:write', 'catalogue:read'],
      ['products:write', 'uploads:write', 'users:read', 'settings:write'],
    );
  });

  it("keeps a person's whole record (export, erase) to super admins and admins", () => {
    expect(ROLES.filter((role) => can(role, 'customers:personal_data'))).toEqual([
      'super_admin',
      'admin',
    ]);
  });

  it('lets super admins, admins and managers change discounts, and no other role', () => {
    expect(ROLES.filter((role) => can(role, 'discounts:write'))).toEqual([
      'super_admin',
      'admin',
      'manager',
    ]);
  });

  it('lets super admins, admins and managers record payments, and no other role', () => {
    expect(ROLES.filter((role) => can(role, 'payments:write'))).toEqual([
      'super_admin',
      'admin',
      'manager',
    ]);
  });

  it('lets every role read the shop settings and only admins change them', () => {
    for (const role of ROLES) {
      expect(can(role, 'settings:read'), role).toBe(true);
      expect(can(role, 'settings:write'), role).toBe(role === 'super_admin' || role === 'admin');
    }
  });

  it('denies unknown roles', () => {
    expect(can('guest' as never, 'catalogue:read')).toBe(false);
    expect(isRole('guest')).toBe(false);
    expect(isRole('support')).toBe(true);
  });
});

describe('canManageUser', () => {
  it('lets only super admins manage super admins', () => {
    expect(canManageUser('super_admin', 'super_admin')).toBe(true);
    expect(canManageUser('admin', 'super_admin')).toBe(false);
    expect(canManageUser('admin', 'admin')).toBe(true);
    expect(canManageUser('admin', 'manager')).toBe(true);
  });

  it('refuses roles without users:write', () => {
    for (const actor of ['manager', 'support', 'inventory_manager'] as const) {
      for (const target of ROLES) expect(canManageUser(actor, target)).toBe(false);
    }
  });
});

describe('describeMatrix', () => {
  it('has one row per permission and one column per role', () => {
    const lines = describeMatrix().trim().split('\n');
    expect(lines[0]).toBe(
      '| Permission | Super Admin | Admin | Manager | Support | Inventory Manager |',
    );
    const rows = lines.filter((l) => l.startsWith('| `'));
    expect(rows).toHaveLength(PERMISSIONS.length);
    expect(rows.find((r) => r.includes('`users:write`'))?.endsWith('| ✓ | ✓ |  |  |  |')).toBe(
      true,
    );
  });
});
