import { AdminPermission, type AdminMe, type ApiToken } from '@generated/model';
import type { Permission } from '@/lib/auth/permissions';
import { scopeProblem } from '../../../server/src/domain/api-token-scopes';

/** A token's state as its list shows it (docs/product.md §10.31). */
export type TokenStatus = 'active' | 'expired' | 'revoked';

/**
 * Revoked (an admin's act, whatever its expiry), else expired once `now` reaches `expires_at`
 * (the server refuses it from that instant on), else active.
 */
export function tokenStatus(
  token: Pick<ApiToken, 'revoked_at' | 'expires_at'>,
  now: Date,
): TokenStatus {
  if (token.revoked_at !== null) return 'revoked';
  if (token.expires_at !== null && new Date(token.expires_at).getTime() <= now.getTime())
    return 'expired';
  return 'active';
}

/** Every permission in the contract's order (areas together: users, catalogue, orders…). */
const CONTRACT_ORDER = Object.values(AdminPermission);

/**
 * The scopes the signed-in admin may give a token: those of their permissions (/me) the server
 * would accept, asked of the server's own rule (never api_tokens:manage), in the contract's order.
 */
export function grantableScopes(me: {
  readonly role: AdminMe['role'];
  readonly permissions: readonly Permission[];
}): Permission[] {
  return CONTRACT_ORDER.filter(
    (scope) => me.permissions.includes(scope) && scopeProblem(me.role, [scope]) === null,
  );
}
