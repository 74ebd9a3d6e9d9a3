import type { Meta, StoryObj } from '@storybook/react-vite';
import type { VariantBulkEdit } from '@generated/model';
import { padded } from '@/testing/padded';
import type { HttpHandler } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { adminUser } from '@mocks/fixtures';
import { bulk, variants } from '@mocks/handlers';
import { requests } from '@mocks/recorder';
import { expectToast, findOpenDialog, mockedBy, screen } from '@/testing/story';
import { afterRequestsSentSoFar } from '@/testing/waits';
import { expectedCamelUpdate } from '@/testing/expected';
import { bagVariants, bagWithUntracked, onlyVariant, twelveVariants } from './story-fixtures';
import { VariantsManager } from './VariantsManager';
import { paths } from '@/lib/paths';

const LIST = '/api/v1/admin/variants/';
const PRODUCT = '/api/v1/admin/products/1';

/** The variants manager inside product 1's edit form, against the mock API. */
const meta = {
  title: 'Variants/VariantsManager',
  component: VariantsManager,
  args: { productId: 1 },
  parameters: {
    route: paths.products.edit(1),
    auth: { userType: 'admin', user: adminUser },
    msw: { handlers: [variants.list(bagWithUntracked)] },
  },
  decorators: [padded('6xl')],
} satisfies Meta<typeof VariantsManager>;
export default meta;
type Story = StoryObj<typeof meta>;

/* Helpers */

/** The bag's variants listed, plus the handlers of the story's own calls. */
const withBag = (...handlers: HttpHandler[]) => mockedBy(variants.list(bagVariants), ...handlers);

const row = (canvasElement: HTMLElement, sku: string) =>
  within(canvasElement).findByRole('row', { name: new RegExp(`\\b${sku}\\b`) });

const tile = (canvasElement: HTMLElement, id: string) =>
  within(within(canvasElement).getByTestId(`tile-${id}`)).getByTestId('tile-value');

/** The open dialog (portalled), once its opening animation has made it visible. */
async function openDialog(name: string) {
  const dialog = await findOpenDialog(name);
  return within(dialog);
}

/** The delete confirmation, once visible. */
async function openConfirmation(name?: string) {
  const dialog = await screen.findByRole('alertdialog', name ? { name } : {});
  await waitFor(() => expect(dialog).toBeVisible());
  return within(dialog);
}

async function fill(
  dialog: Awaited<ReturnType<typeof openDialog>>,
  label: RegExp | string,
  text: string,
) {
  const input = dialog.getByLabelText(label);
  await userEvent.clear(input);
  if (text) await userEvent.type(input, text);
}

/** Waits until the manager shows its rows. */
const loaded = async (canvasElement: HTMLElement) => {
  await row(canvasElement, 'SAC-CABAS-CML');
};

/** Once the list is shown, clicks a row action ('Edit', 'Delete'...) of the variant with this SKU. */
async function rowAction(canvasElement: HTMLElement, sku: string, action: string) {
  await loaded(canvasElement);
  const variant = within(await row(canvasElement, sku));
  await userEvent.click(variant.getByRole('button', { name: action }));
  return variant;
}

/** Confirms the bulk delete of `count` variants; resolves with the DELETE requests. */
async function confirmBulkDelete(count: number) {
  const dialog = await openConfirmation();
  await expect(
    dialog.getByText(
      `Are you sure you want to delete ${count} variant(s)? This action cannot be undone.`,
    ),
  ).toBeVisible();
  await userEvent.click(dialog.getByRole('button', { name: 'Delete' }));
  return requests.waitFor('DELETE', '/api/v1/admin/variants/bulk/delete');
}

/** Once the list is shown, opens a row action's dialog ('Edit' → 'Edit Variant'). */
async function openFromRow(
  canvasElement: HTMLElement,
  sku: string,
  action: string,
  dialog: string,
) {
  await rowAction(canvasElement, sku, action);
  return openDialog(dialog);
}

/** Once the list is shown, opens the Add Variant dialog. */
async function openAdd(canvasElement: HTMLElement) {
  await loaded(canvasElement);
  await userEvent.click(within(canvasElement).getByRole('button', { name: 'Add Variant' }));
  return openDialog('Add Variant');
}

/** Adds a variant with only the required fields (price 189, cost 95) and clicks Create Variant. */
async function createVariant(canvasElement: HTMLElement, sku: string, title: string) {
  const dialog = await openAdd(canvasElement);
  await fill(dialog, /^SKU/, sku);
  await fill(dialog, /^Variant Title/, title);
  await fill(dialog, /^Price/, '189');
  await fill(dialog, /^Cost Price/, '95');
  await userEvent.click(dialog.getByRole('button', { name: 'Create Variant' }));
  return dialog;
}

/** Adjusts the stock of the variant with this SKU by `adjustment`, without a reason. */
async function adjustStock(canvasElement: HTMLElement, sku: string, adjustment: string) {
  const dialog = await openFromRow(canvasElement, sku, 'Adjust Stock', 'Adjust Stock');
  await userEvent.type(dialog.getByLabelText(/^Adjustment/), adjustment);
  await userEvent.click(dialog.getByRole('button', { name: 'Adjust Stock' }));
}

/* The list */

/**
 * Tiles count over the page; stock colours per state; 'Not tracked'; the warning icon at or below
 * the threshold; compare-at price struck through; first image; no pagination for one page.
 */
export const Filled: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await loaded(canvasElement);
    await expect(tile(canvasElement, 'total')).toHaveTextContent('4');
    await expect(tile(canvasElement, 'active')).toHaveTextContent('3');
    await expect(tile(canvasElement, 'low-stock')).toHaveTextContent('1');
    await expect(tile(canvasElement, 'out-of-stock')).toHaveTextContent('1');

    for (const name of ['SKU', 'Title', 'Price', 'Stock', 'Status', 'Actions'])
      await expect(canvas.getByRole('columnheader', { name })).toBeVisible();

    const camel = within(await row(canvasElement, 'SAC-CABAS-CML'));
    await expect(camel.getByRole('img', { name: 'Camel' })).toHaveAttribute(
      'src',
      '/api/v1/media/sac-cabas-camel.jpg',
    );
    await expect(camel.getByText('189.000 TND')).toBeVisible();
    const compare = camel.getByTestId('compare-at-price');
    await expect(compare).toHaveTextContent('229.000 TND');
    await expect(compare.tagName).toBe('S');
    await expect(camel.getByText('12').parentElement).toHaveAttribute(
      'data-stock-state',
      'in_stock',
    );
    await expect(camel.queryByRole('img', { name: /stock/ })).toBeNull();
    await expect(camel.getByText('Active')).toBeVisible();

    const noir = within(await row(canvasElement, 'SAC-CABAS-NR'));
    await expect(noir.getByText('3').parentElement).toHaveAttribute(
      'data-stock-state',
      'low_stock',
    );
    await expect(noir.getByRole('img', { name: 'Low stock (threshold 5)' })).toBeVisible();

    const cognac = within(await row(canvasElement, 'SAC-CABAS-CGN'));
    await expect(cognac.getByText('0').parentElement).toHaveAttribute(
      'data-stock-state',
      'out_of_stock',
    );
    await expect(cognac.getByRole('img', { name: 'Out of stock (threshold 5)' })).toBeVisible();
    await expect(cognac.getByText('Inactive')).toBeVisible();
    // The colours differ per state.
    const colour = (el: HTMLElement) => getComputedStyle(el).color;
    const [fine, low, out] = [camel, noir, cognac].map((r) =>
      colour(r.getByTestId('stock-quantity')),
    );
    await expect(new Set([fine, low, out]).size).toBe(3);

    const ecru = within(await row(canvasElement, 'SAC-CABAS-ECRU'));
    await expect(ecru.getByText('Not tracked')).toBeVisible();
    await expect(ecru.getByTestId('variant-image-placeholder')).toBeVisible();
    // Adjust Stock only when inventory is tracked.
    await expect(ecru.queryByRole('button', { name: 'Adjust Stock' })).toBeNull();
    await expect(camel.getByRole('button', { name: 'Adjust Stock' })).toBeVisible();
    for (const name of ['Edit', 'Duplicate', 'Delete'])
      await expect(ecru.getByRole('button', { name })).toBeVisible();

    await expect(canvas.queryByText(/^Page \d+ of/)).toBeNull();
    const [call] = await requests.waitFor('GET', LIST);
    await expect(call?.query).toEqual({ product_id: '1', page: '1', page_size: '10' });
  },
};

export const Empty: Story = {
  parameters: mockedBy(variants.list([])),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('No variants yet. Add your first variant!')).toBeVisible();
    await expect(tile(canvasElement, 'total')).toHaveTextContent('0');
    await expect(canvas.queryByRole('button', { name: 'Clear Filters' })).toBeNull();
    await expect(canvas.queryByRole('table')).toBeNull();
  },
};

export const Loading: Story = {
  parameters: mockedBy(variants.list.loading()),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Loading variants...')).toBeVisible();
    await expect(tile(canvasElement, 'total')).toHaveTextContent('—');
  },
};

export const LoadError: Story = {
  parameters: mockedBy(variants.list.error(403, 'Not enough permissions')),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Failed to load variants')).toBeVisible();
    await expect(canvas.getByText('Not enough permissions')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Retry' })).toBeVisible();
  },
};

/* Filters */

/** The search is sent as `search` once typing stops (not per keystroke). */
export const Search: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await loaded(canvasElement);
    await userEvent.type(
      canvas.getByPlaceholderText('Search by SKU, title, or barcode...'),
      'noir',
    );
    await waitFor(() =>
      expect(requests.to('GET', LIST).some((r) => r.query.search === 'noir')).toBe(true),
    );
    await expect(requests.to('GET', LIST).filter((r) => r.query.search)).toHaveLength(1);
    await waitFor(() => expect(canvas.queryByRole('row', { name: /SAC-CABAS-CML/ })).toBeNull());
    await expect(await row(canvasElement, 'SAC-CABAS-NR')).toBeVisible();
    await expect(requests.last('GET', LIST)?.query).toEqual({
      product_id: '1',
      page: '1',
      page_size: '10',
      search: 'noir',
    });
  },
};

export const StockFilterLow: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await loaded(canvasElement);
    await userEvent.selectOptions(canvas.getByLabelText('Stock filter'), 'low');
    await waitFor(() => expect(requests.last('GET', LIST)?.query.low_stock_only).toBe('true'));
    await expect(requests.last('GET', LIST)?.query.out_of_stock_only).toBeUndefined();
    await waitFor(() => expect(canvas.queryByRole('row', { name: /SAC-CABAS-CML/ })).toBeNull());
    await expect(await row(canvasElement, 'SAC-CABAS-NR')).toBeVisible();

    await userEvent.selectOptions(canvas.getByLabelText('Stock filter'), 'out');
    await waitFor(() => expect(requests.last('GET', LIST)?.query.out_of_stock_only).toBe('true'));
    await expect(await row(canvasElement, 'SAC-CABAS-CGN')).toBeVisible();
  },
};

export const StatusFilter: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await loaded(canvasElement);
    await userEvent.selectOptions(canvas.getByLabelText('Status filter'), 'inactive');
    await waitFor(() => expect(requests.last('GET', LIST)?.query.is_active).toBe('false'));
    await expect(await row(canvasElement, 'SAC-CABAS-CGN')).toBeVisible();
    await waitFor(() => expect(canvas.queryByRole('row', { name: /SAC-CABAS-NR/ })).toBeNull());
    await userEvent.selectOptions(canvas.getByLabelText('Status filter'), 'active');
    await waitFor(() => expect(requests.last('GET', LIST)?.query.is_active).toBe('true'));
  },
};

/** Nothing matches: 'Clear Filters' resets every filter and the full list comes back. */
export const NoMatchClearFilters: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await loaded(canvasElement);
    const search = canvas.getByPlaceholderText('Search by SKU, title, or barcode...');
    await userEvent.selectOptions(canvas.getByLabelText('Status filter'), 'active');
    await userEvent.type(search, 'zzz');
    await expect(await canvas.findByText('No variants match your filters.')).toBeVisible();
    await expect(canvas.queryByText('No variants yet. Add your first variant!')).toBeNull();
    await waitFor(() => expect(requests.last('GET', LIST)?.query.search).toBe('zzz'));
    const sent = requests.to('GET', LIST).length;
    await userEvent.click(canvas.getByRole('button', { name: 'Clear Filters' }));
    await expect(search).toHaveValue('');
    await expect(canvas.getByLabelText('Status filter')).toHaveValue('all');
    await expect(await row(canvasElement, 'SAC-CABAS-CML')).toBeVisible();
    await expect(tile(canvasElement, 'total')).toHaveTextContent('4');
    // The unfiltered list (from the cache or asked again), never a half-cleared filter: what the
    // clearing sent has arrived before a request sent now.
    await afterRequestsSentSoFar();
    for (const call of requests.to('GET', LIST).slice(sent))
      await expect(call.query).toEqual({ product_id: '1', page: '1', page_size: '10' });
  },
};

/* Pagination */

export const Pagination: Story = {
  parameters: mockedBy(variants.list(twelveVariants)),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Page 1 of 2 (12 total variants)')).toBeVisible();
    await expect(tile(canvasElement, 'total')).toHaveTextContent('12');
    await expect(canvas.getAllByRole('row')).toHaveLength(11); // header + 10
    await expect(canvas.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(requests.last('GET', LIST)?.query.page).toBe('2'));
    await expect(await canvas.findByText('Page 2 of 2 (12 total variants)')).toBeVisible();
    await expect(await row(canvasElement, 'BAB-47')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Next' })).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: 'Previous' }));
    await expect(await canvas.findByText('Page 1 of 2 (12 total variants)')).toBeVisible();
  },
};

/* Selection and deletion */

export const SelectionAndBulkDelete: Story = {
  parameters: mockedBy(variants.list(bagWithUntracked), variants.bulkDelete()),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await loaded(canvasElement);
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Select SAC-CABAS-CML' }));
    await expect(await canvas.findByText('1 variant(s) selected')).toBeVisible();
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Select all variants' }));
    await expect(await canvas.findByText('4 variant(s) selected')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Clear Selection' }));
    await waitFor(() => expect(canvas.queryByText(/variant\(s\) selected/)).toBeNull());
    await expect(canvas.getByRole('checkbox', { name: 'Select all variants' })).not.toBeChecked();

    await userEvent.click(canvas.getByRole('checkbox', { name: 'Select SAC-CABAS-CML' }));
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Select SAC-CABAS-NR' }));
    await expect(await canvas.findByText('2 variant(s) selected')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Delete Selected' }));
    const [call] = await confirmBulkDelete(2);
    await expect(call?.body).toEqual({ ids: [1, 2] });
    await expectToast('Success', '2 variants deleted successfully', 'success');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    // 2 of 4: the product keeps its variants.
    await expect(requests.to('PATCH', PRODUCT)).toHaveLength(0);
    await waitFor(() => expect(canvas.queryByText(/variant\(s\) selected/)).toBeNull());
  },
};

/** Deleting as many selected variants as the product has sends has_variants false. */
export const BulkDeleteAll: Story = {
  parameters: withBag(variants.bulkDelete()),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await loaded(canvasElement);
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Select all variants' }));
    await userEvent.click(await canvas.findByRole('button', { name: 'Delete Selected' }));
    const [call] = await confirmBulkDelete(3);
    await expect(call?.body).toEqual({ ids: [1, 2, 3] });
    await expectToast('Success', '3 variants deleted successfully');
    const [patch] = await requests.waitFor('PATCH', PRODUCT);
    await expect(patch?.body).toEqual({ has_variants: false });
  },
};

export const BulkDeleteFailure: Story = {
  parameters: withBag(variants.bulkDelete.error(404, 'Variant 2 not found')),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await loaded(canvasElement);
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Select SAC-CABAS-NR' }));
    await userEvent.click(await canvas.findByRole('button', { name: 'Delete Selected' }));
    await userEvent.click((await openConfirmation()).getByRole('button', { name: 'Delete' }));
    await expectToast('Error', 'Variant 2 not found', 'error');
    await expect(requests.to('PATCH', PRODUCT)).toHaveLength(0);
  },
};

/** The only variant in total: DELETE, then PATCH product {has_variants: false}. */
export const DeleteOnlyVariant: Story = {
  parameters: mockedBy(variants.list(onlyVariant), variants.delete()),
  play: async ({ canvasElement }) => {
    await rowAction(canvasElement, 'SAC-CABAS-CML', 'Delete');
    const dialog = await openConfirmation('Delete Variant');
    await expect(
      dialog.getByText(
        'Are you sure you want to delete the variant "Camel" (SAC-CABAS-CML)? This action cannot be undone.',
      ),
    ).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    await requests.waitFor('DELETE', '/api/v1/admin/variants/1');
    await expectToast('Success', 'Variant deleted successfully', 'success');
    const [patch] = await requests.waitFor('PATCH', PRODUCT);
    await expect(patch?.body).toEqual({ has_variants: false });
  },
};

/** One of several: no has_variants change; Cancel first sends nothing. */
export const DeleteOneOfSeveral: Story = {
  parameters: withBag(variants.delete()),
  play: async ({ canvasElement }) => {
    const noir = await rowAction(canvasElement, 'SAC-CABAS-NR', 'Delete');
    await userEvent.click((await openConfirmation()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(requests.to('DELETE', '/api/v1/admin/variants/2')).toHaveLength(0);

    await userEvent.click(noir.getByRole('button', { name: 'Delete' }));
    await userEvent.click((await openConfirmation()).getByRole('button', { name: 'Delete' }));
    await requests.waitFor('DELETE', '/api/v1/admin/variants/2');
    await expectToast('Success', 'Variant deleted successfully');
    await expect(requests.to('PATCH', PRODUCT)).toHaveLength(0);
  },
};

export const DeleteFailure: Story = {
  parameters: withBag(variants.delete.networkError()),
  play: async ({ canvasElement }) => {
    await rowAction(canvasElement, 'SAC-CABAS-NR', 'Delete');
    await userEvent.click((await openConfirmation()).getByRole('button', { name: 'Delete' }));
    await expectToast('Error', 'Failed to delete variant', 'error');
    // The confirmation stays open for another try.
    await expect(screen.getByRole('alertdialog')).toBeVisible();
  },
};

/* Add / Edit dialog */

export const AddDialogValidation: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openAdd(canvasElement);
    // Defaults of docs/product.md §9.
    await expect(dialog.getByLabelText('Stock Quantity')).toHaveValue(0);
    await expect(dialog.getByLabelText('Low Stock Threshold')).toHaveValue(5);
    await expect(dialog.getByLabelText('Unit')).toHaveValue('cm');
    await expect(dialog.getByLabelText('Track Inventory')).toBeChecked();
    await expect(dialog.getByLabelText('Allow Backorder')).not.toBeChecked();
    await expect(dialog.getByLabelText('Active')).toBeChecked();
    await expect(dialog.getByLabelText(/^Price/)).toHaveAttribute('step', '0.001');
    await expect(dialog.getByLabelText(/^Cost Price/)).toHaveAttribute('step', '0.001');
    await expect(dialog.getByLabelText(/^Compare at Price/)).toHaveAttribute('step', '0.001');
    await expect(dialog.getByLabelText('Weight (kg)')).toHaveAttribute('step', '0.01');
    await expect(dialog.getByLabelText('Length')).toHaveAttribute('step', '0.01');

    await userEvent.type(dialog.getByLabelText(/^SKU/), '   ');
    await userEvent.click(dialog.getByRole('button', { name: 'Create Variant' }));
    for (const message of [
      'SKU is required',
      'Variant title is required',
      'Price is required',
      'Cost price is required',
    ])
      await expect(await dialog.findByText(message)).toBeVisible();
    await expect(requests.to('POST', /\/variants$/)).toHaveLength(0);
  },
};

/** Add Option needs a name and a value; Enter adds the entry without submitting the form. */
export const AddOption: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openAdd(canvasElement);
    const add = dialog.getByRole('button', { name: 'Add Option' });
    await expect(add).toBeDisabled();
    await userEvent.type(dialog.getByLabelText('Option name'), 'color');
    await expect(add).toBeDisabled();
    await userEvent.type(dialog.getByLabelText('Option value'), '   ');
    await expect(add).toBeDisabled();
    await userEvent.clear(dialog.getByLabelText('Option value'));
    await userEvent.type(dialog.getByLabelText('Option value'), 'Red{Enter}');
    await expect(await dialog.findByText('color: Red')).toBeVisible();
    await expect(dialog.getByLabelText('Option name')).toHaveValue('');
    await expect(dialog.getByLabelText('Option value')).toHaveValue('');
    await expect(add).toBeDisabled();
    // Enter did not submit the variant form.
    await expect(dialog.queryByText('SKU is required')).toBeNull();

    await userEvent.type(dialog.getByLabelText('Option name'), 'size');
    await userEvent.type(dialog.getByLabelText('Option value'), 'M');
    await userEvent.click(add);
    await expect(await dialog.findByText('size: M')).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Remove option color' }));
    await waitFor(() => expect(dialog.queryByText('color: Red')).toBeNull());
  },
};

/** The product's first variant: trimmed body, then PATCH product {has_variants: true}. */
export const CreateFirstVariant: Story = {
  parameters: mockedBy(variants.list([]), variants.create()),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('No variants yet. Add your first variant!');
    await userEvent.click(canvas.getByRole('button', { name: 'Add Variant' }));
    const dialog = await openDialog('Add Variant');
    await userEvent.type(dialog.getByLabelText('Option name'), ' color ');
    await userEvent.type(dialog.getByLabelText('Option value'), ' Rouge {Enter}');
    await fill(dialog, /^SKU/, '  SAC-CABAS-RGE  ');
    await fill(dialog, /^Variant Title/, '  Rouge ');
    await fill(dialog, /^Price/, '199.5');
    await fill(dialog, /^Compare at Price/, '249');
    await fill(dialog, /^Cost Price/, '101.25');
    await userEvent.selectOptions(dialog.getByLabelText('VAT Rate'), 'TVA réduite (7.00%, TN)');
    await fill(dialog, 'Barcode', ' 6191234000035 ');
    await fill(dialog, 'Weight (kg)', '0.95');
    await fill(dialog, 'Length', '40');
    await fill(dialog, 'Width', '14.5');
    await fill(dialog, 'Height', '32');
    await userEvent.selectOptions(dialog.getByLabelText('Unit'), 'mm');
    await fill(dialog, 'Stock Quantity', '12');
    await fill(dialog, 'Low Stock Threshold', '3');
    await userEvent.click(dialog.getByLabelText('Allow Backorder'));
    // Images go through the shared media uploader (at most 5 per variant).
    await expect(dialog.getByText(/Up to 5 images/)).toBeVisible();
    await userEvent.upload(dialog.getByTestId('upload-image-input'), [
      new File(['picture'], 'rouge.jpg', { type: 'image/jpeg' }),
    ]);
    await requests.waitFor('POST', '/api/v1/admin/uploads/images');
    await waitFor(() => expect(dialog.getAllByTestId('media-item')).toHaveLength(1));
    const uploaded = dialog.getByTestId('media-item').getAttribute('data-url');
    await expect(uploaded).toMatch(/^\/api\/v1\/media\/[\w-]+\.jpg$/);
    await userEvent.click(dialog.getByRole('button', { name: 'Create Variant' }));

    const [post] = await requests.waitFor('POST', '/api/v1/admin/variants/1/variants');
    await expect(post?.body).toEqual({
      option_values: { color: 'Rouge' },
      sku: 'SAC-CABAS-RGE',
      variant_title: 'Rouge',
      price: '199.500',
      compare_at_price: '249.000',
      cost_price: '101.250',
      vat_rate_id: 3,
      barcode: '6191234000035',
      weight: 0.95,
      dimensions: { length: 40, width: 14.5, height: 32, unit: 'mm' },
      images: [uploaded],
      stock_quantity: 12,
      low_stock_threshold: 3,
      track_inventory: true,
      allow_backorder: true,
      is_active: true,
      position: 0,
    });
    await expectToast('Success', 'Variant created successfully', 'success');
    const [patch] = await requests.waitFor('PATCH', PRODUCT);
    await expect(patch?.body).toEqual({ has_variants: true });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The list was reloaded.
    await requests.waitFor('GET', LIST, { count: 2 });
  },
};

/** Not the first variant: no has_variants change; empty optional fields are left out. */
export const CreateAnotherVariant: Story = {
  parameters: withBag(variants.create()),
  play: async ({ canvasElement }) => {
    await createVariant(canvasElement, 'SAC-CABAS-BLU', 'Bleu');
    const [post] = await requests.waitFor('POST', '/api/v1/admin/variants/1/variants');
    await expect(post?.body).toEqual({
      option_values: {},
      sku: 'SAC-CABAS-BLU',
      variant_title: 'Bleu',
      price: '189.000',
      cost_price: '95.000',
      images: [],
      stock_quantity: 0,
      low_stock_threshold: 5,
      track_inventory: true,
      allow_backorder: false,
      is_active: true,
      position: 3, // after the three existing variants
    });
    await expectToast('Success', 'Variant created successfully');
    await expect(requests.to('PATCH', PRODUCT)).toHaveLength(0);
  },
};

/** While the call runs the submit button reads 'Saving...' and nothing can be sent twice. */
export const CreatePending: Story = {
  parameters: withBag(variants.create.loading()),
  play: async ({ canvasElement }) => {
    const dialog = await createVariant(canvasElement, 'SAC-CABAS-BLU', 'Bleu');
    await expect(await dialog.findByRole('button', { name: 'Saving...' })).toBeDisabled();
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await requests.waitFor('POST', '/api/v1/admin/variants/1/variants');
    await expect(requests.to('POST', '/api/v1/admin/variants/1/variants')).toHaveLength(1);
  },
};

export const CreateFailure: Story = {
  parameters: withBag(variants.create.error(409, "SKU 'SAC-CABAS-NR' is already used")),
  play: async ({ canvasElement }) => {
    const dialog = await createVariant(canvasElement, 'SAC-CABAS-NR', 'Noir 2');
    await expectToast('Error', "SKU 'SAC-CABAS-NR' is already used", 'error');
    // The dialog stays open with the values.
    await expect(dialog.getByLabelText(/^SKU/)).toHaveValue('SAC-CABAS-NR');
    await expect(dialog.getByRole('button', { name: 'Create Variant' })).toBeEnabled();
  },
};

/** Edit mode: prefilled; emptied optional fields are sent as null. */
export const EditVariant: Story = {
  parameters: withBag(variants.update()),
  play: async ({ canvasElement }) => {
    const dialog = await openFromRow(canvasElement, 'SAC-CABAS-CML', 'Edit', 'Edit Variant');
    await expect(dialog.getByLabelText(/^SKU/)).toHaveValue('SAC-CABAS-CML');
    await expect(dialog.getByLabelText(/^Variant Title/)).toHaveValue('Camel');
    await expect(dialog.getByLabelText(/^Price/)).toHaveValue(189);
    await expect(dialog.getByLabelText(/^Compare at Price/)).toHaveValue(229);
    await expect(dialog.getByLabelText(/^Cost Price/)).toHaveValue(95);
    await expect(dialog.getByLabelText('Barcode')).toHaveValue('6191234000011');
    await expect(dialog.getByLabelText('Weight (kg)')).toHaveValue(0.9);
    await expect(dialog.getByLabelText('Length')).toHaveValue(40);
    await expect(dialog.getByLabelText('Unit')).toHaveValue('cm');
    await expect(dialog.getByLabelText('Stock Quantity')).toHaveValue(12);
    await expect(dialog.getByText('color: Camel')).toBeVisible();
    await expect(dialog.getByTestId('media-item')).toHaveAttribute(
      'data-url',
      '/api/v1/media/sac-cabas-camel.jpg',
    );

    await userEvent.clear(dialog.getByLabelText(/^Compare at Price/));
    await userEvent.clear(dialog.getByLabelText('Barcode'));
    await userEvent.clear(dialog.getByLabelText('Weight (kg)'));
    for (const label of ['Length', 'Width', 'Height'])
      await userEvent.clear(dialog.getByLabelText(label));
    await userEvent.click(dialog.getByRole('button', { name: 'Remove image 1' }));
    await waitFor(() => expect(dialog.queryAllByTestId('media-item')).toHaveLength(0));
    await fill(dialog, /^Variant Title/, ' Camel clair ');
    await userEvent.click(dialog.getByRole('button', { name: 'Update Variant' }));

    const [patch] = await requests.waitFor('PATCH', '/api/v1/admin/variants/1');
    await expect(patch?.body).toEqual({
      ...expectedCamelUpdate,
      variant_title: 'Camel clair',
      images: [],
    });
    await expectToast('Success', 'Variant updated successfully', 'success');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(requests.to('PATCH', PRODUCT)).toHaveLength(0);
  },
};

export const EditFailure: Story = {
  parameters: withBag(variants.update.networkError()),
  play: async ({ canvasElement }) => {
    const dialog = await openFromRow(canvasElement, 'SAC-CABAS-CML', 'Edit', 'Edit Variant');
    await userEvent.click(dialog.getByRole('button', { name: 'Update Variant' }));
    await expectToast('Error', 'Failed to save variant', 'error');
    await expect(screen.getByRole('dialog', { name: 'Edit Variant' })).toBeVisible();
  },
};

/* Adjust stock */

export const AdjustStock: Story = {
  parameters: withBag(variants.adjust()),
  play: async ({ canvasElement }) => {
    const dialog = await openFromRow(
      canvasElement,
      'SAC-CABAS-CML',
      'Adjust Stock',
      'Adjust Stock',
    );
    await expect(dialog.getByTestId('current-stock')).toHaveTextContent('Current stock: 12');
    await userEvent.click(dialog.getByRole('button', { name: 'Adjust Stock' }));
    await expect(await dialog.findByText('Adjustment is required')).toBeVisible();
    await userEvent.type(dialog.getByLabelText(/^Adjustment/), '0');
    await expect(await dialog.findByText('Adjustment cannot be 0')).toBeVisible();
    await userEvent.clear(dialog.getByLabelText(/^Adjustment/));
    await userEvent.type(dialog.getByLabelText(/^Adjustment/), '5');
    await expect(dialog.getByTestId('current-stock')).toHaveTextContent('New stock: 17');
    await userEvent.type(dialog.getByLabelText('Reason'), '  Restock from workshop ');
    await userEvent.click(dialog.getByRole('button', { name: 'Adjust Stock' }));
    const [call] = await requests.waitFor('POST', '/api/v1/admin/variants/1/inventory/adjust');
    await expect(call?.body).toEqual({ adjustment: 5, reason: 'Restock from workshop' });
    await expectToast('Success', 'Stock adjusted successfully', 'success');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};

/** A removal beyond the stock: the server's 409 detail is shown; the dialog stays open. */
export const AdjustStockConflict: Story = {
  parameters: withBag(variants.adjust.error(409, 'Not enough stock: 3 in stock, cannot remove 5')),
  play: async ({ canvasElement }) => {
    await adjustStock(canvasElement, 'SAC-CABAS-NR', '-5');
    const [call] = await requests.waitFor('POST', '/api/v1/admin/variants/2/inventory/adjust');
    await expect(call?.body).toEqual({ adjustment: -5 });
    await expectToast('Error', 'Not enough stock: 3 in stock, cannot remove 5', 'error');
    await expect(screen.getByRole('dialog', { name: 'Adjust Stock' })).toBeVisible();
  },
};

export const AdjustStockFailure: Story = {
  parameters: withBag(variants.adjust.networkError()),
  play: async ({ canvasElement }) => {
    await adjustStock(canvasElement, 'SAC-CABAS-NR', '2');
    await expectToast('Error', 'Failed to adjust stock', 'error');
  },
};

/* Duplicate */

export const Duplicate: Story = {
  parameters: withBag(variants.duplicate()),
  play: async ({ canvasElement }) => {
    await rowAction(canvasElement, 'SAC-CABAS-CML', 'Duplicate');
    const [call] = await requests.waitFor('POST', '/api/v1/admin/variants/1/duplicate');
    await expect(call?.body).toEqual({ new_sku: 'SAC-CABAS-CML-copy' });
    await expectToast('Success', 'Variant duplicated successfully', 'success');
    const [patch] = await requests.waitFor('PATCH', PRODUCT);
    await expect(patch?.body).toEqual({ has_variants: true });
    await requests.waitFor('GET', LIST, { count: 2 });
  },
};

export const DuplicateFailure: Story = {
  parameters: withBag(variants.duplicate.error(409, "SKU 'SAC-CABAS-CML-copy' is already used")),
  play: async ({ canvasElement }) => {
    await rowAction(canvasElement, 'SAC-CABAS-CML', 'Duplicate');
    await expectToast('Error', "SKU 'SAC-CABAS-CML-copy' is already used", 'error');
    await expect(requests.to('PATCH', PRODUCT)).toHaveLength(0);
  },
};

/* Small screens */

/** Below 768px each variant is a card with the same content, selection and actions. */
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile375' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const camel = within(await canvas.findByRole('row', { name: /\bSAC-CABAS-CML\b/ }));
    // Cards, not table rows: no column header is shown.
    await expect(canvas.queryByRole('columnheader', { name: 'Price' })).toBeNull();
    await expect(camel.getByText('189.000 TND')).toBeVisible();
    await expect(camel.getByText('12')).toBeVisible();
    for (const name of ['Edit', 'Duplicate', 'Adjust Stock', 'Delete'])
      await expect(camel.getByRole('button', { name })).toBeVisible();
    const ecru = within(canvas.getByRole('row', { name: /\bSAC-CABAS-ECRU\b/ }));
    await expect(ecru.getByText('Not tracked')).toBeVisible();
    await expect(ecru.queryByRole('button', { name: 'Adjust Stock' })).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Add Variant' })).toBeVisible();

    await userEvent.click(camel.getByRole('checkbox', { name: 'Select SAC-CABAS-CML' }));
    await expect(await canvas.findByText('1 variant(s) selected')).toBeVisible();
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Select all variants' }));
    await expect(await canvas.findByText('4 variant(s) selected')).toBeVisible();
    // The page itself never scrolls sideways.
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(
      document.documentElement.clientWidth,
    );
  },
};

export const MobileAddDialog: Story = {
  globals: { viewport: { value: 'mobile375' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('row', { name: /\bSAC-CABAS-CML\b/ });
    await userEvent.click(canvas.getByRole('button', { name: 'Add Variant' }));
    const dialog = await openDialog('Add Variant');
    await expect(dialog.getByRole('button', { name: 'Create Variant' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeVisible();
  },
};

/* Bulk edit (issue #14): the actions of the bulk bar */

type Dialog = Awaited<ReturnType<typeof openDialog>>;

const BULK_EDIT = '/api/v1/admin/variants/bulk/edit';

/** Ticks these variants once the list is shown. */
async function selectVariants(canvasElement: HTMLElement, ...skus: string[]) {
  await loaded(canvasElement);
  for (const sku of skus) {
    await userEvent.click(within(canvasElement).getByRole('checkbox', { name: `Select ${sku}` }));
  }
}

async function openBulkAction(canvasElement: HTMLElement, title: string): Promise<Dialog> {
  const bar = within(within(canvasElement).getByRole('region', { name: 'Bulk actions' }));
  await userEvent.click(bar.getByRole('button', { name: title }));
  return openDialog(title);
}

/** Applies the dialog and checks the body the server was sent. */
async function applyBulk(form: Dialog, sent: VariantBulkEdit): Promise<void> {
  await userEvent.click(form.getByRole('button', { name: 'Apply' }));
  const [call] = await requests.waitFor('POST', BULK_EDIT);
  await expect(call!.body).toEqual(sent);
}

export const BulkEditActions: Story = {
  parameters: withBag(bulk.variants(bagVariants)),
  play: async ({ canvasElement }) => {
    await selectVariants(canvasElement, 'SAC-CABAS-CML');
    const bar = within(canvasElement).getByRole('region', { name: 'Bulk actions' });
    await expect(within(bar).getByText('1 variant(s) selected')).toBeVisible();
    const buttons = within(bar).getAllByRole('button');
    await expect(buttons.map((b) => b.textContent?.trim()).join(', ')).toBe(
      'Set Price, Shift Price, Set Stock, Adjust Stock, Set Status, Set VAT Rate, Clear Selection, Delete Selected',
    );
  },
};

export const BulkShiftPrice: Story = {
  parameters: withBag(bulk.variants(bagVariants)),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await loaded(canvasElement);
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Select all variants' }));
    const form = await openBulkAction(canvasElement, 'Shift Price');
    await expect(form.getByTestId('bulk-target')).toHaveTextContent('Applies to 3 variants.');
    await fill(form, /Change \(%\)/, '12.5');
    await applyBulk(form, {
      ids: [1, 2, 3],
      action: { type: 'shift_price', unit: 'percent', value: '12.5' },
    });
    await expectToast('Success', '3 variants updated', 'success');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(canvas.queryByText(/variant\(s\) selected/)).toBeNull());
  },
};

/** Not enough stock: the server names the variant; nothing changed, the dialog stays. */
export const BulkAdjustStockRefused: Story = {
  parameters: withBag(bulk.variants(bagVariants)),
  play: async ({ canvasElement }) => {
    await selectVariants(canvasElement, 'SAC-CABAS-CML', 'SAC-CABAS-NR');
    const form = await openBulkAction(canvasElement, 'Adjust Stock');
    await fill(form, /Adjustment/, '-5');
    await fill(form, /Reason/, 'Damaged');
    await applyBulk(form, {
      ids: [1, 2],
      action: { type: 'adjust_stock', delta: -5, reason: 'Damaged' },
    });
    await expect((await form.findByTestId('bulk-refusal')).textContent).toBe(
      'Variant 2 (SAC-CABAS-NR): not enough stock: 3 in stock, cannot remove 5',
    );
    await expect(screen.getByRole('dialog', { name: 'Adjust Stock' })).toBeVisible();
  },
};

/** A variant can go back to its product's VAT rate (null); already so: unchanged. */
export const BulkSetVatRateToProducts: Story = {
  parameters: withBag(bulk.variants(bagVariants)),
  play: async ({ canvasElement }) => {
    await selectVariants(canvasElement, 'SAC-CABAS-CML', 'SAC-CABAS-CGN');
    const form = await openBulkAction(canvasElement, 'Set VAT Rate');
    await userEvent.selectOptions(form.getByLabelText(/^VAT rate/), "Product's VAT rate");
    await applyBulk(form, {
      ids: [1, 3],
      action: { type: 'set_vat_rate', vat_rate_id: null },
    });
    await expectToast('Success', '0 variants updated, 2 unchanged', 'success');
  },
};

export const BulkSetStockNeedsAReason: Story = {
  parameters: withBag(bulk.variants(bagVariants)),
  play: async ({ canvasElement }) => {
    await selectVariants(canvasElement, 'SAC-CABAS-CGN');
    const form = await openBulkAction(canvasElement, 'Set Stock');
    await fill(form, /Stock quantity/, '8');
    await userEvent.click(form.getByRole('button', { name: 'Apply' }));
    await expect(await form.findByText('Reason is required')).toBeVisible();
    await expect(requests.to('POST', BULK_EDIT)).toHaveLength(0);
    await fill(form, /Reason/, 'Stocktake');
    await applyBulk(form, {
      ids: [3],
      action: { type: 'set_stock', quantity: 8, reason: 'Stocktake' },
    });
    await expectToast('Success', '1 variant updated', 'success');
  },
};

/* Languages and colour modes */

/** Arabic, right to left: translated heading and columns, prices in Arabic notation. */
export const Arabic: Story = {
  globals: { locale: 'ar' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await loaded(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'المتغيّرات' })).toBeVisible();
    await expect(document.documentElement.dir).toBe('rtl');
    await expect(canvas.getByRole('columnheader', { name: 'المخزون' })).toBeVisible();
    const camel = within(await row(canvasElement, 'SAC-CABAS-CML'));
    await expect(camel.getByText(/189,000\s*د\.ت/)).toBeVisible();
    await expect(camel.getByRole('button', { name: 'تعديل المخزون' })).toBeVisible();
  },
};

export const French: Story = {
  globals: { locale: 'fr' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await loaded(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Variantes' })).toBeVisible();
    await expect(tile(canvasElement, 'low-stock')).toHaveTextContent('1');
    await expect(canvas.getByText('Stock bas', { selector: 'p' })).toBeVisible();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  play: Filled.play,
};
