import { Button, Field, Heading, Input, Stack, Table } from '@chakra-ui/react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { adminUser } from '@mocks/fixtures';
import { FormSection } from '@/components/form/FormSection';
import { LOCALE_NAMES, LOCALES, useLocale, type Locale } from '@/lib/i18n';
import { screen } from '@/testing/story';
import { AdminLayout } from './AdminLayout';

// The language switched live from the header's menu (issue #26): switching to or from Arabic used
// to lose Chakra's recipes until a reload (cards without borders, inputs without outlines,
// headings at 16 px, column headers run together). What the bug broke is measured here on a
// specimen of a screen, in each language, live and drawn directly in that language; e2e's
// language-switch.e2e.ts compares the real console with a reload.

/** The specimen's words in each language (the headers as the orders list has them). */
const WORDS: Record<Locale, { title: string; section: string; label: string; headers: string[] }> =
  {
    en: {
      title: 'Screen title',
      section: 'Section',
      label: 'Name',
      headers: ['Order', 'Customer', 'Total', 'Date', 'Status'],
    },
    fr: {
      title: "Titre de l'écran",
      section: 'Section',
      label: 'Nom',
      headers: ['Commande', 'Client', 'Total', 'Date', 'Statut'],
    },
    ar: {
      title: 'عنوان الشاشة',
      section: 'قسم',
      label: 'الاسم',
      headers: ['الطلب', 'العميل', 'المجموع', 'التاريخ', 'الحالة'],
    },
  };

/** A heading, a card with an input and a button, a table: what the bug broke. */
function Specimen() {
  const words = WORDS[useLocale()];
  return (
    <Stack gap="6">
      <Heading as="h1" size="2xl">
        {words.title}
      </Heading>
      <FormSection title={words.section}>
        <Field.Root>
          <Field.Label>{words.label}</Field.Label>
          <Input defaultValue="KAIWEA" />
        </Field.Root>
        <Button variant="outline" alignSelf="start">
          {words.section}
        </Button>
      </FormSection>
      <Table.Root size="sm" width="auto">
        <Table.Header>
          <Table.Row>
            {words.headers.map((header) => (
              <Table.ColumnHeader key={header}>{header}</Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          <Table.Row>
            {words.headers.map((header) => (
              <Table.Cell key={header}>1</Table.Cell>
            ))}
          </Table.Row>
        </Table.Body>
      </Table.Root>
    </Stack>
  );
}

/**
 * The computed styles the bug changed, in the screen's <main>, and the narrowest room between two
 * column headers' texts (they touched when the cells lost their padding). Boxes are left out: the
 * words' widths differ from one language to another.
 */
function measure(canvasElement: HTMLElement) {
  const main = canvasElement.querySelector('main');
  if (!main) throw new Error('no <main>');
  const styles = (selector: string, properties: string[]) =>
    [...main.querySelectorAll(selector)]
      .map((element) => {
        const style = getComputedStyle(element);
        return properties.map((name) => style.getPropertyValue(name)).join(' ');
      })
      .join(' | ');
  const texts = [...main.querySelectorAll('th')].map((cell) => {
    const range = document.createRange();
    range.selectNodeContents(cell);
    return range.getBoundingClientRect();
  });
  // In right to left the next header's text is on the left of the previous one.
  const gaps = texts.flatMap((next, i) => {
    const previous = texts[i - 1];
    return previous ? [Math.max(previous.left - next.right, next.left - previous.right)] : [];
  });
  return {
    heading: styles('h1', ['font-size', 'font-weight', 'line-height']),
    card: styles('.chakra-card__root', ['border-top-width', 'border-top-style', 'border-radius']),
    input: styles('input', [
      'border-top-width',
      'border-top-style',
      'border-radius',
      'height',
      'padding-inline-start',
    ]),
    button: styles('button', ['border-top-width', 'height', 'padding-inline-start']),
    headers: styles('th', ['padding-inline-start', 'padding-inline-end', 'font-size']),
    headersApart: Math.min(...gaps) >= 15,
  };
}

/**
 * The specimen drawn in any language from a fresh page (Chakra's recipes: heading 2xl, card and
 * input outline, button md, table sm). The language changes words, never these.
 */
const EXPECTED: ReturnType<typeof measure> = {
  heading: '24px 600 32px',
  card: '1px solid 6px',
  input: '1px solid 4px 40px 12px',
  button: '1px 40px 16px',
  headers: Array<string>(5).fill('8px 8px 14px').join(' | '),
  headersApart: true,
};

const DIRECTIONS: Record<Locale, 'ltr' | 'rtl'> = { en: 'ltr', fr: 'ltr', ar: 'rtl' };

/** The specimen in `locale`, its words and direction in place, has the EXPECTED styles. */
async function expectStylesIn(canvasElement: HTMLElement, locale: Locale, how: string) {
  const canvas = within(canvasElement);
  await canvas.findByRole('heading', { level: 1, name: WORDS[locale].title });
  await expect(getComputedStyle(document.documentElement).direction).toBe(DIRECTIONS[locale]);
  const measured = measure(canvasElement);
  // Part by part, so that a failure names what differs.
  for (const part of Object.keys(EXPECTED) as (keyof typeof EXPECTED)[])
    await expect(measured[part], `${part} in ${locale} ${how}`).toEqual(EXPECTED[part]);
}

/** Through the header's menu, by keyboard (as e2e/i18n.e2e.ts, for the same reason). */
async function switchTo(canvasElement: HTMLElement, locale: Locale) {
  within(canvasElement)
    .getByRole('button', { name: /^(Language|Langue|اللغة)\s?:/ })
    .focus();
  await userEvent.keyboard('{Enter}');
  const menu = await screen.findByRole('menu');
  const item = within(menu).getByRole('menuitemradio', { name: LOCALE_NAMES[locale] });
  await userEvent.keyboard('{Home}');
  for (let step = 0; step < LOCALES.indexOf(locale); step++)
    await userEvent.keyboard('{ArrowDown}');
  await expect(item).toHaveAttribute('data-highlighted');
  await userEvent.keyboard('{Enter}');
  await waitFor(() => expect(document.documentElement.lang).toBe(locale), { timeout: 5000 });
}

const meta = {
  title: 'Layout/LanguageMenu',
  component: AdminLayout,
  args: { children: <Specimen /> },
  parameters: { route: '/admin', auth: { userType: 'admin', user: adminUser } },
} satisfies Meta<typeof AdminLayout>;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * EN → AR → FR → EN without a reload: in each language the styles are those of the specimen drawn
 * directly in it (the stories below). First in the file, so that the right-to-left styles are
 * drawn for the first time by the switch, as on a page loaded in English.
 */
export const SwitchesLive: Story = {
  play: async ({ canvasElement }) => {
    try {
      await expectStylesIn(canvasElement, 'en', 'at first');
      for (const locale of ['ar', 'fr', 'en'] as const) {
        await switchTo(canvasElement, locale);
        await expectStylesIn(canvasElement, locale, 'switched live');
      }
    } finally {
      // The choice is remembered in this browser: the next story starts from its own globals.
      localStorage.removeItem('locale');
    }
  },
};

export const DirectlyInArabic: Story = {
  globals: { locale: 'ar' },
  play: async ({ canvasElement }) => {
    await expectStylesIn(canvasElement, 'ar', 'drawn directly');
  },
};

export const DirectlyInFrench: Story = {
  globals: { locale: 'fr' },
  play: async ({ canvasElement }) => {
    await expectStylesIn(canvasElement, 'fr', 'drawn directly');
  },
};
