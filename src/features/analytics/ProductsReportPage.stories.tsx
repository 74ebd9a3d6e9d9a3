import type { StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { LowStockReport, SlowMovers, TopProducts } from '@generated/model';
import { analyticsSales, analyticsStock } from '@mocks/handlers';
import { requests } from '@mocks/recorder';
import { paths } from '@/lib/paths';
import { adminScreenMeta } from '@/testing/admin-screen';
import { localMoney } from '@/testing/languages';
import { expectRows, tableRows } from '@/testing/report-screen';
import { expectCsvExported, filledReport } from '@/testing/report-stories';
import { apiPath, expectLocation, mockedBy } from '@/testing/story';
import { ProductsReportPage } from './ProductsReportPage';
import { expectChartShown, stateStories } from './story-helpers';

/** Best sellers, slow movers and low stock (/admin/reports/products, docs/product.md §10.30). */
const meta = {
  title: 'Analytics/ProductsReportPage',
  ...adminScreenMeta(
    ProductsReportPage,
    `${paths.reports.products}?from=2025-03-01&to=2025-03-31&days=60`,
  ),
};
export default meta;
type Story = StoryObj<typeof meta>;

const SLOW_MOVERS = apiPath(analyticsStock.slowMovers);
const TOP: TopProducts = {
  from: '2025-03-01',
  to: '2025-03-31',
  products: [
    { product_id: 1, product_name: 'Tajine pot', units: 12, revenue: '540.000' },
    { product_id: 3, product_name: 'Olive bowl', units: 5, revenue: '150.000' },
  ],
  variants: [
    {
      product_id: 1,
      product_name: 'Tajine pot',
      variant_id: 11,
      variant_title: 'Large',
      sku: 'TAJ-L',
      units: 8,
      revenue: '400.000',
    },
    {
      product_id: 1,
      product_name: 'Tajine pot',
      variant_id: 12,
      variant_title: 'Small',
      sku: 'TAJ-S',
      units: 4,
      revenue: '140.000',
    },
  ],
};
const SLOW: SlowMovers = {
  days: 60,
  since: '2025-01-14',
  total: 3,
  items: [
    {
      variant_id: 21,
      product_id: 4,
      product_name: 'Brass lamp',
      variant_title: null,
      sku: 'LAMP-1',
      stock_quantity: 6,
      cost_value: '540.000',
      last_sold_on: '2024-11-02',
    },
    {
      variant_id: 22,
      product_id: 5,
      product_name: 'Wool rug',
      variant_title: 'Blue',
      sku: null,
      stock_quantity: 2,
      cost_value: null,
      last_sold_on: null,
    },
  ],
};
const LOW: LowStockReport = {
  total: 3,
  items: [
    {
      variant_id: 31,
      product_id: 6,
      product_name: 'Harissa jar',
      variant_title: null,
      sku: 'HAR-1',
      stock_quantity: 0,
      low_stock_threshold: 5,
      units_sold_30_days: 12,
      days_of_cover: 0,
    },
    {
      variant_id: 32,
      product_id: 7,
      product_name: 'Mint tea',
      variant_title: '250 g',
      sku: 'TEA-250',
      stock_quantity: 3,
      low_stock_threshold: 5,
      units_sold_30_days: 9,
      days_of_cover: 10,
    },
    {
      variant_id: 33,
      product_id: 8,
      product_name: 'Copper tray',
      variant_title: null,
      sku: null,
      stock_quantity: 2,
      low_stock_threshold: 3,
      units_sold_30_days: 0,
      days_of_cover: null,
    },
  ],
};
async function expectFilled(canvasElement: HTMLElement): Promise<void> {
  await expectChartShown(canvasElement, 'top-products-chart');
  await expectRows(canvasElement, 'Best-selling products', [
    ['Product', 'Units', 'Revenue'],
    ['Tajine pot', '12', '540.000 TND'],
    ['Olive bowl', '5', '150.000 TND'],
  ]);
  await expectRows(canvasElement, 'Best-selling variants', [
    ['Product', 'Variant', 'SKU', 'Units', 'Revenue'],
    ['Tajine pot', 'Large', 'TAJ-L', '8', '400.000 TND'],
    ['Tajine pot', 'Small', 'TAJ-S', '4', '140.000 TND'],
  ]);
  await expectRows(canvasElement, 'Slow movers', [
    ['Product', 'Variant', 'SKU', 'Stock', 'Value at cost', 'Last sold'],
    ['Brass lamp', '-', 'LAMP-1', '6', '540.000 TND', '02 Nov 2024'],
    ['Wool rug', 'Blue', '-', '2', '-', 'Never'],
  ]);
  await expectRows(canvasElement, 'Low stock', [
    ['Product', 'Variant', 'SKU', 'Stock', 'Threshold', 'Sold in 30 days', 'Days of cover'],
    ['Harissa jar', '-', 'HAR-1', '0', '5', '12', '0'],
    ['Mint tea', '250 g', 'TEA-250', '3', '5', '9', '10'],
    ['Copper tray', '-', '-', '2', '3', '0', 'No sale'],
  ]);
  await expect(within(canvasElement).getByText('The first 2 of 3')).toBeVisible();
}

const report = filledReport(
  mockedBy(
    analyticsSales.topProducts(TOP),
    analyticsStock.slowMovers(SLOW),
    analyticsStock.lowStock(LOW),
  ),
  expectFilled,
);

/** The period's best sellers, 180 days picked for the slow movers (a new request), the CSV. */
export const Filled: Story = {
  tags: ['visual'],
  ...report.filled('Best sellers', async (canvasElement, canvas) => {
    const [top] = await requests.waitFor('GET', apiPath(analyticsSales.topProducts));
    await expect(top?.query).toEqual({ from: '2025-03-01', to: '2025-03-31' });
    const [slow] = await requests.waitFor('GET', SLOW_MOVERS);
    await expect(slow?.query).toEqual({ days: '60' });
    await expect(canvas.getByTestId('slow-movers-since')).toHaveTextContent(
      'without a sale since 14 Jan 2025',
    );
    await userEvent.selectOptions(canvas.getByLabelText('Without a sale for'), '180 days');
    await expectLocation(
      canvasElement,
      `${paths.reports.products}?from=2025-03-01&to=2025-03-31&days=180`,
    );
    await waitFor(() => expect(requests.last('GET', SLOW_MOVERS)?.query).toEqual({ days: '180' }));
    await expectCsvExported(canvasElement, {
      api: SLOW_MOVERS,
      choice: 'Slow movers',
      query: { days: '180' },
      file: 'slow-movers.csv',
    });
  }),
};

const { Loading, Empty, LoadError, Phone, Arabic, Dark } = stateStories({
  endpoint: analyticsSales.topProducts,
  empty: { ...TOP, products: [], variants: [] },
  emptyText: 'Nothing was sold in this period.',
  loadingText: 'Loading the best sellers...',
  failure: 'Failed to load the best sellers',
  report,
  arabic: {
    heading: 'الأكثر مبيعًا',
    check: async (canvasElement) => {
      const rows = await tableRows(canvasElement, 'المنتجات الأكثر مبيعًا');
      await expect(rows[1]).toEqual(['Tajine pot', '12', localMoney('ar-TN', '540')]);
      const low = await tableRows(canvasElement, 'مخزون منخفض');
      await expect(low[3]?.at(-1)).toBe('لا مبيعات');
    },
  },
  chartTestId: 'top-products-chart',
});
export { Loading, Empty, LoadError, Phone, Arabic, Dark };
