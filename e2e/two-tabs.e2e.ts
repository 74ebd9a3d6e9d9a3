// Two tabs of one browser share one session (issue #24), against the real server with a
// 10-second access-token lifetime: both idle past it (the server's clock is moved on, through
// SHOP_TEST_CLOCK, rather than waited out), then used in turn or at the same moment,
// both stay signed in, one refresh (Web Locks across the tabs), and the server still has exactly
// one session for the admin, not revoked.
import { expect, test, type BrowserContext, type Page } from './fixtures';
import {
  ADMIN_PASSWORD,
  ADMIN_USERNAME,
  outliveAccessTokens,
  startShortSessionShop,
  type RunningShop,
} from './server';

let shop: RunningShop;
test.beforeAll(async ({ database }) => {
  shop = await startShortSessionShop(database);
});
test.afterAll(async () => {
  await shop?.stop();
});

const stored = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

const api = (path: string, token: string) =>
  fetch(`${shop.baseURL}/api/v1${path}`, { headers: { authorization: `Bearer ${token}` } });

/** Tab A signs in, then tab B opens the console in the same browser: signed in already. */
async function twoSignedInTabs(context: BrowserContext): Promise<[Page, Page]> {
  const a = await context.newPage();
  await a.goto(`${shop.baseURL}/auth`);
  await a.getByLabel('Username').fill(ADMIN_USERNAME);
  await a.getByLabel('Password').fill(ADMIN_PASSWORD);
  await a.getByRole('button', { name: 'Login' }).click();
  await expect(a).toHaveURL(/\/admin$/);
  const b = await context.newPage();
  await b.goto(`${shop.baseURL}/admin/products`);
  await expect(b.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
  for (const page of [a, b]) {
    await expect(page.getByTestId('current-user')).toHaveText(ADMIN_USERNAME);
  }
  return [a, b];
}

/** Moves the server past the lifetime of the access token the tabs hold: it is refused. */
async function idlePastTheLifetime(page: Page): Promise<void> {
  const token = (await stored(page, 'access_token'))!;
  expect(token).toBeTruthy();
  expect((await api('/admin/auth/me', token)).status).toBe(200);
  await outliveAccessTokens(shop);
  expect((await api('/admin/auth/me', token)).status).toBe(401);
}

/** Opens a list from the menu, in the page as it is (no reload: the tab's own state is used). */
async function openList(page: Page, name: string): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Management' })
    .getByRole('link', { name, exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByTestId('current-user')).toHaveText(ADMIN_USERNAME);
  await expect(page).not.toHaveURL(/\/auth$/);
}

/** Logout, so that the next test's admin has no other session open. */
async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/auth$/);
}

/** The refresh calls of every tab of the context. */
function countRefreshes(context: BrowserContext): string[] {
  const tokens: string[] = [];
  context.on('request', (request) => {
    if (request.url().includes('/api/v1/admin/auth/refresh?')) {
      tokens.push(new URL(request.url()).searchParams.get('refresh_token') ?? '');
    }
  });
  return tokens;
}

/** Both tabs hold the one session; the server lists exactly it, open. */
async function expectOneOpenSession(a: Page, b: Page): Promise<void> {
  // Chromium hands a tab's localStorage write to the other tabs' processes asynchronously: under
  // load a tab may read the pair the other just replaced for a moment. Both settle on one pair.
  await expect
    .poll(async () => {
      const [inA, inB] = [await stored(a, 'refresh_token'), await stored(b, 'refresh_token')];
      return inA !== null && inA === inB;
    })
    .toBe(true);
  const token = (await stored(b, 'access_token'))!;
  const res = await api('/admin/auth/me/sessions', token);
  expect(res.status).toBe(200);
  const sessions = (await res.json()) as { current: boolean }[];
  expect(sessions).toHaveLength(1);
  expect(sessions[0]!.current).toBe(true);
  for (const page of [a, b]) {
    await expect(page.getByText('Authentication failed')).toHaveCount(0);
  }
}

test.describe('two tabs of one browser', () => {
  test('both idle past the access-token lifetime, then used in turn: both stay signed in', async ({
    browser,
  }) => {
    const context = await browser.newContext();
    const refreshes = countRefreshes(context);
    const [a, b] = await twoSignedInTabs(context);
    const signedInWith = await stored(a, 'refresh_token');
    await idlePastTheLifetime(a);

    await openList(a, 'Products');
    await openList(b, 'Users');
    await openList(a, 'Categories');
    await openList(b, 'Orders');

    // One refresh, by the tab used first; the other took the new pair from storage.
    expect(refreshes).toEqual([signedInWith]);
    expect(await stored(b, 'refresh_token')).not.toBe(signedInWith);
    await expectOneOpenSession(a, b);
    await signOut(a);
    await context.close();
  });

  test('both idle past the lifetime, then used at the same moment: one refresh', async ({
    browser,
  }) => {
    const context = await browser.newContext();
    const refreshes = countRefreshes(context);
    const [a, b] = await twoSignedInTabs(context);
    const signedInWith = await stored(a, 'refresh_token');
    await idlePastTheLifetime(b);

    await Promise.all([openList(a, 'Orders'), openList(b, 'Categories')]);

    // Web Locks: one tab refreshes, the other waits and takes the pair it stored.
    expect(refreshes).toEqual([signedInWith]);
    await expectOneOpenSession(a, b);
    await signOut(a);
    await context.close();
  });

  test('signing out in one tab signs the other out', async ({ browser }) => {
    const context = await browser.newContext();
    const [a, b] = await twoSignedInTabs(context);
    await signOut(a);
    await expect(b).toHaveURL(/\/auth$/);
    await expect(b.getByRole('button', { name: 'Login' })).toBeVisible();
    await context.close();
  });
});
