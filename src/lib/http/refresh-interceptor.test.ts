// @vitest-environment jsdom
// @vitest-environment-options {"url": "http://localhost:3000"}
// jsdom on purpose: the refresh flow then runs through axios' XHR adapter, as in the browser, with
// jsdom's real localStorage. jsdom's XHR enforces CORS, so the API shares the page origin and the
// baseURL stays relative (the default ''), which also covers the bare refresh call's baseURL.
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  authStore,
  logout,
  restoreAuth,
  sessionEnd,
  setCredentials,
  STORAGE_KEYS,
} from '@/lib/auth/store';
import type { UserType } from '@generated/model';
import { adminMe } from '@mocks/fixtures';
import { logoutAdmin, logoutCustomer } from '@generated/clients/auth/auth';
import { apiClient } from './client';
import { failure } from './failure.test-support';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  logout();
  localStorage.clear();
});
afterAll(() => server.close());

const PRODUCTS = '/api/v1/admin/products/';

function signIn(userType: UserType = 'admin') {
  setCredentials({
    user: { ...adminMe, username: 'ada' },
    userType,
    access_token: 'expired',
    refresh_token: 'refresh-1',
  });
}

/** A protected endpoint that only accepts `validToken`, recording every Authorization it saw. */
function protectedEndpoint(validToken = 'fresh') {
  const seen: (string | null)[] = [];
  server.use(
    http.get(PRODUCTS, ({ request }) => {
      const auth = request.headers.get('authorization');
      seen.push(auth);
      return auth === `Bearer ${validToken}`
        ? HttpResponse.json([{ id: 1 }])
        : HttpResponse.json({ detail: 'Token expired' }, { status: 401 });
    }),
  );
  return seen;
}

interface RefreshCall {
  token: string | null;
  authorization: string | null;
  contentType: string | null;
  body: string;
}

/** What a body-less POST (refresh, logout) must look like: no body, nothing said about one. */
const NO_BODY = { contentType: null, body: '' };

/** A POST endpoint at `path` that records each call (token, headers, body) and gives `answer`. */
function recordedPost(path: string, answer: () => Promise<Response>) {
  const calls: RefreshCall[] = [];
  server.use(
    http.post(path, async ({ request }) => {
      calls.push({
        token: new URL(request.url).searchParams.get('refresh_token'),
        authorization: request.headers.get('authorization'),
        contentType: request.headers.get('content-type'),
        body: await request.text(),
      });
      return answer();
    }),
  );
  return calls;
}

/** A refresh endpoint answering with fresh tokens (or `status`), recording each call. */
function refreshEndpoint(path = '/api/v1/admin/auth/refresh', status = 200) {
  return recordedPost(path, async () => {
    await delay(20); // keeps the refresh in flight while the other 401s arrive
    return status === 200
      ? HttpResponse.json({ access_token: 'fresh', refresh_token: 'refresh-2' })
      : HttpResponse.json({ detail: 'Invalid refresh token' }, { status });
  });
}

/** The POST endpoint at `path` answers 401 with `detail`. */
const rejects401 = (path: string, detail: string) =>
  server.use(http.post(path, () => HttpResponse.json({ detail }, { status: 401 })));

const listProducts = () => apiClient<unknown[]>({ url: PRODUCTS, method: 'GET' });

function expectSignedOut() {
  expect(authStore).toMatchObject({
    isAuthenticated: false,
    token: null,
    refreshToken: null,
    userType: null,
  });
  for (const key of Object.values(STORAGE_KEYS)) expect(localStorage.getItem(key)).toBeNull();
}

describe('silent refresh', () => {
  it('shares one refresh between parallel 401s and retries each request once', async () => {
    signIn();
    const seen = protectedEndpoint();
    const calls = refreshEndpoint();

    const results = await Promise.all([listProducts(), listProducts(), listProducts()]);

    expect(results).toEqual([[{ id: 1 }], [{ id: 1 }], [{ id: 1 }]]);
    expect(calls).toEqual([{ token: 'refresh-1', authorization: null, ...NO_BODY }]);
    expect(seen.filter((h) => h === 'Bearer expired')).toHaveLength(3);
    expect(seen.filter((h) => h === 'Bearer fresh')).toHaveLength(3);
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('fresh');
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('refresh-2');
    expect(localStorage.getItem(STORAGE_KEYS.userType)).toBe('admin');
    expect(authStore).toMatchObject({
      token: 'fresh',
      userType: 'admin',
      user: { username: 'ada' },
    });
  });

  it('does not refresh again for a 401 that arrives after the token was already rotated', async () => {
    signIn();
    const calls = refreshEndpoint();
    server.use(
      http.get('/api/v1/admin/orders/', async ({ request }) => {
        if (request.headers.get('authorization') === 'Bearer fresh') return HttpResponse.json([]);
        await delay(150); // fails long after the products call has refreshed
        return HttpResponse.json({ detail: 'Token expired' }, { status: 401 });
      }),
    );
    protectedEndpoint();

    const slow = apiClient({ url: '/api/v1/admin/orders/', method: 'GET' });
    await expect(listProducts()).resolves.toEqual([{ id: 1 }]);
    await expect(slow).resolves.toEqual([]);
    expect(calls).toHaveLength(1);
  });

  it('refreshes on a 401 whose body is not JSON (e.g. from a proxy)', async () => {
    signIn();
    const calls = refreshEndpoint();
    server.use(
      http.get(PRODUCTS, ({ request }) =>
        request.headers.get('authorization') === 'Bearer fresh'
          ? HttpResponse.json([{ id: 1 }])
          : HttpResponse.html('<h1>401 Unauthorized</h1>', { status: 401 }),
      ),
    );
    await expect(listProducts()).resolves.toEqual([{ id: 1 }]);
    expect(calls).toHaveLength(1);
  });

  it('uses the customer refresh endpoint for customers', async () => {
    signIn('customer');
    protectedEndpoint();
    const adminCalls = refreshEndpoint('/api/v1/admin/auth/refresh');
    const customerCalls = refreshEndpoint('/api/v1/auth/refresh');

    await expect(listProducts()).resolves.toEqual([{ id: 1 }]);
    expect(customerCalls).toEqual([{ token: 'refresh-1', authorization: null, ...NO_BODY }]);
    expect(adminCalls).toHaveLength(0);
    expect(localStorage.getItem(STORAGE_KEYS.userType)).toBe('customer');
  });

  it.each([
    ['refresh token', STORAGE_KEYS.refreshToken],
    ['user type', STORAGE_KEYS.userType],
  ])('logs out without calling refresh when no %s is stored', async (_what, missingKey) => {
    signIn();
    localStorage.removeItem(missingKey);
    restoreAuth();
    protectedEndpoint();
    const calls = refreshEndpoint();

    const error = await failure(listProducts());
    expect(error).toMatchObject({ status: 401, kind: 'http', message: 'Token expired' });
    expect(calls).toHaveLength(0);
    expectSignedOut();
  });

  it('logs out and fails with "Authentication failed" when the refresh is rejected', async () => {
    signIn();
    protectedEndpoint();
    const calls = refreshEndpoint('/api/v1/admin/auth/refresh', 401);

    const error = await failure(listProducts());
    expect(error).toMatchObject({ status: 401, kind: 'auth', message: 'Authentication failed' });
    expect(calls).toHaveLength(1);
    expectSignedOut();
    // …and the sign-in page is told why.
    expect(sessionEnd.reason).toBe('Authentication failed');
  });

  it('fails every concurrent call with "Authentication failed" after one rejected refresh', async () => {
    signIn();
    protectedEndpoint();
    const calls = refreshEndpoint('/api/v1/admin/auth/refresh', 401);

    const errors = await Promise.all([failure(listProducts()), failure(listProducts())]);
    expect(errors.map((e) => [e.status, e.message])).toEqual([
      [401, 'Authentication failed'],
      [401, 'Authentication failed'],
    ]);
    expect(calls).toHaveLength(1);
    expectSignedOut();
  });

  it('signing in again clears the reason the last session ended', async () => {
    signIn();
    protectedEndpoint();
    refreshEndpoint('/api/v1/admin/auth/refresh', 401);
    await failure(listProducts());
    expect(sessionEnd.reason).toBe('Authentication failed');
    signIn();
    expect(sessionEnd.reason).toBeNull();
  });

  it('does not sign the user back in when they logged out during the refresh', async () => {
    signIn();
    protectedEndpoint();
    server.use(
      http.post('/api/v1/admin/auth/refresh', () => {
        logout();
        return HttpResponse.json({ access_token: 'fresh', refresh_token: 'refresh-2' });
      }),
    );
    expect(await failure(listProducts())).toMatchObject({ status: 401, kind: 'auth' });
    expectSignedOut();
    expect(sessionEnd.reason).toBeNull(); // they asked for it: nothing to explain
  });

  it('does not refresh a retried request that is rejected again', async () => {
    signIn();
    const seen = protectedEndpoint('never-valid');
    const calls = refreshEndpoint();

    const error = await failure(listProducts());
    expect(error).toMatchObject({ status: 401, kind: 'http', message: 'Token expired' });
    expect(calls).toHaveLength(1);
    expect(seen).toEqual(['Bearer expired', 'Bearer fresh']);
  });

  it('does not refresh when a login is rejected, even with a stale token stored', async () => {
    signIn();
    const calls = refreshEndpoint();
    rejects401('/api/v1/admin/auth/login', 'Incorrect username or password');
    const error = await failure(
      apiClient({
        url: '/api/v1/admin/auth/login',
        method: 'POST',
        data: { username: 'a', password: 'b' },
      }),
    );
    expect(error).toMatchObject({ status: 401, message: 'Incorrect username or password' });
    expect(calls).toHaveLength(0);
    expect(authStore.isAuthenticated).toBe(true);
  });

  it('does not refresh a request sent without a bearer token, even if a refresh token is stored', async () => {
    localStorage.setItem(STORAGE_KEYS.refreshToken, 'refresh-1');
    localStorage.setItem(STORAGE_KEYS.userType, 'admin');
    restoreAuth();
    const seen = protectedEndpoint();
    const calls = refreshEndpoint();
    expect(await failure(listProducts())).toMatchObject({ status: 401, message: 'Token expired' });
    expect(seen).toEqual([null]);
    expect(calls).toHaveLength(0);
  });
});

describe('logout calls', () => {
  it.each([
    ['admin', logoutAdmin, '/api/v1/admin/auth/logout'],
    ['customer', logoutCustomer, '/api/v1/auth/logout'],
  ] as const)(
    'the %s logout sends the refresh token in the query, no body and no content type',
    async (_who, call, path) => {
      signIn();
      const calls = recordedPost(path, () =>
        Promise.resolve(new HttpResponse(null, { status: 204 })),
      );
      await expect(call({ refresh_token: 'refresh-1' })).resolves.toBeUndefined();
      expect(calls).toEqual([{ token: 'refresh-1', authorization: 'Bearer expired', ...NO_BODY }]);
    },
  );

  it('never refreshes on a 401 from logout', async () => {
    signIn();
    const calls = refreshEndpoint();
    rejects401('/api/v1/admin/auth/logout', 'Not authenticated');
    expect(await failure(logoutAdmin({ refresh_token: 'refresh-1' }))).toMatchObject({
      status: 401,
      message: 'Not authenticated',
    });
    expect(calls).toHaveLength(0);
  });
});
