import { describe, expect, it } from 'vitest';
import type { AdminRole } from '@generated/model';
import { apiTokens } from '@mocks/fixtures/api-tokens';
import { permissionsOf } from '../../../server/src/domain/roles';
import { grantableScopes, tokenStatus } from './api-token-display';
import { expectedScopes } from './expected-scopes';

describe('tokenStatus (docs/product.md §10.31)', () => {
  const NOW = new Date('2026-11-30T10:00:00.000Z');
  const token = (revoked_at: string | null, expires_at: string | null) => ({
    revoked_at,
    expires_at,
  });

  it('reads the fixtures as the list shows them: in use, revoked, expired', () => {
    expect(apiTokens.map((t) => [t.name, tokenStatus(t, NOW)])).toEqual([
      ['ERP sync', 'active'],
      ['Old storefront', 'revoked'],
      ['Carrier trial', 'expired'],
    ]);
  });

  it('is expired from the instant of expires_at on, as the server refuses it', () => {
    expect(tokenStatus(token(null, '2026-11-30T10:00:00.001Z'), NOW)).toBe('active');
    expect(tokenStatus(token(null, '2026-11-30T10:00:00.000Z'), NOW)).toBe('expired');
    expect(tokenStatus(token(null, null), NOW)).toBe('active');
  });

  it('says revoked whatever the expiry', () => {
    expect(tokenStatus(token('2026-11-01T09:00:00.000Z', '2026-01-01T00:00:00.000Z'), NOW)).toBe(
      'revoked',
    );
    expect(tokenStatus(token('2026-11-01T09:00:00.000Z', '2027-01-01T00:00:00.000Z'), NOW)).toBe(
      'revoked',
    );
  });
});

describe('grantableScopes', () => {
  const of = (role: AdminRole) => grantableScopes({ role, permissions: permissionsOf(role) });

  it("offers a manager their role's permissions but api_tokens:manage, never users:write", () => {
    expect(of('manager')).toEqual(expectedScopes.manager);
  });

  it('offers a super admin every permission but api_tokens:manage', () => {
    const scopes = of('super_admin');
    expect(scopes).not.toContain('api_tokens:manage');
    expect(scopes).toEqual(permissionsOf('super_admin').filter((p) => p !== 'api_tokens:manage'));
    expect(scopes).toContain('users:write');
    expect(scopes).toContain('backups:manage');
    expect(scopes).toEqual(expectedScopes.super_admin);
  });

  it('offers only what /me gives, even when the role would give more', () => {
    expect(
      grantableScopes({ role: 'admin', permissions: ['orders:read', 'api_tokens:manage'] }),
    ).toEqual(['orders:read']);
  });
});
