import type { StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { AppRoutes } from '@/app/routes';
import { paths } from '@/lib/paths';
import { adminUser } from '@mocks/fixtures';
import { expectLocation, type Scope } from '@/testing/story';

/** Ctrl+K on an admin screen, through the route table (the admin area mounts the palette). */
const meta = {
  title: 'Command palette',
  component: AppRoutes,
  parameters: { route: paths.admin.dashboard, auth: { userType: 'admin', user: adminUser } },
};
export default meta;
type Story = StoryObj<typeof meta>;

/** Opens the palette with the shortcut once the dashboard shows; returns the dialog's queries. */
async function openPalette(canvasElement: HTMLElement, name = 'Command palette') {
  // The first story of a run waits for the admin area's code as well.
  await within(canvasElement).findByRole('heading', { level: 1 }, { timeout: 10_000 });
  await userEvent.keyboard('{Control>}k{/Control}');
  const dialog = await screen.findByRole('dialog', { name }, { timeout: 5000 });
  // Past the fade-in (opacity 0 at its start), with the input focused.
  await waitFor(() => expect(dialog).toBeVisible());
  await waitFor(() => expect(within(dialog).getByRole('combobox')).toHaveFocus());
  return within(dialog);
}

/** The server answers after the debounce: longer than findBy's default second on a busy machine. */
const SEARCHED = { timeout: 5000 };

/** The polite live region's text (what a screen reader hears after each change). */
const announced = (dialog: Scope) => dialog.getByRole('status');

/** Opens the palette, types `query` and waits for the option named `name`. */
async function search(canvasElement: HTMLElement, query: string, name: string | RegExp) {
  const dialog = await openPalette(canvasElement);
  await userEvent.keyboard(query);
  const option = await dialog.findByRole('option', { name }, SEARCHED);
  await expect(option).toBeVisible();
  return { dialog, option };
}

/** `keys` (Enter on the selected option) take the console to `path` and close the palette. */
async function expectPicked(canvasElement: HTMLElement, keys: string, path: string) {
  await userEvent.keyboard(keys);
  await expectLocation(canvasElement, path);
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

export const GoToScreen: Story = {
  play: async ({ canvasElement }) => {
    // 'vat r' would find the Reports' 'VAT return' too.
    const { dialog } = await search(canvasElement, 'vat ra', 'VAT Rates');
    await waitFor(() => expect(announced(dialog)).toHaveTextContent('1 result'), SEARCHED);
    await expectPicked(canvasElement, '{Enter}', paths.vatRates.list);
  },
};

/** An inventory manager: no Audit Log (audit:read) and no order search (the server's 403). */
export const InventoryManager: Story = {
  parameters: {
    auth: { userType: 'admin', user: { ...adminUser, role: 'inventory_manager' } },
  },
  play: async ({ canvasElement }) => {
    const dialog = await openPalette(canvasElement);
    await expect(dialog.getByRole('option', { name: 'Products' })).toBeVisible();
    await expect(dialog.queryByRole('option', { name: 'Audit Log' })).toBeNull();
    await userEvent.keyboard('hotel-medina');
    await expect(
      await dialog.findByText('No results', { selector: '[cmdk-empty]' }, SEARCHED),
    ).toBeVisible();
  },
};

export const FindProductBySku: Story = {
  play: async ({ canvasElement }) => {
    const { dialog } = await search(canvasElement, 'huile-1l', 'HUILE-1L');
    await waitFor(() => expect(announced(dialog)).toHaveTextContent('1 result'), SEARCHED);
    await expectPicked(canvasElement, '{Enter}', paths.products.edit(2));
  },
};

export const FindOrderByCustomer: Story = {
  play: async ({ canvasElement }) => {
    const { option } = await search(canvasElement, 'hotel-medina', /ORD-20250308-0003/);
    await expect(option).toHaveTextContent('achats@hotel-medina.tn');
    await expectPicked(canvasElement, '{ArrowDown}{ArrowUp}{Enter}', paths.orders.detail(2));
  },
};

export const NewProduct: Story = {
  play: async ({ canvasElement }) => {
    await search(canvasElement, 'new p', 'New product');
    await expectPicked(canvasElement, '{Enter}', paths.products.create);
  },
};

export const NoResults: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openPalette(canvasElement);
    await userEvent.keyboard('zzzz');
    await expect(
      await dialog.findByText('No results', { selector: '[cmdk-empty]' }, SEARCHED),
    ).toBeVisible();
    await waitFor(() => expect(announced(dialog)).toHaveTextContent('No results'), SEARCHED);
    await expect(dialog.queryAllByRole('option')).toHaveLength(0);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};

export const Arabic: Story = {
  globals: { locale: 'ar' },
  play: async ({ canvasElement }) => {
    const dialog = await openPalette(canvasElement, 'لوحة الأوامر');
    await expect(document.documentElement.dir).toBe('rtl');
    await userEvent.keyboard('zzzz');
    await expect(
      await dialog.findByText('لا توجد نتائج', { selector: '[cmdk-empty]' }, SEARCHED),
    ).toBeVisible();
    await userEvent.clear(dialog.getByRole('combobox'));
    await userEvent.keyboard('ORD-20250308');
    await expect(
      await dialog.findByRole('option', { name: /ORD-20250308-0003/ }, SEARCHED),
    ).toBeVisible();
    await waitFor(() => expect(announced(dialog)).toHaveTextContent('نتيجة واحدة'), SEARCHED);
  },
};
