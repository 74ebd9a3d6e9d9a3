// An API token end to end (#31, docs/product.md §10.31): an admin creates one on the console's
// API tokens screen, an integration uses the secret it showed once to list products (and is
// refused a write outside its scope), then the admin revokes it and the server refuses it.
// SQLite only (the token rules are proved on both databases by the server suite).
import { expect, test } from './fixtures';
import { baseURL } from './api';
import { ADMIN_PASSWORD, ADMIN_USERNAME } from './server';

const RUN = Date.now().toString(36);
const NAME = `E2E catalogue reader ${RUN}`;

/** A request to the admin API with the token, as an integration sends it. */
const withToken = (token: string, path: string, init: RequestInit = {}) =>
  fetch(`${baseURL()}/api/v1${path}`, {
    ...init,
    headers: {
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
      ...init.headers,
    },
  });

test('a token created on the screen lists products with its scope, then is refused once revoked', async ({
  page,
}) => {
  await page.goto(`${baseURL()}/auth`);
  await page.getByLabel('Username').fill(ADMIN_USERNAME);
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await page
    .getByRole('navigation', { name: 'Management' })
    .getByRole('link', { name: 'API Tokens' })
    .click();
  await expect(page).toHaveURL(/\/admin\/api-tokens$/);

  await page.getByRole('button', { name: 'Create API token' }).click();
  const form = page.getByRole('dialog', { name: 'Create API token' });
  await form.getByLabel('Name').fill(NAME);
  await form.getByText('catalogue:read', { exact: true }).click();
  await form.getByRole('button', { name: 'Create' }).click();

  const shown = page.getByRole('dialog', { name: 'Copy your new API token' });
  const secret = (await shown.getByTestId('api-token-secret').textContent()) ?? '';
  expect(secret).toMatch(/^shp_[A-Za-z0-9]{12}_[A-Za-z0-9]{32}$/);
  await shown.getByRole('button', { name: 'Done' }).click();
  const row = page.getByRole('row').filter({ hasText: NAME });
  await expect(row.getByText('1 scope')).toBeVisible();
  await expect(row.getByText('Never used')).toBeVisible();
  await expect(row.getByText('Active')).toBeVisible();

  const list = await withToken(secret, '/admin/products/');
  expect(list.status).toBe(200);
  expect(Array.isArray(await list.json())).toBe(true);
  const write = await withToken(secret, '/admin/products/', {
    method: 'POST',
    body: JSON.stringify({ name: `E2E token product ${RUN}` }),
  });
  expect(write.status).toBe(403);

  // Its use is listed once the list is loaded again.
  await page.reload();
  await expect(row.getByText(/ from /)).toBeVisible();

  await row.getByRole('button', { name: `Revoke ${NAME}` }).click();
  await page
    .getByRole('alertdialog', { name: 'Revoke API token' })
    .getByRole('button', { name: 'Revoke' })
    .click();
  await expect(page.getByText(`API token "${NAME}" revoked`)).toBeVisible();
  await expect(row.getByText('Revoked')).toBeVisible();
  expect((await withToken(secret, '/admin/products/')).status).toBe(401);
});
