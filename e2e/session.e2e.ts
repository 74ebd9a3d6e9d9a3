// Sessions against the real server with a 10-second access-token lifetime: the console refreshes
// an expired token silently (an edit in progress is saved, the refresh token rotates), and a
// session revoked elsewhere ends on the sign-in page saying 'Authentication failed'.
// Each test waits for its access token to expire on purpose (checked on the server, not assumed).
import { expect, test, type Page } from '@playwright/test';
import { ADMIN_PASSWORD, ADMIN_USERNAME, startShop, type RunningShop } from './server';

const ACCESS_TOKEN_TTL_S = 10;

let shop: RunningShop;
test.beforeAll(async () => {
  shop = await startShop({ ACCESS_TOKEN_TTL_S: String(ACCESS_TOKEN_TTL_S) });
});
test.afterAll(async () => {
  await shop?.stop();
});

/* ---------- The server, through its API ---------- */

async function call(
  method: string,
  path: string,
  { token, body }: { token?: string; body?: unknown } = {},
): Promise<Response> {
  return fetch(`${shop.baseURL}/api/v1${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function json<T>(response: Response | Promise<Response>): Promise<T> {
  const res = await response;
  if (res.status >= 300) throw new Error(`${res.url} → ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

async function apiToken(): Promise<string> {
  const pair = await json<{ access_token: string }>(
    call('POST', '/admin/auth/login', {
      body: { username: ADMIN_USERNAME, password: ADMIN_PASSWORD },
    }),
  );
  return pair.access_token;
}

interface Product {
  id: number;
  name: string;
}

async function createProduct(name: string): Promise<Product> {
  const token = await apiToken();
  const category = await json<{ id: number }>(
    call('POST', '/categories/', {
      token,
      body: { name: `Lamps ${Date.now()}`, slug: `lamps-${Date.now()}` },
    }),
  );
  const rates = await json<{ id: number; is_default: boolean }[]>(
    call('GET', '/admin/vat-rates/', { token }),
  );
  const vatRate = rates.find((rate) => rate.is_default) ?? rates[0]!;
  return json<Product>(
    call('POST', '/admin/products/', {
      token,
      body: {
        name,
        slug: `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${Date.now()}`,
        description: 'Hand-thrown clay lamp.',
        category_id: category.id,
        base_price: '45.000',
        vat_rate_id: vatRate.id,
      },
    }),
  );
}

/* ---------- The browser ---------- */

const stored = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

async function signIn(page: Page): Promise<void> {
  await page.goto(`${shop.baseURL}/auth`);
  await page.getByLabel('Username').fill(ADMIN_USERNAME);
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Logged in successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/admin$/);
}

/** Waits until the server refuses the access token the page holds (its lifetime is over). */
async function waitForAccessTokenToExpire(page: Page): Promise<void> {
  const token = await stored(page, 'access_token');
  expect(token).toBeTruthy();
  await expect
    .poll(async () => (await call('GET', '/admin/auth/me', { token: token! })).status, {
      timeout: (ACCESS_TOKEN_TTL_S + 20) * 1000,
      intervals: [1000],
    })
    .toBe(401);
}

test.describe('sessions with a short access-token lifetime', () => {
  test.setTimeout(90_000);

  test('an edit made after the access token expired is saved and the session goes on', async ({
    page,
  }) => {
    const product = await createProduct('Clay lamp');
    await signIn(page);
    await page.goto(`${shop.baseURL}/admin/products/${product.id}`);
    const name = page.getByRole('main').getByLabel(/^Product Name/);
    await expect(name).toHaveValue('Clay lamp');
    const refreshTokenBefore = await stored(page, 'refresh_token');
    expect(refreshTokenBefore).toBeTruthy();

    await waitForAccessTokenToExpire(page);

    await name.fill('Clay lamp, large');
    const refresh = page.waitForRequest('**/api/v1/admin/auth/refresh?*');
    await page.getByRole('button', { name: 'Update Product' }).click();

    // One silent refresh, sent without a body or a content type.
    const refreshRequest = await refresh;
    expect(refreshRequest.headers()['content-type']).toBeUndefined();
    expect(refreshRequest.postData()).toBeNull();
    await expect(page.getByText('Product updated successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/products$/);
    await expect(page.getByTestId('current-user')).toHaveText(ADMIN_USERNAME);

    // Saved on the server.
    const saved = await json<Product>(
      call('GET', `/admin/products/${product.id}`, { token: await apiToken() }),
    );
    expect(saved.name).toBe('Clay lamp, large');

    // The refresh token rotated: the browser holds a new one, the old one is refused.
    const refreshTokenAfter = await stored(page, 'refresh_token');
    expect(refreshTokenAfter).toBeTruthy();
    expect(refreshTokenAfter).not.toBe(refreshTokenBefore);
    expect(await stored(page, 'user_type')).toBe('admin');
    const reused = await call(
      'POST',
      `/admin/auth/refresh?refresh_token=${encodeURIComponent(refreshTokenBefore!)}`,
    );
    expect(reused.status).toBe(401);
  });

  test('a session revoked elsewhere ends on the sign-in page with "Authentication failed"', async ({
    page,
  }) => {
    await signIn(page);
    await page.getByRole('link', { name: 'Products' }).click();
    await expect(page.getByRole('heading', { name: 'Products' })).toBeVisible();

    // Signed out elsewhere: the refresh family of this browser's session is revoked.
    const refreshToken = await stored(page, 'refresh_token');
    const revoked = await call(
      'POST',
      `/admin/auth/logout?refresh_token=${encodeURIComponent(refreshToken!)}`,
    );
    expect(revoked.status).toBe(204);

    await waitForAccessTokenToExpire(page);

    await page.getByRole('link', { name: 'Users' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByText('Authentication failed')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    for (const key of ['access_token', 'refresh_token', 'user_type'])
      expect(await stored(page, key)).toBeNull();
  });
});
