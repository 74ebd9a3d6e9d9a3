// Sessions (issue #24) over HTTP on every test dialect: the list of the signed-in admin's
// sessions, ending one, and access tokens refused as soon as their session ends (logout, "end
// this session", deactivation, a password reset by another admin), on every instance.
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildSibling, useTestApp } from '../../test-support/app';
import { adminMe, customerMe, logoutAdmin, logoutCustomer } from '../../test-support/auth';
import { newRefreshToken, refreshTokenRow } from '../../test-support/auth';
import { expectProblem, type Schemas } from '../../test-support/contract';
import { testDialects } from '../../test-support/databases';
import { insertCustomer } from '../../test-support/fixtures';

type TokenPair = Schemas['TokenPair'];

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1';
const SESSION_ENDED = 'Your session has ended; please sign in again';
const PASSWORD = 'correct-horse-battery';
const MINUTE = 60 * 1000;

describe.each(testDialects)('sessions (%s)', (dialect) => {
  const t = useTestApp(dialect, {}, { perTest: true });
  const siblings: FastifyInstance[] = [];
  afterEach(async () => {
    for (const app of siblings.splice(0)) await app.close();
  });

  const bearer = (pair: TokenPair) => ({ authorization: `Bearer ${pair.access_token}` });
  /** Signs in from this browser and address; the pair and its session id. */
  const signIn = async (username: string, userAgent?: string, remoteAddress = '192.0.2.1') => {
    const res = await t.request('adminLogin', {
      method: 'POST',
      url: '/api/v1/admin/auth/login',
      payload: { username, password: PASSWORD },
      headers: userAgent ? { 'user-agent': userAgent } : {},
      remoteAddress,
    });
    expect(res.statusCode).toBe(200);
    const pair = res.json<TokenPair>();
    return { ...pair, id: (await refreshTokenRow(t.database.db, pair.refresh_token)).family_id };
  };
  const refresh = (token: string, userAgent: string, remoteAddress: string) =>
    t.request('refreshAdminToken', {
      method: 'POST',
      url: `/api/v1/admin/auth/refresh?refresh_token=${token}`,
      headers: { 'user-agent': userAgent },
      remoteAddress,
    });
  const list = (pair: TokenPair) =>
    t.request('listMySessions', {
      method: 'GET',
      url: '/api/v1/admin/auth/me/sessions',
      headers: bearer(pair),
    });
  const end = (pair: TokenPair, id: string) =>
    t.request('endMySession', {
      method: 'DELETE',
      url: `/api/v1/admin/auth/me/sessions/${id}`,
      headers: bearer(pair),
    });
  const me = (pair: TokenPair, app = t.app) => adminMe(app, bearer(pair));

  it('lists the open sessions, most recently used first, the current one marked', async () => {
    t.freezeClock();
    const t0 = t.ctx.now();
    const at = (minutes: number) => new Date(t0.getTime() + minutes * MINUTE).toISOString();
    // The test app's own session of the new admin: no browser named.
    await t.createAdmin({ username: 'sam', role: 'support' });
    const [own] = await t.database.db.selectFrom('auth_sessions').select('id').execute();
    await t.createAdmin({ username: 'other' });
    t.advanceClock(MINUTE);
    const chrome = await signIn('sam', CHROME_WINDOWS, '192.0.2.10');
    t.advanceClock(MINUTE);
    const firefox = await signIn('sam', FIREFOX_LINUX, '2001:db8::20');
    t.advanceClock(MINUTE);
    // A refresh moves the session: last used, address and browser of the refresh.
    expect((await refresh(chrome.refresh_token, SAFARI_IPHONE, '203.0.113.30')).statusCode).toBe(
      200,
    );
    // Neither an ended session nor another admin's is listed.
    const ended = await signIn('sam', CHROME_WINDOWS);
    await logoutAdmin(t.app, ended.refresh_token);
    await signIn('other', CHROME_WINDOWS);

    const res = await list(firefox);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        id: chrome.id,
        current: false,
        device: 'Safari 17 on iOS',
        user_agent: SAFARI_IPHONE,
        ip_address: '203.0.113.30',
        created_at: at(1),
        last_used_at: at(3),
      },
      {
        id: firefox.id,
        current: true,
        device: 'Firefox 133 on Linux',
        user_agent: FIREFOX_LINUX,
        ip_address: '2001:db8::20',
        created_at: at(2),
        last_used_at: at(2),
      },
      {
        id: own!.id,
        current: false,
        device: 'Unknown device',
        user_agent: null,
        ip_address: '127.0.0.1',
        created_at: at(0),
        last_used_at: at(0),
      },
    ]);
    // Every role may list its own sessions (sam is support); the id names the current one.
    expect((await list(chrome)).json<{ current: boolean }[]>().map((s) => s.current)).toEqual([
      true,
      false,
      false,
    ]);
  });

  it('leaves out sessions whose last refresh token has expired', async () => {
    t.freezeClock();
    await t.createAdmin({ username: 'sam' });
    const old = await signIn('sam', CHROME_WINDOWS);
    t.advanceClock(6 * 24 * 60 * MINUTE);
    const recent = await signIn('sam', FIREFOX_LINUX);
    t.advanceClock(24 * 60 * MINUTE);
    const fresh = (
      await refresh(recent.refresh_token, FIREFOX_LINUX, '192.0.2.1')
    ).json<TokenPair>();
    const ids = (await list(fresh)).json<{ id: string }[]>().map((s) => s.id);
    expect(ids).toEqual([recent.id]);
    expectProblem(await end(fresh, old.id), 404, 'Session not found');
  });

  it('ends another session at once: its refresh and access tokens are refused', async () => {
    await t.createAdmin({ username: 'sam' });
    const here = await signIn('sam', CHROME_WINDOWS);
    const there = await signIn('sam', FIREFOX_LINUX);
    expect((await me(there)).statusCode).toBe(200);

    const res = await end(here, there.id);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expectProblem(await me(there), 401, SESSION_ENDED);
    expect((await refresh(there.refresh_token, FIREFOX_LINUX, '192.0.2.1')).statusCode).toBe(401);
    expect((await list(here)).json<{ id: string }[]>().map((s) => s.id)).not.toContain(there.id);
    expect((await me(here)).statusCode).toBe(200);

    // Ended, unknown, or another admin's: 404, and the other admin's session goes on.
    await t.createAdmin({ username: 'other' });
    const others = await signIn('other', CHROME_WINDOWS);
    expectProblem(await end(here, there.id), 404, 'Session not found');
    expectProblem(await end(here, 'no-such-session'), 404, 'Session not found');
    expectProblem(await end(here, others.id), 404, 'Session not found');
    expect((await me(others)).statusCode).toBe(200);

    // Ending the current session signs this browser out.
    expect((await end(here, here.id)).statusCode).toBe(204);
    expectProblem(await me(here), 401, SESSION_ENDED);
    expect((await refresh(here.refresh_token, CHROME_WINDOWS, '192.0.2.1')).statusCode).toBe(401);
  });

  it('refuses the access token right after logout, on every instance', async () => {
    await t.createAdmin({ username: 'sam' });
    const pair = await signIn('sam', CHROME_WINDOWS);
    const other = await signIn('sam', FIREFOX_LINUX);
    const sibling = await buildSibling(t);
    siblings.push(sibling);
    // Both instances have seen the session open (and keep what they read)…
    expect((await me(pair)).statusCode).toBe(200);
    expect((await me(pair, sibling)).statusCode).toBe(200);

    expect((await logoutAdmin(t.app, pair.refresh_token)).statusCode).toBe(204);
    // …and both refuse it at the next request.
    expectProblem(await me(pair), 401, SESSION_ENDED);
    expectProblem(await me(pair, sibling), 401, SESSION_ENDED);
    const orders = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/orders/',
      headers: bearer(pair),
    });
    expectProblem(orders, 401, SESSION_ENDED);
    // Another session of the same admin goes on.
    expect((await me(other, sibling)).statusCode).toBe(200);
  });

  it("refuses a customer's access token right after logout", async () => {
    const customer = await insertCustomer(t.database.db);
    const refreshToken = await newRefreshToken(t.database.db, 'customer', customer.id, t.ctx.now());
    const pair = (
      await t.request('refreshCustomerToken', {
        method: 'POST',
        url: `/api/v1/auth/refresh?refresh_token=${refreshToken}`,
      })
    ).json<TokenPair>();
    expect((await customerMe(t.app, bearer(pair))).statusCode).toBe(200);
    await logoutCustomer(t.app, pair.refresh_token);
    expectProblem(await customerMe(t.app, bearer(pair)), 401, SESSION_ENDED);
  });

  it('refuses the access tokens right after deactivation and after a password reset', async () => {
    const boss = await t.createAdmin({ username: 'boss', role: 'super_admin' });
    const boss_ = { authorization: `Bearer ${boss.token}` };
    const update = (id: number, payload: object) =>
      t.request('updateUser', {
        method: 'PATCH',
        url: `/api/v1/admin/users/${id}`,
        headers: boss_,
        payload,
      });
    const reset = await t.createAdmin({ username: 'reset', role: 'manager' });
    const resetPairs = [
      await signIn('reset', CHROME_WINDOWS),
      await signIn('reset', FIREFOX_LINUX),
    ];
    const off = await t.createAdmin({ username: 'off', role: 'manager' });
    const offPair = await signIn('off', CHROME_WINDOWS);
    for (const pair of [...resetPairs, offPair]) expect((await me(pair)).statusCode).toBe(200);

    expect((await update(reset.id, { password: 'Quartz-Lantern-Harbour-91' })).statusCode).toBe(
      200,
    );
    for (const pair of resetPairs) expectProblem(await me(pair), 401, SESSION_ENDED);
    expect(
      await t.database.db
        .selectFrom('auth_sessions')
        .select('revoked_at')
        .where('user_id', '=', reset.id)
        .execute(),
    ).not.toContainEqual({ revoked_at: null });

    expect((await update(off.id, { is_active: false })).statusCode).toBe(200);
    expectProblem(await me(offPair), 401, SESSION_ENDED);
    // Reactivating does not bring the ended session back.
    expect((await update(off.id, { is_active: true })).statusCode).toBe(200);
    expectProblem(await me(offPair), 401, SESSION_ENDED);
    // The super admin's own session is untouched.
    expect((await adminMe(t.app, boss_)).statusCode).toBe(200);
  });
});
