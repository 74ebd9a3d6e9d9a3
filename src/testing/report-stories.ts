/**
 * The stories every report screen tells (the analytics and the accountant's books; stories only,
 * never imported by the app), each built from the screen's filled report: the filled screen (its
 * visual story), loading, on a phone, in Arabic and in dark mode. A story file still exports each
 * story by name, and writes a `visual` tag beside the spread: Storybook's index reads the tags
 * there, not in what a function returns.
 */
import type { HttpHandler } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { requests } from '@mocks/recorder';
import { captureDownloads } from './csv-export';
import { expectHeading, expectRightToLeft } from './languages';
import { PHONE_GLOBALS } from './phone-cards';
import { expectLoading } from './report-screen';
import { expectScreenTitle, mockedBy, type Scope } from './story';

/** What a play function reads of its story's context. */
export interface Play {
  canvasElement: HTMLElement;
}

/** Steps of a story on the screen (`canvas`: the queries bound to it). */
type Steps = (canvasElement: HTMLElement, canvas: Scope) => Promise<void>;

/**
 * A report screen filled by `parameters` (its mock handlers), whose figures `expectFilled` waits
 * for and checks (English), and the stories told of it.
 */
export function filledReport(
  parameters: ReturnType<typeof mockedBy>,
  expectFilled: (canvasElement: HTMLElement) => Promise<void>,
) {
  return {
    parameters,
    expectFilled,
    /** The filled report, the screen's heading and the document's title, then the story's `steps`. */
    filled: (title: string, steps: Steps) => ({
      parameters,
      play: async ({ canvasElement }: Play) => {
        await expectFilled(canvasElement);
        await expectScreenTitle(canvasElement, title);
        await steps(canvasElement, within(canvasElement));
      },
    }),
    /**
     * On a 375 px phone: the filled report, the screen's own checks (`inView`: what must be seen
     * whole), and the page never scrolls sideways (the tables scroll inside their own regions).
     */
    phone: (inView: Steps) => ({
      parameters,
      globals: PHONE_GLOBALS,
      play: async ({ canvasElement }: Play) => {
        await expectFilled(canvasElement);
        await inView(canvasElement, within(canvasElement));
        await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
      },
    }),
    /** In Arabic: the screen's `heading`, right to left, then the screen's own `check`. */
    arabic: (heading: string, check: Steps) => ({
      parameters,
      globals: { locale: 'ar' },
      play: async ({ canvasElement }: Play) => {
        await expectHeading(canvasElement, heading);
        await expectRightToLeft();
        await check(canvasElement, within(canvasElement));
      },
    }),
    /** In dark mode, with the `play` of another story (by default: the filled report's check). */
    dark: <P = (context: Play) => Promise<void>>(play?: P) => ({
      parameters,
      globals: { theme: 'dark' },
      play: play ?? (({ canvasElement }: Play) => expectFilled(canvasElement)),
    }),
  };
}

/** A report screen filled, and the stories told of it (`filledReport`). */
export type FilledReport = ReturnType<typeof filledReport>;

/** The report's answer never comes: the screen says `text`. */
export const loadingStory = (endpoint: { loading: () => HttpHandler }, text: string) => ({
  parameters: mockedBy(endpoint.loading()),
  play: ({ canvasElement }: Play) => expectLoading(canvasElement, text),
});

/**
 * Export CSV (then the file `choice`, when the screen offers several) asks the report's `api` for
 * its CSV with `query`, and the browser saves it as `file`. Returns the downloads captured, for a
 * file that follows (a PDF).
 */
export async function expectCsvExported(
  canvasElement: HTMLElement,
  { api, choice, query, file }: { api: string; choice?: string; query: object; file: string },
): Promise<string[]> {
  const canvas = within(canvasElement);
  const downloads = captureDownloads();
  await userEvent.click(canvas.getByRole('button', { name: 'Export CSV' }));
  if (choice) await userEvent.click(canvas.getByRole('button', { name: choice }));
  const [csv] = await requests.waitFor('GET', `${api}.csv`);
  await expect(csv?.query).toEqual(query);
  await waitFor(() => expect(downloads).toEqual([file]));
  return downloads;
}
