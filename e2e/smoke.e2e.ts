import { expect, test } from './fixtures';
import { baseURL } from './api';
import { ADMIN_PASSWORD, ADMIN_USERNAME } from './server';

test('an admin signs in on the served console and signs out again', async ({ page }) => {
  await page.goto(`${baseURL()}/`);
  await page.getByRole('link', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await page.getByLabel('Username').fill(ADMIN_USERNAME);
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: /log ?in|sign in/i }).click();
  await expect(page.getByText('Logged in successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByText('Manage your store')).toBeVisible();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
});

test('an unknown path shows the 404 page', async ({ page }) => {
  await page.goto(`${baseURL()}/no/such/page`);
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
});
