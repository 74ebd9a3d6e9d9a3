// The sign-in calls of the auth, throttling, user and customer tests, each answer checked
// against the contract. They take the app, so a test can also call a second server instance.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../src/db/schema';
import type { Schemas } from '../src/api/types';
import { hashRefreshToken, startSession } from '../src/services/identity/refresh-tokens';
import { anyString } from './contract';
import { injectChecked } from './openapi-validator';

/** A POST from a client address (light-my-request's own default unless told). */
const post = (
  app: FastifyInstance,
  operationId: string,
  url: string,
  payload?: object,
  remoteAddress = '127.0.0.1',
) => injectChecked(app, operationId, { method: 'POST', url, payload, remoteAddress });

const withRefreshToken = (url: string, refreshToken: string) =>
  `${url}?refresh_token=${encodeURIComponent(refreshToken)}`;
const refreshUrl = (base: string, refreshToken: string) =>
  withRefreshToken(`${base}/refresh`, refreshToken);

export const adminLogin = (
  app: FastifyInstance,
  username: string,
  password: string,
  remoteAddress?: string,
) => post(app, 'adminLogin', '/api/v1/admin/auth/login', { username, password }, remoteAddress);

export const refreshAdminToken = (app: FastifyInstance, refreshToken: string) =>
  post(app, 'refreshAdminToken', refreshUrl('/api/v1/admin/auth', refreshToken));

export const adminMe = (app: FastifyInstance, headers: Record<string, string>) =>
  injectChecked(app, 'getAdminMe', { method: 'GET', url: '/api/v1/admin/auth/me', headers });

/** The `two_factor` of /me for an admin with no second factor, of a role that needs none. */
export const NO_SECOND_FACTOR = {
  totp: false,
  passkeys: 0,
  recovery_codes_left: 0,
  required: false,
  setup_required: false,
};

export const sendMagicLink = (app: FastifyInstance, email: string, remoteAddress?: string) =>
  post(app, 'sendMagicLink', '/api/v1/auth/send-magic-link', { email }, remoteAddress);

export const verifyMagicLink = (
  app: FastifyInstance,
  token: string,
  email: string,
  remoteAddress?: string,
) =>
  post(app, 'verifyMagicLink', '/api/v1/auth/verify-magic-link', { token, email }, remoteAddress);

export const customerMe = (app: FastifyInstance, headers: Record<string, string>) =>
  injectChecked(app, 'getCustomerMe', { method: 'GET', url: '/api/v1/auth/me', headers });

export const refreshCustomerToken = (app: FastifyInstance, refreshToken: string) =>
  post(app, 'refreshCustomerToken', refreshUrl('/api/v1/auth', refreshToken));

export const logoutAdmin = (app: FastifyInstance, refreshToken: string) =>
  post(app, 'logoutAdmin', withRefreshToken('/api/v1/admin/auth/logout', refreshToken));

export const logoutCustomer = (app: FastifyInstance, refreshToken: string) =>
  post(app, 'logoutCustomer', withRefreshToken('/api/v1/auth/logout', refreshToken));

/**
 * A sign-in's or a refresh's answer: 200 and a new bearer pair for this audience, its access
 * token good for 15 minutes (what every client reads from these operations).
 */
export function expectTokenPair(
  res: LightMyRequestResponse,
  userType: Schemas['UserType'],
): Schemas['TokenPair'] {
  expect(res.statusCode, res.body).toBe(200);
  const pair = res.json<Schemas['TokenPair']>();
  expect(pair).toEqual({
    access_token: anyString,
    refresh_token: anyString,
    token_type: 'bearer',
    expires_in: 900,
    user_type: userType,
  });
  return pair;
}

/** The refresh token of a new session of this user, as a sign-in from 127.0.0.1 would start. */
export const newRefreshToken = async (
  db: Kysely<Database>,
  userType: Schemas['UserType'],
  userId: number,
  now: Date,
) =>
  (await startSession(db, { userType, userId, now, client: { ip: '127.0.0.1', userAgent: null } }))
    .refreshToken;

/** The answer to a refresh token used twice (taken as theft: the family is revoked). */
export const REFRESH_REUSED = 'Refresh token was already used or revoked; please sign in again';

/** The stored row of a refresh token. */
export const refreshTokenRow = (db: Kysely<Database>, token: string) =>
  db
    .selectFrom('refresh_tokens')
    .selectAll()
    .where('token_hash', '=', hashRefreshToken(token))
    .executeTakeFirstOrThrow();

/** An admin's row as stored. */
export const storedAdmin = (db: Kysely<Database>, id: number) =>
  db.selectFrom('admin_users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** Every token of the refresh family (one sign-in and its rotations) that this token belongs to. */
async function refreshFamilyOf(db: Kysely<Database>, token: string) {
  const { family_id } = await refreshTokenRow(db, token);
  return db.selectFrom('refresh_tokens').selectAll().where('family_id', '=', family_id).execute();
}

/** The token's family has this many tokens, all revoked. */
export async function expectFamilyRevoked(db: Kysely<Database>, token: string, size: number) {
  const family = await refreshFamilyOf(db, token);
  expect(family).toHaveLength(size);
  for (const row of family) expect(row.revoked_at).not.toBeNull();
}

/** What the shared logout scenarios need from one audience (admins or customers). */
interface SessionCalls {
  db: Kysely<Database>;
  advanceClock: (ms: number) => void;
  signIn: () => Promise<{ refresh_token: string }>;
  refresh: (refreshToken: string) => Promise<LightMyRequestResponse>;
  logout: (refreshToken: string) => Promise<LightMyRequestResponse>;
}

/**
 * Logging out a refreshed session after its access token expired revokes its whole family;
 * another sign-in of the same user is another session and stays.
 */
export async function expectLogoutRevokesFamily(calls: SessionCalls) {
  const first = await calls.signIn();
  const second = (await calls.refresh(first.refresh_token)).json<{ refresh_token: string }>();
  const other = await calls.signIn();
  calls.advanceClock(16 * 60 * 1000);

  const res = await calls.logout(second.refresh_token);
  expect(res.statusCode).toBe(204);
  expect(res.body).toBe('');
  await expectFamilyRevoked(calls.db, first.refresh_token, 2);
  expect((await calls.refresh(second.refresh_token)).statusCode).toBe(401);
  expect((await calls.refresh(other.refresh_token)).statusCode).toBe(200);
}
