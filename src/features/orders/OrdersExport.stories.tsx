import type { StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { csvExports } from '@mocks/handlers';
import type { ExportOrdersRows } from '@generated/model';
import { expectOrdersExported, ordersListScreen } from './story-screens';
import { csvExportStories } from '@/testing/csv-export';
import { expectSent } from '@/testing/server-list';

/** 'Export CSV' on /admin/orders: the list's search, filters and sort, as a file. */
const meta = { title: 'Orders/OrdersPage/Export CSV', ...ordersListScreen() };
export default meta;
type Story = StoryObj<typeof meta>;

const LIST = '/api/v1/admin/orders/';

/** The list is there (its count says how many orders). */
const listShown = (canvasElement: HTMLElement) => within(canvasElement).findByTestId('order-count');

/** Exports the list narrowed to shipped orders and a search: the file has the list's query. */
const exportsTheList = (rows: ExportOrdersRows): Story => ({
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await listShown(canvasElement);
    await userEvent.selectOptions(
      canvas.getByRole('combobox', { name: 'Filter by status' }),
      'shipped',
    );
    await expectSent(LIST, 'status', 'shipped');
    await userEvent.type(canvas.getByRole('searchbox'), 'gmail');
    await expectSent(LIST, 'search', 'gmail');
    const query = await expectOrdersExported(canvasElement, rows);
    await expect(query).toMatchObject({ status: 'shipped', search: 'gmail' });
  },
});

export const OneRowPerOrder = exportsTheList('orders');
export const OneRowPerLine = exportsTheList('lines');

const stories = csvExportStories({
  endpoint: csvExports.orders,
  listShown,
  choice: 'One row per line',
  exporting: 'Exporting CSV (one row per line)',
  fileName: 'orders-2025-03-14.csv',
  failure: 'Failed to export orders',
});
export const ProgressWhileTheServerAnswers: Story = stories.ProgressWhileTheServerAnswers;
export const Cancel: Story = stories.Cancel;
export const Refused: Story = stories.Refused;
export const NetworkFailure: Story = stories.NetworkFailure;
