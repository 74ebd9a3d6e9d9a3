// The mocks cannot drift from the server: the same requests, sent to the real app (app.inject)
// and to the MSW mock API (mocks/node.ts, through fetch), get the same status, and every refusal
// the same body. The mocks also report each refusal as a contract violation (a failing story).
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anyString } from '../../test-support/contract';
import { contractViolations } from '../../../mocks/contract';
import { server as mockServer } from '../../../mocks/node';
import { createTestApp, type TestApp } from '../../test-support/app';
import { testDialects } from '../../test-support/databases';

interface Case {
  name: string;
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  url: string;
  contentType?: string;
  body?: string;
  status: number;
}

const JSON_TYPE = 'application/json';
const BOUNDARY = 'contractdriftboundary';
const multipart =
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="name"\r\n\r\nShoes\r\n` +
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="slug"\r\n\r\nshoes\r\n--${BOUNDARY}--\r\n`;
const category = JSON.stringify({ name: 'Shoes', slug: 'shoes' });

/** `REFRESH` in a url is replaced by a refresh token the real server accepts. */
const CASES: Case[] = [
  {
    name: 'the pre-fix silent refresh: empty form body with the token in the query',
    method: 'POST',
    url: '/api/v1/admin/auth/refresh?refresh_token=REFRESH',
    contentType: 'application/x-www-form-urlencoded',
    body: '',
    status: 200,
  },
  {
    name: 'a JSON body on a body-less operation',
    method: 'POST',
    url: '/api/v1/admin/auth/refresh?refresh_token=REFRESH',
    contentType: JSON_TYPE,
    body: JSON.stringify({ refresh_token: 'x'.repeat(30) }),
    status: 415,
  },
  {
    name: 'a JSON operation sent as text/plain',
    method: 'POST',
    url: '/api/v1/categories/',
    contentType: 'text/plain',
    body: category,
    status: 415,
  },
  {
    name: 'a JSON operation sent as multipart',
    method: 'POST',
    url: '/api/v1/categories/',
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    body: multipart,
    status: 415,
  },
  {
    name: 'a JSON operation sent as a form',
    method: 'PATCH',
    url: '/api/v1/admin/variants/bulk/inventory',
    contentType: 'application/x-www-form-urlencoded',
    body: 'stock_quantity=5',
    status: 415,
  },
  {
    name: 'a JSON operation with no body',
    method: 'POST',
    url: '/api/v1/categories/',
    status: 422,
  },
  {
    name: 'an unknown field',
    method: 'POST',
    url: '/api/v1/categories/',
    contentType: JSON_TYPE,
    body: JSON.stringify({ name: 'Shoes', slug: 'shoes', colour: 'red' }),
    status: 422,
  },
  {
    name: 'a missing field',
    method: 'POST',
    url: '/api/v1/categories/',
    contentType: JSON_TYPE,
    body: JSON.stringify({ name: 'Shoes' }),
    status: 422,
  },
  {
    name: 'malformed JSON',
    method: 'POST',
    url: '/api/v1/admin/vat-rates/',
    contentType: JSON_TYPE,
    body: '{"name": ',
    status: 400,
  },
  {
    name: '"Infinity" for an integer',
    method: 'PATCH',
    url: '/api/v1/admin/variants/1/inventory',
    contentType: JSON_TYPE,
    body: '{"stock_quantity": "Infinity"}',
    status: 422,
  },
  {
    name: '1e400 for an integer',
    method: 'PATCH',
    url: '/api/v1/admin/variants/1/inventory',
    contentType: JSON_TYPE,
    body: '{"stock_quantity": 1e400}',
    status: 422,
  },
  { name: 'id 0x2', method: 'GET', url: '/api/v1/admin/products/0x2', status: 422 },
  { name: 'id 2147483648', method: 'GET', url: '/api/v1/admin/products/2147483648', status: 422 },
  {
    name: 'skip beyond range',
    method: 'GET',
    url: '/api/v1/admin/orders/?skip=1000001',
    status: 422,
  },
  {
    name: 'a NUL byte in a string',
    method: 'POST',
    url: '/api/v1/categories/',
    contentType: JSON_TYPE,
    body: JSON.stringify({ name: 'Sho\u0000es', slug: 'shoes' }),
    status: 422,
  },
  {
    name: 'a NUL byte in a query',
    method: 'GET',
    url: '/api/v1/admin/variants/?search=a%00',
    status: 422,
  },
  { name: 'a valid list', method: 'GET', url: '/api/v1/categories/', status: 200 },
];

describe.each(testDialects)('the mocks answer as the server (%s)', (dialect) => {
  let t: TestApp;
  let app: FastifyInstance;
  let admin: { authorization: string };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    app = t.app;
    admin = await t.authAs('super_admin');
    mockServer.listen({ onUnhandledRequest: 'error' });
  });
  afterAll(async () => {
    mockServer.close();
    await t.close();
  });

  const freshRefreshToken = async () => {
    const { username, password } = await t.createAdmin();
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/auth/login',
      payload: { username, password },
    });
    return res.json<{ refresh_token: string }>().refresh_token;
  };

  it.each(CASES)('$name: $status', async ({ method, url, contentType, body, status }) => {
    const target = url.includes('REFRESH')
      ? url.replace('REFRESH', encodeURIComponent(await freshRefreshToken()))
      : url;
    const headers: Record<string, string> = { ...admin };
    if (contentType) headers['content-type'] = contentType;

    const real = await app.inject({
      method,
      url: target,
      headers,
      ...(body === undefined ? {} : { payload: body }),
    });

    contractViolations.take();
    const mocked = await fetch(`http://localhost${target}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body }),
    });
    const violations = contractViolations.take();
    const mockedBody = await mocked.json();

    expect({ server: real.statusCode, mocks: mocked.status }).toEqual({
      server: status,
      mocks: status,
    });
    if (status >= 400) {
      expect(mockedBody).toEqual(real.json());
      // A refused request is a failing story, not only a 4xx the screen sees.
      expect(violations).toEqual([
        expect.objectContaining({ kind: 'request', method, message: anyString }),
      ]);
    } else {
      expect(violations).toEqual([]);
    }
  });
});
