import type { Transaction } from 'kysely';
import { describe, expect, it } from 'vitest';
import { testDialects, useTestDatabase } from '../../../test-support/databases';
import { HttpProblem } from '../../api/problem';
import type { Database } from '../../db/schema';
import {
  hashRefreshToken,
  REFRESH_ERRORS,
  REUSE_INTERVAL_MS,
  rotateRefreshToken,
  startSession,
} from './refresh-tokens';
import { endSession, endUserSessions, type SessionClient } from './sessions';

const NOW = new Date('2026-01-15T09:00:00.000Z');
const SECRET = 'refresh-test-secret-refresh-test-secret-01';
const allowed = () => Promise.resolve(true);
const HOME: SessionClient = { ip: '192.0.2.1', userAgent: 'Mozilla/5.0 (home)' };
const at = (ms: number) => new Date(NOW.getTime() + ms);

describe.each(testDialects)('refresh tokens (%s)', (dialect) => {
  const database = useTestDatabase(dialect, { perTest: true });

  const rowsOfFamily = async (token: string) => {
    const row = await database.db
      .selectFrom('refresh_tokens')
      .select('family_id')
      .where('token_hash', '=', hashRefreshToken(token))
      .executeTakeFirstOrThrow();
    return database.db
      .selectFrom('refresh_tokens')
      .selectAll()
      .where('family_id', '=', row.family_id)
      .orderBy('id')
      .execute();
  };
  const session = (id: string) =>
    database.db
      .selectFrom('auth_sessions')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const rejection = async (promise: Promise<unknown>) => {
    const e = await promise.then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(e).toBeInstanceOf(HttpProblem);
    return e as HttpProblem;
  };
  const signIn = (userType: 'admin' | 'customer', userId: number, client = HOME) =>
    startSession(database.db, { userType, userId, now: NOW, client });
  const rotate = (
    token: string,
    now: Date,
    options: {
      userType?: 'admin' | 'customer';
      client?: SessionClient;
      userAllowed?: (trx: Transaction<Database>, id: number) => Promise<boolean>;
    } = {},
  ) =>
    rotateRefreshToken(database.db, {
      token,
      userType: options.userType ?? 'admin',
      now,
      secret: SECRET,
      client: options.client ?? HOME,
      userAllowed: options.userAllowed ?? allowed,
    });

  it('starts a session and a family per sign-in, storing only the hash of the token', async () => {
    const a = await signIn('admin', 1);
    const b = await signIn('admin', 1, { ip: '198.51.100.7', userAgent: 'x'.repeat(600) });
    const rows = await database.db.selectFrom('refresh_tokens').selectAll().orderBy('id').execute();
    expect(rows.map((r) => r.token_hash)).toEqual([
      hashRefreshToken(a.refreshToken),
      hashRefreshToken(b.refreshToken),
    ]);
    expect(rows.map((r) => r.family_id)).toEqual([a.sessionId, b.sessionId]);
    expect(a.sessionId).not.toBe(b.sessionId);
    expect(rows[0]!.expires_at).toBe('2026-01-22T09:00:00.000Z');
    expect(await session(a.sessionId)).toEqual({
      id: a.sessionId,
      user_type: 'admin',
      user_id: 1,
      created_at: NOW.toISOString(),
      last_used_at: NOW.toISOString(),
      expires_at: '2026-01-22T09:00:00.000Z',
      ip_address: '192.0.2.1',
      user_agent: 'Mozilla/5.0 (home)',
      revoked_at: null,
    });
    expect(await session(b.sessionId)).toMatchObject({
      ip_address: '198.51.100.7',
      user_agent: 'x'.repeat(512),
    });
  });

  it('moves the session with each refresh: last use, expiry, address and browser', async () => {
    const { sessionId, refreshToken } = await signIn('customer', 4);
    const later = at(60 * 60 * 1000);
    const next = await rotate(refreshToken, later, {
      userType: 'customer',
      client: { ip: '203.0.113.9', userAgent: undefined },
    });
    expect(next).toMatchObject({ userId: 4, sessionId });
    expect(await session(sessionId)).toMatchObject({
      created_at: NOW.toISOString(),
      last_used_at: later.toISOString(),
      expires_at: '2026-01-22T10:00:00.000Z',
      ip_address: '203.0.113.9',
      user_agent: null,
      revoked_at: null,
    });
  });

  it('answers the same successor to a token used again within the reuse interval', async () => {
    const { sessionId, refreshToken } = await signIn('admin', 2);
    const first = await rotate(refreshToken, NOW);
    const again = await rotate(refreshToken, at(REUSE_INTERVAL_MS - 1));
    expect(again).toEqual(first);
    expect(first.token).not.toBe(refreshToken);
    const family = await rowsOfFamily(refreshToken);
    expect(family).toHaveLength(2);
    expect(family.map((r) => r.revoked_at)).toEqual([null, null]);
    // The successor goes on as usual.
    const third = await rotate(first.token, at(REUSE_INTERVAL_MS));
    expect(third.sessionId).toBe(sessionId);
    expect(await rowsOfFamily(refreshToken)).toHaveLength(3);
  });

  it('gives two concurrent refreshes with one token the same successor, rotating once', async () => {
    const { refreshToken } = await signIn('customer', 7);
    const [a, b] = await Promise.all([
      rotate(refreshToken, NOW, { userType: 'customer' }),
      rotate(refreshToken, NOW, { userType: 'customer' }),
    ]);
    expect(a).toEqual(b);
    const family = await rowsOfFamily(refreshToken);
    expect(family).toHaveLength(2);
    for (const row of family) expect(row.revoked_at).toBeNull();
  });

  it('ends the session when a token is used again after the reuse interval', async () => {
    const { sessionId, refreshToken } = await signIn('admin', 2);
    const first = await rotate(refreshToken, NOW);
    const when = at(REUSE_INTERVAL_MS);
    const problem = await rejection(rotate(refreshToken, when));
    expect(problem.statusCode).toBe(401);
    expect(problem.detail).toBe(REFRESH_ERRORS.reused);
    const family = await rowsOfFamily(refreshToken);
    expect(family.map((r) => r.revoked_at)).toEqual([when.toISOString(), when.toISOString()]);
    expect((await session(sessionId)).revoked_at).toBe(when.toISOString());
    expect((await rejection(rotate(first.token, when))).detail).toBe(REFRESH_ERRORS.reused);
  });

  it('refuses a used token within the interval once its session has ended', async () => {
    const { sessionId, refreshToken } = await signIn('admin', 2);
    await rotate(refreshToken, NOW);
    await endSession(database.db, sessionId, at(1000));
    expect((await rejection(rotate(refreshToken, at(2000)))).detail).toBe(REFRESH_ERRORS.reused);
  });

  it('ends the session when the user may no longer sign in', async () => {
    const { sessionId, refreshToken } = await signIn('admin', 3);
    const problem = await rejection(
      rotate(refreshToken, NOW, { userAllowed: (_trx, id) => Promise.resolve(id !== 3) }),
    );
    expect(problem.statusCode).toBe(401);
    expect(problem.detail).toBe(REFRESH_ERRORS.inactive);
    const [row] = await rowsOfFamily(refreshToken);
    expect(row!.revoked_at).toBe(NOW.toISOString());
    expect((await session(sessionId)).revoked_at).toBe(NOW.toISOString());
  });

  it("ends every session of one user but the one kept, and nobody else's", async () => {
    const kept = await signIn('admin', 5);
    const ended = await signIn('admin', 5);
    const customerSameId = await signIn('customer', 5);
    await endUserSessions(database.db, 'admin', 5, NOW, kept.sessionId);
    expect((await rowsOfFamily(ended.refreshToken))[0]!.revoked_at).toBe(NOW.toISOString());
    expect((await session(ended.sessionId)).revoked_at).toBe(NOW.toISOString());
    expect((await rowsOfFamily(kept.refreshToken))[0]!.revoked_at).toBeNull();
    expect((await session(kept.sessionId)).revoked_at).toBeNull();
    expect((await session(customerSameId.sessionId)).revoked_at).toBeNull();
    expect((await rejection(rotate(ended.refreshToken, NOW))).detail).toBe(REFRESH_ERRORS.reused);

    await endUserSessions(database.db, 'admin', 5, at(1000));
    expect((await session(kept.sessionId)).revoked_at).toBe(at(1000).toISOString());
    expect((await session(customerSameId.sessionId)).revoked_at).toBeNull();
  });
});
