// `npm run bench:pages`: what a visitor's browser loads and how fast the pages get usable, on the
// compiled server (as `npm start` runs it) with the demo shop. Expects the console built in dist/
// (the npm script builds it first). Per page: the JavaScript loaded on arrival (gzip bytes, the
// precompressed files the server sends), the Lighthouse performance score on mobile and desktop,
// and the largest contentful paint. The admin pages are measured signed in, through the sign-in
// page. Printed, never asserted: the figures depend on the machine.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from '@playwright/test';
import { launch } from 'chrome-launcher';
import lighthouse, { desktopConfig, type Config } from 'lighthouse';
import {
  ADMIN_PASSWORD,
  ADMIN_USERNAME,
  buildServerIfStale,
  runServer,
  seedDemo,
} from '../scripts/shop-server.mjs';

const dist = fileURLToPath(new URL('../dist', import.meta.url));
const GOALS = { authJsKb: 120, mobile: 90, desktop: 98 };
const SIGN_IN = '/auth';
const DASHBOARD = '/admin';
const PAGES = [SIGN_IN, DASHBOARD, '/admin/products'] as const;

if (!existsSync(join(dist, 'index.html'))) {
  console.error(
    'dist/ is missing: build the console first (npm run build), or run npm run bench:pages',
  );
  process.exit(1);
}

/** What the server sends for this asset: its precompressed .gz, else the file gzipped. */
function gzipBytes(pathname: string): number {
  const file = join(dist, pathname);
  if (existsSync(`${file}.gz`)) return readFileSync(`${file}.gz`).length;
  return existsSync(file) ? gzipSync(readFileSync(file)).length : 0;
}

/** The scripts the page loads on arrival, until the network is idle. */
async function initialScripts(page: Page, url: string): Promise<string[]> {
  const scripts = new Set<string>();
  const onResponse = (response: { url(): string; request(): { resourceType(): string } }) => {
    if (response.request().resourceType() === 'script')
      scripts.add(new URL(response.url()).pathname);
  };
  await page.goto('about:blank'); // nothing of the page before is still loading
  page.on('response', onResponse);
  await page.goto(url, { waitUntil: 'networkidle' });
  page.off('response', onResponse);
  if (process.env.BENCH_VERBOSE) console.log(url, [...scripts].join(' '));
  return [...scripts];
}

async function signIn(page: Page, baseURL: string): Promise<void> {
  await page.goto(`${baseURL}${SIGN_IN}`);
  await page.getByLabel(/Username/).fill(ADMIN_USERNAME);
  await page.getByLabel(/Password/).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(`${baseURL}${DASHBOARD}`);
}

interface Row {
  page: string;
  files: number;
  jsKb: number;
  mobile: number;
  desktop: number;
  lcpMobileS: number;
  lcpDesktopS: number;
}

buildServerIfStale();
const dataDir = mkdtempSync(join(tmpdir(), 'shop-pages-'));
seedDemo(dataDir);
const server = await runServer(dataDir);
const chrome = await launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
});
const rows: Row[] = [];
try {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const context = browser.contexts()[0] ?? (await browser.newContext());
  const page = await context.newPage();

  const audit = async (url: string, config?: Config) => {
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        // Keeps the session the page signed in with (localStorage).
        disableStorageReset: true,
      },
      config,
    );
    const lhr = result?.lhr;
    if (lhr?.runtimeError) console.warn(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
    return {
      score: Math.round((lhr?.categories['performance']?.score ?? 0) * 100),
      lcpS: (lhr?.audits['largest-contentful-paint']?.numericValue ?? NaN) / 1000,
    };
  };

  for (const path of PAGES) {
    // /auth is measured signed out (signed in, it sends the admin on to /admin).
    if (path === DASHBOARD) await signIn(page, server.baseURL);
    const url = `${server.baseURL}${path}`;
    const scripts = await initialScripts(page, url);
    const mobile = await audit(url);
    const desktop = await audit(url, desktopConfig);
    rows.push({
      page: path,
      files: scripts.length,
      jsKb: scripts.reduce((sum, p) => sum + gzipBytes(p), 0) / 1024,
      mobile: mobile.score,
      desktop: desktop.score,
      lcpMobileS: mobile.lcpS,
      lcpDesktopS: desktop.lcpS,
    });
  }
  await browser.close();
} finally {
  chrome.kill();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

const pad = (value: string, width: number) => value.padStart(width);
console.log(
  `\nPages of the demo shop (compiled server, SQLite); goals: /auth JS ≤ ${GOALS.authJsKb} kB gzip, ` +
    `performance ≥ ${GOALS.mobile} mobile and ≥ ${GOALS.desktop} desktop`,
);
console.log(
  `${'page'.padEnd(16)}${pad('JS files', 9)}${pad('JS kB gz', 10)}${pad('mobile', 8)}${pad('desktop', 9)}` +
    `${pad('LCP mobile', 12)}${pad('LCP desktop', 13)}`,
);
for (const row of rows) {
  console.log(
    `${row.page.padEnd(16)}${pad(String(row.files), 9)}${pad(row.jsKb.toFixed(1), 10)}` +
      `${pad(String(row.mobile), 8)}${pad(String(row.desktop), 9)}` +
      `${pad(`${row.lcpMobileS.toFixed(2)} s`, 12)}${pad(`${row.lcpDesktopS.toFixed(2)} s`, 13)}`,
  );
}
