import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { adminUser } from '@mocks/fixtures';
import {
  manyStockMovements,
  movementsOfEveryKind,
  stockMovements,
} from '@mocks/fixtures/stock-movements';
import { stockHistory, variants } from '@mocks/handlers';
import { requests } from '@mocks/recorder';
import { paths } from '@/lib/paths';
import { padded } from '@/testing/padded';
import { expectedMovementCells, expectedReasonsOfEveryKind } from '@/testing/expected';
import { cellTexts } from '@/testing/list-screen';
import { expectLocation, expectToast, findOpenDialog, mockedBy, type Scope } from '@/testing/story';
import { bagVariants } from './story-fixtures';
import { VariantsManager } from './VariantsManager';

const LIST = '/api/v1/admin/stock-movements/';
const HEADERS = ['Date', 'Change', 'Before', 'After', 'Reason', 'By', 'Order'];

/** 'Stock History' of a variant in the variants manager (product 1's edit form). */
const meta = {
  title: 'Variants/VariantsManager/Stock History',
  component: VariantsManager,
  args: { productId: 1 },
  parameters: {
    route: paths.products.edit(1),
    auth: { userType: 'admin', user: adminUser },
    msw: { handlers: [variants.list(bagVariants)] },
  },
  decorators: [padded('6xl')],
} satisfies Meta<typeof VariantsManager>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Clicks the Stock History action of the variant with this SKU; returns the dialog. */
async function openHistory(canvasElement: HTMLElement, sku: string) {
  const row = await within(canvasElement).findByRole('row', { name: new RegExp(`\\b${sku}\\b`) });
  await userEvent.click(within(row).getByRole('button', { name: 'Stock History' }));
  return within(await findOpenDialog(`Stock History — ${sku}`));
}

/** The data rows of the dialog's table (the header excluded). */
const rows = (dialog: Scope) =>
  dialog
    .getAllByRole('row')
    .filter((row) => Number(row.getAttribute('aria-rowindex')) > 1)
    .map((row) => cellTexts(row));

/** Noir's movements: its initial stock, a count, and the order that took one. */
export const Filled: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openHistory(canvasElement, 'SAC-CABAS-NR');
    const noir = stockMovements.filter((m) => m.variant_id === 2);
    await expect(
      await dialog.findByText(`Showing ${noir.length} of ${noir.length} movements`),
    ).toBeVisible();
    await expect(dialog.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(HEADERS);
    await expect(rows(dialog)).toEqual(noir.map(expectedMovementCells));
    await expect(dialog.getByRole('link', { name: 'ORD-20250308-0003' })).toHaveAttribute(
      'href',
      paths.orders.detail(2),
    );
    await expect(dialog.queryByRole('button', { name: 'Load more' })).toBeNull();
    const [call] = await requests.waitFor('GET', LIST);
    await expect(call?.query).toEqual({ variant_id: '2', skip: '0', limit: '100' });
  },
};

/** A long reason, as an admin writes one, in the dialog at 1366 px. */
const DELIVERY = 'Delivery from supplier Ben Yedder, invoice 2025/117';

/**
 * The reason is read whole on two lines, not cut after "Delivery fr…" beside empty columns, and
 * the table fits the dialog (no sideways scrolling).
 */
export const LongReason: Story = {
  globals: { viewport: { value: 'desktop1366' } },
  parameters: mockedBy(
    stockHistory.list(
      stockMovements
        .filter((m) => m.variant_id === 2)
        // An admin's adjustment: their words, shown as typed.
        .map((m, i) =>
          i === 0
            ? {
                ...m,
                kind: 'adjustment' as const,
                order_id: null,
                order_number: null,
                reason: DELIVERY,
              }
            : m,
        ),
    ),
  ),
  play: async ({ canvasElement }) => {
    const dialog = await openHistory(canvasElement, 'SAC-CABAS-NR');
    const reason = await dialog.findByTitle(DELIVERY);
    await expect(reason).toHaveTextContent(DELIVERY);
    await expect(reason.scrollHeight).toBeLessThanOrEqual(reason.clientHeight);
    const scroll = dialog.getByTestId('stock-history-scroll');
    await expect(scroll.scrollWidth).toBeLessThanOrEqual(scroll.clientWidth);
  },
};

/** The order number opens the order's detail. */
export const OrderLink: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openHistory(canvasElement, 'SAC-CABAS-NR');
    await userEvent.click(await dialog.findByRole('link', { name: 'ORD-20250308-0003' }));
    await expectLocation(canvasElement, paths.orders.detail(2));
  },
};

export const Empty: Story = {
  parameters: mockedBy(stockHistory.list([])),
  play: async ({ canvasElement }) => {
    const dialog = await openHistory(canvasElement, 'SAC-CABAS-CML');
    await expect(await dialog.findByText('No stock movements yet')).toBeVisible();
    await expect(dialog.queryByRole('button', { name: 'Load more' })).toBeNull();
    await expectSent({ variant_id: '1', skip: '0', limit: '100' });
  },
};

/** 130 movements: the first 100, then 'Load more' asks for the rest. */
export const LoadMore: Story = {
  parameters: mockedBy(stockHistory.list(manyStockMovements(130))),
  play: async ({ canvasElement }) => {
    const dialog = await openHistory(canvasElement, 'SAC-CABAS-NR');
    await expect(await dialog.findByText('Showing 100 of 130 movements')).toBeVisible();
    await expect(dialog.getByRole('table')).toHaveAttribute('aria-rowcount', '131');
    await userEvent.click(dialog.getByRole('button', { name: 'Load more' }));
    await expect(await dialog.findByText('Showing 130 of 130 movements')).toBeVisible();
    await expectSent({ variant_id: '2', skip: '100', limit: '100' });
    await expect(dialog.queryByRole('button', { name: 'Load more' })).toBeNull();
    await expect(rows(dialog)[0]).toEqual(expectedMovementCells(manyStockMovements(130)[0]!));
  },
};

export const LoadError: Story = {
  parameters: mockedBy(stockHistory.list.error(500)),
  play: async ({ canvasElement }) => {
    const dialog = await openHistory(canvasElement, 'SAC-CABAS-NR');
    await expectToast('Error', 'Failed to load the stock history', 'error');
    await expect(await dialog.findByTestId('stock-history-unavailable')).toHaveTextContent(
      'The stock history could not be loaded.',
    );
  },
};

/** A request for the history was sent with exactly this query. */
const expectSent = (query: Record<string, string>) =>
  waitFor(() => expect(requests.to('GET', LIST).map((r) => r.query)).toContainEqual(query));

/** Arabic, right to left: the dialog's title, headers and count translated. */
export const Arabic: Story = {
  globals: { locale: 'ar' },
  play: async ({ canvasElement }) => {
    const row = await within(canvasElement).findByRole('row', { name: /\bSAC-CABAS-NR\b/ });
    await userEvent.click(within(row).getByRole('button', { name: 'تاريخ المخزون' }));
    const element = await findOpenDialog(/^تاريخ المخزون — .?SAC-CABAS-NR/);
    const dialog = within(element);
    await expect(document.documentElement.dir).toBe('rtl');
    await expect(await dialog.findByText(/^عرض \d+ من أصل \d+ /)).toBeVisible();
    await expect(dialog.getByRole('columnheader', { name: 'التاريخ' })).toBeVisible();
  },
};

/**
 * In French the history words the shop's own movements from their kind (the order, the status it
 * moved to, the file), and shows the admin's words as typed.
 */
export const ReasonsInFrench: Story = {
  globals: { locale: 'fr' },
  parameters: mockedBy(stockHistory.list(movementsOfEveryKind)),
  play: async ({ canvasElement }) => {
    const row = await within(canvasElement).findByRole('row', { name: /\bSAC-CABAS-NR\b/ });
    await userEvent.click(within(row).getByRole('button', { name: 'Historique du stock' }));
    const dialog = within(await findOpenDialog('Historique du stock — SAC-CABAS-NR'));
    await waitFor(() => expect(rows(dialog)).toHaveLength(movementsOfEveryKind.length));
    await expect(rows(dialog).map((cells) => cells[4])).toEqual(expectedReasonsOfEveryKind.fr);
  },
};
