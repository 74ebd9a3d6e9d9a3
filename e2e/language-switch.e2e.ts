// The language switched live from the header's menu (issue #26): EN → AR → FR → EN on the real
// console, without a reload, on the settings screen (cards, inputs, buttons, a table). After each
// switch the screen's computed styles and boxes must equal those of the same screen loaded afresh
// in that language. Switching to or from Arabic used to lose Chakra's recipes (cards without
// borders, inputs without outlines, headings at 16 px, headers run together) until a reload.
import { expect, test, type Page } from './fixtures';
import { baseURL } from './api';
import { ADMIN_PASSWORD, ADMIN_USERNAME } from './server';

/** The language menu's items, top to bottom (src/lib/i18n/locales.ts LOCALES). */
const LOCALE_ORDER = ['en', 'fr', 'ar'] as const;
type Locale = (typeof LOCALE_ORDER)[number];
const DIRECTIONS: Record<Locale, 'ltr' | 'rtl'> = { en: 'ltr', fr: 'ltr', ar: 'rtl' };

/**
 * What the bug broke, in the screen's <main> (the header's menu trigger keeps the focus after a
 * switch): the heading, the cards, the inputs, the buttons and the table's header cells, each with
 * the styles that went wrong and its box on the page. Plus the narrowest room between two header
 * texts, which touched ("المجموعالتاريخ") when the cells lost their padding.
 */
function fingerprint(page: Page) {
  return page.evaluate(() => {
    const main = document.querySelector('main');
    if (!main) throw new Error('no <main>');
    const box = (element: Element) => {
      const { x, y, width, height } = element.getBoundingClientRect();
      return [x, y, width, height].map(Math.round).join(' ');
    };
    const describe = (selector: string, properties: string[], limit = 6) =>
      Array.from(main.querySelectorAll(selector))
        .slice(0, limit)
        .map((element) => {
          const style = getComputedStyle(element);
          return [box(element), ...properties.map((name) => style.getPropertyValue(name))].join(
            '; ',
          );
        });
    const headers = Array.from(main.querySelectorAll('th'));
    const textBoxes = headers.map((cell) => {
      const range = document.createRange();
      range.selectNodeContents(cell);
      return range.getBoundingClientRect();
    });
    // In right to left the next header's text is on the left of the previous one; an empty
    // header (the actions column) has no text to run into.
    const gaps = textBoxes.flatMap((next, i) => {
      const previous = textBoxes[i - 1];
      if (!previous || previous.width === 0 || next.width === 0) return [];
      return [Math.max(previous.left - next.right, next.left - previous.right)];
    });
    return {
      heading: describe('h1', ['font-size', 'font-weight', 'line-height']),
      cards: describe('.chakra-card__root', [
        'border-top-width',
        'border-top-style',
        'border-radius',
        'padding-inline-start',
      ]),
      inputs: describe('input:not([type=hidden]), select, textarea', [
        'border-top-width',
        'border-top-style',
        'border-radius',
        'height',
        'padding-inline-start',
      ]),
      buttons: describe('button', ['border-top-width', 'height', 'padding-inline-start']),
      headers: describe('th', ['padding-inline-start', 'padding-inline-end', 'font-size'], 20),
      narrowestHeaderGap: Math.round(Math.min(...gaps)),
    };
  });
}

type Fingerprint = Awaited<ReturnType<typeof fingerprint>>;

/** The screen drawn in `locale` and settled: two looks 300 ms apart see the same. */
async function settled(page: Page, locale: Locale): Promise<Fingerprint> {
  const html = page.locator('html');
  await expect(html).toHaveAttribute('lang', locale, { timeout: 15_000 });
  await expect
    .poll(() => page.evaluate(() => getComputedStyle(document.documentElement).direction))
    .toBe(DIRECTIONS[locale]);
  await expect(page.locator('main h1')).toBeVisible();
  await expect(page.locator('main .chakra-card__root').first()).toBeVisible();
  await expect(page.locator('main th').first()).toBeVisible();
  let last: Fingerprint | undefined;
  await expect
    .poll(
      async () => {
        const now = await fingerprint(page);
        const same = JSON.stringify(now) === JSON.stringify(last);
        last = now;
        return same;
      },
      { intervals: [300] },
    )
    .toBe(true);
  if (!last) throw new Error('the screen was never measured');
  return last;
}

/** Through the header's menu, by keyboard as e2e/i18n.e2e.ts does (the items in LOCALES' order). */
async function switchTo(page: Page, locale: Locale) {
  await page.getByRole('button', { name: /^(Language|Langue|اللغة) ?:/ }).focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  await page.keyboard.press('Home');
  for (let step = 0; step < LOCALE_ORDER.indexOf(locale); step++)
    await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitemradio').nth(LOCALE_ORDER.indexOf(locale))).toHaveAttribute(
    'data-highlighted',
  );
  await page.keyboard.press('Enter');
  await expect(menu).toBeHidden();
}

test('EN → AR → FR → EN from the header menu draws each language as a reload does', async ({
  page,
}) => {
  await page.goto(`${baseURL()}/auth`);
  await page.getByLabel('Username').fill(ADMIN_USERNAME);
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByLabel('Password').press('Enter');
  await page.waitForURL(/\/admin$/);
  await page.goto(`${baseURL()}/admin/settings`);
  const english = await settled(page, 'en');
  // What is compared is there, drawn by Chakra's recipes: a heading larger than the text, cards
  // with a border, header texts apart.
  expect(english.heading).toHaveLength(1);
  const [heading = ''] = english.heading;
  expect(Number.parseFloat(heading.split('; ')[1] ?? '')).toBeGreaterThan(16);
  expect(english.cards.length).toBeGreaterThan(0);
  expect(english.cards.every((card) => card.includes('; 1px; solid;'))).toBe(true);
  expect(english.inputs.length).toBeGreaterThan(0);
  expect(english.headers.length).toBeGreaterThan(1);
  expect(english.narrowestHeaderGap).toBeGreaterThan(8);

  for (const locale of ['ar', 'fr'] as const) {
    await switchTo(page, locale);
    const live = await settled(page, locale);
    await page.reload();
    const reloaded = await settled(page, locale);
    expect(live, `${locale} switched live vs reloaded`).toEqual(reloaded);
  }

  await switchTo(page, 'en');
  expect(await settled(page, 'en'), 'back in English vs the first load').toEqual(english);
});
