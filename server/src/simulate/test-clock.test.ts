// The simulator's clock (#32): SHOP_TEST_CLOCK=true is refused with NODE_ENV=production, the
// route does not exist without the setting, and with it the server's time is the one set.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { runServerToExit, startServerProcess } from '../../test-support/server-process';
import { TEST_CLOCK_PATH } from './test-clock';

const PASSWORD = 'Clock-Test-Pass-4821';
let dataDir: string;
beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'test-clock-'));
});
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

const env = () => ({
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  ADMIN_PASSWORD: PASSWORD,
  JWT_SECRET: 'clock-test-jwt-secret-'.padEnd(48, 'j'),
  URL_SIGNING_KEY: 'clock-test-url-signing-key-'.padEnd(48, 'u'),
});

const putClock = (origin: string, body: string) =>
  fetch(`${origin}${TEST_CLOCK_PATH}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body,
  });

describe('SHOP_TEST_CLOCK', () => {
  it('is refused with NODE_ENV=production: the server does not start', async () => {
    const { code, stdout } = await runServerToExit({
      ...process.env,
      ...env(),
      PORT: '0',
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      SHOP_TEST_CLOCK: 'true',
    });
    expect(code).toBe(1);
    expect(stdout).toContain(
      'SHOP_TEST_CLOCK=true is refused with NODE_ENV=production (a test-only clock)',
    );
  });

  it('accepts only true or false, and is off by default', () => {
    const base = { DATA_DIR: dataDir };
    expect(loadConfig(base).testClock).toBe(false);
    expect(loadConfig({ ...base, SHOP_TEST_CLOCK: 'true', NODE_ENV: 'test' }).testClock).toBe(true);
    expect(() => loadConfig({ ...base, SHOP_TEST_CLOCK: 'yes' })).toThrow(
      'SHOP_TEST_CLOCK must be true or false, got "yes"',
    );
  });

  it('without it, the clock route does not exist (404)', async () => {
    const server = await startServerProcess(env());
    try {
      const res = await putClock(server.origin, JSON.stringify({ now: '2031-01-01T00:00:00Z' }));
      expect(res.status).toBe(404);
      expect((await fetch(`${server.origin}${TEST_CLOCK_PATH}`)).status).toBe(404);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  });

  it('with it, the server takes its time from the route, and bad values are refused', async () => {
    const server = await startServerProcess({ ...env(), SHOP_TEST_CLOCK: 'true' });
    try {
      const set = await putClock(
        server.origin,
        JSON.stringify({ now: '2031-01-01T07:30:00+01:00' }),
      );
      expect(set.status).toBe(200);
      expect(await set.json()).toEqual({ now: '2031-01-01T06:30:00.000Z' });
      // A token issued now says so: its iat is the clock's.
      const login = await fetch(`${server.api}/admin/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: PASSWORD }),
      });
      expect(login.status).toBe(200);
      const { access_token } = (await login.json()) as { access_token: string };
      const claims = JSON.parse(
        Buffer.from(access_token.split('.')[1] ?? '', 'base64url').toString(),
      ) as { iat: number };
      expect(new Date(claims.iat * 1000).toISOString()).toBe('2031-01-01T06:30:00.000Z');
      // It stood still through the sign-in (argon2 takes a while), until set again: GET reads it.
      const read = await fetch(`${server.origin}${TEST_CLOCK_PATH}`);
      expect(await read.json()).toEqual({ now: '2031-01-01T06:30:00.000Z' });

      for (const [body, status, detail] of [
        ['{"now": "tomorrow"}', 422, '"now" must be an ISO 8601 instant with its offset'],
        [
          '{"now": "2031-01-01T07:30:00"}',
          422,
          '"now" must be an ISO 8601 instant with its offset',
        ],
        ['not json', 400, 'The body must be JSON'],
      ] as const) {
        const res = await putClock(server.origin, body);
        expect(res.status, body).toBe(status);
        expect(((await res.json()) as { detail: string }).detail).toContain(detail);
      }
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  });
});
