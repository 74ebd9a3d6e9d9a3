// Device cookies (issue #24, OWASP "device cookies") over HTTP on every test dialect: a browser
// that signed in as a user keeps signing in as that user while strangers exhaust its address's
// limit or slow the username down; its own failures are limited per device.
import type { LightMyRequestResponse } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/app';
import { useOpened } from '../../test-support/hooks';
import { expectProblem, matching } from '../../test-support/contract';
import { testDialects } from '../../test-support/databases';

const SHARED_IP = '203.0.113.7';
const COOKIE =
  /^admin_device=([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+); Path=\/api\/v1\/admin\/auth; Max-Age=31536000; HttpOnly; SameSite=Strict$/;
const TOO_MANY = matching(/^Too many failed login attempts\. Try again in /);

/** 429, whatever the wait. */
function expectRefused(res: LightMyRequestResponse) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({ detail: TOO_MANY });
}

describe.each(testDialects)('device cookies (%s)', (dialect) => {
  const t: TestApp = useOpened(
    () => createTestApp(dialect, { config: { trustProxy: true } }),
    (app) => app.close(),
    { perTest: true },
  );
  beforeEach(() => {
    // Waits are counted from earlier failures: hashing on a busy machine must not shorten them.
    t.freezeClock();
  });

  const login = (
    username: string,
    password: string,
    { ip = SHARED_IP, cookie, https }: { ip?: string; cookie?: string; https?: boolean } = {},
  ) =>
    t.request('adminLogin', {
      method: 'POST',
      url: '/api/v1/admin/auth/login',
      payload: { username, password },
      headers: {
        'x-forwarded-for': ip,
        ...(cookie ? { cookie } : {}),
        ...(https ? { 'x-forwarded-proto': 'https' } : {}),
      },
    });
  /** Signs in and answers the `name=value` of the device cookie set. */
  const deviceCookieOf = async (username: string, password: string, ip = SHARED_IP) => {
    const res = await login(username, password, { ip });
    expect(res.statusCode).toBe(200);
    const match = COOKIE.exec(String(res.headers['set-cookie']));
    expect(match).not.toBeNull();
    return `admin_device=${match![1]}`;
  };
  const strangersFail = async (times: number) => {
    for (let i = 0; i < times; i++) {
      expect((await login(`stranger${i}`, 'guess')).statusCode).toBe(401);
    }
  };

  it('lets a browser that signed in before sign in after 20 stranger failures from its address', async () => {
    await t.createAdmin({ username: 'Alice', password: 'alice-password' });
    const cookie = await deviceCookieOf('alice', 'alice-password');
    await strangersFail(20);
    // The address is exhausted: strangers and the right user without the cookie wait.
    expectRefused(await login('stranger-21', 'guess'));
    expectRefused(await login('alice', 'alice-password'));
    // With the cookie (in another session of the same header, with other cookies around it).
    const res = await login(' ALICE ', 'alice-password', { cookie: `theme=dark; ${cookie}; a=b` });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['set-cookie'])).toMatch(COOKIE);
    // The cookie's attempts are not counted against the address either.
    for (let i = 0; i < 3; i++) {
      expect((await login('alice', 'wrong', { cookie })).statusCode).toBe(401);
    }
    expectRefused(await login('stranger-22', 'guess'));
    expect((await login('alice', 'alice-password', { cookie })).statusCode).toBe(200);
  });

  it('ignores a device cookie of another user, a forged one and a tampered one', async () => {
    await t.createAdmin({ username: 'alice', password: 'alice-password' });
    await t.createAdmin({ username: 'bob', password: 'bob-password' });
    const alices = await deviceCookieOf('alice', 'alice-password', '198.51.100.1');
    await strangersFail(20);
    const [, value] = alices.split('=') as [string, string];
    const [login_, nonce, signature] = value.split('.') as [string, string, string];
    const bobName = Buffer.from('bob').toString('base64url');
    for (const cookie of [
      alices, // another user's
      `admin_device=${bobName}.${nonce}.${signature}`, // renamed
      `admin_device=${login_}.${nonce}x.${signature}`, // another nonce
      `admin_device=${login_}.${nonce}.${'A'.repeat(43)}`, // forged signature
      'admin_device=garbage',
    ]) {
      expectRefused(await login('bob', 'bob-password', { cookie }));
    }
  });

  it('is not slowed down by strangers trying its username; its own failures are limited', async () => {
    await t.createAdmin({ username: 'alice', password: 'alice-password' });
    const cookie = await deviceCookieOf('alice', 'alice-password');
    // Strangers from many addresses make the username wait (after 5 failures, 2 s and more).
    for (let i = 1; i <= 5; i++) {
      expect((await login('alice', `guess-${i}`, { ip: `198.51.100.${i}` })).statusCode).toBe(401);
    }
    expectRefused(await login('alice', 'alice-password', { ip: '192.0.2.9' }));
    expect((await login('alice', 'alice-password', { cookie })).statusCode).toBe(200);

    // The device's own failures: five pass, then it waits 2 s, as a username would.
    for (let i = 1; i <= 5; i++) {
      expect((await login('alice', `typo-${i}`, { cookie })).statusCode).toBe(401);
    }
    const refused = await login('alice', 'alice-password', { cookie });
    expectProblem(refused, 429, 'Too many failed login attempts. Try again in 2 seconds.');
    t.advanceClock(2000);
    expect((await login('alice', 'alice-password', { cookie })).statusCode).toBe(200);
  });

  it('marks the cookie Secure over https', async () => {
    await t.createAdmin({ username: 'alice', password: 'alice-password' });
    const res = await login('alice', 'alice-password', { https: true });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['set-cookie'])).toMatch(
      /^admin_device=[^;]+; Path=\/api\/v1\/admin\/auth; Max-Age=31536000; HttpOnly; SameSite=Strict; Secure$/,
    );
  });
});
