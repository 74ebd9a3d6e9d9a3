// Admin sign-in, the signed-in admin and admin token refresh; customer magic-link sign-in, the
// signed-in customer and customer token refresh.
import { dummyPasswordHash, verifyPassword } from '../auth/passwords';
import type { AppContext } from '../context';
import { toBool } from '../db/bool';
import { unauthorized } from '../api/problem';
import type { Schemas } from '../api/types';
import type { FastifyRequest } from 'fastify';
import type { Handlers } from '../http/types';
import { deviceCookies, normaliseLogin } from '../http/device-cookie';
import { findAdminByUsername, recordLogin } from '../services/admin-users';
import { presentCustomer, requireActiveCustomer } from '../services/customers';
import {
  AuthThrottle,
  TOO_MANY_FAILED_LOGINS,
  type ThrottleCheck,
  type ThrottlePolicy,
} from '../services/auth-throttle';
import { MagicLinks } from '../services/magic-links';
import { signInSecondStep } from '../services/sign-in-step';
import { adminMe } from '../services/two-factor';
import {
  endSessionOfRefreshToken,
  rotateRefreshToken,
  startSession,
  tokenPair,
} from '../services/refresh-tokens';
import type { SessionClient } from '../services/sessions';
import { requireAdmin, requireCustomer } from '../http/access';

const LOGIN_FAILED = 'Incorrect username or password';

/**
 * Admin sign-in limits, in the database (shared by instances, kept across restarts). Per
 * username, whatever the client IP: 5 failures pass, then each failure makes the username wait
 * before its next attempt, 2 s doubling up to 1 minute (forgotten 15 minutes after the last
 * failure, or on a success): a stranger slows the real user down, never locks them out. Per
 * client IP, whatever the username: 20 failures per 15 minutes (against password spraying).
 * A browser with a valid device cookie for the username (http/device-cookie.ts) is counted on
 * its own instead, with the per-username delays: neither strangers at the same address nor
 * strangers trying the username slow it down.
 */
export const LOGIN_LIMITS = {
  perUsername: {
    kind: 'delay',
    freeFailures: 5,
    baseDelayMs: 2000,
    maxDelayMs: 60 * 1000,
    resetMs: 15 * 60 * 1000,
  },
  perIp: { kind: 'window', max: 20, windowMs: 15 * 60 * 1000 },
  perDevice: {
    kind: 'delay',
    freeFailures: 5,
    baseDelayMs: 2000,
    maxDelayMs: 60 * 1000,
    resetMs: 15 * 60 * 1000,
  },
} as const satisfies Record<string, ThrottlePolicy>;

/** What an admin sign-in attempt is counted on: its device, or its username and client IP. */
function loginChecks(username: string, ip: string, device: string | null): ThrottleCheck[] {
  if (device !== null) {
    return [{ scope: 'login:device', value: device, policy: LOGIN_LIMITS.perDevice }];
  }
  return [
    { scope: 'login:username', value: normaliseLogin(username), policy: LOGIN_LIMITS.perUsername },
    { scope: 'login:ip', value: ip, policy: LOGIN_LIMITS.perIp },
  ];
}

/** Where a request comes from, as its session stores it. */
const clientOf = (request: FastifyRequest): SessionClient & { ip: string } => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
});

export function authHandlers(ctx: AppContext): Handlers {
  const throttle = new AuthThrottle(ctx.db, () => ctx.now());
  const magicLinks = new MagicLinks(ctx, throttle);
  const devices = deviceCookies(ctx.config.jwtSecret);

  /** A new token pair for a refresh token, while its admin or customer account is active. */
  const refresh = async (
    refreshToken: string,
    userType: Schemas['UserType'],
    request: FastifyRequest,
  ) => {
    const now = ctx.now();
    const { userId, sessionId, token } = await rotateRefreshToken(ctx.db, {
      token: refreshToken,
      userType,
      now,
      secret: ctx.config.jwtSecret,
      client: clientOf(request),
      userAllowed: async (trx, id) => {
        const user = await trx
          .selectFrom(userType === 'admin' ? 'admin_users' : 'customers')
          .select('is_active')
          .where('id', '=', id)
          .executeTakeFirst();
        return user !== undefined && toBool(user.is_active);
      },
    });
    return tokenPair(ctx.tokens, userType, { userId, sessionId, refreshToken: token }, now);
  };

  return {
    adminLogin: async (request, reply) => {
      const { username, password } = request.body;
      // Counted as a failure before the password is checked (so parallel attempts cannot slip
      // past the limits while they are verified), given back on success.
      const device = devices.read(request, username);
      const counted = await throttle.consume(
        loginChecks(username, request.ip, device),
        TOO_MANY_FAILED_LOGINS,
      );
      const admin = await findAdminByUsername(ctx.db, username);
      // Verify even when the user is unknown, so the answer takes as long either way.
      const valid = await verifyPassword(
        admin?.password_hash ?? (await dummyPasswordHash()),
        password,
      );
      if (!admin || !valid || !toBool(admin.is_active)) throw unauthorized(LOGIN_FAILED);
      // An admin with a second factor passes it too (401 two_factor_required otherwise).
      await signInSecondStep(ctx, admin, request.body, { throttle, counted });
      await throttle.release(counted);

      const now = ctx.now();
      const session = await ctx.db.transaction().execute(async (trx) => {
        await recordLogin(trx, admin.id, now);
        return startSession(trx, {
          userType: 'admin',
          userId: admin.id,
          now,
          client: clientOf(request),
        });
      });
      devices.issue(request, reply, username);
      return tokenPair(ctx.tokens, 'admin', { userId: admin.id, ...session }, now);
    },

    getAdminMe: (request) => adminMe(ctx.db, requireAdmin(request), request.auth!.sessionId),

    refreshAdminToken: (request) => refresh(request.query.refresh_token, 'admin', request),

    // Ends the session: its refresh family and, on every instance, its access tokens.
    logoutAdmin: async (request, reply) => {
      await endSessionOfRefreshToken(ctx.db, request.query.refresh_token, 'admin', ctx.now());
      return reply.code(204).send();
    },

    logoutCustomer: async (request, reply) => {
      await endSessionOfRefreshToken(ctx.db, request.query.refresh_token, 'customer', ctx.now());
      return reply.code(204).send();
    },

    sendMagicLink: async (request, reply) => {
      const answer = await magicLinks.send(request.body.email, request.ip);
      reply.code(202);
      return answer;
    },

    verifyMagicLink: async (request) =>
      magicLinks.verify(request.body.token, request.body.email, clientOf(request)),

    getCustomerMe: async (request) =>
      presentCustomer(await requireActiveCustomer(ctx.db, requireCustomer(request))),

    refreshCustomerToken: (request) => refresh(request.query.refresh_token, 'customer', request),
  };
}
