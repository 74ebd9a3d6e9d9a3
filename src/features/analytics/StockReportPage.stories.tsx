import type { StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import type { StockValuation } from '@generated/model';
import { analyticsStock } from '@mocks/handlers';
import { paths } from '@/lib/paths';
import { adminScreenMeta } from '@/testing/admin-screen';
import { localMoney } from '@/testing/languages';
import { expectRows, tableRows } from '@/testing/report-screen';
import { expectCsvExported, filledReport } from '@/testing/report-stories';
import { apiPath, mockedBy } from '@/testing/story';
import { StockReportPage } from './StockReportPage';
import { expectChartShown, stateStories } from './story-helpers';

/** The stock value at cost (/admin/reports/stock, docs/product.md §10.30). */
const meta = {
  title: 'Analytics/StockReportPage',
  ...adminScreenMeta(StockReportPage, paths.reports.stock),
};
export default meta;
type Story = StoryObj<typeof meta>;

const VALUATION: StockValuation = {
  as_of: '2025-03-14T09:30:00Z',
  units: 412,
  cost_value: '18250.500',
  variants_without_cost: 3,
  by_category: [
    {
      category_id: 2,
      category_name: 'Ceramics',
      units: 240,
      cost_value: '12000.000',
      variants_without_cost: 1,
    },
    {
      category_id: 5,
      category_name: 'Textiles',
      units: 160,
      cost_value: '6250.500',
      variants_without_cost: 0,
    },
    {
      category_id: null,
      category_name: null,
      units: 12,
      cost_value: '0.000',
      variants_without_cost: 2,
    },
  ],
};
async function expectFilled(canvasElement: HTMLElement): Promise<void> {
  await expectChartShown(canvasElement, 'stock-chart');
  await expectRows(canvasElement, 'Stock value', [
    ['Value at cost', '18,250.500 TND'],
    ['Units in stock', '412'],
    ['Variants without a cost price (not valued)', '3'],
  ]);
  await expectRows(canvasElement, 'Stock value by category', [
    ['Category', 'Units', 'Value at cost', 'Without cost price'],
    ['Ceramics', '240', '12,000.000 TND', '1'],
    ['Textiles', '160', '6,250.500 TND', '0'],
    ['No category', '12', '0.000 TND', '2'],
    ['Total', '412', '18,250.500 TND', '3'],
  ]);
}

const report = filledReport(mockedBy(analyticsStock.stockValuation(VALUATION)), expectFilled);

export const Filled: Story = {
  tags: ['visual'],
  ...report.filled('Stock value', async (canvasElement, canvas) => {
    await expect(canvas.getByTestId('stock-as-of')).toHaveTextContent(
      'Stock on hand on 14 Mar 2025',
    );
    await expectCsvExported(canvasElement, {
      api: apiPath(analyticsStock.stockValuation),
      query: {},
      file: 'stock-valuation.csv',
    });
  }),
};

const { Loading, Empty, LoadError, Phone, Arabic, Dark } = stateStories({
  endpoint: analyticsStock.stockValuation,
  empty: { ...VALUATION, units: 0, cost_value: '0.000', variants_without_cost: 0, by_category: [] },
  emptyText: 'No stock on hand.',
  loadingText: 'Loading the stock value...',
  failure: 'Failed to load the stock value',
  report,
  arabic: {
    heading: 'قيمة المخزون',
    check: async (canvasElement) => {
      const rows = await tableRows(canvasElement, 'قيمة المخزون حسب الصنف');
      await expect(rows[1]).toEqual(['Ceramics', '240', localMoney('ar-TN', '12000'), '1']);
    },
  },
  chartTestId: 'stock-chart',
});
export { Loading, Empty, LoadError, Phone, Arabic, Dark };
