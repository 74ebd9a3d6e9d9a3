import type { StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { csvExports } from '@mocks/handlers';
import { requests } from '@mocks/recorder';
import { productsListScreen } from './story-screen';
import { captureDownloads, csvExportStories, expectListExported } from '@/testing/csv-export';
import { chooseFilter, clickSort, expectSent } from '@/testing/server-list';

/** 'Export CSV' on /admin/products: the products as searched and sorted, with their variants. */
const meta = { title: 'Products/ProductsPage/Export CSV', ...productsListScreen() };
export default meta;
type Story = StoryObj<typeof meta>;

const LIST = '/api/v1/admin/products/';
const EXPORT = '/api/v1/admin/exports/products';
const FILE = 'products-2025-03-14.csv';
/** The export of the list as it stands (its query, the file). */
const LIST_EXPORT = { list: LIST, path: EXPORT, fileName: FILE };

const listShown = (canvasElement: HTMLElement) =>
  within(canvasElement).findByTestId('product-count');

export const SearchedAndSorted: Story = {
  play: async ({ canvasElement }) => {
    await listShown(canvasElement);
    await userEvent.type(within(canvasElement).getByRole('searchbox'), 'huile');
    await expectSent(LIST, 'search', 'huile');
    await clickSort(canvasElement, 'Price');
    await expectSent(LIST, 'sort', 'base_price');
    const query = await expectListExported(canvasElement, LIST_EXPORT);
    await expect(query).toEqual({ search: 'huile', sort: 'base_price' });
  },
};

/** The file holds what the list shows: the category, status and stock filters are sent too. */
export const Filtered: Story = {
  play: async ({ canvasElement }) => {
    await listShown(canvasElement);
    const choose = (name: string, option: string) => chooseFilter(canvasElement, name, option);
    await choose('Filter by category', 'Épicerie fine');
    await expectSent(LIST, 'category_id', '2');
    await choose('Filter by status', 'Inactive');
    await expectSent(LIST, 'is_active', 'false');
    await choose('Filter by stock', 'Low stock');
    await expectSent(LIST, 'stock_state', 'low_stock');
    const query = await expectListExported(canvasElement, LIST_EXPORT);
    await expect(query).toEqual({ category_id: '2', is_active: 'false', stock_state: 'low_stock' });
  },
};

const stories = csvExportStories({
  endpoint: csvExports.products,
  listShown,
  exporting: 'Exporting CSV (products)',
  fileName: FILE,
  failure: 'Failed to export products',
});
export const ProgressWhileTheServerAnswers: Story = stories.ProgressWhileTheServerAnswers;
export const Cancel: Story = stories.Cancel;
export const Refused: Story = stories.Refused;
export const NetworkFailure: Story = stories.NetworkFailure;

/** The semicolon file (decimal commas) for a French or Arabic spreadsheet, picked beside the button. */
export const SemicolonVariant: Story = {
  play: async ({ canvasElement }) => {
    await listShown(canvasElement);
    const variant = within(canvasElement).getByRole('combobox', { name: 'CSV separator' });
    await expect(variant).toHaveValue('comma');
    await userEvent.selectOptions(variant, 'Semicolon (;) with decimal commas');
    const query = await expectListExported(canvasElement, {
      ...LIST_EXPORT,
      // Not a filter of the list: the file's format only.
      extra: { separator: 'semicolon' },
    });
    await expect(query).toEqual({ separator: 'semicolon' });
  },
};

/** In French (and Arabic) the semicolon file is the default. */
export const SemicolonByDefaultInFrench: Story = {
  globals: { locale: 'fr' },
  play: async ({ canvasElement }) => {
    const downloads = captureDownloads();
    await listShown(canvasElement);
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('combobox', { name: 'Séparateur CSV' })).toHaveValue('semicolon');
    await userEvent.click(canvas.getByRole('button', { name: 'Exporter en CSV' }));
    const [request] = await requests.waitFor('GET', EXPORT);
    await expect(request!.query).toEqual({ separator: 'semicolon' });
    await waitFor(() => expect(downloads).toEqual([FILE]));
  },
};
