/**
 * The stories every analytics screen tells, from one helper (stories only; never imported by the
 * app): loading, empty, failure, phone, Arabic and dark, each a single story; and the checks the
 * screens' own stories share (a CSV downloaded, the chart mirrored in Arabic).
 */
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { Endpoint } from '@mocks/handlers/endpoint';
import { requests } from '@mocks/recorder';
import { captureDownloads } from '@/testing/csv-export';
import { expectHeading, expectRightToLeft } from '@/testing/languages';
import { expectInView, PHONE_GLOBALS } from '@/testing/phone-cards';
import { expectLoading, expectReportError } from '@/testing/report-screen';
import { mockedBy } from '@/testing/story';
import { shopDay } from '../../../server/src/domain/books';

/** The shop's day now in the fixtures' time zone (Africa/Tunis): the presets count from it. */
export const TODAY = shopDay(new Date(), 'Africa/Tunis');

/** How long a report may take to show on a loaded machine (its first answer and render). */
const SHOWN = { timeout: 10_000 };

/** Waits until the report's chart `testId` is shown (the report has loaded). */
export async function expectChartShown(canvasElement: HTMLElement, testId: string) {
  await expect(await within(canvasElement).findByTestId(testId, undefined, SHOWN)).toBeVisible();
}

interface Play {
  canvasElement: HTMLElement;
}

export interface StateStoriesOptions<D> {
  /** The screen's report (the call its frame waits for). */
  endpoint: Endpoint<[D?]>;
  /** The report of a period where nothing happened. */
  empty: D;
  /** What the screen says then. */
  emptyText: string;
  loadingText: string;
  /** The failure's title ('Failed to load the sales'). */
  failure: string;
  /** Waits for the filled report and checks its figures (English). */
  filled: (canvasElement: HTMLElement) => Promise<void>;
  /** The filled report's parameters (its handlers). */
  filledParameters: ReturnType<typeof mockedBy>;
  /** The screen's heading in Arabic, and a check of its figures there. */
  arabic: { heading: string; check: (canvasElement: HTMLElement) => Promise<void> };
  /** The chart the Arabic story checks is mirrored. */
  chartTestId: string;
}

/** In Arabic the chart's axis of amounts stands on the right of its plot. */
async function expectMirroredChart(canvasElement: HTMLElement, testId: string) {
  const chart = await within(canvasElement).findByTestId(testId, undefined, SHOWN);
  // Recharts lays the chart out once it knows its box: wait until the amounts' labels are drawn.
  await waitFor(() => {
    const label = chart.querySelector('.recharts-yAxis-tick-labels text')?.getBoundingClientRect();
    const box = chart.getBoundingClientRect();
    return expect(label?.left).toBeGreaterThan(box.left + box.width / 2);
  });
}

/** The states of an analytics screen, one story each. */
export function stateStories<D>(options: StateStoriesOptions<D>) {
  const { endpoint, filled, filledParameters } = options;
  return {
    Loading: {
      parameters: mockedBy(endpoint.loading()),
      play: ({ canvasElement }: Play) => expectLoading(canvasElement, options.loadingText),
    },
    Empty: {
      parameters: mockedBy(endpoint(options.empty)),
      play: async ({ canvasElement }: Play) => {
        await expect(
          await within(canvasElement).findByText(options.emptyText, undefined, SHOWN),
        ).toBeVisible();
      },
    },
    LoadError: {
      parameters: mockedBy(endpoint.error(500, 'Database unavailable')),
      play: async ({ canvasElement }: Play) => {
        await expectReportError(canvasElement, options.failure, 'Database unavailable');
        await expect(within(canvasElement).getByRole('button', { name: 'Retry' })).toBeVisible();
      },
    },
    Phone: {
      parameters: filledParameters,
      globals: PHONE_GLOBALS,
      play: async ({ canvasElement }: Play) => {
        await filled(canvasElement);
        await expectInView(within(canvasElement).getByRole('heading', { level: 1 }));
        // The tables scroll inside their own regions: the page never scrolls sideways.
        await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
      },
    },
    Arabic: {
      parameters: filledParameters,
      globals: { locale: 'ar' },
      play: async ({ canvasElement }: Play) => {
        await expectHeading(canvasElement, options.arabic.heading);
        await expectRightToLeft();
        await options.arabic.check(canvasElement);
        await expectMirroredChart(canvasElement, options.chartTestId);
      },
    },
    Dark: {
      parameters: filledParameters,
      globals: { theme: 'dark' },
      play: ({ canvasElement }: Play) => filled(canvasElement),
    },
  };
}

/**
 * Export CSV (then the file `choice` when the screen offers several) asks `api` for its CSV with
 * `query`, and the browser saves it as `file`.
 */
export async function expectCsvExported(
  canvasElement: HTMLElement,
  { api, choice, query, file }: { api: string; choice?: string; query: object; file: string },
): Promise<void> {
  const canvas = within(canvasElement);
  const downloads = captureDownloads();
  await userEvent.click(canvas.getByRole('button', { name: 'Export CSV' }));
  if (choice) await userEvent.click(canvas.getByRole('button', { name: choice }));
  const [csv] = await requests.waitFor('GET', `${api}.csv`);
  await expect(csv?.query).toEqual(query);
  await waitFor(() => expect(downloads).toEqual([file]));
}
