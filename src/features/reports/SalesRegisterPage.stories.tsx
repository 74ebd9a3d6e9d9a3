import type { StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { SalesRegister } from '@generated/model';
import { salesRegisterFixture } from '@mocks/fixtures/reports';
import { reports } from '@mocks/handlers';
import { requests } from '@mocks/recorder';
import { paths } from '@/lib/paths';
import { adminScreenMeta } from '@/testing/admin-screen';
import { typeDay } from '@/testing/day-field';
import { expectInView } from '@/testing/phone-cards';
import { expectReportError, expectRows, tableRows } from '@/testing/report-screen';
import { expectCsvExported, filledReport, loadingStory } from '@/testing/report-stories';
import { apiPath, expectLocation, mockedBy } from '@/testing/story';
import { SalesRegisterPage } from './SalesRegisterPage';
import { CURRENT_MONTH, expectNothingThisMonth, expectPdfDownload } from './story-helpers';
import { monthDays } from './report-period';

/** The sales register (/admin/reports/sales-register, docs/product.md §10.27). */
const meta = {
  title: 'Reports/SalesRegisterPage',
  ...adminScreenMeta(
    SalesRegisterPage,
    `${paths.reports.salesRegister}?from=2025-03-01&to=2025-03-31`,
  ),
};
export default meta;
type Story = StoryObj<typeof meta>;

const REGISTER = apiPath(reports.salesRegister);

const HEADER = [
  'Number',
  'Date',
  'Buyer',
  'Tax ID',
  'Taxable 19.00%',
  'VAT 19.00%',
  'Taxable 7.00%',
  'VAT 7.00%',
  'Taxable 0.00%',
  'VAT 0.00%',
  'Stamp duty',
  'Total',
];
const ENTRIES = [
  HEADER,
  [
    'INV-2025-000002',
    '01 Mar 2025',
    'Leïla Ben Salah',
    'Final consumer',
    '400.000 TND',
    '76.000 TND',
    '0.000 TND',
    '0.000 TND',
    '0.000 TND',
    '0.000 TND',
    '1.000 TND',
    '477.000 TND',
  ],
  [
    'INV-2025-000003',
    '08 Mar 2025',
    'Société Médina SARL',
    '1234567B/A/M/000',
    '850.000 TND',
    '161.500 TND',
    '300.000 TND',
    '21.000 TND',
    '0.000 TND',
    '0.000 TND',
    '1.000 TND',
    '1,333.500 TND',
  ],
  [
    'INV-2025-000004',
    '12 Mar 2025',
    'Hans Müller',
    'Final consumer',
    '0.000 TND',
    '0.000 TND',
    '0.000 TND',
    '0.000 TND',
    '120.000 TND',
    '0.000 TND',
    '0.000 TND',
    '120.000 TND',
  ],
  [
    'CN-2025-000002Credits INV-2025-000003',
    '20 Mar 2025',
    'Société Médina SARL',
    '1234567B/A/M/000',
    '-100.000 TND',
    '-19.000 TND',
    '0.000 TND',
    '0.000 TND',
    '0.000 TND',
    '0.000 TND',
    '0.000 TND',
    '-119.000 TND',
  ],
];
const TOTALS = [
  ['Taxable base', '1,570.000 TND'],
  ['VAT', '239.500 TND'],
  ['Stamp duty', '2.000 TND'],
  ['Total', '1,811.500 TND'],
];

async function expectFilled(canvasElement: HTMLElement): Promise<void> {
  await expectRows(canvasElement, 'Sales register', ENTRIES);
  await expectRows(canvasElement, 'Totals of the period', TOTALS);
}

const report = filledReport(mockedBy(reports.salesRegister(salesRegisterFixture)), expectFilled);

export const Filled: Story = {
  tags: ['visual'],
  ...report.filled('Sales register', async (_, canvas) => {
    await expect(canvas.getByTestId('numbering')).toHaveTextContent('No gap in the numbering');
    await expect(canvas.getByTestId('document-count')).toHaveTextContent('4 documents');
    const [call] = await requests.waitFor('GET', REGISTER);
    await expect(call?.query).toEqual({
      from: '2025-03-01',
      to: '2025-03-31',
      skip: '0',
      limit: '50',
    });
  }),
};

/** A number missing in a series is shown plainly, as an alert naming it. */
export const GapInTheNumbering: Story = {
  parameters: mockedBy(
    reports.salesRegister({
      ...salesRegisterFixture,
      numbering: [
        {
          ...salesRegisterFixture.numbering[0]!,
          last: 'INV-2025-000006',
          count: 4,
          missing: ['INV-2025-000005'],
          missing_count: 1,
        },
        ...salesRegisterFixture.numbering.slice(1),
      ],
      gap_free: false,
    }),
  ),
  play: async ({ canvasElement }) => {
    const alert = await within(canvasElement).findByRole('alert');
    await expect(alert).toHaveTextContent('Numbers are missing');
    await expect(alert).toHaveTextContent(
      'INV-2025-000002 to INV-2025-000006: 1 number missing: INV-2025-000005',
    );
    await expect(within(canvasElement).queryByText('No gap in the numbering')).toBeNull();
  },
};

/** Without a period the screen asks for the shop's current month, where nothing was issued. */
export const EmptyPeriod: Story = {
  parameters: { route: paths.reports.salesRegister },
  play: async ({ canvasElement }) => {
    const { from, to } = monthDays(CURRENT_MONTH);
    await expectNothingThisMonth(canvasElement, {
      api: REGISTER,
      query: { from, to, skip: '0', limit: '50' },
      text: 'No invoice or credit note was issued in this period.',
    });
    await expect(within(canvasElement).getByTestId('document-count')).toHaveTextContent(
      '0 documents',
    );
    await expectRows(canvasElement, 'Totals of the period', [
      ['Taxable base', '0.000 TND'],
      ['VAT', '0.000 TND'],
      ['Stamp duty', '0.000 TND'],
      ['Total', '0.000 TND'],
    ]);
  },
};

export const Loading: Story = loadingStory(reports.salesRegister, 'Loading the sales register...');

export const LoadError: Story = {
  parameters: mockedBy(reports.salesRegister.networkError()),
  play: async ({ canvasElement }) => {
    await expectReportError(canvasElement, 'Failed to load the sales register');
    await expect(within(canvasElement).getByRole('button', { name: 'Retry' })).toBeVisible();
  },
};

/** A period typed backwards: the server's 422 is shown. */
export const InvalidPeriod: Story = {
  parameters: { route: `${paths.reports.salesRegister}?from=2025-03-31&to=2025-03-01` },
  play: async ({ canvasElement }) => {
    await expectReportError(
      canvasElement,
      'Failed to load the sales register',
      'from must not be after to',
    );
  },
};

/** A new first day is sent once typed whole; the address carries the period. */
export const ChangePeriod: Story = {
  parameters: report.parameters,
  play: async ({ canvasElement }) => {
    await expectFilled(canvasElement);
    await typeDay(canvasElement, 'From', '2025-02-01');
    await expectLocation(
      canvasElement,
      '/admin/reports/sales-register?from=2025-02-01&to=2025-03-31',
    );
    await waitFor(() =>
      expect(requests.last('GET', REGISTER)?.query).toEqual({
        from: '2025-02-01',
        to: '2025-03-31',
        skip: '0',
        limit: '50',
      }),
    );
  },
};

/** Sixty documents: fifty a page, the next page asked with skip. */
const sixty: SalesRegister = {
  ...salesRegisterFixture,
  total: 60,
  entries: Array.from({ length: 60 }, (_, i) => ({
    ...salesRegisterFixture.entries[0]!,
    id: 100 + i,
    number: `INV-2025-${String(100 + i).padStart(6, '0')}`,
  })),
};

export const Paging: Story = {
  parameters: mockedBy(reports.salesRegister(sixty)),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('page-range')).toHaveTextContent('1–50 of 60');
    await expect(await tableRows(canvasElement, 'Sales register')).toHaveLength(51);
    await expect(canvas.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(canvas.getByTestId('page-range')).toHaveTextContent('51–60 of 60'));
    await waitFor(() =>
      expect(requests.last('GET', REGISTER)?.query).toMatchObject({ skip: '50', limit: '50' }),
    );
    await waitFor(async () =>
      expect(await tableRows(canvasElement, 'Sales register')).toHaveLength(11),
    );
    await expect(canvas.getByRole('button', { name: 'Next page' })).toBeDisabled();
  },
};

/** The period's CSV and French PDF, named by the server. */
export const Downloads: Story = {
  parameters: report.parameters,
  play: async ({ canvasElement }) => {
    await expectFilled(canvasElement);
    const march = { from: '2025-03-01', to: '2025-03-31' };
    const downloads = await expectCsvExported(canvasElement, {
      api: REGISTER,
      query: march,
      file: 'sales-register-2025-03-01-2025-03-31.csv',
    });
    await expectPdfDownload(
      canvasElement,
      downloads,
      REGISTER,
      march,
      'sales-register-2025-03-01-2025-03-31.pdf',
    );
  },
};

export const Phone: Story = report.phone(async (_, canvas) => {
  await expectInView(canvas.getByRole('heading', { level: 1, name: 'Sales register' }));
  await expectInView(canvas.getByTestId('numbering'));
});

export const Arabic: Story = report.arabic('دفتر المبيعات', async (canvasElement, canvas) => {
  await expect(await canvas.findByTestId('numbering')).toHaveTextContent('لا انقطاع في الترقيم');
  const rows = await tableRows(canvasElement, 'دفتر المبيعات');
  await expect(rows[1]?.[3]).toBe('مستهلك نهائي');
});

export const Dark: Story = report.dark(Filled.play);
