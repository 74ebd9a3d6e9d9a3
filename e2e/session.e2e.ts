// Sessions against the real server with a 10-second access-token lifetime: the console refreshes
// an expired token silently (an edit in progress is saved, the refresh token rotates), and a
// session revoked elsewhere ends on the sign-in page saying 'Authentication failed'. Those two
// move the server's clock (SHOP_TEST_CLOCK) past the token's lifetime and check on the server
// that it is refused, rather than waiting 15 to 25 s of real time for it on each database.
// Also: a customer follows the e-mailed magic link, and signs out from the admin area's
// 'Access Denied'.
import { expect, test, type Page } from './fixtures';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  ADMIN_PASSWORD,
  ADMIN_USERNAME,
  moveServerClock,
  outliveAccessTokens,
  startShortSessionShop,
  type RunningShop,
} from './server';

/** A used refresh token still answers its successor this long (refresh-tokens.ts). */
const REUSE_INTERVAL_S = 10;

let shop: RunningShop;
test.beforeAll(async ({ database }) => {
  shop = await startShortSessionShop(database);
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

/** The sign-in link of the last e-mail sent to `email` (the outbox holds it as an .eml file). */
function magicLinkSentTo(email: string): string | null {
  const outbox = join(shop.dataDir, 'outbox');
  let files: string[];
  try {
    files = readdirSync(outbox).filter((name) => name.endsWith('.eml'));
  } catch {
    return null; // no e-mail yet
  }
  for (const name of files.sort().reverse()) {
    // Quoted-printable: join soft line breaks, decode "=3D".
    const eml = readFileSync(join(outbox, name), 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=3D/gi, '=');
    if (!eml.includes(email)) continue;
    const link = /https?:\/\/[^\s"<>]+(\/auth\/magic\?[^\s"<>]+)/.exec(eml);
    if (link) return link[1]!.replace(/&amp;/g, '&');
  }
  return null;
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

/** Moves the server past the lifetime of the access token the page holds: it is refused. */
async function waitForAccessTokenToExpire(page: Page): Promise<void> {
  const token = await stored(page, 'access_token');
  expect(token).toBeTruthy();
  await outliveAccessTokens(shop);
  expect((await call('GET', '/admin/auth/me', { token: token! })).status).toBe(401);
}

test.describe('sessions with a short access-token lifetime', () => {
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
    const accessToken = (await stored(page, 'access_token'))!;
    expect((await call('GET', '/admin/auth/me', { token: accessToken })).status).toBe(200);

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

    // The refresh token rotated: the browser holds a new one; the old one is refused once the
    // reuse interval (10 s, for tabs racing) is over.
    const refreshTokenAfter = await stored(page, 'refresh_token');
    expect(refreshTokenAfter).toBeTruthy();
    expect(refreshTokenAfter).not.toBe(refreshTokenBefore);
    expect(await stored(page, 'user_type')).toBe('admin');
    await moveServerClock(shop, REUSE_INTERVAL_S + 1);
    const reuse = await call(
      'POST',
      `/admin/auth/refresh?refresh_token=${encodeURIComponent(refreshTokenBefore!)}`,
    );
    expect(reuse.status).toBe(401);
  });

  test('a session revoked elsewhere ends on the sign-in page with "Authentication failed"', async ({
    page,
  }) => {
    await signIn(page);
    await page
      .getByRole('navigation', { name: 'Management' })
      .getByRole('link', { name: 'Products' })
      .click();
    await expect(page.getByRole('heading', { name: 'Products' })).toBeVisible();

    // Signed out elsewhere: the refresh family of this browser's session is revoked.
    const refreshToken = await stored(page, 'refresh_token');
    const revoked = await call(
      'POST',
      `/admin/auth/logout?refresh_token=${encodeURIComponent(refreshToken!)}`,
    );
    expect(revoked.status).toBe(204);

    await waitForAccessTokenToExpire(page);

    await page
      .getByRole('navigation', { name: 'Management' })
      .getByRole('link', { name: 'Users' })
      .click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByText('Authentication failed')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    for (const key of ['access_token', 'refresh_token', 'user_type'])
      expect(await stored(page, key)).toBeNull();
  });

  test('a customer signs in with the e-mailed link, then signs out of the admin area', async ({
    page,
  }) => {
    const email = `ada.${Date.now()}@example.tn`;
    expect((await call('POST', '/auth/send-magic-link', { body: { email } })).status).toBe(202);
    // The e-mail is written in the background.
    await expect.poll(() => magicLinkSentTo(email), { timeout: 10_000 }).toBeTruthy();
    const link = magicLinkSentTo(email)!;
    expect(link).toMatch(/^\/auth\/magic\?token=[^&]+&email=/);

    await page.goto(`${shop.baseURL}${link}`);
    await expect(page.getByRole('heading', { name: 'You are signed in' })).toBeVisible();
    await expect(page.getByText(`You are signed in as ${email}.`, { exact: false })).toBeVisible();
    // The single-use token left the address bar.
    await expect(page).toHaveURL(`${shop.baseURL}/auth/magic`);
    expect(await stored(page, 'user_type')).toBe('customer');
    const refreshToken = await stored(page, 'refresh_token');
    expect(refreshToken).toBeTruthy();

    // The link works once.
    const again = await page.context().newPage();
    await again.goto(`${shop.baseURL}${link}`);
    await expect(
      again.getByRole('heading', { name: 'This sign-in link has expired or was already used' }),
    ).toBeVisible();
    await again.close();

    // The admin area is not theirs; they can leave it by signing out.
    await page.goto(`${shop.baseURL}/admin`);
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Return Home' })).toHaveAttribute('href', '/');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    expect(await stored(page, 'refresh_token')).toBeNull();
    // Revoked on the server.
    const refused = await call(
      'POST',
      `/auth/refresh?refresh_token=${encodeURIComponent(refreshToken!)}`,
    );
    expect(refused.status).toBe(401);
  });

  test('Logout revokes the session on the server', async ({ page }) => {
    await signIn(page);
    const refreshToken = await stored(page, 'refresh_token');
    expect(refreshToken).toBeTruthy();
    const logout = page.waitForRequest('**/api/v1/admin/auth/logout?*');
    await page.getByRole('button', { name: 'Logout' }).click();
    const request = await logout;
    expect(new URL(request.url()).searchParams.get('refresh_token')).toBe(refreshToken);
    expect(request.headers()['content-type']).toBeUndefined();
    expect(request.postData()).toBeNull();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByText('Authentication failed')).toHaveCount(0);
    expect(await stored(page, 'refresh_token')).toBeNull();
    const refused = await call(
      'POST',
      `/admin/auth/refresh?refresh_token=${encodeURIComponent(refreshToken!)}`,
    );
    expect(refused.status).toBe(401);
  });
});
