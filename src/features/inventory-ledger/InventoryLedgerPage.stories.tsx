import type { StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { StockMovementEntry } from '@generated/model';
import { paths } from '@/lib/paths';
import { adminScreenMeta } from '@/testing/admin-screen';
import { csvExportStories, expectListExported, lastListQuery } from '@/testing/csv-export';
import { expectedMovementCells, expectedReasonsOfEveryKind } from '@/testing/expected';
import { expectLoading, listScreen } from '@/testing/list-screen';
import { expectSent, chooseFilter, FIRST_PAGE } from '@/testing/server-list';
import { expectCard, expectInView, PHONE_GLOBALS } from '@/testing/phone-cards';
import { expectLocation, expectScreenTitle, expectToast, mockedBy } from '@/testing/story';
import { movementsOfEveryKind, stockMovements } from '@mocks/fixtures/stock-movements';
import { stockHistory } from '@mocks/handlers';
import { requests } from '@mocks/recorder';
import { InventoryLedgerPage } from './InventoryLedgerPage';
import { typeDay } from '@/testing/day-field';

const ledgerScreen = adminScreenMeta(InventoryLedgerPage, paths.inventory.ledger);
/** The inventory ledger of /admin/inventory/ledger: every stock movement, filtered by the server. */
const meta = { title: 'Inventory/InventoryLedgerPage', ...ledgerScreen };
export default meta;
type Story = StoryObj<typeof meta>;

const LIST = '/api/v1/admin/stock-movements/';
const ADMINS = '/api/v1/admin/stock-movements/admins';
const EXPORT = '/api/v1/admin/exports/stock-movements';
const HEADERS = ['Date', 'Variant', 'SKU', 'Change', 'Before', 'After', 'Reason', 'By', 'Order'];

const { waitForRows, tableCells, search } = listScreen({
  searchPlaceholder: 'Filter by reason...',
});

/** A movement's row: when, what (title and SKU at the time), then the movement's cells. */
const cellsOf = (m: StockMovementEntry) => {
  const [when, ...rest] = expectedMovementCells(m);
  return [when!, m.title, m.sku, ...rest];
};
const rowsOf = (ids: number[]) =>
  ids.map((id) => cellsOf(stockMovements.find((m) => m.id === id)!));

const count = (canvasElement: HTMLElement) => within(canvasElement).getByTestId('movement-count');

/**
 * At 1366 px the whole ledger fits beside the sidebar: no sideways scrolling, the Order column in
 * view, every reason and variant read whole (on two lines when long), every SKU on its line.
 */
export const Laptop1366: Story = {
  globals: { viewport: { value: 'desktop1366' } },
  play: async ({ canvasElement }) => {
    await waitForRows(canvasElement);
    const scroll = within(canvasElement).getByTestId('ledger-scroll');
    await expect(scroll.scrollWidth).toBeLessThanOrEqual(scroll.clientWidth);
    const order = within(canvasElement).getByRole('columnheader', { name: 'Order' });
    await expect(order.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth);
    const link = within(canvasElement).getByRole('link', { name: 'ORD-20250308-0003' });
    await expect(link.getBoundingClientRect().right).toBeLessThanOrEqual(
      scroll.getBoundingClientRect().right,
    );
    for (const m of stockMovements) {
      for (const text of [m.title, m.reason].filter((t): t is string => !!t)) {
        const cell = within(scroll).getAllByTitle(text)[0]!;
        await expect(cell.scrollHeight).toBeLessThanOrEqual(cell.clientHeight);
      }
      // The SKU, on its one line, whole.
      const sku = within(scroll).getAllByTitle(m.sku)[0]!;
      await expect(sku.scrollWidth).toBeLessThanOrEqual(sku.clientWidth);
    }
  },
};

export const Filled: Story = {
  tags: ['visual'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitForRows(canvasElement);
    await expectScreenTitle(canvasElement, 'Inventory Ledger');
    await expect(canvas.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(HEADERS);
    // Newest first, as the server sends them; a deleted variant's movement keeps its SKU.
    await expect(tableCells(canvasElement)).toEqual(stockMovements.map(cellsOf));
    await expect(count(canvasElement)).toHaveTextContent('7 movements');
    await expect(canvas.getByRole('link', { name: 'ORD-20250308-0003' })).toHaveAttribute(
      'href',
      paths.orders.detail(2),
    );
    const [call] = await requests.waitFor('GET', LIST);
    await expect(call?.query).toEqual(FIRST_PAGE);
    await requests.waitFor('GET', ADMINS);
    // The filters' choices: the admins who made movements, and the products. They are drawn
    // after the admins' answer arrives, so the check waits for them.
    await waitFor(() =>
      expect(
        within(canvas.getByRole('combobox', { name: 'Filter by admin' }))
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['All admins', 'karim.trabelsi', 'stock.sfax']),
    );
  },
};

/**
 * On a 375 px phone each movement is a card (docs/product.md §2): variant, SKU, change, stock
 * after, reason, who and the order in view, not cut (the stock before is left out); the order
 * number opens the order.
 */
export const Phone: Story = {
  globals: PHONE_GLOBALS,
  play: async ({ canvasElement }) => {
    await waitForRows(canvasElement);
    const movement = stockMovements.find((m) => m.order_number === 'ORD-20250308-0003')!;
    const [when, title, sku, change, , after, reason, by, order] = cellsOf(movement);
    const card = await expectCard(canvasElement, {
      table: 'Inventory ledger',
      name: 'ORD-20250308-0003',
      fields: [when!, title!, sku!, change!, after!, reason!, by!, order!],
    });
    const link = within(card).getByRole('link', { name: 'ORD-20250308-0003' });
    await expectInView(link);
    await userEvent.click(link);
    await expectLocation(canvasElement, paths.orders.detail(2));
  },
};

/** The order number opens the order. */
export const OrderLink: Story = {
  play: async ({ canvasElement }) => {
    await waitForRows(canvasElement);
    await userEvent.click(within(canvasElement).getByRole('link', { name: 'ORD-20250308-0003' }));
    await expectLocation(canvasElement, paths.orders.detail(2));
  },
};

/** Admin, product and dates narrow the ledger on the server; the count says of how many. */
export const FilteredByAdminProductAndDates: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitForRows(canvasElement);
    await waitFor(() =>
      expect(
        within(canvas.getByRole('combobox', { name: 'Filter by admin' })).getAllByRole('option'),
      ).toHaveLength(3),
    );
    await chooseFilter(canvasElement, 'Filter by admin', 'stock.sfax');
    await expectSent(LIST, 'admin_user_id', '5');
    await waitFor(() => expect(tableCells(canvasElement)).toEqual(rowsOf([7, 3])));
    await expect(count(canvasElement)).toHaveTextContent('2 of 7 movements');

    await waitFor(() =>
      expect(
        within(canvas.getByRole('combobox', { name: 'Filter by product' })).getByRole('option', {
          name: 'Sac cabas en cuir',
        }),
      ).toBeInTheDocument(),
    );
    await chooseFilter(canvasElement, 'Filter by product', 'Sac cabas en cuir');
    await expectSent(LIST, 'product_id', '1');
    await typeDay(canvasElement, 'From date', '2025-02-15');
    await typeDay(canvasElement, 'To date', '2025-03-10');
    await waitFor(() =>
      expect(lastListQuery(LIST)).toEqual({
        admin_user_id: '5',
        product_id: '1',
        date_from: '2025-02-14T23:00:00.000Z',
        date_to: '2025-03-10T22:59:59.999Z',
      }),
    );
    await waitFor(() => expect(tableCells(canvasElement)).toEqual(rowsOf([3])));
    await expect(count(canvasElement)).toHaveTextContent('1 of 7 movements');
  },
};

/** The reason filter: text the reason contains, trimmed. */
export const FilteredByReason: Story = {
  play: async ({ canvasElement }) => {
    await waitForRows(canvasElement);
    await search(canvasElement, '  order ');
    await expectSent(LIST, 'reason', 'order');
    await waitFor(() => expect(tableCells(canvasElement)).toEqual(rowsOf([6])));
    await expect(count(canvasElement)).toHaveTextContent('1 of 7 movements');
  },
};

export const FilteredEmpty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitForRows(canvasElement);
    await search(canvasElement, 'nothing like this');
    await expectSent(LIST, 'reason', 'nothing like this');
    await expect(await canvas.findByText('No stock movements found')).toBeVisible();
    await expect(count(canvasElement)).toHaveTextContent('0 of 7 movements');
  },
};

export const Empty: Story = {
  parameters: mockedBy(stockHistory.list([])),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('No stock movements found')).toBeVisible();
    await expect(count(canvasElement)).toHaveTextContent('0 movements');
  },
};

export const Loading: Story = {
  parameters: mockedBy(stockHistory.list.loading()),
  play: ({ canvasElement }) => expectLoading(canvasElement, 'Loading inventory ledger...'),
};

export const LoadError: Story = {
  parameters: mockedBy(stockHistory.list.error(500)),
  play: async ({ canvasElement }) => {
    await expectToast('Error', 'Failed to load the inventory ledger', 'error');
    await expect(await within(canvasElement).findByTestId('ledger-unavailable')).toHaveTextContent(
      'The inventory ledger could not be loaded.',
    );
  },
};

/** 'Export CSV' writes what the ledger shows: the same filters, as a file. */
export const Export: Story = {
  play: async ({ canvasElement }) => {
    await waitForRows(canvasElement);
    await search(canvasElement, 'order');
    await expectSent(LIST, 'reason', 'order');
    await typeDay(canvasElement, 'From date', '2025-03-01');
    await expectSent(LIST, 'date_from', '2025-02-28T23:00:00.000Z');
    const query = await expectListExported(canvasElement, {
      list: LIST,
      path: EXPORT,
      fileName: 'stock-movements-2025-03-14.csv',
    });
    await expect(query).toEqual({ reason: 'order', date_from: '2025-02-28T23:00:00.000Z' });
  },
};

const exports = csvExportStories({
  endpoint: stockHistory.export,
  listShown: (canvasElement) => within(canvasElement).findByTestId('movement-count'),
  exporting: 'Exporting CSV (one row per movement)',
  fileName: 'stock-movements-2025-03-14.csv',
  failure: 'Failed to export the inventory ledger',
});
export const ExportProgress: Story = exports.ProgressWhileTheServerAnswers;
export const ExportCancel: Story = exports.Cancel;
export const ExportRefused: Story = exports.Refused;
export const ExportNetworkFailure: Story = exports.NetworkFailure;

/* Languages and colour modes */

/** Arabic, right to left: translated heading and headers; movement times in Tunis time. */
export const Arabic: Story = {
  globals: { locale: 'ar' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitForRows(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'سجلّ المخزون' })).toBeVisible();
    await expect(document.documentElement.dir).toBe('rtl');
    await expect(canvas.getByRole('columnheader', { name: 'السبب' })).toBeVisible();
    // 16:40 UTC on 12 March: 17:40 in Tunis.
    await expect(canvas.getByText('12 مارس 2025، 17:40')).toBeVisible();
  },
};

export const French: Story = {
  globals: { locale: 'fr' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitForRows(canvasElement);
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Journal des stocks' }),
    ).toBeVisible();
    await expect(
      canvas.getByRole('combobox', { name: 'Filtrer par administrateur' }),
    ).toBeVisible();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  play: Filled.play,
};

/** The Reason column of every row. */
const reasons = (canvasElement: HTMLElement) => tableCells(canvasElement).map((cells) => cells[6]);

/** A story of every kind of movement: the Reason column reads `expected`, newest first. */
const reasonsIn = (locale: 'en' | 'fr' | 'ar', expected: string[]): Story => ({
  globals: { locale },
  parameters: mockedBy(stockHistory.list(movementsOfEveryKind)),
  play: async ({ canvasElement }) => {
    await waitForRows(canvasElement);
    await expect(reasons(canvasElement)).toEqual(expected);
  },
});

/**
 * Every kind of movement, worded from its kind, its order (number, status moved to) or its file;
 * an admin's adjustment reads as they typed it.
 */
export const EveryKindOfReason = reasonsIn('en', expectedReasonsOfEveryKind.en);

/** In French, the shop's own reasons are French; the admin's words stay as typed. */
export const ReasonsInFrench = reasonsIn('fr', expectedReasonsOfEveryKind.fr);

/** In Arabic, with the order number and the file name isolated in the right-to-left sentence. */
export const ReasonsInArabic = reasonsIn('ar', expectedReasonsOfEveryKind.ar);
