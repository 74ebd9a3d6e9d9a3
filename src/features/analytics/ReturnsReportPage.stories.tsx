import type { StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor } from 'storybook/test';
import type { ReturnsReport } from '@generated/model';
import { analyticsStock } from '@mocks/handlers';
import { requests } from '@mocks/recorder';
import { paths } from '@/lib/paths';
import { adminScreenMeta } from '@/testing/admin-screen';
import { localMoney } from '@/testing/languages';
import { expectRows, tableRows } from '@/testing/report-screen';
import { expectCsvExported, filledReport } from '@/testing/report-stories';
import { apiPath, expectLocation, mockedBy } from '@/testing/story';
import { addDays } from '../../../server/src/domain/analytics';
import { ReturnsReportPage } from './ReturnsReportPage';
import { expectChartShown, QUARTER, stateStories, TODAY } from './story-helpers';

/** The returns over time (/admin/reports/returns, docs/product.md §10.30). */
const meta = {
  title: 'Analytics/ReturnsReportPage',
  ...adminScreenMeta(
    ReturnsReportPage,
    `${paths.reports.returns}?from=2025-01-01&to=2025-03-31&interval=month`,
  ),
};
export default meta;
type Story = StoryObj<typeof meta>;

const RETURNS = apiPath(analyticsStock.returns);
const REPORT: ReturnsReport = {
  ...QUARTER,
  buckets: [
    { start: '2025-01-01', end: '2025-01-31', return_count: 2, units: 3, amount: '154.700' },
    { start: '2025-02-01', end: '2025-02-28', return_count: 0, units: 0, amount: '0.000' },
    { start: '2025-03-01', end: '2025-03-31', return_count: 1, units: 1, amount: '1250.000' },
  ],
  totals: { return_count: 3, units: 4, amount: '1404.700' },
  products: [
    { product_id: 7, product_name: 'Tajine pot', units: 3, revenue: '154.700' },
    { product_id: null, product_name: 'Old lamp', units: 1, revenue: '1250.000' },
  ],
};
async function expectFilled(canvasElement: HTMLElement): Promise<void> {
  await expectChartShown(canvasElement, 'returns-chart');
  await expectRows(canvasElement, 'Returns by period', [
    ['Period', 'Returns', 'Units', 'Credited'],
    ['01 Jan 2025 – 31 Jan 2025', '2', '3', '154.700 TND'],
    ['01 Feb 2025 – 28 Feb 2025', '0', '0', '0.000 TND'],
    ['01 Mar 2025 – 31 Mar 2025', '1', '1', '1,250.000 TND'],
    ['Total', '3', '4', '1,404.700 TND'],
  ]);
  await expectRows(canvasElement, 'Products returned most', [
    ['Product', 'Units', 'Credited'],
    ['Tajine pot', '3', '154.700 TND'],
    ['Old lamp', '1', '1,250.000 TND'],
  ]);
}

const report = filledReport(mockedBy(analyticsStock.returns(REPORT)), expectFilled);

/** The period of the address, its figures, a preset picked (a new request), and the CSV. */
export const Filled: Story = {
  tags: ['visual'],
  ...report.filled('Returns', async (canvasElement, canvas) => {
    await expect(canvas.getByTestId('period-text')).toHaveTextContent(
      'From 01 Jan 2025 to 31 Mar 2025',
    );
    const [first] = await requests.waitFor('GET', RETURNS);
    await expect(first?.query).toEqual({ from: '2025-01-01', to: '2025-03-31', interval: 'month' });
    await userEvent.selectOptions(canvas.getByLabelText('Period'), 'Last 7 days');
    // The interval picked stays; the days are the last seven of the shop's calendar.
    await expectLocation(canvasElement, `${paths.reports.returns}?interval=month&period=7_days`);
    const week = { from: addDays(TODAY, -6), to: TODAY, interval: 'month' };
    await waitFor(() => expect(requests.last('GET', RETURNS)?.query).toEqual(week));
    await expectCsvExported(canvasElement, {
      api: RETURNS,
      query: week,
      file: `returns-${week.from}-${week.to}.csv`,
    });
  }),
};

const { Loading, Empty, LoadError, Phone, Arabic, Dark } = stateStories({
  endpoint: analyticsStock.returns,
  empty: {
    ...REPORT,
    buckets: REPORT.buckets.map((b) => ({ ...b, return_count: 0, units: 0, amount: '0.000' })),
    totals: { return_count: 0, units: 0, amount: '0.000' },
    products: [],
  },
  emptyText: 'No return was recorded in this period.',
  loadingText: 'Loading the returns...',
  failure: 'Failed to load the returns',
  report,
  arabic: {
    heading: 'المرتجعات',
    check: async (canvasElement) => {
      const rows = await tableRows(canvasElement, 'المرتجعات حسب الفترة');
      await expect(rows.at(-1)).toEqual(['المجموع', '3', '4', localMoney('ar-TN', '1404.7')]);
    },
  },
  chartTestId: 'returns-chart',
});
export { Loading, Empty, LoadError, Phone, Arabic, Dark };
