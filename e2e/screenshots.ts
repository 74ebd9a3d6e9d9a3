// `npm run screenshots`: the demo shop served by `npm start`'s server, photographed screen by
// screen in English, French and Arabic, light and dark, at desktop (1280) and phone (375) widths,
// into screenshots/ (gitignored) with an index.html listing them, for a human to look at.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { chromiumLaunchOptions } from '../scripts/chromium.mjs';
import { ADMIN_PASSWORD, ADMIN_USERNAME, startShop } from './server';

const out = fileURLToPath(new URL('../screenshots/', import.meta.url));
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const VIEWPORTS = { desktop: { width: 1280, height: 800 }, phone: { width: 375, height: 812 } };
const LOCALES = ['en', 'fr', 'ar'] as const;
const THEMES = ['light', 'dark'] as const;

type Mode = { locale: (typeof LOCALES)[number]; theme: (typeof THEMES)[number] };
const MODES: Mode[] = LOCALES.flatMap((locale) => THEMES.map((theme) => ({ locale, theme })));

const shop = await startShop({}, { demo: true });
const browser = await chromium.launch(chromiumLaunchOptions);

async function api<T>(token: string, path: string): Promise<T> {
  const res = await fetch(`${shop.baseURL}/api/v1${path}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return (await res.json()) as T;
}

/** The language and colour mode as the browser remembers them (public/boot.js reads both). */
async function remember(page: Page, { locale, theme }: Mode) {
  await page.evaluate(
    ([l, t]) => {
      localStorage.setItem('locale', l);
      localStorage.setItem('theme', t);
    },
    [locale, theme] as const,
  );
  await page.emulateMedia({ colorScheme: theme });
}

const written: string[] = [];

/**
 * The screen at rest, not after a guessed moment: no skeleton waits for its data any more, and
 * every finite animation (a toast or a dialog fading in) has ended.
 */
async function atRest(page: Page) {
  await page.waitForFunction(() => document.querySelector('.chakra-skeleton') === null);
  await page.evaluate(() =>
    Promise.allSettled(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity))
        .map((a) => a.finished),
    ),
  );
}

async function shoot(page: Page, url: string, file: string) {
  await page.goto(url);
  await page.waitForLoadState('networkidle');
  await atRest(page);
  await page.screenshot({ path: join(out, file), fullPage: true });
  written.push(file);
}

async function signIn(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${shop.baseURL}/auth`);
  await remember(page, { locale: 'en', theme: 'light' });
  await page.reload();
  // By name: the labels are translated in the other languages.
  await page.locator('input[name="username"]').fill(ADMIN_USERNAME);
  await page.locator('input[name="password"]').fill(ADMIN_PASSWORD);
  await page.locator('input[name="password"]').press('Enter');
  await page.waitForURL(/\/admin$/);
  return page;
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
    ['dashboard', '/admin'],
    ['products', '/admin/products'],
    ['product-new', '/admin/products/new'],
    ['product-simple', `/admin/products/${simpleProduct.id}`],
    ['product-variants', `/admin/products/${variantProduct.id}`],
    ['orders', '/admin/orders'],
    ['order-detail', `/admin/orders/${order.id}`],
    ['customers', '/admin/customers'],
    ['categories', '/admin/categories'],
    ['vat-rates', '/admin/vat-rates'],
    ['users', '/admin/users'],
    ['settings', '/admin/settings'],
    ['audit-log', '/admin/audit-log'],
    ['inventory-ledger', '/admin/inventory/ledger'],
    ['jobs', '/admin/jobs'],
  ];

  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    // Signed out, for the sign-in page; then signed in, for the others.
    const visitor = await browser.newContext({ viewport });
    const signedOut = await visitor.newPage();
    await signedOut.goto(`${shop.baseURL}/auth`);
    for (const mode of MODES) {
      await remember(signedOut, mode);
      await shoot(
        signedOut,
        `${shop.baseURL}/auth`,
        `login-${mode.locale}-${mode.theme}-${size}.png`,
      );
    }
    await visitor.close();

    const admin = await browser.newContext({ viewport });
    const page = await signIn(admin);
    for (const mode of MODES) {
      await remember(page, mode);
      for (const [name, path] of screens)
        await shoot(
          page,
          `${shop.baseURL}${path}`,
          `${name}-${mode.locale}-${mode.theme}-${size}.png`,
        );
    }
    await admin.close();
  }

  const rows = written
    .map(
      (file) =>
        `<li><a href="${file}">${file}</a><br><img src="${file}" loading="lazy" width="320"></li>`,
    )
    .join('\n');
  writeFileSync(
    join(out, 'index.html'),
    `<!doctype html><meta charset="utf-8"><title>Screenshots</title>
<style>ul{display:flex;flex-wrap:wrap;gap:1rem;list-style:none;padding:0}img{border:1px solid #ccc}</style>
<h1>${written.length} screenshots</h1><ul>\n${rows}\n</ul>\n`,
  );
  console.log(`${written.length} screenshots and index.html written to ${out}`);
} finally {
  await browser.close();
  await shop.stop();
}
