// The contract declares who may call what; these checks keep those declarations complete.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { describeMatrix, PERMISSIONS } from '../domain/roles';
import { loadOpenApiDocument } from './openapi-document';
import { readOperationAccess } from './operations';

const document = loadOpenApiDocument();
const access = readOperationAccess(document);

function operationPaths() {
  const result: { path: string; operationId: string }[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const op of Object.values(item)) {
      const id = (op as { operationId?: string }).operationId;
      if (id) result.push({ path, operationId: id });
    }
  }
  return result;
}

describe('access declared in the contract', () => {
  it('knows every operation', () => {
    expect(access.size).toBe(operationPaths().length);
    expect(access.size).toBeGreaterThanOrEqual(70);
  });

  it('uses only permissions of the role matrix', () => {
    for (const rule of access.values()) {
      if (rule.permission) expect(PERMISSIONS).toContain(rule.permission);
    }
  });

  it('gives every admin operation an admin user type and, but for /me and your own account, a permission', () => {
    for (const { path, operationId } of operationPaths()) {
      const rule = access.get(operationId)!;
      if (!path.startsWith('/api/v1/admin/') || rule.auth === 'public') continue;
      expect(rule, operationId).toMatchObject({ auth: 'required', userType: 'admin' });
      // Every role signs in, and so changes its own password and manages its own second factors.
      const ownAccount = path.startsWith('/api/v1/admin/auth/me');
      if (!ownAccount) expect(rule.permission, operationId).toBeDefined();
      else expect(rule.permission, operationId).toBeUndefined();
    }
  });

  it('lets an admin who must set up a second factor reach exactly /me and their own account', () => {
    for (const { path, operationId } of operationPaths()) {
      const ownAccount = path.startsWith('/api/v1/admin/auth/me');
      expect(access.get(operationId)!.duringTwoFactorSetup, operationId).toBe(ownAccount);
    }
  });

  it('keeps the public catalogue, login, magic link and refresh open', () => {
    for (const id of [
      'listProducts',
      'getProductBySlug',
      'listCategories',
      'adminLogin',
      'refreshAdminToken',
      'sendMagicLink',
      'verifyMagicLink',
      'refreshCustomerToken',
    ]) {
      expect(access.get(id)?.auth, id).toBe('public');
    }
    expect(access.get('getCart')?.auth).toBe('optional');
    expect(access.get('getCustomerProfile')).toMatchObject({
      auth: 'required',
      userType: 'customer',
    });
  });

  it('documents the role matrix in the README exactly as the server applies it', () => {
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    expect(readme).toContain(describeMatrix().trim());
  });
});
