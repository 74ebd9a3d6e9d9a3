// Sign-in throttling over HTTP on every test dialect: per username across client IPs with growing
// delays, per client IP across usernames, magic-link limits, and counters in the database, shared
// by two app instances on one database and kept by a new instance.
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectProblem, matching } from '../../test-support/contract';
import { createTestApp, type TestApp } from '../../test-support/app';
import { adminLogin, sendMagicLink } from '../../test-support/auth';
import { testDialects } from '../../test-support/databases';
import { buildApp } from '../app';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

describe.each(testDialects)('sign-in throttling (%s)', (dialect) => {
  let t: TestApp;
  const others: FastifyInstance[] = [];

  beforeEach(async () => {
    t = await createTestApp(dialect);
    // Waits are counted from earlier failures: password hashing on a busy machine must not
    // shorten them.
    t.freezeClock();
  });
  afterEach(async () => {
    for (const app of others.splice(0)) await app.close();
    await t.close();
  });

  /** Another server instance on the same database (its own in-process state, if it had any). */
  const anotherInstance = async () => {
    const app = await buildApp({ ...t.ctx });
    others.push(app);
    return app;
  };

  const login = (username: string, password: string, remoteAddress?: string, app = t.app) =>
    adminLogin(app, username, password, remoteAddress);
  const sendLink = (email: string, remoteAddress?: string, app = t.app) =>
    sendMagicLink(app, email, remoteAddress);
  const ip = (n: number) => `198.51.100.${n}`;

  describe('per username, across client IPs', () => {
    it('slows guessing from many IPs with growing delays, never a long lockout', async () => {
      await t.createAdmin({ username: 'alice', password: 'alice-password' });
      for (let i = 1; i <= 5; i++)
        expect((await login('alice', `guess-${i}`, ip(i))).statusCode).toBe(401);

      // Every further failure doubles the wait: 2 s, 4 s, … up to 1 minute.
      const waits: string[] = [];
      for (let i = 6; i <= 12; i++) {
        const refused = await login('ALICE', `guess-${i}`, ip(i));
        expect(refused.statusCode).toBe(429);
        expect(refused.json()).toEqual({
          detail: matching(/^Too many failed login attempts\. Try again in /),
        });
        const wait = refused.headers['retry-after'] as string;
        waits.push(wait);
        t.advanceClock(Number(wait) * SECOND);
        expect((await login('alice', `guess-${i}`, ip(i))).statusCode).toBe(401);
      }
      expect(waits).toEqual(['2', '4', '8', '16', '32', '60', '60']);

      // The real user, from their own IP, waits at most a minute, then signs in.
      const blocked = await login('alice', 'alice-password', '203.0.113.5');
      expectProblem(blocked, 429, 'Too many failed login attempts. Try again in 1 minute.');
      expect(blocked.headers['retry-after']).toBe('60');
      t.advanceClock(MINUTE);
      expect((await login('alice', 'alice-password', '203.0.113.5')).statusCode).toBe(200);

      // The success cleared the username: five failures pass again before any wait.
      for (let i = 0; i < 5; i++)
        expect((await login('alice', 'nope', ip(50 + i))).statusCode).toBe(401);
      expect((await login('alice', 'alice-password', ip(60))).statusCode).toBe(429);
    });

    it('forgets the failures 15 minutes after the last one', async () => {
      await t.createAdmin({ username: 'bruno', password: 'bruno-password' });
      for (let i = 1; i <= 5; i++)
        expect((await login('bruno', 'nope', ip(i))).statusCode).toBe(401);
      t.advanceClock(15 * MINUTE);
      for (let i = 1; i <= 5; i++)
        expect((await login('bruno', 'nope', ip(i))).statusCode).toBe(401);
      expect((await login('bruno', 'bruno-password', ip(9))).statusCode).toBe(429);
    });

    it('leaves other usernames alone', async () => {
      await t.createAdmin({ username: 'carla', password: 'carla-password' });
      await t.createAdmin({ username: 'dan', password: 'dan-password' });
      for (let i = 0; i < 5; i++) expect((await login('carla', 'nope')).statusCode).toBe(401);
      expect((await login('carla', 'carla-password')).statusCode).toBe(429);
      expect((await login('dan', 'dan-password')).statusCode).toBe(200);
    });
  });

  describe('per client IP, across usernames', () => {
    it('stops spraying one password over many usernames (20 failures per 15 minutes)', async () => {
      await t.createAdmin({ username: 'erin', password: 'erin-password' });
      for (let i = 0; i < 20; i++)
        expect((await login(`user${i}`, 'Summer2026!')).statusCode).toBe(401);
      const blocked = await login('user20', 'Summer2026!');
      expectProblem(blocked, 429, 'Too many failed login attempts. Try again in 15 minutes.');
      // The window started with the first failure (the clock is frozen).
      expect(blocked.headers['retry-after']).toBe('900');
      // Even a right password from that IP waits; another IP is not affected.
      expect((await login('erin', 'erin-password')).statusCode).toBe(429);
      expect((await login('erin', 'erin-password', ip(7))).statusCode).toBe(200);
      t.advanceClock(10 * MINUTE);
      expect((await login('erin', 'erin-password')).headers['retry-after']).toBe('300');
      t.advanceClock(5 * MINUTE);
      expect((await login('erin', 'erin-password')).statusCode).toBe(200);
    });

    it('does not count successful sign-ins', async () => {
      await t.createAdmin({ username: 'fay', password: 'fay-password' });
      for (let i = 0; i < 25; i++)
        expect((await login('fay', 'fay-password')).statusCode).toBe(200);
      for (let i = 0; i < 5; i++) expect((await login(`nobody${i}`, 'x')).statusCode).toBe(401);
    });

    it('reads the client IP from X-Forwarded-For only with TRUST_PROXY', async () => {
      const proxied = await createTestApp(dialect, { config: { trustProxy: ['127.0.0.1'] } });
      try {
        const viaProxy = (username: string, forwardedFor: string) =>
          proxied.app.inject({
            method: 'POST',
            url: '/api/v1/admin/auth/login',
            payload: { username, password: 'wrong-password' },
            headers: { 'x-forwarded-for': forwardedFor },
          });
        for (let i = 0; i < 20; i++) expect((await viaProxy(`u${i}`, ip(1))).statusCode).toBe(401);
        expect((await viaProxy('u20', ip(1))).statusCode).toBe(429);
        // Another client behind the same proxy has its own count.
        expect((await viaProxy('u21', ip(2))).statusCode).toBe(401);
      } finally {
        await proxied.close();
      }
      // Without TRUST_PROXY the header is ignored: it cannot be forged to dodge the limit.
      for (let i = 0; i < 20; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/v1/admin/auth/login',
          payload: { username: `v${i}`, password: 'wrong-password' },
          headers: { 'x-forwarded-for': ip(100 + i) },
        });
        expect(res.statusCode).toBe(401);
      }
      expect((await login('v20', 'wrong-password')).statusCode).toBe(429);
    });
  });

  describe('in the database', () => {
    it('is shared by two app instances on one database', async () => {
      await t.createAdmin({ username: 'gus', password: 'gus-password' });
      const second = await anotherInstance();
      for (let i = 0; i < 5; i++) {
        const app = i % 2 ? second : t.app;
        expect((await login('gus', 'nope', ip(i), app)).statusCode).toBe(401);
      }
      expect((await login('gus', 'gus-password', ip(9), second)).statusCode).toBe(429);
      expect((await login('gus', 'gus-password', ip(9), t.app)).statusCode).toBe(429);

      // Magic links too: 3 per address, whichever instance is asked.
      expect((await sendLink('shared@example.com', ip(1), t.app)).statusCode).toBe(202);
      expect((await sendLink('shared@example.com', ip(2), second)).statusCode).toBe(202);
      expect((await sendLink('shared@example.com', ip(3), t.app)).statusCode).toBe(202);
      const refused = await sendLink('shared@example.com', ip(4), second);
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe('900');
    });

    it('survives a restart: a new app instance keeps the counts', async () => {
      await t.createAdmin({ username: 'hugo', password: 'hugo-password' });
      for (let i = 0; i < 5; i++) expect((await login('hugo', 'nope', ip(i))).statusCode).toBe(401);
      for (let i = 0; i < 10; i++)
        expect((await sendLink(`m${i}@example.com`, ip(200))).statusCode).toBe(202);
      await t.app.close();

      const restarted = await anotherInstance();
      expect((await login('hugo', 'hugo-password', ip(9), restarted)).statusCode).toBe(429);
      const linkRefused = await sendLink('new@example.com', ip(200), restarted);
      expectProblem(linkRefused, 429, 'Too many sign-in link requests. Try again in 15 minutes.');
      t.advanceClock(2 * SECOND);
      expect((await login('hugo', 'hugo-password', ip(9), restarted)).statusCode).toBe(200);
    });

    it('keeps no username, address or IP in clear', async () => {
      await login('secret-user', 'nope', '192.0.2.44');
      await sendLink('private@example.com', '192.0.2.45');
      const rows = await t.database.db.selectFrom('auth_throttle').selectAll().execute();
      expect(rows.length).toBeGreaterThanOrEqual(4);
      const dump = JSON.stringify(rows);
      for (const clear of ['secret-user', '192.0.2.44', 'private@example.com', '192.0.2.45']) {
        expect(dump).not.toContain(clear);
      }
    });

    it('lets only the allowed number of parallel attempts through', async () => {
      await t.createAdmin({ username: 'ivy', password: 'ivy-password' });
      const second = await anotherInstance();
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, i) => login('ivy', `p${i}`, ip(i), i % 2 ? second : t.app)),
      );
      const codes = results.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 401)).toHaveLength(5);
      expect(codes.filter((c) => c === 429)).toHaveLength(7);
    });
  });
});
