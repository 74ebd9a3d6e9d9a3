// Who may call an admin operation, decided in the mocks as the server decides it
// (server/src/http/access.ts): the operation's rule read from the contract by the server's own
// reader, a role's permissions from the server's matrix, the server's refusal texts. Every
// endpoint (./endpoint.ts) asks it before anything else, as the server checks access before
// reading the input. server/src/http/mock-access.test.ts proves both answer alike for every
// admin operation and every caller.
import type { AdminRole } from '@generated/model';
import document from '../../generated/openapi.json';
import { can, isRole, roleRefusal } from '../../server/src/domain/roles';
import { readOperationAccess, WRONG_USER_TYPE } from '../../server/src/http/operations';

const ACCESS = readOperationAccess(
  document as unknown as Parameters<typeof readOperationAccess>[0],
);

/** An admin token of a role: mockAdminToken, or one refreshed from it (`…-<time>`). */
const ADMIN_TOKEN = /^mock-(\w+)-access-token(?:-\d+)?$/;
const CUSTOMER_TOKEN = /^mock-customer-/;

/**
 * The bearer token the mocks read as an admin of `role`. Any other admin token (the stories'
 * 'story-access-token', the fixtures' 'mock-access-token') is a super admin's.
 */
export const mockAdminToken = (role: AdminRole) => `mock-${role}-access-token`;

/**
 * The role of the session a refresh token was issued with: the stories' refresh tokens start
 * with their access token (.storybook/session.ts), and the mocks' own with mockAdminToken.
 */
export function roleOfRefreshToken(refreshToken: string | null): AdminRole {
  const named = /^mock-(\w+)-access-token/.exec(refreshToken ?? '')?.[1];
  return isRole(named) ? named : 'super_admin';
}

/** The role of an admin's bearer token as the mocks read it (see mockAdminToken). */
export function roleOfAdminToken(token: string | null | undefined): AdminRole {
  const named = ADMIN_TOKEN.exec(token ?? '')?.[1];
  return isRole(named) ? named : 'super_admin';
}

/** A token the mocks read as a customer's (the fixtures' customerTokenPair). */
export const mockCustomerToken = 'mock-customer-access-token';

interface Refusal {
  status: 401 | 403;
  detail: string;
}

/**
 * How the server refuses this Authorization header for this operation, or null when it lets it
 * through. The customer side of the shop (carts, the account) is left to its handlers.
 */
export function accessRefusal(operationId: string, authorization: string | null): Refusal | null {
  const access = ACCESS.get(operationId);
  if (access?.userType !== 'admin') return null;
  if (authorization === null) return { status: 401, detail: 'Not authenticated' };
  const token = /^Bearer\s+(\S+)$/i.exec(authorization)?.[1];
  if (!token) return { status: 401, detail: 'Invalid authorization header' };
  if (CUSTOMER_TOKEN.test(token)) return { status: 403, detail: WRONG_USER_TYPE.admin };
  const role = roleOfAdminToken(token);
  if (access.permission && !can(role, access.permission))
    return { status: 403, detail: roleRefusal(role) };
  return null;
}
