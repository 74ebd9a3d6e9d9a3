// Node environment: axios uses its http adapter and Node's own FormData/File. (jsdom was tried:
// MSW's XHR interceptor cannot read jsdom's File objects and never fires XHR timeouts.)
// Node 20 has no localStorage, so a minimal in-memory one stands in for it, and relative URLs
// need a base: the API origin used in these tests.
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { logoutAdmin } from '@generated/clients/auth/auth';
import { authStore, logout, setCredentials, STORAGE_KEYS } from '@/lib/auth/store';
import { apiClient, configureHttpClient } from './client';
import { failure } from './failure.test-support';

class MemoryStorage implements Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'clear'> {
  private items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, String(value));
  removeItem = (key: string) => void this.items.delete(key);
  clear = () => this.items.clear();
}
vi.stubGlobal('localStorage', new MemoryStorage());

const API = 'http://localhost:3000';
const server = setupServer();
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  configureHttpClient({ baseURL: API });
});
afterEach(() => {
  server.resetHandlers();
  logout();
  localStorage.clear();
  configureHttpClient({ baseURL: API, timeout: 30_000 });
});
afterAll(() => server.close());

/** Registers a GET /api/ping handler recording the Authorization header it received. */
function recordAuthorization(): { value?: string | null } {
  const seen: { value?: string | null } = {};
  server.use(
    http.get(API + '/api/ping', ({ request }) => {
      seen.value = request.headers.get('authorization');
      return HttpResponse.json({ ok: true });
    }),
  );
  return seen;
}

describe('authorization header', () => {
  it('uses the in-memory token first', async () => {
    setCredentials({ access_token: 'memory-token', refresh_token: 'r', userType: 'admin' });
    localStorage.setItem(STORAGE_KEYS.accessToken, 'stale-stored-token');
    const seen = recordAuthorization();
    await expect(apiClient({ url: '/api/ping', method: 'GET' })).resolves.toEqual({ ok: true });
    expect(seen.value).toBe('Bearer memory-token');
  });

  it('falls back to the stored access_token', async () => {
    localStorage.setItem(STORAGE_KEYS.accessToken, 'stored-token');
    expect(authStore.token).toBeNull();
    const seen = recordAuthorization();
    await apiClient({ url: '/api/ping', method: 'GET' });
    expect(seen.value).toBe('Bearer stored-token');
  });

  it('sends no header when signed out', async () => {
    const seen = recordAuthorization();
    await apiClient({ url: '/api/ping', method: 'GET' });
    expect(seen.value).toBeNull();
  });
});

describe('request bodies and options', () => {
  it('sends plain objects as JSON', async () => {
    let received: { type: string | null; body: unknown } | undefined;
    server.use(
      http.post(API + '/api/v1/categories/', async ({ request }) => {
        received = { type: request.headers.get('content-type'), body: await request.json() };
        return HttpResponse.json({ id: 1 }, { status: 201 });
      }),
    );
    const created = await apiClient<{ id: number }>({
      url: '/api/v1/categories/',
      method: 'POST',
      data: { name: 'Shoes', slug: 'shoes' },
    });
    expect(created).toEqual({ id: 1 });
    expect(received?.type).toMatch(/^application\/json/);
    expect(received?.body).toEqual({ name: 'Shoes', slug: 'shoes' });
  });

  it('sends FormData as multipart with the runtime boundary and the file', async () => {
    let received: { type: string | null; name?: string; text?: string } | undefined;
    server.use(
      http.post(API + '/api/v1/admin/uploads/images/single', async ({ request }) => {
        const type = request.headers.get('content-type');
        const file = (await request.formData()).get('file') as File;
        received = { type, name: file.name, text: await file.text() };
        return HttpResponse.json({ files: [{ url: 'u' }], count: 1 });
      }),
    );
    const form = new FormData();
    form.append('file', new File(['png-bytes'], 'cat.png', { type: 'image/png' }));
    await apiClient({ url: '/api/v1/admin/uploads/images/single', method: 'POST', data: form });
    expect(received?.type).toMatch(/^multipart\/form-data; boundary=/);
    expect(received).toMatchObject({ name: 'cat.png', text: 'png-bytes' });
  });

  it('merges the second (options) config into the first', async () => {
    let url: URL | undefined;
    let extra: string | null = null;
    server.use(
      http.get(API + '/api/v1/products/featured', ({ request }) => {
        url = new URL(request.url);
        extra = request.headers.get('x-extra');
        return HttpResponse.json([]);
      }),
    );
    await apiClient(
      { url: '/api/v1/products/featured', method: 'GET', params: { limit: 10 } },
      { headers: { 'X-Extra': 'yes' } },
    );
    expect(url?.searchParams.get('limit')).toBe('10');
    expect(extra).toBe('yes');
  });

  it('sends no body and no content type on a body-less POST (logout, refresh, cancel)', async () => {
    let received: { type: string | null; body: string; token: string | null } | undefined;
    server.use(
      http.post(API + '/api/v1/admin/auth/logout', async ({ request }) => {
        received = {
          type: request.headers.get('content-type'),
          body: await request.text(),
          token: new URL(request.url).searchParams.get('refresh_token'),
        };
        return new HttpResponse(null, { status: 204 });
      }),
    );
    await expect(logoutAdmin({ refresh_token: 'r-1' })).resolves.toBeUndefined();
    expect(received).toEqual({ type: null, body: '', token: 'r-1' });
  });

  it('resolves a 204 to undefined', async () => {
    server.use(
      http.delete(API + '/api/v1/admin/products/7', () => new HttpResponse(null, { status: 204 })),
    );
    await expect(
      apiClient({ url: '/api/v1/admin/products/7', method: 'DELETE' }),
    ).resolves.toBeUndefined();
  });
});

describe('errors reaching the caller', () => {
  const respond = (status: number, body: string, contentType = 'application/json') =>
    server.use(
      http.get(
        API + '/api/fail',
        () => new HttpResponse(body, { status, headers: { 'Content-Type': contentType } }),
      ),
    );
  const call = () => failure(apiClient({ url: '/api/fail', method: 'GET' }));

  it('uses a string detail', async () => {
    respond(400, JSON.stringify({ detail: 'Slug already exists' }));
    expect(await call()).toMatchObject({
      status: 400,
      kind: 'http',
      message: 'Slug already exists',
    });
  });

  it('turns a FastAPI validation list into a readable message', async () => {
    const detail = [
      {
        loc: ['body', 'meta_title'],
        msg: 'String should have at most 60 characters',
        type: 'string_too_long',
      },
      { loc: ['body', 'slug'], msg: 'Field required', type: 'missing' },
    ];
    respond(422, JSON.stringify({ detail }));
    expect(await call()).toMatchObject({
      status: 422,
      message: 'meta_title: String should have at most 60 characters; slug: Field required',
      detail,
    });
  });

  it('falls back to the message field', async () => {
    respond(500, JSON.stringify({ message: 'Database unavailable' }));
    expect(await call()).toMatchObject({ status: 500, message: 'Database unavailable' });
  });

  it('falls back to HTTP <status>', async () => {
    respond(503, JSON.stringify({ error: 'nope' }));
    expect(await call()).toMatchObject({ status: 503, kind: 'http', message: 'HTTP 503' });
  });

  it('reports a non-JSON error body as a parse error keeping the status', async () => {
    respond(502, '<html>Bad Gateway</html>', 'text/html');
    expect(await call()).toMatchObject({
      status: 502,
      kind: 'parse',
      message: 'Invalid response from server',
    });
  });

  it('reports unparseable JSON on a 2xx as a parse error', async () => {
    respond(200, '{"id": 1,');
    expect(await call()).toMatchObject({
      status: 200,
      kind: 'parse',
      message: 'Invalid response from server',
    });
  });

  it('reports a network failure as status 0 "Network error"', async () => {
    server.use(http.get(API + '/api/fail', () => HttpResponse.error()));
    expect(await call()).toMatchObject({ status: 0, kind: 'network', message: 'Network error' });
  });

  it('reports a timeout', async () => {
    configureHttpClient({ timeout: 50 });
    server.use(
      http.get(API + '/api/fail', async () => {
        await delay(1_000);
        return HttpResponse.json({});
      }),
    );
    expect(await call()).toMatchObject({
      status: 0,
      kind: 'timeout',
      message: 'Request timed out',
    });
  });

  it('reports an aborted request as cancelled, not as a network failure', async () => {
    server.use(
      http.get(API + '/api/fail', async () => {
        await delay(1_000);
        return HttpResponse.json({});
      }),
    );
    const controller = new AbortController();
    const pending = failure(
      apiClient({ url: '/api/fail', method: 'GET', signal: controller.signal }),
    );
    controller.abort();
    expect(await pending).toMatchObject({
      status: 0,
      kind: 'network',
      message: 'Request cancelled',
    });
  });
});
