import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { ProductBulkEdit } from '@generated/model';
import { products as productFixtures } from '@mocks/fixtures';
import { bulk } from '@mocks/handlers';
import { requests } from '@mocks/recorder';
import { adminScreenMeta } from '@/testing/admin-screen';
import { paths } from '@/lib/paths';
import { dialog, dialogClosed, listScreen, replace } from '@/testing/list-screen';
import { expectToast, mockedBy, screen, type Scope } from '@/testing/story';
import { ProductsPage } from './ProductsPage';

/** Bulk edit of the product list (issue #14): select rows, pick an action, fill its dialog. */
const meta = {
  title: 'Products/ProductsBulkEdit',
  ...adminScreenMeta(ProductsPage, paths.products.list),
} satisfies Meta<typeof ProductsPage>;
export default meta;
type Story = StoryObj<typeof meta>;

const LIST = '/api/v1/admin/products/';
const BULK = '/api/v1/admin/products/bulk';
const ACTIONS = [
  'Set Price',
  'Shift Price',
  'Set Stock',
  'Adjust Stock',
  'Set Status',
  'Set Category',
  'Set VAT Rate',
];
const BAG = 'Sac cabas en cuir';
const OIL = "Huile d'olive extra vierge 1 L";
const HARISSA = 'Harissa traditionnelle 200 g';
const WALLET = 'Portefeuille homme';

const { waitForRows } = listScreen({ dataCells: 5, searchPlaceholder: 'Search products...' });

const bar = (canvasElement: HTMLElement) =>
  within(within(canvasElement).getByRole('region', { name: 'Bulk actions' }));

/** Ticks the rows of these products, once the list is shown. */
async function selectRows(canvasElement: HTMLElement, ...names: string[]) {
  await waitForRows(canvasElement);
  for (const name of names) {
    await userEvent.click(within(canvasElement).getByRole('checkbox', { name: `Select ${name}` }));
  }
}

/** Opens the dialog of this action from the bar. */
async function openAction(canvasElement: HTMLElement, title: string): Promise<Scope> {
  await userEvent.click(bar(canvasElement).getByRole('button', { name: title }));
  return dialog(title);
}

/** Applies the dialog and checks the body the server was sent. */
async function apply(scope: Scope, sent: ProductBulkEdit): Promise<void> {
  await userEvent.click(scope.getByRole('button', { name: 'Apply' }));
  const [call] = await requests.waitFor('POST', BULK);
  await expect(call!.body).toEqual(sent);
}

const samePath = (path: string, wanted: string) =>
  path.replace(/\/$/, '') === wanted.replace(/\/$/, '');

/** The summary toast, the dialog gone, the selection cleared and the list asked again. */
async function expectDone(canvasElement: HTMLElement, summary: string) {
  await expectToast('Success', summary, 'success');
  await dialogClosed('dialog');
  await waitFor(() =>
    expect(within(canvasElement).queryByRole('region', { name: 'Bulk actions' })).toBeNull(),
  );
  await waitFor(() => {
    const log = requests.all();
    const sent = log.findIndex((r) => r.method === 'POST' && samePath(r.path, BULK));
    return expect(
      log.slice(sent + 1).some((r) => r.method === 'GET' && samePath(r.path, LIST)),
    ).toBe(true);
  });
}

/* Selection and the action bar */

export const SelectionAndActionBar: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await selectRows(canvasElement, BAG);
    await expect(await canvas.findByText('1 selected')).toBeVisible();
    await expect(
      bar(canvasElement)
        .getAllByRole('button')
        .map((b) => b.textContent?.trim()),
    ).toEqual([...ACTIONS, 'Clear Selection']);
    await selectRows(canvasElement, HARISSA);
    await expect(await canvas.findByText('2 selected')).toBeVisible();
    await expect(canvas.getByRole('checkbox', { name: `Select ${HARISSA}` })).toBeChecked();
    // Some rows: the header's box is mixed; ticking it selects every row shown.
    const all = canvas.getByRole<HTMLInputElement>('checkbox', { name: 'Select all products' });
    await expect(all.indeterminate).toBe(true);
    await userEvent.click(all);
    await expect(await canvas.findByText(`${productFixtures.length} selected`)).toBeVisible();
    await expect(all).toBeChecked();
    await userEvent.click(bar(canvasElement).getByRole('button', { name: 'Clear Selection' }));
    await waitFor(() => expect(canvas.queryByRole('region', { name: 'Bulk actions' })).toBeNull());
    await expect(canvas.getByRole('checkbox', { name: `Select ${BAG}` })).not.toBeChecked();
    // The columns are those of the list without selection.
    await expect(canvas.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Name',
      'Category',
      'Price',
      'Variants',
      'Status',
      'Actions',
    ]);
  },
};

/* One dialog per action */

export const SetPrice: Story = {
  play: async ({ canvasElement }) => {
    await selectRows(canvasElement, BAG, OIL);
    const form = await openAction(canvasElement, 'Set Price');
    await expect(form.getByTestId('bulk-target')).toHaveTextContent('Applies to 2 products.');
    await replace(form, /^Price/, '12.5');
    await apply(form, {
      ids: [1, 2],
      action: { type: 'set_price', price: '12.5' },
    });
    await expectDone(canvasElement, '2 products updated');
  },
};

export const ShiftPrice: Story = {
  play: async ({ canvasElement }) => {
    await selectRows(canvasElement, OIL, HARISSA);
    const form = await openAction(canvasElement, 'Shift Price');
    await expect(form.getByLabelText('Change by')).toHaveValue('percent');
    await replace(form, /Change \(%\)/, '-10');
    await apply(form, {
      ids: [2, 5],
      action: { type: 'shift_price', unit: 'percent', value: '-10' },
    });
    await expectDone(canvasElement, '2 products updated');
  },
};

export const ShiftPriceByAmount: Story = {
  play: async ({ canvasElement }) => {
    await selectRows(canvasElement, WALLET);
    const form = await openAction(canvasElement, 'Shift Price');
    await userEvent.selectOptions(form.getByLabelText('Change by'), 'amount');
    await replace(form, /Change \(TND\)/, '2.5');
    await apply(form, {
      ids: [6],
      action: { type: 'shift_price', unit: 'amount', value: '2.5' },
    });
    await expectDone(canvasElement, '1 product updated');
  },
};

export const SetStock: Story = {
  play: async ({ canvasElement }) => {
    await selectRows(canvasElement, OIL, WALLET);
    const form = await openAction(canvasElement, 'Set Stock');
    await replace(form, /Stock quantity/, '20');
    await replace(form, /Reason/, ' Stocktake ');
    await apply(form, {
      ids: [2, 6],
      action: { type: 'set_stock', quantity: 20, reason: 'Stocktake' },
    });
    await expectDone(canvasElement, '2 products updated');
  },
};

export const AdjustStock: Story = {
  play: async ({ canvasElement }) => {
    await selectRows(canvasElement, OIL);
    const form = await openAction(canvasElement, 'Adjust Stock');
    await replace(form, /Adjustment/, '-3');
    await replace(form, /Reason/, 'Damaged');
    await apply(form, {
      ids: [2],
      action: { type: 'adjust_stock', delta: -3, reason: 'Damaged' },
    });
    await expectDone(canvasElement, '1 product updated');
  },
};

export const SetStatus: Story = {
  play: async ({ canvasElement }) => {
    await selectRows(canvasElement, OIL, HARISSA);
    const form = await openAction(canvasElement, 'Set Status');
    await expect(form.getByLabelText('Status')).toHaveValue('true');
    await apply(form, {
      ids: [2, 5],
      action: { type: 'set_status', is_active: true },
    });
    // The oil was already active.
    await expectDone(canvasElement, '1 product updated, 1 unchanged');
  },
};

export const SetCategory: Story = {
  play: async ({ canvasElement }) => {
    await selectRows(canvasElement, OIL, WALLET);
    const form = await openAction(canvasElement, 'Set Category');
    await userEvent.selectOptions(await form.findByLabelText(/^Category/), 'Épicerie fine');
    await apply(form, {
      ids: [2, 6],
      action: { type: 'set_category', category_id: 2 },
    });
    await expectDone(canvasElement, '1 product updated, 1 unchanged');
  },
};

export const SetVatRate: Story = {
  play: async ({ canvasElement }) => {
    await selectRows(canvasElement, OIL);
    const form = await openAction(canvasElement, 'Set VAT Rate');
    const select = form.getByLabelText<HTMLSelectElement>(/^VAT rate/);
    // Only the rates in force are offered (not expired, scheduled or inactive ones).
    await waitFor(() => expect(select.options.length).toBeGreaterThan(1));
    const offered = [...select.options].map((o) => o.textContent);
    await expect(offered[0]).toBe('Choose a VAT rate');
    await expect(offered).toContain('TVA réduite (7.00%, TN)');
    await expect(offered.join()).not.toMatch(/until 2025|old|TVA 30|France/);
    await userEvent.selectOptions(select, 'TVA intermédiaire (13.00%, TN)');
    await apply(form, {
      ids: [2],
      action: { type: 'set_vat_rate', vat_rate_id: 2 },
    });
    await expectDone(canvasElement, '1 product updated');
  },
};

/* Invalid input, refusal */

export const InvalidInput: Story = {
  play: async ({ canvasElement }) => {
    await selectRows(canvasElement, OIL);
    let form = await openAction(canvasElement, 'Set Price');
    await userEvent.click(form.getByRole('button', { name: 'Apply' }));
    await expect(await form.findByText('Price is required')).toBeVisible();
    await replace(form, /^Price/, '1.2345');
    await expect(
      await form.findByText('Enter an amount in TND with up to 3 decimals'),
    ).toBeVisible();
    await userEvent.click(form.getByRole('button', { name: 'Cancel' }));
    await dialogClosed('dialog');

    form = await openAction(canvasElement, 'Shift Price');
    await replace(form, /Change \(%\)/, '2000');
    await userEvent.click(form.getByRole('button', { name: 'Apply' }));
    await expect(
      await form.findByText('Enter a percentage from -100 to 1000 with up to 2 decimals'),
    ).toBeVisible();
    await userEvent.click(form.getByRole('button', { name: 'Cancel' }));
    await dialogClosed('dialog');

    form = await openAction(canvasElement, 'Adjust Stock');
    await replace(form, /Adjustment/, '0');
    await userEvent.click(form.getByRole('button', { name: 'Apply' }));
    await expect(await form.findByText('Adjustment cannot be 0')).toBeVisible();
    await expect(form.getByText('Reason is required')).toBeVisible();
    // Nothing is sent while the values are invalid.
    await expect(requests.to('POST', BULK)).toHaveLength(0);
  },
};

/** The server refuses some rows: the dialog stays open and names them; nothing changed. */
export const RefusedRowsNamed: Story = {
  play: async ({ canvasElement }) => {
    await selectRows(canvasElement, OIL, HARISSA);
    const form = await openAction(canvasElement, 'Shift Price');
    await userEvent.selectOptions(form.getByLabelText('Change by'), 'amount');
    await replace(form, /Change \(TND\)/, '-20');
    await apply(form, {
      ids: [2, 5],
      action: { type: 'shift_price', unit: 'amount', value: '-20' },
    });
    await expect(await form.findByText('Nothing was changed')).toBeVisible();
    await expect(form.getByTestId('bulk-refusal').textContent).toBe(
      'Product 5 (Harissa traditionnelle 200 g): price would be negative',
    );
    // The dialog stays, with what was typed, for another try.
    await expect(screen.getByRole('dialog', { name: 'Shift Price' })).toBeVisible();
    await expect(form.getByLabelText(/Change \(TND\)/)).toHaveValue('-20');
    await expect(within(canvasElement).getByText('2 selected')).toBeVisible();
  },
};

/** Stock of a product with variants is refused by the server, which names it. */
export const RefusedStockOfProductWithVariants: Story = {
  parameters: mockedBy(
    bulk.products.error(
      409,
      'Product 1 (Sac cabas en cuir): has variants: change the stock of its variants',
    ),
  ),
  play: async ({ canvasElement }) => {
    await selectRows(canvasElement, BAG, OIL);
    const form = await openAction(canvasElement, 'Adjust Stock');
    await replace(form, /Adjustment/, '5');
    await replace(form, /Reason/, 'Delivery');
    await apply(form, {
      ids: [1, 2],
      action: { type: 'adjust_stock', delta: 5, reason: 'Delivery' },
    });
    await expect((await form.findByTestId('bulk-refusal')).textContent).toBe(
      'Product 1 (Sac cabas en cuir): has variants: change the stock of its variants',
    );
    await expect(screen.queryAllByTestId('toast')).toHaveLength(0);
  },
};
