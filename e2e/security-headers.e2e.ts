// The console under the server's security headers: every screen renders with no
// Content-Security-Policy violation, and the served page carries the policy.
import { expect, test } from './fixtures';
import { baseURL } from './api';
import { ADMIN_PASSWORD, ADMIN_USERNAME } from './server';

test('the console runs under its Content-Security-Policy without a violation', async ({ page }) => {
  const violations: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy|CSP violation/i.test(message.text())) {
      violations.push(message.text());
    }
  });

  const first = await page.goto(`${baseURL()}/auth`);
  const headers = first?.headers() ?? {};
  expect(headers['content-security-policy']).toContain("script-src 'self'");
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');

  await page.getByLabel('Username').fill(ADMIN_USERNAME);
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: /log ?in|sign in/i }).click();
  await expect(page.getByText('Manage your store')).toBeVisible();
  for (const path of [
    '/admin/products',
    '/admin/products/new',
    '/admin/orders',
    '/admin/customers',
    '/admin/categories',
    '/admin/vat-rates',
    '/admin/users',
  ]) {
    await page.goto(`${baseURL()}${path}`);
    await expect(page.locator('h1, h2').first()).toBeVisible();
  }
  expect(violations).toEqual([]);
});

test('the API reference renders the contract under the same policy, asking nothing of other sites', async ({
  page,
}) => {
  const violations: string[] = [];
  const elsewhere: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  page.on('request', (request) => {
    if (new URL(request.url()).origin !== new URL(baseURL()).origin) elsewhere.push(request.url());
  });
  const answer = await page.goto(`${baseURL()}/api/docs`);
  expect(answer?.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(
    page.getByRole('heading', { name: /VAT-aware store back office API/ }),
  ).toBeVisible();
  // An operation of the contract, under its tag, with its summary.
  await page.getByRole('link', { name: 'Analytics', exact: true }).click();
  await expect(page.getByText('/api/v1/admin/reports/sales', { exact: true })).toBeVisible();
  await expect(page.getByText('Sales over time', { exact: true })).toBeVisible();
  expect(violations).toEqual([]);
  expect(elsewhere).toEqual([]);
});
