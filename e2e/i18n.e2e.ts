// French and Arabic on the real server (issue #15): the demo shop, signed in as the admin, its
// language chosen in the header's language menu on an order's page; then the page's direction, a
// translated heading (the command palette's, from its catalogue), and the order's total and date,
// expected from the order the API returns: money in TND with 3 decimals, the time in Tunis (UTC+1
// all year, no summer time). A reload keeps the choice (remembered per browser).
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from './fixtures';
import { ADMIN_PASSWORD, ADMIN_USERNAME, startShop, type RunningShop } from './server';

interface Order {
  id: number;
  order_number: string;
  total_amount: string;
  created_at: string;
}

/** The language menu's items, top to bottom (src/lib/i18n/locales.ts LOCALES). */
const LOCALE_ORDER = ['en', 'fr', 'ar'];

const LANGUAGES = [
  { locale: 'ar', name: 'العربية', tag: 'ar-TN', dir: 'rtl' },
  { locale: 'fr', name: 'Français', tag: 'fr-TN', dir: 'ltr' },
] as const;

/** A message of the command palette's catalogue in `locale`. */
const paletteMessage = (locale: string, key: string) =>
  catalogueMessage('command-palette', locale, key);

/** A message of a feature's catalogue in `locale`. */
function catalogueMessage(feature: string, locale: string, key: string): string {
  const file = new URL(`../src/features/${feature}/messages/${locale}.json`, import.meta.url);
  const messages = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  const message = messages[key];
  if (!message) throw new Error(`no ${key} in the ${locale} catalogue`);
  return message;
}

/**
 * The texts the order detail must show in `tag`, formatted by the browser's own Intl (the ICU the
 * page formats with): the total, and the creation time moved to UTC+1 and printed as UTC, so the
 * expectation does not lean on the time-zone database the console uses.
 */
function expectedTexts(page: Page, order: Order, tag: string) {
  return page.evaluate(
    ({ tag, total, created }) => ({
      money: new Intl.NumberFormat(tag, {
        style: 'currency',
        currency: 'TND',
        minimumFractionDigits: 3,
        maximumFractionDigits: 3,
      }).format(total as unknown as number),
      date: new Intl.DateTimeFormat(tag, {
        day: '2-digit',
        month: 'short',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
        timeZone: 'UTC',
      }).format(new Date(Date.parse(created) + 60 * 60 * 1000)),
    }),
    { tag, total: order.total_amount, created: order.created_at },
  );
}

test.describe.serial('the console in Arabic and French', () => {
  let shop: RunningShop;
  let page: Page;
  let order: Order;

  test.beforeAll(async ({ browser, database }) => {
    shop = await startShop({}, { demo: true, database });
    page = await browser.newPage();
    await page.goto(`${shop.baseURL}/auth`);
    await page.getByLabel('Username').fill(ADMIN_USERNAME);
    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await page.getByLabel('Password').press('Enter');
    await page.waitForURL(/\/admin$/);
    const token = await page.evaluate(() => localStorage.getItem('access_token'));
    const res = await fetch(`${shop.baseURL}/api/v1/admin/orders/?limit=1`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    [order] = (await res.json()) as [Order];
  });

  test.afterAll(async () => {
    await page?.close();
    await shop?.stop();
  });

  for (const { locale, name, tag, dir } of LANGUAGES) {
    test(`${locale}: direction, a translated heading, money and a date in Tunis time`, async () => {
      await page.goto(`${shop.baseURL}/admin/orders/${order.id}`);
      // The screen settled (the order shown) before the menu opens: a menu opened while the
      // screen still renders may lose its choice.
      await expect(page.getByRole('heading', { level: 1 })).toContainText(order.order_number);
      // By keyboard, as the menu pattern has it (a pointer click on an item opening in right to
      // left was lost about one run in three). The trigger is named for the language in use
      // ('Language: English', 'اللغة: العربية'); the items come in LOCALES' order.
      await page.getByRole('button', { name: /^(Language|Langue|اللغة) ?:/ }).focus();
      await page.keyboard.press('Enter');
      const menu = page.getByRole('menu');
      await expect(menu).toBeVisible();
      await page.keyboard.press('Home');
      for (let step = 0; step < LOCALE_ORDER.indexOf(locale); step++)
        await page.keyboard.press('ArrowDown');
      await expect(menu.getByRole('menuitemradio', { name })).toHaveAttribute('data-highlighted');
      await page.keyboard.press('Enter');
      await expect(menu).toBeHidden();
      const html = page.locator('html');
      // The language's catalogue is a chunk of its own, loaded now.
      await expect(html).toHaveAttribute('dir', dir, { timeout: 15_000 });
      await expect(html).toHaveAttribute('lang', locale);
      await page.reload();
      await expect(html).toHaveAttribute('dir', dir);
      await expect(html).toHaveAttribute('lang', locale);
      await expect(page.getByRole('button', { name: new RegExp(`: ${name}$`) })).toBeVisible();

      const heading = page.getByRole('heading', { level: 1 });
      await expect(heading).toContainText(order.order_number);
      const { money, date } = await expectedTexts(page, order, tag);
      await expect(page.getByTestId('total-line').last()).toContainText(money);
      await expect(page.getByText(date, { exact: false }).first()).toBeVisible();

      await page.keyboard.press('Control+k');
      const palette = page.getByRole('dialog');
      await expect(
        palette.getByRole('heading', { name: paletteMessage(locale, 'title') }),
      ).toBeAttached();
      await page.keyboard.press('Escape');
      await expect(palette).toBeHidden();
    });
  }

  // After the loop the console speaks French, the language of the shop's books (#30).
  test("fr: last month's VAT return of the demo shop, as the API figures it, and its PDF", async () => {
    const token = await page.evaluate(() => localStorage.getItem('access_token'));
    const tunis = (at: Date) =>
      new Intl.DateTimeFormat('en-CA', {
        timeZone: 'Africa/Tunis',
        year: 'numeric',
        month: '2-digit',
      })
        .format(at)
        .slice(0, 7);
    const [year, month] = tunis(new Date()).split('-').map(Number) as [number, number];
    const last = tunis(new Date(Date.UTC(year, month - 2, 15)));
    const res = await fetch(`${shop.baseURL}/api/v1/admin/reports/vat-return?month=${last}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    const vat = (await res.json()) as {
      invoices: number;
      rates: { net: { taxable_amount: string; vat_amount: string } }[];
      totals: { taxable_amount: string; vat_amount: string };
    };
    // The demo's orders of that month were invoiced as their status changed (seed:demo), and the
    // rates add up to the totals.
    expect(vat.invoices).toBeGreaterThan(0);
    const millimes = (text: string) => Math.round(Number(text) * 1000);
    const sum = (pick: (r: (typeof vat.rates)[number]) => string) =>
      vat.rates.reduce((s, r) => s + millimes(pick(r)), 0);
    expect(sum((r) => r.net.taxable_amount)).toBe(millimes(vat.totals.taxable_amount));
    expect(sum((r) => r.net.vat_amount)).toBe(millimes(vat.totals.vat_amount));

    await page.goto(`${shop.baseURL}/admin/reports/vat-return?month=${last}`);
    const fr = (key: string) => catalogueMessage('reports', 'fr', key);
    await expect(page.getByRole('heading', { level: 1, name: fr('vatTitle') })).toBeVisible();
    const lines = page.getByRole('table', { name: fr('returnTable') });
    // A line by the start of its label (another line's label may hold it further on).
    const line = (key: string) =>
      lines.getByRole('row').filter({ hasText: new RegExp(`^${fr(key)}`) });
    const money = (total: string) =>
      expectedTexts(page, { ...order, total_amount: total }, 'fr-TN').then((t) => t.money);
    await expect(line('lineTaxable')).toContainText(await money(vat.totals.taxable_amount));
    await expect(line('lineVat')).toContainText(await money(vat.totals.vat_amount));
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: fr('downloadPdf') }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`vat-return-${last}.pdf`);
    expect(
      readFileSync(await file.path())
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');
  });
});
