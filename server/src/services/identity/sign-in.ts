// Admin sign-in and the token refresh of admins and customers: the use cases of routes/auth.ts.
// Sign-in checks the throttle (auth-throttle.ts), the password, the second factor
// (sign-in-step.ts), then records the login and starts the session in one transaction; the
// device cookie the throttle reads is HTTP and stays with the route (http/device-cookie.ts).
import { dummyPasswordHash, verifyPassword } from '../../auth/passwords';
import { normaliseLogin } from '../../auth/usernames';
import type { AppContext } from '../../context';
import { toBool } from '../../db/bool';
import { unauthorized } from '../../api/problem';
import type { Schemas } from '../../api/types';
import { findAdminByUsername, recordLogin } from './admin-users';
import {
  TOO_MANY_FAILED_LOGINS,
  type AuthThrottle,
  type ThrottleCheck,
  type ThrottlePolicy,
} from './auth-throttle';
import { rotateRefreshToken, startSession, tokenPair } from './refresh-tokens';
import type { SessionClient } from './sessions';
import { signInSecondStep } from './sign-in-step';

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

/** Where a request comes from: its address (for the throttle) and what its session stores. */
export type SignInClient = SessionClient & { ip: string };

/**
 * Signs an admin in: a token pair of a new session, or 401 (wrong username or password,
 * inactive account, second factor required or wrong) or 429 (too many failures).
 * `device` is the nonce of a valid device cookie for the username, or null.
 */
export async function adminSignIn(
  ctx: Pick<AppContext, 'db' | 'dialect' | 'config' | 'now' | 'tokens'>,
  throttle: AuthThrottle,
  body: Schemas['AdminLoginRequest'],
  client: SignInClient,
  device: string | null,
): Promise<Schemas['TokenPair']> {
  const { username, password } = body;
  // Counted as a failure before the password is checked (so parallel attempts cannot slip
  // past the limits while they are verified), given back on success.
  const counted = await throttle.consume(
    loginChecks(username, client.ip, device),
    TOO_MANY_FAILED_LOGINS,
  );
  const admin = await findAdminByUsername(ctx.db, username);
  // Verify even when the user is unknown, so the answer takes as long either way.
  const valid = await verifyPassword(admin?.password_hash ?? (await dummyPasswordHash()), password);
  if (!admin || !valid || !toBool(admin.is_active)) throw unauthorized(LOGIN_FAILED);
  // An admin with a second factor passes it too (401 two_factor_required otherwise).
  await signInSecondStep(ctx, admin, body, { throttle, counted });
  await throttle.release(counted);

  const now = ctx.now();
  const session = await ctx.db.transaction().execute(async (trx) => {
    await recordLogin(trx, admin.id, now);
    return startSession(trx, { userType: 'admin', userId: admin.id, now, client });
  });
  return tokenPair(ctx.tokens, 'admin', { userId: admin.id, ...session }, now);
}

/** A new token pair for a refresh token, while its admin or customer account is active. */
export async function refreshSignIn(
  ctx: Pick<AppContext, 'db' | 'config' | 'now' | 'tokens'>,
  refreshToken: string,
  userType: Schemas['UserType'],
  client: SessionClient,
): Promise<Schemas['TokenPair']> {
  const now = ctx.now();
  const { userId, sessionId, token } = await rotateRefreshToken(ctx.db, {
    token: refreshToken,
    userType,
    now,
    secret: ctx.config.jwtSecret,
    client,
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
}
