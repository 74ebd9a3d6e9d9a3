import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { VariantBulkEdit } from '@generated/model';
import { adminUser } from '@mocks/fixtures';
import { bulk, variants } from '@mocks/handlers';
import { requests } from '@mocks/recorder';
import { paths } from '@/lib/paths';
import { padded } from '@/testing/padded';
import { dialog, dialogClosed, replace } from '@/testing/list-screen';
import { expectToast, screen, type Scope } from '@/testing/story';
import { bagVariants } from './story-fixtures';
import { VariantsManager } from './VariantsManager';

/** Bulk edit in the variants manager (issue #14): the actions of its bulk bar. */
const meta = {
  title: 'Variants/VariantsBulkEdit',
  component: VariantsManager,
  args: { productId: 1 },
  parameters: {
    route: paths.products.edit(1),
    auth: { userType: 'admin', user: adminUser },
    msw: { handlers: [variants.list(bagVariants), bulk.variants(bagVariants)] },
  },
  decorators: [padded('6xl')],
} satisfies Meta<typeof VariantsManager>;
export default meta;
type Story = StoryObj<typeof meta>;

const BULK = '/api/v1/admin/variants/bulk/edit';

/** Ticks these variants once the list is shown. */
async function selectVariants(canvasElement: HTMLElement, ...skus: string[]) {
  const canvas = within(canvasElement);
  await canvas.findByRole('checkbox', { name: `Select ${skus[0]!}` });
  for (const sku of skus) {
    await userEvent.click(canvas.getByRole('checkbox', { name: `Select ${sku}` }));
  }
}

async function openAction(canvasElement: HTMLElement, title: string): Promise<Scope> {
  const bar = within(within(canvasElement).getByRole('region', { name: 'Bulk actions' }));
  await userEvent.click(bar.getByRole('button', { name: title }));
  return dialog(title);
}

async function apply(form: Scope): Promise<VariantBulkEdit> {
  await userEvent.click(form.getByRole('button', { name: 'Apply' }));
  const [call] = await requests.waitFor('POST', BULK);
  return call!.body as VariantBulkEdit;
}

export const ActionsInTheBulkBar: Story = {
  play: async ({ canvasElement }) => {
    await selectVariants(canvasElement, 'SAC-CABAS-CML');
    const bar = within(canvasElement).getByRole('region', { name: 'Bulk actions' });
    await expect(within(bar).getByText('1 variant(s) selected')).toBeVisible();
    await expect(
      within(bar)
        .getAllByRole('button')
        .map((b) => b.textContent?.trim()),
    ).toEqual([
      'Set Price',
      'Shift Price',
      'Set Stock',
      'Adjust Stock',
      'Set Status',
      'Set VAT Rate',
      'Clear Selection',
      'Delete Selected',
    ]);
  },
};

export const ShiftPrice: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('checkbox', { name: 'Select all variants' });
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Select all variants' }));
    const form = await openAction(canvasElement, 'Shift Price');
    await expect(form.getByTestId('bulk-target')).toHaveTextContent('Applies to 3 variants.');
    await replace(form, /Change \(%\)/, '12.5');
    await expect(await apply(form)).toEqual({
      ids: [1, 2, 3],
      action: { type: 'shift_price', unit: 'percent', value: '12.5' },
    });
    await expectToast('Success', '3 variants updated', 'success');
    await dialogClosed('dialog');
    await waitFor(() => expect(canvas.queryByText(/variant\(s\) selected/)).toBeNull());
  },
};

/** Not enough stock: the server names the variant; nothing changed, the dialog stays. */
export const AdjustStockRefused: Story = {
  play: async ({ canvasElement }) => {
    await selectVariants(canvasElement, 'SAC-CABAS-CML', 'SAC-CABAS-NR');
    const form = await openAction(canvasElement, 'Adjust Stock');
    await replace(form, /Adjustment/, '-5');
    await replace(form, /Reason/, 'Damaged');
    await expect(await apply(form)).toEqual({
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
export const SetVatRateToProducts: Story = {
  play: async ({ canvasElement }) => {
    await selectVariants(canvasElement, 'SAC-CABAS-CML', 'SAC-CABAS-CGN');
    const form = await openAction(canvasElement, 'Set VAT Rate');
    await userEvent.selectOptions(form.getByLabelText(/^VAT rate/), "Product's VAT rate");
    await expect(await apply(form)).toEqual({
      ids: [1, 3],
      action: { type: 'set_vat_rate', vat_rate_id: null },
    });
    await expectToast('Success', '0 variants updated, 2 unchanged', 'success');
  },
};

export const SetStockNeedsAReason: Story = {
  play: async ({ canvasElement }) => {
    await selectVariants(canvasElement, 'SAC-CABAS-CGN');
    const form = await openAction(canvasElement, 'Set Stock');
    await replace(form, /Stock quantity/, '8');
    await userEvent.click(form.getByRole('button', { name: 'Apply' }));
    await expect(await form.findByText('Reason is required')).toBeVisible();
    await expect(requests.to('POST', BULK)).toHaveLength(0);
    await replace(form, /Reason/, 'Stocktake');
    await expect(await apply(form)).toEqual({
      ids: [3],
      action: { type: 'set_stock', quantity: 8, reason: 'Stocktake' },
    });
    await expectToast('Success', '1 variant updated', 'success');
  },
};
