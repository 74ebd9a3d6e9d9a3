import type { StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { withholdingFixture } from '@mocks/fixtures/reports';
import { reports } from '@mocks/handlers';
import { requests } from '@mocks/recorder';
import { paths } from '@/lib/paths';
import { adminScreenMeta } from '@/testing/admin-screen';
import { expectInView } from '@/testing/phone-cards';
import { expectReportError, expectRows, tableRows } from '@/testing/report-screen';
import { expectCsvExported, filledReport, loadingStory } from '@/testing/report-stories';
import { apiPath, mockedBy } from '@/testing/story';
import { CURRENT_MONTH, expectNothingThisMonth, NEXT_MONTH } from './story-helpers';
import { WithholdingPage } from './WithholdingPage';

/** The withholding kept by buyers (/admin/reports/withholding, docs/product.md §10.27). */
const meta = {
  title: 'Reports/WithholdingPage',
  ...adminScreenMeta(WithholdingPage, `${paths.reports.withholding}?month=2025-03`),
};
export default meta;
type Story = StoryObj<typeof meta>;

const WITHHOLDING = apiPath(reports.withholding);

const ROWS = [
  ['Received', 'Buyer', 'Tax ID', 'Order', 'Invoice', 'Paid', 'Withheld', 'Certificate'],
  [
    '10 Mar 2025',
    'Société Médina SARL',
    '1234567B/A/M/000',
    'ORD-20250308-0002',
    'INV-2025-000003',
    '1,313.480 TND',
    '20.020 TND',
    'RS-2025-0042',
  ],
  [
    '25 Mar 2025',
    'Atlas Distribution',
    '7654321C/A/M/000',
    'ORD-20250324-0007',
    'None',
    '985.000 TND',
    '15.000 TND',
    'Missing',
  ],
  ['Total', '35.020 TND', ''],
];

/** The month's payments with a withholding, as an accountant reads them. */
const expectFilled = (canvasElement: HTMLElement) =>
  expectRows(canvasElement, 'Payments with a withholding', ROWS);
const report = filledReport(mockedBy(reports.withholding(withholdingFixture)), expectFilled);

export const Filled: Story = {
  tags: ['visual'],
  ...report.filled('Withholding', async (_, canvas) => {
    const totals = canvas.getByTestId('withholding-totals');
    await expect(totals).toHaveTextContent('2 payments, 35.020 TND withheld');
    await expect(totals).toHaveTextContent('1 certificate missing');
    const [call] = await requests.waitFor('GET', WITHHOLDING);
    await expect(call?.query).toEqual({ month: '2025-03' });
  }),
};

/** Without ?month= the screen asks for the shop's current month, where nobody withheld. */
export const EmptyMonth: Story = {
  parameters: { route: paths.reports.withholding },
  play: async ({ canvasElement }) => {
    await expectNothingThisMonth(canvasElement, {
      api: WITHHOLDING,
      query: { month: CURRENT_MONTH },
      text: 'No buyer kept a withholding on the payments of this month.',
    });
    await expect(within(canvasElement).getByTestId('withholding-totals')).toHaveTextContent(
      '0 payments, 0.000 TND withheldEvery certificate received',
    );
  },
};

/** The fixtures' March 2025: order 3's transfer, 1 % withheld, its certificate received. */
export const FromTheFixtures: Story = {
  play: async ({ canvasElement }) => {
    const rows = await tableRows(canvasElement, 'Payments with a withholding');
    await expect(rows).toHaveLength(3);
    await expect(rows[1]?.slice(-3)).toEqual(['229.234 TND', '2.316 TND', 'RS-2025-0042']);
  },
};

export const Loading: Story = loadingStory(reports.withholding, 'Loading the withholding...');

export const LoadError: Story = {
  parameters: mockedBy(reports.withholding.error(500, 'Database unavailable')),
  play: async ({ canvasElement }) => {
    await expectReportError(
      canvasElement,
      'Failed to load the withholding',
      'Database unavailable',
    );
  },
};

export const MonthNotStarted: Story = {
  parameters: { route: `${paths.reports.withholding}?month=${NEXT_MONTH}` },
  play: async ({ canvasElement }) => {
    await expectReportError(
      canvasElement,
      'Failed to load the withholding',
      'The month has not started yet',
    );
  },
};

/** The month's CSV, named by the server; no PDF is offered. */
export const Download: Story = {
  parameters: report.parameters,
  play: async ({ canvasElement }) => {
    await report.expectFilled(canvasElement);
    await expect(within(canvasElement).queryByRole('button', { name: 'Download PDF' })).toBeNull();
    await expectCsvExported(canvasElement, {
      api: WITHHOLDING,
      query: { month: '2025-03' },
      file: 'withholding-2025-03.csv',
    });
  },
};

export const Phone: Story = report.phone((_, canvas) =>
  expectInView(canvas.getByTestId('withholding-totals')),
);

export const Arabic: Story = report.arabic('الخصم من المورد', async (canvasElement) => {
  const rows = await tableRows(canvasElement, 'دفعات مع خصم');
  await expect(rows[2]?.at(-1)).toBe('ناقصة');
});

export const Dark: Story = report.dark(Filled.play);
