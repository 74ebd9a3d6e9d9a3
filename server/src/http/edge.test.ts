// The HTTP edge: security headers on the console, the API and media; HSTS only over TLS (through
// TRUST_PROXY); no credential in the request log; stalled requests cut; private data files.
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectStatus } from '../../test-support/contract';
import { createTestApp, type TestApp } from '../../test-support/app';
import { adminLogin } from '../../test-support/auth';
import { testDialects } from '../../test-support/databases';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { LocalDiskStorage } from '../storage/local-disk';
import { redactUrl } from './security';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const MEDIA_KEY = 'img_0123456789abcdef0123456789abcdef.png';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'edge-test-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe.each(testDialects)('security headers (%s)', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    const spaDir = join(dir, 'dist');
    mkdirSync(spaDir);
    writeFileSync(join(spaDir, 'index.html'), '<!doctype html><div id="root"></div>');
    t = await createTestApp(dialect, { config: { dataDir: dir }, spaDir });
  });
  afterEach(async () => {
    await t.close();
  });

  const expectCommonHeaders = (headers: Record<string, unknown>) => {
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['strict-transport-security']).toBeUndefined();
  };

  it('gives the console a CSP of its own scripts only that forbids framing', async () => {
    for (const url of ['/', '/admin/products']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expectCommonHeaders(res.headers);
      const csp = String(res.headers['content-security-policy']);
      const directives = Object.fromEntries(
        csp.split(';').map((d): [string, string] => {
          const [name = '', ...values] = d.trim().split(/\s+/);
          return [name, values.join(' ')];
        }),
      );
      expect(directives).toMatchObject({
        'default-src': "'self'",
        'script-src': "'self'",
        'style-src': "'self' 'unsafe-inline'",
        'img-src': "'self' data: blob:",
        'object-src': "'none'",
        'frame-ancestors': "'none'",
      });
    }
  });

  it('sends the same headers on API answers, errors included', async () => {
    const ok = await t.app.inject({ method: 'GET', url: '/api/v1/products/' });
    expect(ok.statusCode).toBe(200);
    expectCommonHeaders(ok.headers);
    expect(ok.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    const denied = await t.app.inject({ method: 'GET', url: '/api/v1/admin/auth/me' });
    expect(denied.statusCode).toBe(401);
    expectCommonHeaders(denied.headers);
    const missing = await t.app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(missing.statusCode).toBe(404);
    expectCommonHeaders(missing.headers);
  });

  it('serves media sandboxed, never sniffed, inline with its name', async () => {
    await new LocalDiskStorage(join(dir, 'uploads')).put(MEDIA_KEY, PNG, 'image/png');
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/media/${MEDIA_KEY}` });
    expectStatus(res, 200, 'getMedia');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const csp = String(res.headers['content-security-policy']);
    expect(csp.split(';').map((d) => d.trim())).toContain('sandbox');
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('script-src');
    expect(res.headers['content-disposition']).toBe(`inline; filename="${MEDIA_KEY}"`);
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });

  it('ignores X-Forwarded-Proto without TRUST_PROXY: no HSTS', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/products/',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('behind a reverse proxy (TRUST_PROXY)', () => {
  /** The HSTS header of a catalogue request with these headers and client address. */
  const hsts = async (t: TestApp, headers: Record<string, string>, remoteAddress?: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: '/api/v1/products/',
        headers,
        ...(remoteAddress === undefined ? {} : { remoteAddress }),
      })
    ).headers['strict-transport-security'];

  it('sends HSTS only for requests that came over https', async () => {
    const t = await createTestApp('sqlite', { config: { trustProxy: true } });
    try {
      expect(
        await hsts(t, { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' }),
      ).toBe('max-age=31536000');
      expect(await hsts(t, { 'x-forwarded-proto': 'http' })).toBeUndefined();
    } finally {
      await t.close();
    }
  });

  it('trusts only the proxies listed', async () => {
    const t = await createTestApp('sqlite', { config: { trustProxy: ['10.0.0.1'] } });
    try {
      const overHttps = { 'x-forwarded-proto': 'https' };
      expect(await hsts(t, overHttps, '10.0.0.1')).toBe('max-age=31536000');
      expect(await hsts(t, overHttps, '198.51.100.7')).toBeUndefined();
    } finally {
      await t.close();
    }
  });
});

describe('the request log', () => {
  it('never shows a token: query parameters and Authorization are redacted', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    const t = await createTestApp('sqlite', { logger: { level: 'trace', stream } });
    try {
      const refreshSecret = 'R'.repeat(43);
      const magicSecret = 'M'.repeat(43);
      const bearer = `Bearer ${(await t.createAdmin()).token}`;
      await t.app.inject({
        method: 'POST',
        url: `/api/v1/admin/auth/refresh?refresh_token=${refreshSecret}`,
      });
      await t.app.inject({
        method: 'POST',
        url: `/api/v1/auth/logout?refresh_token=${refreshSecret}`,
      });
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/nothing?a=1&token=${magicSecret}&Refresh_Token=${refreshSecret}`,
      });
      await t.app.inject({
        method: 'GET',
        url: '/api/v1/admin/auth/me',
        headers: { authorization: bearer },
      });
      // Names the redaction cannot know: the sign-in paths log no query at all, other paths
      // hide every value that looks like one of our tokens.
      const real = (
        await adminLogin(t.app, (await t.createAdmin()).username, 'correct-horse-battery')
      ).json<{ refresh_token: string; access_token: string }>();
      const odd = [
        `/api/v1/admin/auth/refresh?refresh_token[]=${real.refresh_token}`,
        `/api/v1/admin/auth/refresh?x=1;refresh_token=${real.refresh_token}`,
        `/api/v1/admin/auth/logout?a=b&refresh%5Ftoken=${real.refresh_token}`,
        `/api/v1/products?x=1;refresh_token=${real.refresh_token}`,
        `/api/v1/products?search=ok&rt[]=${real.refresh_token}&q=${encodeURIComponent(real.access_token)}`,
        `/api/v1/products?${real.refresh_token}x`,
        `/auth/magic?t=${magicSecret}&email=a%40b.c`,
      ];
      for (const url of odd) await t.app.inject({ method: 'POST', url });
      const log = lines.join('');
      expect(log).toContain('"/api/v1/admin/auth/refresh?[REDACTED]"');
      expect(log).toContain('/api/v1/nothing?a=1&token=[REDACTED]&Refresh_Token=[REDACTED]');
      expect(log).toContain('"/api/v1/admin/auth/me"');
      expect(log).toContain('"/api/v1/admin/auth/logout?[REDACTED]"');
      expect(log).toContain('"/api/v1/products?x=1;refresh_token=[REDACTED]"');
      expect(log).toContain('"/api/v1/products?search=ok&rt[]=[REDACTED]&q=[REDACTED]"');
      expect(log).toContain('"/api/v1/products?[REDACTED]"');
      expect(log).toContain('"/auth/magic?[REDACTED]"');
      expect(log).not.toContain(refreshSecret);
      expect(log).not.toContain(magicSecret);
      expect(log).not.toContain(bearer.slice(7));
      expect(log).not.toContain(real.refresh_token);
      expect(log).not.toContain(real.access_token);
    } finally {
      await t.close();
    }
  });

  it('redactUrl keeps other parameters and encoded names', () => {
    expect(redactUrl('/a')).toBe('/a');
    expect(redactUrl('/api/v1/auth/logout?anything=at-all')).toBe('/api/v1/auth/logout?[REDACTED]');
    expect(redactUrl('/api/v1/%61uth/x?y=1')).toBe('/api/v1/%61uth/x?[REDACTED]');
    expect(redactUrl('/auth?next=%2Fadmin')).toBe('/auth?[REDACTED]');
    expect(redactUrl('/api/v1/authors?page=2')).toBe('/api/v1/authors?page=2');
    expect(redactUrl('/a/eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI3In0.c2ln/b')).toBe('/a/[REDACTED]/b');
    expect(redactUrl(`/a?v=${'%41'.repeat(43)}&w=${'A'.repeat(42)}`)).toBe(
      `/a?v=[REDACTED]&w=${'A'.repeat(42)}`,
    );
    expect(redactUrl('/a?x=1&token=s&y')).toBe('/a?x=1&token=[REDACTED]&y');
    expect(redactUrl('/a?%74oken=s&signature=abc&expires=9')).toBe(
      '/a?%74oken=[REDACTED]&signature=[REDACTED]&expires=9',
    );
  });
});

describe('slow requests', () => {
  /** Opens a raw connection, sends `head`, then one byte of body every `everyMs`. */
  function trickle(port: number, head: string, everyMs: number) {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    const started = Date.now();
    socket.on('data', (d) => (received += d.toString('latin1')));
    socket.on('error', () => undefined); // a reset counts as closed
    socket.write(head);
    const timer = setInterval(() => {
      if (!socket.destroyed && socket.writable) socket.write('x');
    }, everyMs);
    const closed = new Promise<{ afterMs: number; received: string }>((resolve) => {
      socket.on('close', () => {
        clearInterval(timer);
        resolve({ afterMs: Date.now() - started, received });
      });
    });
    return { closed, socket, timer };
  }

  /** Runs `run` against a server listening on a free port with a 1 s request timeout. */
  async function withListeningApp(run: (port: number, accepted: Socket[]) => Promise<void>) {
    const t = await createTestApp('sqlite', { config: { requestTimeoutMs: 1000 } });
    try {
      // The server's side of each connection, to see what it has read.
      const accepted: Socket[] = [];
      t.app.server.on('connection', (socket: Socket) => accepted.push(socket));
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      await run((t.app.server.address() as AddressInfo).port, accepted);
    } finally {
      await t.close();
    }
  }

  it('uses a request timeout of at most 30 s by default, headers included', async () => {
    const t = await createTestApp('sqlite', { config: { requestTimeoutMs: 30_000 } });
    try {
      expect(t.app.server.requestTimeout).toBe(30_000);
      expect(t.app.server.headersTimeout).toBeLessThanOrEqual(30_000);
    } finally {
      await t.close();
    }
  });

  it('closes a connection whose body trickles in (408) within the bound', () =>
    withListeningApp(async (port) => {
      const head =
        'POST /api/v1/admin/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
        'Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n';
      const slow = trickle(port, head, 100);
      const { afterMs, received } = await slow.closed;
      expect(received).toMatch(/^HTTP\/1\.1 408 /);
      expect(afterMs).toBeGreaterThanOrEqual(900);
      expect(afterMs).toBeLessThan(5000);
    }));

  it('closes a connection whose headers trickle in', () =>
    withListeningApp(async (port) => {
      const slow = trickle(port, 'GET /api/v1/products/ HTTP/1.1\r\nX-Slow: ', 100);
      const { afterMs, received } = await slow.closed;
      expect(received === '' || /^HTTP\/1\.1 408 /.test(received)).toBe(true);
      expect(afterMs).toBeLessThan(5000);
    }));

  it('still answers a request whose body arrives in pieces within the bound', () =>
    withListeningApp(async (port, accepted) => {
      const body = JSON.stringify({ username: 'nobody', password: 'wrong-password' });
      const socket = connect(port, '127.0.0.1');
      let received = '';
      socket.on('data', (d) => (received += d.toString('latin1')));
      const head =
        'POST /api/v1/admin/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n' +
        `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
      socket.write(head);
      let sent = head.length;
      for (const piece of [body.slice(0, 10), body.slice(10, 20), body.slice(20)]) {
        // Each piece once the server has read all before it: the body reaches it in pieces.
        await vi.waitFor(() => expect(accepted[0]?.bytesRead).toBe(sent), {
          timeout: 5000,
          interval: 5,
        });
        socket.write(piece);
        sent += piece.length;
      }
      await new Promise((r) => socket.on('close', r));
      expect(received).toMatch(/^HTTP\/1\.1 401 /);
    }));
});

describe('data files', () => {
  /** Opens and migrates the database in dataDir: the folder ends 0700, its files 0600. */
  async function expectPrivateDatabase(dataDir: string) {
    const handle = openDatabase({ dataDir });
    try {
      await migrateToLatest(handle.db, handle.dialect);
      expect(statSync(dataDir).mode & 0o777).toBe(0o700);
      for (const name of ['shop.db', 'shop.db-wal', 'shop.db-shm']) {
        expect(statSync(join(dataDir, name)).mode & 0o777).toBe(0o600);
      }
    } finally {
      await handle.close();
    }
  }

  it('creates DATA_DIR 0700 and shop.db with its -wal and -shm files 0600', async () => {
    await expectPrivateDatabase(join(dir, 'data'));
  });

  it('tightens an existing DATA_DIR and database file', async () => {
    const dataDir = join(dir, 'old');
    mkdirSync(dataDir, { mode: 0o755 });
    // A real shop database made readable by all (an empty file is refused: integrity.test.ts).
    await openDatabase({ dataDir }).close();
    chmodSync(dataDir, 0o755);
    chmodSync(join(dataDir, 'shop.db'), 0o644);
    await expectPrivateDatabase(dataDir);
  });

  it('keeps uploads in a 0700 folder, each file 0600', async () => {
    const root = join(dir, 'uploads');
    await new LocalDiskStorage(root).put(MEDIA_KEY, PNG, 'image/png');
    expect(statSync(root).mode & 0o777).toBe(0o700);
    expect(statSync(join(root, MEDIA_KEY)).mode & 0o777).toBe(0o600);
  });
});
