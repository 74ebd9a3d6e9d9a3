import type { StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { adminUsers } from '@mocks/fixtures';
import { vatReturnFixture } from '@mocks/fixtures/reports';
import { reports } from '@mocks/handlers';
import { requests } from '@mocks/recorder';
import { paths } from '@/lib/paths';
import { adminScreenMeta } from '@/testing/admin-screen';
import { localMoney } from '@/testing/languages';
import { expectInView } from '@/testing/phone-cards';
import { expectReportError, expectRows, tableRows } from '@/testing/report-screen';
import { expectCsvExported, filledReport, loadingStory } from '@/testing/report-stories';
import { apiPath, expectLocation, mockedBy } from '@/testing/story';
import {
  CURRENT_MONTH,
  expectNothingThisMonth,
  expectPdfDownload,
  NEXT_MONTH,
} from './story-helpers';
import { VatReturnPage } from './VatReturnPage';

/** The VAT return (/admin/reports/vat-return, docs/product.md §10.27) in the admin layout. */
const meta = {
  title: 'Reports/VatReturnPage',
  ...adminScreenMeta(VatReturnPage, `${paths.reports.vatReturn}?month=2025-03`),
};
export default meta;
type Story = StoryObj<typeof meta>;

const RETURN = apiPath(reports.vatReturn);

/** The return's rates as the table shows them (English, TND). */
const RATES = [
  [
    'Rate',
    'Invoices: taxable',
    'Invoices: VAT',
    'Credit notes: taxable',
    'Credit notes: VAT',
    'Net taxable',
    'Net VAT',
  ],
  [
    '19.00%',
    '1,250.000 TND',
    '237.500 TND',
    '100.000 TND',
    '19.000 TND',
    '1,150.000 TND',
    '218.500 TND',
  ],
  ['7.00%', '300.000 TND', '21.000 TND', '0.000 TND', '0.000 TND', '300.000 TND', '21.000 TND'],
  ['0.00%', '180.000 TND', '0.000 TND', '0.000 TND', '0.000 TND', '180.000 TND', '0.000 TND'],
  ['Total', '', '1,630.000 TND', '239.500 TND'],
];
const LINES = [
  ['Line', 'Amount'],
  ['Taxable base', '1,630.000 TND'],
  ['VAT collected', '239.500 TND'],
  ['Of which shipping: taxable base', '40.000 TND'],
  ['Of which shipping: VAT', '7.600 TND'],
  ['Exports at 0 %', '120.000 TND'],
  ['Reverse charge at 0 %', '60.000 TND'],
  ['Stamp duties (5 on invoices, 1 reversed)', '4.000 TND'],
  ['Amount invoiced (VAT and stamp duties included)', '1,873.500 TND'],
];

/** The filled return, as an accountant reads it. */
async function expectFilled(canvasElement: HTMLElement): Promise<void> {
  const canvas = within(canvasElement);
  await expect(await canvas.findByTestId('vat-period')).toHaveTextContent(
    'Issued from 01 Mar 2025 to 31 Mar 2025 (Africa/Tunis): 6 invoices and 1 credit note.',
  );
  await expectRows(canvasElement, 'VAT by rate', RATES);
  await expectRows(canvasElement, 'Lines of the return', LINES);
}

const report = filledReport(mockedBy(reports.vatReturn(vatReturnFixture)), expectFilled);

export const Filled: Story = {
  tags: ['visual'],
  ...report.filled('VAT return', async (canvasElement, canvas) => {
    await expect(canvas.getByRole('combobox', { name: 'Month' })).toHaveValue('2025-03');
    // The month asked is the address's.
    const [call] = await requests.waitFor('GET', RETURN);
    await expect(call?.query).toEqual({ month: '2025-03' });
    // The withholding is a credit of its own, never in the VAT lines.
    await expectRows(canvasElement, 'Withholding credit', [
      ['Payments with a withholding', '2'],
      ['Withheld', '35.020 TND'],
      ['Certificates missing', '1'],
    ]);
    const link = canvas.getByRole('link', { name: 'See the withholding of March 2025' });
    await expect(link).toHaveAttribute('href', '/admin/reports/withholding?month=2025-03');
    // The chart, and the same figures as a table for a screen reader.
    // One bar per figure of a month with sales (Recharts draws once it has measured its box).
    const bars = () =>
      canvas.getByTestId('vat-trend-chart').querySelectorAll('.recharts-bar-rectangle path');
    await waitFor(() =>
      expect(bars()).toHaveLength(
        vatReturnFixture.trend.filter((m) => m.taxable_amount !== '0.000').length * 2,
      ),
    );
    const trend = await tableRows(canvasElement, 'Taxable base and VAT by month');
    await expect(trend).toHaveLength(13);
    await expect(trend[1]).toEqual(['April 2024', '0.000 TND', '0.000 TND']);
    await expect(trend[9]).toEqual(['December 2024', '2,045.000 TND', '361.550 TND']);
    await expect(trend[12]).toEqual(['March 2025', '1,630.000 TND', '239.500 TND']);
  }),
};

/** Without ?month= the screen asks for the shop's current month, where nothing was issued. */
export const EmptyMonth: Story = {
  parameters: { route: paths.reports.vatReturn },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectNothingThisMonth(canvasElement, {
      api: RETURN,
      query: { month: CURRENT_MONTH },
      text: 'No invoice or credit note was issued this month.',
    });
    await expect(canvas.getByTestId('vat-period')).toHaveTextContent(
      ': 0 invoices and 0 credit notes.',
    );
    await expect(canvas.queryByRole('table', { name: 'VAT by rate' })).toBeNull();
    await expectRows(canvasElement, 'Lines of the return', [
      ['Line', 'Amount'],
      ['Taxable base', '0.000 TND'],
      ['VAT collected', '0.000 TND'],
      ['Of which shipping: taxable base', '0.000 TND'],
      ['Of which shipping: VAT', '0.000 TND'],
      ['Exports at 0 %', '0.000 TND'],
      ['Reverse charge at 0 %', '0.000 TND'],
      ['Stamp duties (0 on invoices, 0 reversed)', '0.000 TND'],
      ['Amount invoiced (VAT and stamp duties included)', '0.000 TND'],
    ]);
    // The current month is the last one: no next month to go to.
    await expect(canvas.getByRole('button', { name: 'Next month' })).toBeDisabled();
  },
};

/** The mock's return of March 2025 computed from the fixtures' documents (domain/books.ts). */
export const FromTheFixtures: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('vat-period')).toHaveTextContent(
      '(Africa/Tunis): 2 invoices and 0 credit notes.',
    );
    // February held order 4's invoice and its credit note: nothing left to declare.
    const trend = await tableRows(canvasElement, 'Taxable base and VAT by month');
    await expect(trend[11]).toEqual(['February 2025', '0.000 TND', '0.000 TND']);
    await expectRows(canvasElement, 'Withholding credit', [
      ['Payments with a withholding', '1'],
      ['Withheld', '2.316 TND'],
      ['Certificates missing', '0'],
    ]);
  },
};

/** The analytics (analytics:read) the Reports group shows before the books. */
const ANALYTICS_LINKS = [
  ['Sales', '/admin/reports/sales'],
  ['Best sellers', '/admin/reports/products'],
  ['Returns', '/admin/reports/returns'],
  ['Stock value', '/admin/reports/stock'],
];

/** The sidebar's Reports group holds the analytics and the three books, the open one marked. */
export const ReportsInTheMenu: Story = {
  parameters: report.parameters,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectFilled(canvasElement);
    const nav = canvas.getByRole('navigation', { name: 'Reports' });
    const links = within(nav).getAllByRole('link');
    await expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ...ANALYTICS_LINKS,
      ['VAT return', '/admin/reports/vat-return'],
      ['Sales register', '/admin/reports/sales-register'],
      ['Withholding', '/admin/reports/withholding'],
    ]);
    await expect(links[ANALYTICS_LINKS.length]).toHaveAttribute('aria-current', 'page');
  },
};

/** A manager does not read the books (no reports:read): the Reports group holds the analytics. */
export const AnalyticsOnlyForAManager: Story = {
  parameters: {
    ...report.parameters,
    auth: { userType: 'admin', user: adminUsers.find((user) => user.role === 'manager') },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const nav = await canvas.findByRole('navigation', { name: 'Reports' });
    const links = within(nav).getAllByRole('link');
    await expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual(
      ANALYTICS_LINKS,
    );
  },
};

export const Loading: Story = loadingStory(reports.vatReturn, 'Loading the VAT return...');

/** A failure says why and offers Retry, which asks again. */
export const LoadError: Story = {
  parameters: mockedBy(reports.vatReturn.error(500, 'Database unavailable')),
  play: async ({ canvasElement }) => {
    await expectReportError(canvasElement, 'Failed to load the VAT return', 'Database unavailable');
    await requests.waitFor('GET', RETURN);
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(requests.to('GET', RETURN)).toHaveLength(2));
  },
};

/** A month that has not started: the server's 422 is shown. */
export const MonthNotStarted: Story = {
  parameters: { route: `${paths.reports.vatReturn}?month=${NEXT_MONTH}` },
  play: async ({ canvasElement }) => {
    await expectReportError(
      canvasElement,
      'Failed to load the VAT return',
      'The month has not started yet',
    );
    const [call] = await requests.waitFor('GET', RETURN);
    await expect(call?.query).toEqual({ month: NEXT_MONTH });
  },
};

/** A role without reports:read reaching the screen: the server's refusal, no Retry. */
export const NoAccess: Story = {
  parameters: mockedBy(
    reports.vatReturn.error(403, 'Your role (manager) does not allow this action'),
  ),
  play: async ({ canvasElement }) => {
    await expectReportError(
      canvasElement,
      'You cannot open this report',
      'Your role (manager) does not allow this action',
    );
    await expect(within(canvasElement).queryByRole('button', { name: 'Retry' })).toBeNull();
  },
};

/** The month moves with the arrows and the select; the address follows. */
export const ChangeMonth: Story = {
  parameters: report.parameters,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectFilled(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Previous month' }));
    await expectLocation(canvasElement, '/admin/reports/vat-return?month=2025-02');
    await waitFor(() =>
      expect(requests.to('GET', RETURN).map((r) => r.query.month)).toEqual(['2025-03', '2025-02']),
    );
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Month' }), '2024-12');
    await expectLocation(canvasElement, '/admin/reports/vat-return?month=2024-12');
    await userEvent.click(canvas.getByRole('button', { name: 'Next month' }));
    await expectLocation(canvasElement, '/admin/reports/vat-return?month=2025-01');
  },
};

/** The CSV (in the English spreadsheet's variant) and the PDF in French, named by the server. */
export const Downloads: Story = {
  parameters: report.parameters,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectFilled(canvasElement);
    const march = { month: '2025-03' };
    const downloads = await expectCsvExported(canvasElement, {
      api: RETURN,
      query: march,
      file: 'vat-return-2025-03.csv',
    });
    await expectPdfDownload(canvasElement, downloads, RETURN, march, 'vat-return-2025-03.pdf');
    // The semicolon file and the English PDF, once chosen.
    await userEvent.selectOptions(
      canvas.getByRole('combobox', { name: 'CSV separator' }),
      'semicolon',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(requests.to('GET', `${RETURN}.csv`)).toHaveLength(2));
    await expect(requests.last('GET', `${RETURN}.csv`)?.query).toEqual({
      month: '2025-03',
      separator: 'semicolon',
    });
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'PDF language' }), 'en');
    await userEvent.click(canvas.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(requests.to('GET', `${RETURN}.pdf`)).toHaveLength(2));
    await expect(requests.last('GET', `${RETURN}.pdf`)?.query).toEqual({
      month: '2025-03',
      lang: 'en',
    });
  },
};

/** On a 375 px phone the tables scroll inside their own regions; the page does not. */
export const Phone: Story = report.phone(async (_, canvas) => {
  await expectInView(canvas.getByRole('heading', { level: 1, name: 'VAT return' }));
  await expectInView(canvas.getByRole('combobox', { name: 'Month' }));
  const region = canvas.getByRole('region', { name: 'VAT by rate' });
  await expect(region.scrollWidth).toBeGreaterThan(region.clientWidth);
});

/** Arabic: right to left, the months and amounts in Arabic, the chart mirrored. */
export const Arabic: Story = report.arabic(
  'التصريح بالأداء على القيمة المضافة',
  async (canvasElement, canvas) => {
    const lines = await tableRows(canvasElement, 'أسطر التصريح');
    await expect(lines[1]).toEqual(['الأساس الخاضع للضريبة', localMoney('ar-TN', '1630')]);
    // The months run right to left: the latest month's label (March 2025) left of the first's.
    const label = (month: number, year: number) =>
      new Intl.DateTimeFormat('ar-TN', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
        Date.UTC(year, month - 1, 1),
      );
    const chart = canvas.getByTestId('vat-trend-chart');
    const tick = (text: string) =>
      [...chart.querySelectorAll('text')].find((node) => node.textContent === text);
    await waitFor(() => expect(tick(label(3, 2025))).toBeDefined());
    const x = (text: string) => tick(text)!.getBoundingClientRect().left;
    await expect(x(label(3, 2025))).toBeLessThan(x(label(4, 2024)));
  },
);

/** French: the headings and amounts as a French accountant reads them. */
export const French: Story = {
  parameters: report.parameters,
  globals: { locale: 'fr' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Déclaration de TVA' }),
    ).toBeVisible();
    const lines = await tableRows(canvasElement, 'Lignes de la déclaration');
    await expect(lines[8]).toEqual([
      'Montant facturé (TVA et droits de timbre compris)',
      localMoney('fr-TN', '1873.5'),
    ]);
    await expect(canvas.getByText('Crédit de retenue à la source')).toBeVisible();
  },
};

export const Dark: Story = report.dark(Filled.play);
