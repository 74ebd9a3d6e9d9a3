import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { apiClient, configureShopApi, ShopApiError } from './client';

// The packaged SDK's client against a small HTTP server: the bearer token of each request, one
// refresh shared by requests failing together, the request sent again, and errors as ShopApiError.
let server: Server;
let baseURL: string;
let valid = 'old';
const seen: { url: string; authorization: string | undefined }[] = [];

function answer(req: IncomingMessage) {
  seen.push({ url: req.url ?? '', authorization: req.headers.authorization });
  if (req.url === '/api/v1/bad')
    return { status: 422, body: { detail: [{ loc: ['query', 'x'], msg: 'too big' }] } };
  if (req.headers.authorization !== `Bearer ${valid}`)
    return { status: 401, body: { detail: 'Not authenticated' } };
  return { status: 200, body: { url: req.url } };
}

beforeEach(async () => {
  valid = 'old';
  seen.length = 0;
  server = createServer((req, res) => {
    const { status, body } = answer(req);
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(() => new Promise((ok) => server.close(ok)));

const get = (url: string) => apiClient<{ url: string }>({ url, method: 'GET' });

it('sends the token of the moment, refreshes once for requests failing together and sends them again', async () => {
  let token = 'expired';
  let refreshes = 0;
  configureShopApi({
    baseURL: `${baseURL}/`,
    token: () => token,
    refresh: async () => {
      refreshes += 1;
      token = 'old';
      return true;
    },
  });
  const answers = await Promise.all([get('/api/v1/a'), get('/api/v1/b'), get('/api/v1/c')]);
  expect(answers.map((a) => a.url)).toEqual(['/api/v1/a', '/api/v1/b', '/api/v1/c']);
  expect(refreshes).toBe(1);
  expect(
    seen
      .filter((s) => s.authorization === 'Bearer old')
      .map((s) => s.url)
      .sort(),
  ).toEqual(['/api/v1/a', '/api/v1/b', '/api/v1/c']);
});

it('lets the 401 through as a ShopApiError when the refresh cannot help, without a loop', async () => {
  let refreshes = 0;
  configureShopApi({
    baseURL,
    token: () => 'revoked',
    refresh: async () => {
      refreshes += 1;
      return true; // claims success, but the token stays wrong: one retry only
    },
  });
  const error = await get('/api/v1/a').catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ShopApiError);
  expect(error).toMatchObject({ status: 401, message: 'Not authenticated' });
  expect(refreshes).toBe(1);
  expect(seen.map((s) => s.url)).toEqual(['/api/v1/a', '/api/v1/a']);
});

it("turns a 422's problems into one message and keeps the detail", async () => {
  configureShopApi({ baseURL, token: () => 'old' });
  const error = await get('/api/v1/bad').catch((e: unknown) => e);
  expect(error).toMatchObject({
    status: 422,
    message: 'too big',
    detail: [{ loc: ['query', 'x'], msg: 'too big' }],
  });
});
