import type { StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { withholdingFixture } from '@mocks/fixtures/reports';
import { reports } from '@mocks/handlers';
import { requests } from '@mocks/recorder';
import { paths } from '@/lib/paths';
import { adminScreenMeta } from '@/testing/admin-screen';
import { expectHeading, expectRightToLeft } from '@/testing/languages';
import { expectInView, PHONE_GLOBALS } from '@/testing/phone-cards';
import { apiPath, expectScreenTitle, mockedBy } from '@/testing/story';
import {
  CURRENT_MONTH,
  expectCsvDownload,
  expectLoading,
  expectReportError,
  expectRows,
  NEXT_MONTH,
  tableRows,
} from './story-helpers';
import { WithholdingPage } from './WithholdingPage';

/** The withholding kept by buyers (/admin/reports/withholding, docs/product.md §10.27). */
const meta = {
  title: 'Reports/WithholdingPage',
  ...adminScreenMeta(WithholdingPage, `${paths.reports.withholding}?month=2025-03`),
};
export default meta;
type Story = StoryObj<typeof meta>;

const WITHHOLDING = apiPath(reports.withholding);
const filled = mockedBy(reports.withholding(withholdingFixture));

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

export const Filled: Story = {
  tags: ['visual'],
  parameters: filled,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectRows(canvasElement, 'Payments with a withholding', ROWS);
    await expectScreenTitle(canvasElement, 'Withholding');
    const totals = canvas.getByTestId('withholding-totals');
    await expect(totals).toHaveTextContent('2 payments, 35.020 TND withheld');
    await expect(totals).toHaveTextContent('1 certificate missing');
    const [call] = await requests.waitFor('GET', WITHHOLDING);
    await expect(call?.query).toEqual({ month: '2025-03' });
  },
};

/** Without ?month= the screen asks for the shop's current month, where nobody withheld. */
export const EmptyMonth: Story = {
  parameters: { route: paths.reports.withholding },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText('No buyer kept a withholding on the payments of this month.'),
    ).toBeVisible();
    const [call] = await requests.waitFor('GET', WITHHOLDING);
    await expect(call?.query).toEqual({ month: CURRENT_MONTH });
    await expect(canvas.getByTestId('withholding-totals')).toHaveTextContent(
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

export const Loading: Story = {
  parameters: mockedBy(reports.withholding.loading()),
  play: ({ canvasElement }) => expectLoading(canvasElement, 'Loading the withholding...'),
};

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
  parameters: filled,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectRows(canvasElement, 'Payments with a withholding', ROWS);
    await expect(canvas.queryByRole('button', { name: 'Download PDF' })).toBeNull();
    await expectCsvDownload(
      canvasElement,
      WITHHOLDING,
      { month: '2025-03' },
      'withholding-2025-03.csv',
    );
  },
};

export const Phone: Story = {
  parameters: filled,
  globals: PHONE_GLOBALS,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectRows(canvasElement, 'Payments with a withholding', ROWS);
    await expectInView(canvas.getByTestId('withholding-totals'));
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};

export const Arabic: Story = {
  parameters: filled,
  globals: { locale: 'ar' },
  play: async ({ canvasElement }) => {
    await expectHeading(canvasElement, 'الخصم من المورد');
    await expectRightToLeft();
    const rows = await tableRows(canvasElement, 'دفعات مع خصم');
    await expect(rows[2]?.at(-1)).toBe('ناقصة');
  },
};

export const Dark: Story = {
  parameters: filled,
  globals: { theme: 'dark' },
  play: Filled.play,
};
