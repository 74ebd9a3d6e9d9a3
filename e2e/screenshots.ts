// `npm run screenshots`: the demo shop served by `npm start`'s server, photographed screen by
// screen at desktop and mobile widths into screenshots/ (gitignored), for a human to look at.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { ADMIN_PASSWORD, ADMIN_USERNAME, startShop } from './server';

const out = fileURLToPath(new URL('../screenshots/', import.meta.url));
mkdirSync(out, { recursive: true });

const VIEWPORTS = { desktop: { width: 1280, height: 800 }, mobile: { width: 375, height: 812 } };

const shop = await startShop({}, { demo: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});

async function api<T>(token: string, path: string): Promise<T> {
  const res = await fetch(`${shop.baseURL}/api/v1${path}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return (await res.json()) as T;
}

try {
  const login = await fetch(`${shop.baseURL}/api/v1/admin/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: ADMIN_USERNAME, password: ADMIN_PASSWORD }),
  });
  const { access_token } = (await login.json()) as { access_token: string };
  const products = await api<{ id: number; has_variants: boolean }[]>(
    access_token,
    '/admin/products/?limit=100',
  );
  const variantProduct = products.find((p) => p.has_variants)!;
  const simpleProduct = products.find((p) => !p.has_variants)!;
  const orders = await api<{ id: number; vat_reverse_charge: boolean }[]>(
    access_token,
    '/admin/orders/?limit=100',
  );
  const order = orders.find((o) => o.vat_reverse_charge) ?? orders[0]!;

  const screens: [string, string][] = [
    ['login', '/auth'],
    ['dashboard', '/admin'],
    ['products', '/admin/products'],
    ['product-new', '/admin/products/new'],
    ['product-variants', `/admin/products/${variantProduct.id}`],
    ['product-simple', `/admin/products/${simpleProduct.id}`],
    ['orders', '/admin/orders'],
    ['order-detail', `/admin/orders/${order.id}`],
    ['customers', '/admin/customers'],
    ['categories', '/admin/categories'],
    ['vat-rates', '/admin/vat-rates'],
    ['users', '/admin/users'],
  ];

  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    const context = await browser.newContext({ viewport });
    const page: Page = await context.newPage();
    await page.goto(`${shop.baseURL}/auth`);
    await page.screenshot({ path: join(out, `login-${size}.png`), fullPage: true });
    await page.getByLabel('Username').fill(ADMIN_USERNAME);
    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await page.getByLabel('Password').press('Enter');
    await page.waitForURL(/\/admin$/);
    for (const [name, path] of screens.slice(1)) {
      await page.goto(`${shop.baseURL}${path}`);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(300); // let toasts and skeletons settle
      await page.screenshot({ path: join(out, `${name}-${size}.png`), fullPage: true });
    }
    await context.close();
  }
  console.log(`Screenshots written to ${out}`);
} finally {
  await browser.close();
  await shop.stop();
}
