// Admin sign-in, the signed-in admin and admin token refresh; customer magic-link sign-in, the
// signed-in customer and customer token refresh.
import { dummyPasswordHash, verifyPassword } from '../auth/passwords';
import type { AppContext } from '../context';
import { toBool } from '../db/bool';
import { unauthorized } from '../api/problem';
import type { Schemas } from '../api/types';
import type { Handlers } from '../http/types';
import { findAdminByUsername, presentAdminUser, recordLogin } from '../services/admin-users';
import { presentCustomer, requireActiveCustomer } from '../services/customers';
import {
  AuthThrottle,
  TOO_MANY_FAILED_LOGINS,
  type ThrottlePolicy,
} from '../services/auth-throttle';
import { MagicLinks } from '../services/magic-links';
import {
  issueRefreshToken,
  revokeRefreshTokenFamilyOf,
  rotateRefreshToken,
  tokenPair,
} from '../services/refresh-tokens';
import { requireAdmin, requireCustomer } from '../http/access';

const LOGIN_FAILED = 'Incorrect username or password';

/**
 * Admin sign-in limits, in the database (shared by instances, kept across restarts). Per
 * username, whatever the client IP: 5 failures pass, then each failure makes the username wait
 * before its next attempt, 2 s doubling up to 1 minute (forgotten 15 minutes after the last
 * failure, or on a success): a stranger slows the real user down, never locks them out. Per
 * client IP, whatever the username: 20 failures per 15 minutes (against password spraying).
 */
const LOGIN_LIMITS = {
  perUsername: {
    kind: 'delay',
    freeFailures: 5,
    baseDelayMs: 2000,
    maxDelayMs: 60 * 1000,
    resetMs: 15 * 60 * 1000,
  },
  perIp: { kind: 'window', max: 20, windowMs: 15 * 60 * 1000 },
} as const satisfies Record<string, ThrottlePolicy>;

export function authHandlers(ctx: AppContext): Handlers {
  const throttle = new AuthThrottle(ctx.db, () => ctx.now());
  const magicLinks = new MagicLinks(ctx, throttle);

  /** A new token pair for a refresh token, while its admin or customer account is active. */
  const refresh = async (refreshToken: string, userType: Schemas['UserType']) => {
    const now = ctx.now();
    const { userId, token } = await rotateRefreshToken(ctx.db, {
      token: refreshToken,
      userType,
      now,
      userAllowed: async (trx, id) => {
        const user = await trx
          .selectFrom(userType === 'admin' ? 'admin_users' : 'customers')
          .select('is_active')
          .where('id', '=', id)
          .executeTakeFirst();
        return user !== undefined && toBool(user.is_active);
      },
    });
    return tokenPair(ctx.tokens, userType, userId, token, now);
  };

  return {
    adminLogin: async (request) => {
      const { username, password } = request.body;
      // Counted as a failure before the password is checked (so parallel attempts cannot slip
      // past the limits while they are verified), given back on success.
      const counted = await throttle.consume(
        [
          {
            scope: 'login:username',
            value: username.trim().toLowerCase(),
            policy: LOGIN_LIMITS.perUsername,
          },
          { scope: 'login:ip', value: request.ip, policy: LOGIN_LIMITS.perIp },
        ],
        TOO_MANY_FAILED_LOGINS,
      );
      const admin = await findAdminByUsername(ctx.db, username);
      // Verify even when the user is unknown, so the answer takes as long either way.
      const valid = await verifyPassword(
        admin?.password_hash ?? (await dummyPasswordHash()),
        password,
      );
      if (!admin || !valid || !toBool(admin.is_active)) throw unauthorized(LOGIN_FAILED);
      await throttle.release(counted);

      const now = ctx.now();
      const refreshToken = await ctx.db.transaction().execute(async (trx) => {
        await recordLogin(trx, admin.id, now);
        return issueRefreshToken(trx, { userType: 'admin', userId: admin.id, now });
      });
      return tokenPair(ctx.tokens, 'admin', admin.id, refreshToken, now);
    },

    getAdminMe: (request) => {
      return Promise.resolve(presentAdminUser(requireAdmin(request)));
    },

    refreshAdminToken: (request) => refresh(request.query.refresh_token, 'admin'),

    logoutAdmin: async (request, reply) => {
      await revokeRefreshTokenFamilyOf(ctx.db, request.query.refresh_token, 'admin', ctx.now());
      return reply.code(204).send();
    },

    logoutCustomer: async (request, reply) => {
      await revokeRefreshTokenFamilyOf(ctx.db, request.query.refresh_token, 'customer', ctx.now());
      return reply.code(204).send();
    },

    sendMagicLink: async (request, reply) => {
      const answer = await magicLinks.send(request.body.email, request.ip);
      reply.code(202);
      return answer;
    },

    verifyMagicLink: async (request) =>
      magicLinks.verify(request.body.token, request.body.email, request.ip),

    getCustomerMe: async (request) =>
      presentCustomer(await requireActiveCustomer(ctx.db, requireCustomer(request))),

    refreshCustomerToken: (request) => refresh(request.query.refresh_token, 'customer'),
  };
}
