// Admin sign-in, /admin/auth/me and refresh-token rotation, over HTTP on every test dialect.
import { describe, expect, it } from 'vitest';
import { anyString, expectProblem, expectStatus, issuesOf } from '../../test-support/contract';
import type { Schemas } from '../../test-support/contract';
import { useTestApp } from '../../test-support/app';
import {
  adminLogin,
  adminMe,
  expectFamilyRevoked,
  expectLogoutRevokesFamily,
  expectTokenPair,
  logoutAdmin,
  NO_SECOND_FACTOR,
  newRefreshToken,
  refreshAdminToken,
  refreshTokenRow,
  REFRESH_REUSED,
  storedAdmin,
} from '../../test-support/auth';
import { testDialects } from '../../test-support/databases';

type TokenPair = Schemas['TokenPair'];

const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;

describe.each(testDialects)('admin auth (%s)', (dialect) => {
  const t = useTestApp(dialect, {}, { perTest: true });

  const login = (username: string, password: string) => adminLogin(t.app, username, password);
  const refresh = (refreshToken: string) => refreshAdminToken(t.app, refreshToken);
  const me = (headers: Record<string, string>) => adminMe(t.app, headers);
  const tokenRow = (token: string) => refreshTokenRow(t.database.db, token);
  const lastLogin = async (id: number) => (await storedAdmin(t.database.db, id)).last_login;

  describe('adminLogin', () => {
    it('signs in case-insensitively, returns a token pair and records last_login', async () => {
      const admin = await t.createAdmin({
        username: 'Alice',
        role: 'manager',
        password: 'pw-alice-1',
      });
      const before = t.ctx.now().toISOString();
      const res = await login('  aLICE ', 'pw-alice-1');
      const after = t.ctx.now().toISOString();

      const pair = expectTokenPair(res, 'admin');
      const claims = await t.ctx.tokens.verify(pair.access_token, t.ctx.now());
      expect(claims).toEqual({ userType: 'admin', userId: admin.id, sessionId: anyString });
      expect(pair.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);

      const stored = await lastLogin(admin.id);
      expect(stored).not.toBeNull();
      expect(stored! >= before && stored! <= after).toBe(true);

      // Only the hash of the refresh token is stored, valid 7 days, of the admin.
      const row = await tokenRow(pair.refresh_token);
      expect(row).toMatchObject({
        user_type: 'admin',
        user_id: admin.id,
        used_at: null,
        revoked_at: null,
      });
      expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBe(7 * DAY);
      const all = await t.database.db.selectFrom('refresh_tokens').selectAll().execute();
      expect(JSON.stringify(all)).not.toContain(pair.refresh_token);

      // The access token opens the admin API.
      const meRes = await me({ authorization: `Bearer ${pair.access_token}` });
      expect(meRes.statusCode).toBe(200);
      expect(meRes.json()).toMatchObject({ id: admin.id, username: 'Alice', last_login: stored });
    });

    it('gives a wrong password, an unknown user and an inactive user the same 401', async () => {
      const active = await t.createAdmin({ username: 'bob', password: 'right-password' });
      const inactive = await t.createAdmin({
        username: 'carol',
        password: 'right-password',
        is_active: false,
      });
      const sessionsBefore = await t.database.db.selectFrom('auth_sessions').select('id').execute();
      for (const [username, password] of [
        ['bob', 'wrong-password'],
        ['nobody', 'right-password'],
        ['carol', 'right-password'],
      ] as const) {
        const res = await login(username, password);
        expectProblem(res, 401, 'Incorrect username or password');
        expect(res.headers['www-authenticate']).toBe('Bearer');
        expect(res.headers['set-cookie']).toBeUndefined();
      }
      expect(await lastLogin(active.id)).toBeNull();
      expect(await lastLogin(inactive.id)).toBeNull();
      // No session was started (the test app's admins come with one each).
      const sessions = await t.database.db.selectFrom('auth_sessions').select('id').execute();
      expect(sessions).toEqual(sessionsBefore);
    });

    it('answers 422 naming a missing field', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/admin/auth/login',
        payload: { username: 'bob' },
      });
      expect(expectStatus(res, 422, 'adminLogin')).toEqual({
        detail: [{ loc: ['body', 'password'], msg: 'Field required', type: 'missing' }],
      });
    });

    it('is throttled (see auth-throttle.test.ts): 429 with Retry-After and a detail', async () => {
      t.freezeClock(); // the 2 s are counted from the last failure, not from its hashing
      await t.createAdmin({ username: 'dave', password: 'dave-password' });
      for (let i = 0; i < 5; i++)
        expect((await login(i % 2 ? 'DAVE' : 'dave', 'nope')).statusCode).toBe(401);
      const blocked = await login('dave', 'dave-password');
      expectProblem(blocked, 429, 'Too many failed login attempts. Try again in 2 seconds.');
      expect(blocked.headers['retry-after']).toBe('2');
    });
  });

  describe('getAdminMe', () => {
    it('returns the signed-in admin without any password field', async () => {
      const admin = await t.createAdmin({ username: 'frank', role: 'support' });
      const res = await me({ authorization: `Bearer ${admin.token}` });
      expect(res.statusCode).toBe(200);
      const row = await storedAdmin(t.database.db, admin.id);
      const { sessionId } = await t.ctx.tokens.verify(admin.token, t.ctx.now());
      expect(res.json()).toEqual({
        id: admin.id,
        username: 'frank',
        email: 'frank@example.com',
        full_name: 'Test frank',
        role: 'support',
        is_active: true,
        two_factor_enabled: false,
        last_login: null,
        created_at: row.created_at,
        updated_at: row.updated_at,
        permissions: [
          'catalogue:read',
          'orders:read',
          'orders:write',
          'customers:write',
          'settings:read',
        ],
        two_factor: NO_SECOND_FACTOR,
        session_id: sessionId,
      });
    });

    it('refuses no token (401) and a customer token (403)', async () => {
      const anonymous = await me({});
      expectProblem(anonymous, 401, 'Not authenticated');
      const customer = await me(await t.customerAuth(1));
      expectProblem(customer, 403, 'Admin privileges are required');
    });
  });

  describe('refreshAdminToken', () => {
    const signIn = async () => {
      await t.createAdmin({ username: 'gina', password: 'gina-password' });
      return expectTokenPair(await login('gina', 'gina-password'), 'admin');
    };

    it('rotates: a new pair, the old token marked used, the new one in the same family', async () => {
      const first = await signIn();
      const second = expectTokenPair(await refresh(first.refresh_token), 'admin');
      expect(second.refresh_token).not.toBe(first.refresh_token);
      expect((await me({ authorization: `Bearer ${second.access_token}` })).statusCode).toBe(200);

      const oldRow = await tokenRow(first.refresh_token);
      const newRow = await tokenRow(second.refresh_token);
      expect(oldRow.used_at).not.toBeNull();
      expect(oldRow.revoked_at).toBeNull();
      expect(newRow).toMatchObject({
        family_id: oldRow.family_id,
        used_at: null,
        revoked_at: null,
      });

      // The newest token rotates again.
      expect((await refresh(second.refresh_token)).statusCode).toBe(200);
    });

    it('answers the same refresh token again within 10 s of its first use', async () => {
      t.freezeClock();
      const first = await signIn();
      const second = (await refresh(first.refresh_token)).json<TokenPair>();
      t.advanceClock(9_999);
      const again = await refresh(first.refresh_token);
      expect(again.statusCode).toBe(200);
      const pair = again.json<TokenPair>();
      expect(pair.refresh_token).toBe(second.refresh_token);
      // A fresh access token of the same session, which works.
      expect(pair.access_token).not.toBe(second.access_token);
      expect((await me({ authorization: `Bearer ${pair.access_token}` })).statusCode).toBe(200);
      const family = await t.database.db
        .selectFrom('refresh_tokens')
        .select('revoked_at')
        .where('family_id', '=', (await tokenRow(first.refresh_token)).family_id)
        .execute();
      expect(family).toEqual([{ revoked_at: null }, { revoked_at: null }]);
      // The successor rotates as usual.
      expect((await refresh(second.refresh_token)).statusCode).toBe(200);
    });

    it('treats reuse of a used token after 10 s as theft: 401 and the whole family revoked', async () => {
      t.freezeClock();
      const first = await signIn();
      const second = (await refresh(first.refresh_token)).json<TokenPair>();
      // Another sign-in is another family and must survive.
      const other = (await login('gina', 'gina-password')).json<TokenPair>();

      t.advanceClock(10_000);
      const reuse = await refresh(first.refresh_token);
      expectProblem(reuse, 401, REFRESH_REUSED);

      // The newest token of the family no longer works either.
      const newest = await refresh(second.refresh_token);
      expectProblem(newest, 401, REFRESH_REUSED);
      await expectFamilyRevoked(t.database.db, first.refresh_token, 2);
      // So do the session's access tokens.
      expectProblem(
        await me({ authorization: `Bearer ${second.access_token}` }),
        401,
        'Your session has ended; please sign in again',
      );

      expect((await refresh(other.refresh_token)).statusCode).toBe(200);
    });

    it('refuses an expired token', async () => {
      const pair = await signIn();
      t.advanceClock(7 * DAY + 1000);
      const res = await refresh(pair.refresh_token);
      expectProblem(res, 401, 'Refresh token expired');
      expect((await tokenRow(pair.refresh_token)).used_at).toBeNull();
    });

    it('refuses an unknown token and a customer refresh token', async () => {
      const unknown = await refresh('x'.repeat(43));
      expectProblem(unknown, 401, 'Invalid refresh token');

      const customerToken = await newRefreshToken(t.database.db, 'customer', 1, t.ctx.now());
      const customer = await refresh(customerToken);
      expectProblem(customer, 401, 'Invalid refresh token');
      expect(await tokenRow(customerToken)).toMatchObject({ used_at: null, revoked_at: null });
    });

    it('refuses a deactivated admin and revokes the family', async () => {
      const pair = await signIn();
      const setActive = (value: 0 | 1) =>
        t.database.db
          .updateTable('admin_users')
          .set({ is_active: value })
          .where('username', '=', 'gina')
          .execute();
      await setActive(0);
      const res = await refresh(pair.refresh_token);
      expectProblem(res, 401, 'Account is inactive or no longer exists');
      expect((await tokenRow(pair.refresh_token)).revoked_at).not.toBeNull();

      // Reactivation does not bring the revoked session back.
      await setActive(1);
      expect((await refresh(pair.refresh_token)).statusCode).toBe(401);
    });

    it('answers 422 for a token that is too short', async () => {
      const res = await refresh('short');
      expect(issuesOf(res, 'refreshAdminToken')[0]?.loc).toEqual(['query', 'refresh_token']);
    });
  });

  describe('logoutAdmin', () => {
    const logout = (refreshToken: string) => logoutAdmin(t.app, refreshToken);

    it('revokes the whole family of the token, even after its access token expired', async () => {
      await t.createAdmin({ username: 'hana', password: 'hana-password' });
      await expectLogoutRevokesFamily({
        db: t.database.db,
        advanceClock: (ms) => t.advanceClock(ms),
        signIn: async () => (await login('hana', 'hana-password')).json<TokenPair>(),
        refresh,
        logout,
      });
    });

    it('answers 204 for an unknown or a customer token and leaves the customer session alone', async () => {
      expect((await logout('y'.repeat(43))).statusCode).toBe(204);
      const customerToken = await newRefreshToken(t.database.db, 'customer', 1, t.ctx.now());
      expect((await logout(customerToken)).statusCode).toBe(204);
      expect(await tokenRow(customerToken)).toMatchObject({ used_at: null, revoked_at: null });
    });

    it('answers 422 without a refresh token', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/admin/auth/logout' });
      expect(issuesOf(res, 'logoutAdmin')[0]?.loc).toEqual(['query', 'refresh_token']);
    });
  });
});
