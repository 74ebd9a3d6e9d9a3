import { describe, expect, it } from 'vitest';
import { PERMISSIONS, ROLES, can, canManageUser, describeMatrix, isRole } from './roles';

describe('can', () => {
  it('gives super_admin and admin everything', () => {
    for (const p of PERMISSIONS) {
      expect(can('super_admin', p)).toBe(true);
      expect(can('admin', p)).toBe(true);
    }
  });

  it('keeps managers away from users', () => {
    expect(can('manager', 'users:read')).toBe(false);
    expect(can('manager', 'users:write')).toBe(false);
    for (const p of [
      'catalogue:read',
      'products:write',
      'categories:write',
      'vat:write',
      'variants:write',
      'uploads:write',
      'orders:read',
      'orders:write',
    ] as const) {
      expect(can('manager', p)).toBe(true);
    }
  });

  it('limits inventory managers to products, variants, stock and uploads', () => {
    expect(can('inventory_manager', 'products:write')).toBe(true);
    expect(can('inventory_manager', 'variants:write')).toBe(true);
    expect(can('inventory_manager', 'uploads:write')).toBe(true);
    expect(can('inventory_manager', 'catalogue:read')).toBe(true);
    expect(can('inventory_manager', 'categories:write')).toBe(false);
    expect(can('inventory_manager', 'vat:write')).toBe(false);
    expect(can('inventory_manager', 'orders:read')).toBe(false);
  });

  it('lets support handle orders and read the catalogue only', () => {
    expect(can('support', 'orders:read')).toBe(true);
    expect(can('support', 'orders:write')).toBe(true);
    expect(can('support', 'catalogue:read')).toBe(true);
    expect(can('support', 'products:write')).toBe(false);
    expect(can('support', 'uploads:write')).toBe(false);
    expect(can('support', 'users:read')).toBe(false);
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
