// @vitest-environment jsdom
// @vitest-environment-options {"url": "http://localhost:3000"}
// Two tabs of one browser (issue #24): each "tab" is its own copy of the auth store and HTTP
// client (modules loaded afresh), sharing jsdom's localStorage as tabs share the browser's. A
// storage event reaches the other tab only when the test delivers it, so the test also plays
// the moment when one tab has rotated the session and the other has not heard of it yet.
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

const PRODUCTS = '/api/v1/admin/products/';
const REFRESH = '/api/v1/admin/auth/refresh';

/**
 * The API as the server behaves: one valid access token (the newest, none before the first
 * refresh), refresh tokens used once,
 * a used one answering its successor again within the reuse interval (when `reuse`), else
 * revoking the family.
 */
function fakeServer({ reuse }: { reuse: boolean }) {
  const state = {
    generation: 1,
    revoked: false,
    refreshCalls: [] as string[],
    answered: new Map<string, { access_token: string; refresh_token: string }>(),
  };
  const current = () => ({
    access_token: `access-${state.generation}`,
    refresh_token: `refresh-${state.generation}`,
  });
  server.use(
    http.get(PRODUCTS, ({ request }) =>
      // access-1, from the sign-in, has expired.
      !state.revoked &&
      state.generation > 1 &&
      request.headers.get('authorization') === `Bearer ${current().access_token}`
        ? HttpResponse.json([{ id: 1 }])
        : HttpResponse.json({ detail: 'Token expired' }, { status: 401 }),
    ),
    http.post(REFRESH, async ({ request }) => {
      const token = new URL(request.url).searchParams.get('refresh_token') ?? '';
      state.refreshCalls.push(token);
      await delay(20); // long enough for the other tab's request to arrive meanwhile
      if (!state.revoked && token === current().refresh_token) {
        state.generation += 1;
        state.answered.set(token, current());
        return HttpResponse.json(current());
      }
      const again = state.answered.get(token);
      if (!state.revoked && reuse && again) return HttpResponse.json(again);
      state.revoked = true;
      return HttpResponse.json({ detail: 'Refresh token was already used' }, { status: 401 });
    }),
  );
  return state;
}

/** A tab: its own store and client over the shared storage. */
async function openTab() {
  vi.resetModules();
  const store = await import('@/lib/auth/store');
  const { apiClient } = await import('./client');
  return {
    store,
    list: () => apiClient<unknown[]>({ url: PRODUCTS, method: 'GET' }),
  };
}
type Tab = Awaited<ReturnType<typeof openTab>>;

/** The browser tells every tab that storage changed. */
const deliverStorageEvents = () => window.dispatchEvent(new StorageEvent('storage', { key: null }));

/** The Web Locks API as browsers give it: one holder at a time, in the order asked. */
function installWebLocks() {
  const asked: string[] = [];
  let tail: Promise<unknown> = Promise.resolve();
  const locks = {
    request: (name: string, granted: (lock: { name: string }) => unknown) => {
      asked.push(name);
      const run = tail.then(() => granted({ name }));
      tail = run.catch(() => undefined);
      return run;
    },
  };
  Object.defineProperty(navigator, 'locks', { value: locks, configurable: true });
  return asked;
}

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

describe('two tabs sharing one session', () => {
  let a: Tab;
  let b: Tab;

  beforeEach(async () => {
    localStorage.clear();
    a = await openTab();
    b = await openTab();
    // Signed in in tab A, then tab B opened on the same browser: both have access-1, now expired.
    a.store.setCredentials({
      userType: 'admin',
      access_token: 'access-1',
      refresh_token: 'refresh-1',
    });
    b.store.restoreAuth();
  });
  afterEach(() => {
    server.resetHandlers();
    Reflect.deleteProperty(navigator, 'locks');
    a.store.logout();
    b.store.logout();
    localStorage.clear();
  });

  it('used in turn after the lifetime: one refresh, both stay signed in', async () => {
    const locks = installWebLocks();
    const api = fakeServer({ reuse: false });

    await expect(a.list()).resolves.toEqual([{ id: 1 }]);
    // Tab B has not heard of the rotation yet: its request fails, then it takes A's pair.
    expect(b.store.authStore.refreshToken).toBe('refresh-1');
    await expect(b.list()).resolves.toEqual([{ id: 1 }]);
    await expect(a.list()).resolves.toEqual([{ id: 1 }]);

    expect(api.refreshCalls).toEqual(['refresh-1']);
    expect(api.revoked).toBe(false);
    expect(locks).toEqual(['auth-refresh', 'auth-refresh']);
    for (const tab of [a, b]) {
      expect(tab.store.authStore).toMatchObject({
        isAuthenticated: true,
        token: 'access-2',
        refreshToken: 'refresh-2',
        userType: 'admin',
      });
      expect(tab.store.sessionEnd.reason).toBeNull();
    }
    expect(localStorage.getItem('refresh_token')).toBe('refresh-2');
  });

  it('reads the refresh token from storage, never from a stale copy in memory', async () => {
    fakeServer({ reuse: false });
    await a.list();
    expect(b.store.authStore.refreshToken).toBe('refresh-1');
    expect(b.store.getRefreshToken()).toBe('refresh-2');
  });

  it('refreshes once when both tabs fail at the same moment (Web Locks)', async () => {
    installWebLocks();
    const api = fakeServer({ reuse: false });

    const results = await Promise.all([a.list(), b.list(), a.list(), b.list()]);

    expect(results).toEqual([[{ id: 1 }], [{ id: 1 }], [{ id: 1 }], [{ id: 1 }]]);
    expect(api.refreshCalls).toEqual(['refresh-1']);
    expect(b.store.authStore.refreshToken).toBe('refresh-2');
  });

  it('without Web Locks, both tabs refresh and the reuse interval gives them the same pair', async () => {
    const api = fakeServer({ reuse: true });

    const results = await Promise.all([a.list(), b.list()]);

    expect(results).toEqual([[{ id: 1 }], [{ id: 1 }]]);
    expect(api.refreshCalls).toEqual(['refresh-1', 'refresh-1']);
    expect(api.revoked).toBe(false);
    for (const tab of [a, b]) expect(tab.store.authStore.refreshToken).toBe('refresh-2');
    expect(localStorage.getItem('refresh_token')).toBe('refresh-2');
  });

  it('follows a rotation by the other tab as soon as the browser tells it', async () => {
    installWebLocks();
    const api = fakeServer({ reuse: false });
    await a.list();
    deliverStorageEvents();
    expect(b.store.authStore).toMatchObject({ token: 'access-2', refreshToken: 'refresh-2' });
    await expect(b.list()).resolves.toEqual([{ id: 1 }]);
    expect(api.refreshCalls).toEqual(['refresh-1']);
  });

  it('signs the other tab out when one tab logs out', () => {
    a.store.logout();
    deliverStorageEvents();
    expect(b.store.authStore).toMatchObject({
      isAuthenticated: false,
      token: null,
      refreshToken: null,
      userType: null,
    });
  });

  it('a failed refresh signs both tabs out; the one that asked says "Authentication failed"', async () => {
    installWebLocks();
    fakeServer({ reuse: false });
    localStorage.setItem('refresh_token', 'refresh-revoked');

    await expect(a.list()).rejects.toMatchObject({ status: 401, message: 'Authentication failed' });
    expect(a.store.sessionEnd.reason).toBe('Authentication failed');
    deliverStorageEvents();
    expect(b.store.authStore.isAuthenticated).toBe(false);
    await expect(b.list()).rejects.toMatchObject({ status: 401 });
  });
});
