import type { StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { SalesBreakdown, SalesReport } from '@generated/model';
import { analyticsSales } from '@mocks/handlers';
import { requests } from '@mocks/recorder';
import { paths } from '@/lib/paths';
import { adminScreenMeta } from '@/testing/admin-screen';
import { localMoney } from '@/testing/languages';
import { expectRows, tableRows } from '@/testing/report-screen';
import { expectCsvExported, filledReport } from '@/testing/report-stories';
import { apiPath, expectLocation, mockedBy } from '@/testing/story';
import { salesReportFromDays } from '../../../server/src/domain/analytics';
import { SalesReportPage } from './SalesReportPage';
import { expectChartShown, QUARTER, stateStories } from './story-helpers';

/** Sales over time, by category and by payment method (/admin/reports/sales, docs/product.md §10.30). */
const meta = {
  title: 'Analytics/SalesReportPage',
  ...adminScreenMeta(
    SalesReportPage,
    `${paths.reports.sales}?from=2025-01-01&to=2025-03-31&interval=month`,
  ),
};
export default meta;
type Story = StoryObj<typeof meta>;

const SALES = apiPath(analyticsSales.sales);
/** The quarter without a sale, as the server's rule reports it (every month, zeros). */
const NO_SALE = salesReportFromDays([], [], QUARTER, 'Africa/Tunis');
const REPORT: SalesReport = {
  ...NO_SALE,
  buckets: [
    {
      start: '2025-01-01',
      end: '2025-01-31',
      order_count: 4,
      gross: '1190.000',
      net: '996.000',
      vat: '190.000',
      discounts: '20.000',
      shipping: '28.000',
      refunds: '0.000',
      average_order: '297.500',
    },
    NO_SALE.buckets[1]!,
    {
      start: '2025-03-01',
      end: '2025-03-31',
      order_count: 2,
      gross: '477.000',
      net: '400.000',
      vat: '76.000',
      discounts: '0.000',
      shipping: '7.000',
      refunds: '119.000',
      average_order: '238.500',
    },
  ],
  totals: {
    order_count: 6,
    gross: '1667.000',
    net: '1396.000',
    vat: '266.000',
    discounts: '20.000',
    shipping: '35.000',
    refunds: '119.000',
    average_order: '277.833',
  },
};
const BREAKDOWN: SalesBreakdown = {
  from: '2025-01-01',
  to: '2025-03-31',
  by_category: [
    { category_id: 2, category_name: 'Ceramics', order_count: 4, units: 9, revenue: '980.000' },
    { category_id: null, category_name: null, order_count: 1, units: 1, revenue: '416.000' },
  ],
  by_payment_method: [
    { payment_method: 'cash_on_delivery', order_count: 4, gross: '1190.000' },
    { payment_method: 'bank_transfer', order_count: 2, gross: '477.000' },
  ],
};
async function expectFilled(canvasElement: HTMLElement): Promise<void> {
  await expectChartShown(canvasElement, 'sales-chart');
  await expectRows(canvasElement, 'Sales by period', [
    [
      'Period',
      'Orders',
      'Gross',
      'Net',
      'VAT',
      'Discounts',
      'Shipping',
      'Refunds',
      'Average order',
    ],
    [
      '01 Jan 2025 – 31 Jan 2025',
      '4',
      '1,190.000 TND',
      '996.000 TND',
      '190.000 TND',
      '20.000 TND',
      '28.000 TND',
      '0.000 TND',
      '297.500 TND',
    ],
    ['01 Feb 2025 – 28 Feb 2025', '0', ...Array.from({ length: 7 }, () => '0.000 TND')],
    [
      '01 Mar 2025 – 31 Mar 2025',
      '2',
      '477.000 TND',
      '400.000 TND',
      '76.000 TND',
      '0.000 TND',
      '7.000 TND',
      '119.000 TND',
      '238.500 TND',
    ],
    [
      'Total',
      '6',
      '1,667.000 TND',
      '1,396.000 TND',
      '266.000 TND',
      '20.000 TND',
      '35.000 TND',
      '119.000 TND',
      '277.833 TND',
    ],
  ]);
  await expectRows(canvasElement, 'Sales by category', [
    ['Category', 'Orders', 'Units', 'Revenue'],
    ['Ceramics', '4', '9', '980.000 TND'],
    ['No category', '1', '1', '416.000 TND'],
  ]);
  await expectRows(canvasElement, 'Sales by payment method', [
    ['Payment method', 'Orders', 'Gross'],
    ['Cash on delivery', '4', '1,190.000 TND'],
    ['Bank transfer', '2', '477.000 TND'],
  ]);
  await expect(within(canvasElement).getByTestId('category-chart')).toBeVisible();
}

const report = filledReport(
  mockedBy(analyticsSales.sales(REPORT), analyticsSales.salesBreakdown(BREAKDOWN)),
  expectFilled,
);

/** The address's period by month, its figures, weeks picked (a new request), and the CSV. */
export const Filled: Story = {
  tags: ['visual'],
  ...report.filled('Sales', async (canvasElement, canvas) => {
    const quarter = { from: '2025-01-01', to: '2025-03-31' };
    const [first] = await requests.waitFor('GET', SALES);
    await expect(first?.query).toEqual({ ...quarter, interval: 'month' });
    await userEvent.selectOptions(canvas.getByLabelText('Group by'), 'Week');
    await expectLocation(
      canvasElement,
      `${paths.reports.sales}?from=2025-01-01&to=2025-03-31&interval=week`,
    );
    await waitFor(() =>
      expect(requests.last('GET', SALES)?.query).toEqual({ ...quarter, interval: 'week' }),
    );
    await expectCsvExported(canvasElement, {
      api: apiPath(analyticsSales.salesBreakdown),
      choice: 'By category and payment method',
      query: quarter,
      file: 'sales-breakdown-2025-01-01-2025-03-31.csv',
    });
  }),
};

const { Loading, Empty, LoadError, Phone, Arabic, Dark } = stateStories({
  endpoint: analyticsSales.sales,
  empty: NO_SALE,
  emptyText: 'No sale in this period.',
  loadingText: 'Loading the sales...',
  failure: 'Failed to load the sales',
  report,
  arabic: {
    heading: 'المبيعات',
    check: async (canvasElement) => {
      const rows = await tableRows(canvasElement, 'المبيعات حسب طريقة الدفع');
      await expect(rows[1]).toEqual(['الدفع عند الاستلام', '4', localMoney('ar-TN', '1190')]);
    },
  },
  chartTestId: 'sales-chart',
});
export { Loading, Empty, LoadError, Phone, Arabic, Dark };
