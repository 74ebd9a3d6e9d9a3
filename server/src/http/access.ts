import type { FastifyReply, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { DataVersions } from '../db/data-versions';
import type { AccessClaims, AccessTokens } from '../auth/access-token';
import type { AdminUserRow, Database } from '../db/schema';
import { can, roleRefusal, type AdminRole } from '../domain/roles';
import { WRONG_USER_TYPE, type OperationAccess } from './operations';
import { ACCOUNT_GONE, forbidden, HttpProblem, unauthorized } from '../api/problem';
import { apiTokenRefusal, isApiToken, type ApiTokenAuth } from '../services/identity/api-tokens';
import { SESSION_ENDED, type SessionCheck } from '../services/identity/sessions';
import {
  loadRequiredRoles,
  TWO_FACTOR_ERRORS,
  twoFactorSetupRequired,
} from '../services/identity/two-factor';

declare module 'fastify' {
  interface FastifyRequest {
    /** Claims of a valid bearer token, if one was sent. */
    auth: AccessClaims | null;
    /** Why a sent bearer token was refused (expired, invalid). */
    authError: string | null;
    /** The signed-in admin, loaded for admin operations (current role and status, not the token's). */
    admin: AdminUserRow | null;
    /** The API token the request was sent with (#31), if it was one; auth then names its creator. */
    apiToken: ApiTokenAuth | null;
  }
}

/** The signed-in admin of an admin operation (accessCheck has loaded it, current and active). */
export function requireAdmin(request: FastifyRequest): AdminUserRow {
  if (!request.admin) throw unauthorized();
  return request.admin;
}

/** The customer id of a customer operation's token (accessCheck has refused every other caller). */
export function requireCustomer(request: FastifyRequest): number {
  if (request.auth?.userType !== 'customer') throw unauthorized();
  return request.auth.userId;
}

/** Checks an API token sent from a client address (services/identity/api-tokens.ts). */
export type ApiTokenCheck = (bearer: string, ip: string) => Promise<ApiTokenAuth>;

/**
 * Reads the bearer token of every request, an access token or an API token (`shp_…`); the
 * operation's access rule decides what a bad one means. Too many wrong API tokens from one address
 * answer 429 here.
 */
export function decodeBearer(tokens: AccessTokens, now: () => Date, checkApiToken: ApiTokenCheck) {
  return async (request: FastifyRequest) => {
    request.auth = null;
    request.authError = null;
    request.admin = null;
    request.apiToken = null;
    const header = request.headers.authorization;
    if (!header) return;
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) {
      request.authError = 'Invalid authorization header';
      return;
    }
    try {
      if (isApiToken(match[1])) {
        const token = await checkApiToken(match[1], request.ip);
        request.apiToken = token;
        // Its creator answers for it: their account's status and role bound it at each request.
        request.auth = { userType: 'admin', userId: token.adminId, sessionId: '' };
      } else {
        request.auth = await tokens.verify(match[1], now());
      }
    } catch (e) {
      if (e instanceof HttpProblem && e.statusCode === 429) throw e;
      request.authError = (e as Error).message;
    }
  };
}

/**
 * An admin row, and whether the shop requires a second factor of their role that they have not
 * set up yet (every operation but those of x-during-two-factor-setup then answers 403).
 */
interface AdminAccess {
  row: AdminUserRow;
  setupRequired: boolean;
}

/** Admin rows by id, as of an admins data version, and the settings' required roles. */
export type AdminLookup = (id: number) => Promise<AdminAccess | undefined>;

/** Admins whose rows are kept (a shop has a few; a bound against a flood of forged ids). */
const KEPT_ADMINS = 1_000;

/**
 * The admin accounts as the database holds them now. A row read under the current admins data
 * version (migration 014) is still the database's; the version costs nothing extra to read (the
 * list cache reads it with the others, in one query shared by concurrent requests), where the
 * row cost a round trip to PostgreSQL per request, half of a cached list answer's time.
 */
export function adminLookup(db: Kysely<Database>, versions: DataVersions): AdminLookup {
  const kept = new LRUCache<number, { version: string; row: AdminUserRow | null }>({
    max: KEPT_ADMINS,
  });
  // The roles that must have a second factor, kept the same way under the settings version
  // (migration 020), read in the same query as the admins version.
  let requiredRoles: { version: string; roles: Promise<readonly AdminRole[]> } | undefined;
  const rolesAt = (version: string) => {
    if (requiredRoles?.version !== version) {
      const roles = loadRequiredRoles(db);
      requiredRoles = { version, roles };
      // A failed read is not kept.
      roles.catch(() => {
        if (requiredRoles?.roles === roles) requiredRoles = undefined;
      });
    }
    return requiredRoles.roles;
  };
  const rowOf = async (id: number, version: string) => {
    const held = kept.get(id);
    if (held?.version === version) return held.row ?? undefined;
    const row = await db
      .selectFrom('admin_users')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    kept.set(id, { version, row: row ?? null });
    return row;
  };
  return async (id) => {
    // Read before the row: a write in between files a newer row under an older version,
    // which the next request reads again; never an older row under a newer version.
    const { admins, settings } = await versions.current();
    const [row, roles] = await Promise.all([rowOf(id, admins), rolesAt(settings)]);
    return row && { row, setupRequired: twoFactorSetupRequired(row, roles) };
  };
}

/**
 * Enforces an operation's access rule before its input is validated, so an anonymous caller
 * learns nothing about an endpoint but "401".
 */
export function accessCheck(
  access: OperationAccess,
  findAdmin: AdminLookup,
  sessionOpen: SessionCheck,
): preValidationAsyncHookHandler {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    if (access.auth === 'public') return;
    if (request.authError) throw unauthorized(request.authError);
    if (!request.auth) {
      if (access.auth === 'optional') return;
      throw unauthorized();
    }
    // An ended session's access tokens stop working at once (logout, password change, …). An
    // API token belongs to no session: its own revocation and expiry were checked when read.
    if (!request.apiToken && !(await sessionOpen(request.auth))) throw unauthorized(SESSION_ENDED);
    // Optional-auth operations (cart, checkout) are the customer side of the shop.
    const userType = access.userType ?? (access.auth === 'optional' ? 'customer' : undefined);
    if (userType && request.auth.userType !== userType) throw forbidden(WRONG_USER_TYPE[userType]);
    if (request.auth.userType !== 'admin') return;

    const account = await findAdmin(request.auth.userId);
    // A deleted or deactivated admin's access token stops working at once.
    if (!account || account.row.is_active !== 1) throw unauthorized(ACCOUNT_GONE);
    const admin = account.row;
    const token = request.apiToken;
    if (token) {
      const refusal = apiTokenRefusal(token, access.permission);
      if (refusal) throw forbidden(refusal);
      // The audit log, a status change's history and a payment's record name the token.
      request.admin = { ...admin, username: `${admin.username} (API token "${token.name}")` };
    } else {
      request.admin = admin;
      // An admin the shop requires a second factor of sets one up before anything else (a
      // person's step: an API token is not signed in with one).
      if (account.setupRequired && !access.duringTwoFactorSetup) {
        throw forbidden(TWO_FACTOR_ERRORS.setupRequired);
      }
    }
    if (access.permission && !can(admin.role, access.permission)) {
      throw forbidden(roleRefusal(admin.role));
    }
  };
}
