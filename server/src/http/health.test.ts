// The probes (http/health.ts) and the request id (http/request-id.ts), on each database.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app';
import { STORAGE_CHECK_TTL_MS } from './health';
import { openPostgres } from '../db/database';
import { buildSibling, useTestApp } from '../../test-support/app';
import { testDialects } from '../../test-support/databases';
import { LocalDiskStorage } from '../storage/local-disk';

const uploads = mkdtempSync(join(tmpdir(), 'health-test-'));
afterAll(() => rmSync(uploads, { recursive: true, force: true }));

/** A media backend whose checks are counted, and fail while `broken`. */
class CountedStorage extends LocalDiskStorage {
  checks = 0;
  broken = false;
  override check(): Promise<void> {
    this.checks++;
    return this.broken ? Promise.reject(new Error('disk full')) : super.check();
  }
}

/** A media backend that cannot be written (a full disk, a missing bucket). */
class BrokenStorage extends LocalDiskStorage {
  override check(): Promise<void> {
    return Promise.reject(new Error('bucket "media" does not exist'));
  }
}

describe.each(testDialects)('probes (%s)', (dialect) => {
  const t = useTestApp(dialect, { storage: new LocalDiskStorage(uploads) });

  it('answers /healthz 200 while the process serves', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers /readyz 200 when the database, the migrations and the storage are ready', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers /readyz 503 naming the storage when it cannot be written', async () => {
    const app = await buildApp(t.ctx, { storage: new BrokenStorage(uploads) });
    try {
      const res = await app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: 'not_ready',
        failing: ['storage'],
        reasons: { storage: 'bucket "media" does not exist' },
      });
    } finally {
      await app.close();
    }
  });

  it('writes to the storage once per STORAGE_CHECK_TTL_MS while it passes, at every probe while it fails', async () => {
    const storage = new CountedStorage(uploads);
    const app = await buildApp(t.ctx, { storage });
    const ready = async () => (await app.inject({ method: 'GET', url: '/readyz' })).statusCode;
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      expect([await ready(), await ready(), await ready()]).toEqual([200, 200, 200]);
      expect(storage.checks).toBe(1);
      vi.advanceTimersByTime(STORAGE_CHECK_TTL_MS);
      storage.broken = true;
      expect([await ready(), await ready()]).toEqual([503, 503]);
      expect(storage.checks).toBe(3);
      storage.broken = false;
      expect([await ready(), await ready()]).toEqual([200, 200]);
      expect(storage.checks).toBe(4);
    } finally {
      vi.useRealTimers();
      await app.close();
    }
  });

  it('answers /readyz 503 naming the migrations while one is not applied', async () => {
    const last = await t.database.db
      .selectFrom('kysely_migration' as never)
      .select(sql<string>`max(name)`.as('name'))
      .executeTakeFirstOrThrow();
    await sql`delete from kysely_migration where name = ${last.name}`.execute(t.database.db);
    const app = await buildSibling(t);
    try {
      const res = await app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        failing: ['migrations'],
        reasons: { migrations: `not applied: ${last.name}` },
      });
    } finally {
      await app.close();
      await sql`insert into kysely_migration (name, timestamp) values (${last.name}, ${new Date().toISOString()})`.execute(
        t.database.db,
      );
    }
  });

  it('answers /readyz 503 naming the database when it does not answer', async () => {
    // Nothing listens on port 1: every query fails at once (on either dialect's app).
    const unreachable = openPostgres('postgres://shop@127.0.0.1:1/shop', { max: 1 });
    const app = await buildSibling(t, { database: unreachable });
    try {
      const res = await app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ failing: ['database', 'migrations'] });
    } finally {
      await app.close();
      await unreachable.close();
    }
  });
});

describe('the request id', () => {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  const t = useTestApp('sqlite', { logger: { level: 'info', stream } });

  it('passes a safe X-Request-Id through, answers it and puts it in every log line', async () => {
    lines.length = 0;
    const id = 'edge-7f3a.42:retry-1';
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/categories/',
      headers: { 'x-request-id': id },
    });
    expect(res.headers['x-request-id']).toBe(id);
    const ofRequest = lines.filter((l) => l.reqId === id);
    expect(ofRequest.map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
  });

  it('replaces an unsafe or overlong id by a new one, and makes one when none is sent', async () => {
    const ids = new Set<string>();
    for (const sent of ['a b', 'id"with"quotes', 'x'.repeat(129), 'ünicode', undefined]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/v1/categories/',
        headers: sent === undefined ? {} : { 'x-request-id': sent },
      });
      const answered = String(res.headers['x-request-id']);
      expect(answered).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      ids.add(answered);
    }
    expect(ids.size).toBe(5);
  });

  it('answers the id on refusals too', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/users/',
      headers: { 'x-request-id': 'refused-1' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.headers['x-request-id']).toBe('refused-1');
  });

  it('keeps the token of a /metrics scrape out of the log', async () => {
    lines.length = 0;
    const token = 'scraper-secret-scraper-secret-0123456789';
    await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(JSON.stringify(lines)).not.toContain(token);
  });
});
