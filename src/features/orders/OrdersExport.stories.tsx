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
import { expectSent } from '@/testing/server-list';
import { expectToast, mockedBy } from '@/testing/story';
import { paths } from '@/lib/paths';
import { OrdersPage } from './OrdersPage';

/** 'Export CSV' on /admin/orders: the list's search, filters and sort, as a file. */
const meta = {
  title: 'Orders/OrdersPage/Export CSV',
  ...adminScreenMeta(OrdersPage, paths.orders.list),
};
export default meta;
type Story = StoryObj<typeof meta>;

const LIST = '/api/v1/admin/orders/';
const EXPORT = '/api/v1/admin/exports/orders';

/** The list is there (its count says how many orders). */
const listShown = (canvasElement: HTMLElement) => within(canvasElement).findByTestId('order-count');

/** Narrows the list: status shipped and a search. */
async function filterTheList(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await listShown(canvasElement);
  await userEvent.selectOptions(
    canvas.getByRole('combobox', { name: 'Filter by status' }),
    'shipped',
  );
  await expectSent(LIST, 'status', 'shipped');
  await userEvent.type(canvas.getByRole('searchbox'), 'gmail');
  await expectSent(LIST, 'search', 'gmail');
}

export const OneRowPerOrder: Story = {
  play: async ({ canvasElement }) => {
    const downloads = captureDownloads();
    await filterTheList(canvasElement);
    await startExport(canvasElement, 'One row per order');
    const [request] = await requests.waitFor('GET', EXPORT);
    await expect(request!.query).toEqual({ ...lastListQuery(LIST), rows: 'orders' });
    await expect(request!.query).toMatchObject({ status: 'shipped', search: 'gmail' });
    await expectNoExportProgress(canvasElement);
    await expect(downloads).toEqual(['orders-2025-03-14.csv']);
  },
};

export const OneRowPerLine: Story = {
  play: async ({ canvasElement }) => {
    const downloads = captureDownloads();
    await filterTheList(canvasElement);
    await startExport(canvasElement, 'One row per line');
    const [request] = await requests.waitFor('GET', EXPORT);
    await expect(request!.query).toEqual({ ...lastListQuery(LIST), rows: 'lines' });
    await expectNoExportProgress(canvasElement);
    await expect(downloads).toEqual(['orders-2025-03-14.csv']);
  },
};

export const ProgressWhileTheServerAnswers: Story = {
  parameters: mockedBy(csvExports.orders.delayed(1500)),
  play: async ({ canvasElement }) => {
    const downloads = captureDownloads();
    await listShown(canvasElement);
    await startExport(canvasElement, 'One row per line');
    await expectExportProgress(canvasElement, 'Exporting CSV (one row per line)');
    await expectExportProgress(canvasElement, 'Preparing the export...');
    // The list stays usable meanwhile.
    await userEvent.type(within(canvasElement).getByRole('searchbox'), 'ORD');
    await expectSent(LIST, 'search', 'ORD');
    await expectNoExportProgress(canvasElement);
    await expect(downloads).toEqual(['orders-2025-03-14.csv']);
  },
};

export const Cancel: Story = {
  parameters: mockedBy(csvExports.orders.loading()),
  play: async ({ canvasElement }) => {
    const downloads = captureDownloads();
    await listShown(canvasElement);
    await startExport(canvasElement, 'One row per order');
    const panel = await expectExportProgress(canvasElement, 'Preparing the export...');
    await requests.waitFor('GET', EXPORT);
    await userEvent.click(within(panel).getByRole('button', { name: 'Cancel' }));
    await expectNoExportProgress(canvasElement);
    await expect(downloads).toEqual([]);
  },
};

export const Refused: Story = {
  parameters: mockedBy(csvExports.orders.error(403, 'Not enough permissions')),
  play: async ({ canvasElement }) => {
    const downloads = captureDownloads();
    await listShown(canvasElement);
    await startExport(canvasElement, 'One row per order');
    await expectToast('Error', 'Not enough permissions', 'error');
    await expectNoExportProgress(canvasElement);
    await expect(downloads).toEqual([]);
  },
};

export const NetworkFailure: Story = {
  parameters: mockedBy(csvExports.orders.networkError()),
  play: async ({ canvasElement }) => {
    await listShown(canvasElement);
    await startExport(canvasElement, 'One row per order');
    await expectToast('Error', 'Failed to export orders', 'error');
    await expectNoExportProgress(canvasElement);
  },
};
