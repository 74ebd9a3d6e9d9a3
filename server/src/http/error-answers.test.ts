// Every error answer is {detail} (issue #25), Fastify's own included: unknown routes, bodies too
// large or malformed, bad URLs, content types, errors thrown below a handler; a write that fails
// for lack of space (SQLite SQLITE_FULL, PostgreSQL 53100, ENOSPC) is a 503 saying so; a form
// posted to an operation whose optional body is JSON is refused with 415, not run.
import { connect, type AddressInfo } from 'node:net';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/app';
import { testDialects } from '../../test-support/databases';
import { buildApp } from '../app';
import { isDiskFull } from '../db/transaction';
import { DISK_FULL_DETAIL } from './error-handler';

/** A driver or file-system error as the drivers throw them: a message and a code. */
const driverError = (message: string, code: string) => Object.assign(new Error(message), { code });

describe.each(testDialects)('error answers (%s)', (dialect) => {
  let t: TestApp;
  let admin: { authorization: string };
  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await t.authAs('super_admin');
  });
  afterAll(async () => {
    await t.close();
  });

  const answer = async (request: InjectOptions) => {
    const res = await t.app.inject(request);
    return { status: res.statusCode, type: res.headers['content-type'], body: res.json<unknown>() };
  };
  const JSON_UTF8 = 'application/json; charset=utf-8';

  it('answers Fastify refusals as {detail}', async () => {
    expect(await answer({ method: 'GET', url: '/api/v1/no-such-thing' })).toEqual({
      status: 404,
      type: JSON_UTF8,
      body: { detail: 'Not Found' },
    });
    expect(await answer({ method: 'DELETE', url: '/healthz' })).toEqual({
      status: 404,
      type: JSON_UTF8,
      body: { detail: 'Not Found' },
    });
    expect(
      await answer({
        method: 'POST',
        url: '/api/v1/categories/',
        headers: { ...admin, 'content-type': 'application/json' },
        payload: `{"name": "${'x'.repeat(2_000_000)}"}`,
      }),
    ).toEqual({ status: 413, type: JSON_UTF8, body: { detail: 'Request body is too large' } });
    expect(
      await answer({
        method: 'POST',
        url: '/api/v1/categories/',
        headers: { ...admin, 'content-type': 'application/json' },
        payload: '{"name": ',
      }),
    ).toEqual({ status: 400, type: JSON_UTF8, body: { detail: 'Body is not valid JSON' } });
    expect(
      await answer({
        method: 'POST',
        url: '/api/v1/categories/',
        headers: { ...admin, 'content-type': 'text/plain' },
        payload: 'name=Mugs',
      }),
    ).toEqual({
      status: 415,
      type: JSON_UTF8,
      body: { detail: 'Unsupported content type text/plain: send application/json' },
    });
    // A malformed URL, refused by Fastify's router before any route runs.
    expect(await answer({ method: 'GET', url: '/api/v1/products/%E0%A4%A' })).toEqual({
      status: 400,
      type: JSON_UTF8,
      body: { detail: "'/api/v1/products/%E0%A4%A' is not a valid url component" },
    });
  });

  it('refuses a form posted to cancel (optional JSON body) with 415, empty or not, and runs nothing', async () => {
    for (const payload of ['reason=changed+my+mind', '']) {
      expect(
        await answer({
          method: 'POST',
          url: '/api/v1/admin/orders/999/cancel',
          headers: { ...admin, 'content-type': 'application/x-www-form-urlencoded' },
          payload,
        }),
      ).toEqual({
        status: 415,
        type: JSON_UTF8,
        body: {
          detail:
            'Unsupported content type application/x-www-form-urlencoded: send application/json',
        },
      });
    }
    // Without a body, or with JSON, the operation runs (here: no such order).
    for (const request of [
      { headers: admin },
      { headers: { ...admin, 'content-type': 'application/json' }, payload: '' },
      { headers: { ...admin, 'content-type': 'application/json' }, payload: '{"reason":"x"}' },
    ])
      expect(
        await answer({ method: 'POST', url: '/api/v1/admin/orders/999/cancel', ...request }),
      ).toEqual({ status: 404, type: JSON_UTF8, body: { detail: 'Order not found' } });
  });

  it('answers an error thrown below a handler as {detail}: 503 for a full disk, else 500', async () => {
    let thrown = new Error('not set');
    const app = await buildApp(t.ctx, {
      handlers: { listCategories: () => Promise.reject(thrown) },
    });
    try {
      const get = async () => {
        const res = await app.inject({ method: 'GET', url: '/api/v1/categories/' });
        return { status: res.statusCode, body: res.json<unknown>() };
      };
      for (const error of [
        driverError('database or disk is full', 'SQLITE_FULL'),
        driverError('could not extend file "base/16384/16385": No space left on device', '53100'),
        driverError('ENOSPC: no space left on device, write', 'ENOSPC'),
        // Wrapped by a caller: the cause is followed.
        new Error('Could not store the upload', {
          cause: driverError('no space left on device', 'ENOSPC'),
        }),
      ]) {
        thrown = error;
        expect(await get()).toEqual({ status: 503, body: { detail: DISK_FULL_DETAIL } });
      }
      for (const error of [
        driverError('database disk image is malformed', 'SQLITE_CORRUPT'),
        Object.assign(new Error('plugin failed'), { statusCode: 502 }),
      ]) {
        thrown = error;
        expect(await get()).toEqual({ status: 500, body: { detail: 'Internal server error' } });
      }
    } finally {
      await app.close();
    }
  });
});

describe('requests Node refuses before Fastify sees them (sqlite)', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await t.close();
  });

  const rawAnswer = (request: string) =>
    new Promise<string>((resolve, reject) => {
      let received = '';
      const socket = connect(port, '127.0.0.1', () => socket.write(request));
      socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
      socket.on('close', () => resolve(received));
      socket.on('error', reject);
    });
  const bodyOf = (answer: string) => JSON.parse(answer.split('\r\n\r\n')[1] ?? '') as unknown;

  it('answers broken HTTP and oversized headers as {detail}', async () => {
    const broken = await rawAnswer('NOT HTTP AT ALL\r\n\r\n');
    expect(broken).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(bodyOf(broken)).toEqual({ detail: 'The request is not valid HTTP' });
    const huge = await rawAnswer(
      `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(huge).toMatch(/^HTTP\/1\.1 431 Request Header Fields Too Large\r\n/);
    expect(bodyOf(huge)).toEqual({ detail: 'The request headers are too large' });
  });
});

describe('isDiskFull', () => {
  it('knows SQLite, PostgreSQL and file-system out-of-space errors, and nothing else', () => {
    expect(isDiskFull(driverError('full', 'SQLITE_FULL'))).toBe(true);
    expect(isDiskFull(driverError('disk_full', '53100'))).toBe(true);
    expect(isDiskFull(driverError('no space', 'ENOSPC'))).toBe(true);
    expect(isDiskFull(driverError('io', 'SQLITE_IOERR'))).toBe(false);
    expect(isDiskFull(driverError('quota', 'EDQUOT'))).toBe(false);
    expect(isDiskFull(driverError('out of memory', '53200'))).toBe(false);
    expect(isDiskFull(null)).toBe(false);
  });
});
