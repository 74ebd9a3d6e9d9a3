/**
 * The stories every analytics screen tells, from one helper (stories only; never imported by the
 * app): loading, empty, failure, phone, Arabic and dark, each a single story (those of every
 * report screen from src/testing/report-stories.ts); and the check the screens' own stories
 * share (the chart shown).
 */
import { expect, waitFor, within } from 'storybook/test';
import type { Endpoint } from '@mocks/handlers/endpoint';
import { expectInView } from '@/testing/phone-cards';
import { expectReportError } from '@/testing/report-screen';
import { loadingStory, type FilledReport, type Play } from '@/testing/report-stories';
import { mockedBy } from '@/testing/story';
import { shopDay } from '../../../server/src/domain/books';

/** The shop's day now in the fixtures' time zone (Africa/Tunis): the presets count from it. */
export const TODAY = shopDay(new Date(), 'Africa/Tunis');

/** The first quarter of 2025 by month: the period the sales and returns stories open on. */
export const QUARTER = { from: '2025-01-01', to: '2025-03-31', interval: 'month' } as const;

/** How long a report may take to show on a loaded machine (its first answer and render). */
const SHOWN = { timeout: 10_000 };

/** Waits until the report's chart `testId` is shown (the report has loaded). */
export async function expectChartShown(canvasElement: HTMLElement, testId: string) {
  await expect(await within(canvasElement).findByTestId(testId, undefined, SHOWN)).toBeVisible();
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
  /** The filled report (English). */
  report: FilledReport;
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
  const { endpoint, report, arabic } = options;
  return {
    Loading: loadingStory(endpoint, options.loadingText),
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
    Phone: report.phone((_, canvas) => expectInView(canvas.getByRole('heading', { level: 1 }))),
    Arabic: report.arabic(arabic.heading, async (canvasElement) => {
      await arabic.check(canvasElement);
      await expectMirroredChart(canvasElement, options.chartTestId);
    }),
    Dark: report.dark(),
  };
}
