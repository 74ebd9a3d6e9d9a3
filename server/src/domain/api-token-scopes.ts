// What an API token may carry (#31), read by the server (services/identity/api-tokens.ts) and
// the mock API alike: a subset of its creator's permissions, never api_tokens:manage (a token
// does not mint tokens).
import { can, type AdminRole, type Permission } from './roles';

const NOT_GRANTABLE: Permission = 'api_tokens:manage';

/** The first scope an admin of `role` may not give a token, with why; null when all may be. */
export function scopeProblem(
  role: AdminRole,
  scopes: readonly Permission[],
): { index: number; msg: string } | null {
  for (const [index, scope] of scopes.entries()) {
    if (scope === NOT_GRANTABLE) return { index, msg: 'An API token cannot manage API tokens' };
    if (!can(role, scope)) {
      return { index, msg: `Your role does not have the permission ${scope}` };
    }
  }
  return null;
}
