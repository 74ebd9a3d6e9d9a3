/**
 * Stories in another language or colour mode (globals locale/theme): the checks they share and the
 * texts they expect, computed with the browser's own Intl rather than the app's helpers.
 */
import { expect, within } from 'storybook/test';
import type { Scope } from './story';

/** The screen's page heading, in the story's language, once shown. */
export async function expectHeading(canvasElement: HTMLElement, name: string): Promise<void> {
  await expect(await within(canvasElement).findByRole('heading', { level: 1, name })).toBeVisible();
}

/**
 * A screen in another language, once `shown` is there: a text of its data, since the table's name
 * is translated; its page heading then says `heading`. Returns the canvas's queries.
 */
export async function translatedScreen(
  canvasElement: HTMLElement,
  { shown, heading }: { shown: string; heading: string },
): Promise<Scope> {
  const canvas = within(canvasElement);
  await canvas.findByText(shown);
  await expectHeading(canvasElement, heading);
  return canvas;
}

/** Arabic: the whole page reads right to left. */
export const expectRightToLeft = () => expect(document.documentElement.dir).toBe('rtl');

/**
 * An amount in dinars as Intl writes it in a language ('1 234,500 DT' in fr-TN), its spaces plain
 * as the DOM queries read text (Intl puts a no-break space before the currency).
 */
export const localMoney = (tag: string, amount: string | number) =>
  new Intl.NumberFormat(tag, {
    style: 'currency',
    currency: 'TND',
    minimumFractionDigits: 3,
    maximumFractionDigits: 3,
  })
    .format(Number(amount))
    .replace(/\s/g, ' ');
