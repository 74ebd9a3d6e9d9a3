import type { StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { csvExports } from '@mocks/handlers';
import { requests } from '@mocks/recorder';
import { adminScreenMeta } from '@/testing/admin-screen';
import {
  captureDownloads,
  expectExportProgress,
  expectNoExportProgress,
  lastListQuery,
  startExport,
} from '@/testing/csv-export';
import { clickSort, expectSent } from '@/testing/server-list';
import { expectToast, mockedBy } from '@/testing/story';
import { paths } from '@/lib/paths';
import { ProductsPage } from './ProductsPage';

/** 'Export CSV' on /admin/products: the products as searched and sorted, with their variants. */
const meta = {
  title: 'Products/ProductsPage/Export CSV',
  ...adminScreenMeta(ProductsPage, paths.products.list),
};
export default meta;
type Story = StoryObj<typeof meta>;

const LIST = '/api/v1/admin/products/';
const EXPORT = '/api/v1/admin/exports/products';

export const SearchedAndSorted: Story = {
  play: async ({ canvasElement }) => {
    const downloads = captureDownloads();
    const canvas = within(canvasElement);
    await canvas.findByTestId('product-count');
    await userEvent.type(canvas.getByRole('searchbox'), 'huile');
    await expectSent(LIST, 'search', 'huile');
    await clickSort(canvasElement, 'Price');
    await expectSent(LIST, 'sort', 'base_price');
    await startExport(canvasElement);
    const [request] = await requests.waitFor('GET', EXPORT);
    await expect(request!.query).toEqual(lastListQuery(LIST));
    await expect(request!.query).toEqual({ search: 'huile', sort: 'base_price' });
    await expectNoExportProgress(canvasElement);
    await expect(downloads).toEqual(['products-2025-03-14.csv']);
  },
};

export const ProgressAndCancel: Story = {
  parameters: mockedBy(csvExports.products.loading()),
  play: async ({ canvasElement }) => {
    const downloads = captureDownloads();
    await within(canvasElement).findByTestId('product-count');
    await startExport(canvasElement);
    const panel = await expectExportProgress(canvasElement, 'Exporting CSV (products)');
    await userEvent.click(within(panel).getByRole('button', { name: 'Cancel' }));
    await expectNoExportProgress(canvasElement);
    await expect(downloads).toEqual([]);
  },
};

export const Refused: Story = {
  parameters: mockedBy(csvExports.products.error(500, 'Export failed: disk full')),
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByTestId('product-count');
    await startExport(canvasElement);
    await expectToast('Error', 'Export failed: disk full', 'error');
    await expectNoExportProgress(canvasElement);
  },
};
