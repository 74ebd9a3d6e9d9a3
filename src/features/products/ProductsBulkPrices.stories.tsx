import type { StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { bulk } from '@mocks/handlers';
import { requests } from '@mocks/recorder';
import { productsListScreen } from './story-screen';
import { dialog, dialogClosed, replace, rowOf } from '@/testing/list-screen';
import { apiPath, expectToast, screen, type Scope } from '@/testing/story';

/**
 * Bulk price changes move every price a customer is charged (#26 point 1): the dialog previews
 * the change with a dry run (prices that change, the first few old → new, the products whose
 * variants have prices of their own) before it is applied; the list shows the range charged.
 */
const meta = { title: 'Products/ProductsPage/Bulk prices', ...productsListScreen() };
export default meta;
type Story = StoryObj<typeof meta>;

const BULK = apiPath(bulk.products);
const BAG = 'Sac cabas en cuir';
const OIL = "Huile d'olive extra vierge 1 L";
const SHIRT = 'T-shirt coton bio « Sidi Bou Saïd »';

/** Ticks these rows, opens Shift Price and types a percentage. */
async function shiftByPercent(canvasElement: HTMLElement, rows: string[], value: string) {
  const canvas = within(canvasElement);
  for (const name of rows) {
    await userEvent.click(await canvas.findByRole('checkbox', { name: `Select ${name}` }));
  }
  const bar = within(canvas.getByRole('region', { name: 'Bulk actions' }));
  await userEvent.click(bar.getByRole('button', { name: 'Shift Price' }));
  const form = await dialog('Shift Price');
  await replace(form, /Change \(%\)/, value);
  return form;
}

const previewLines = (form: Scope) =>
  [...form.getByTestId('bulk-preview').querySelectorAll('li, p, [data-part="title"]')].map(
    (e) => e.textContent,
  );

/** +10 % on the bag (3 variants of its own) and the oil: the preview, then Apply. */
export const ShiftPreviewThenApply: Story = {
  play: async ({ canvasElement }) => {
    const form = await shiftByPercent(canvasElement, [BAG, OIL], '10');
    await expect(form.queryByTestId('bulk-preview')).toBeNull();
    await userEvent.click(form.getByRole('button', { name: 'Preview' }));
    const [dry] = await requests.waitFor('POST', BULK);
    await expect(dry!.body).toEqual({
      ids: [1, 2],
      action: { type: 'shift_price', unit: 'percent', value: '10' },
      dry_run: true,
    });
    const preview = await form.findByTestId('bulk-preview');
    await expect(within(preview).getByText('4 prices change')).toBeVisible();
    await expect(
      within(preview)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Sac cabas en cuir — Camel: 189.000 TND → 207.900 TND',
      'Sac cabas en cuir — Noir: 189.000 TND → 207.900 TND',
      'Sac cabas en cuir — Cognac: 199.000 TND → 218.900 TND',
    ]);
    await expect(
      within(preview).getByText(
        'This product has variants with prices of their own; they change too: Sac cabas en cuir.',
      ),
    ).toBeVisible();
    await expect(previewLines(form)).toContain(
      'Apply to make the change, or change the values first.',
    );
    // Nothing is applied by the preview: one request, a dry run, and no toast.
    await expect(screen.queryAllByTestId('toast')).toHaveLength(0);

    await userEvent.click(form.getByRole('button', { name: 'Apply' }));
    const calls = await requests.waitFor('POST', BULK, { count: 2 });
    await expect(calls[1]!.body).toEqual({
      ids: [1, 2],
      action: { type: 'shift_price', unit: 'percent', value: '10' },
    });
    await expectToast('Success', '2 products updated', 'success');
    await dialogClosed('dialog');
  },
};

/** A value changed after the preview is previewed again: only what was shown can be applied. */
export const EditedValueIsPreviewedAgain: Story = {
  play: async ({ canvasElement }) => {
    const form = await shiftByPercent(canvasElement, [OIL], '10');
    await userEvent.click(form.getByRole('button', { name: 'Preview' }));
    await expect(await form.findByText('1 price changes')).toBeVisible();
    await expect(form.getByRole('listitem')).toHaveTextContent(`${OIL}: 26.500 TND → 29.150 TND`);
    await expect(form.queryByText(/variants with prices of their own/)).toBeNull();

    await replace(form, /Change \(%\)/, '-12.5');
    await waitFor(() => expect(form.queryByTestId('bulk-preview')).toBeNull());
    await expect(screen.getByRole('button', { name: 'Preview' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    const calls = await requests.waitFor('POST', BULK, { count: 2 });
    await expect(calls[1]!.body).toEqual({
      ids: [2],
      action: { type: 'shift_price', unit: 'percent', value: '-12.5' },
      dry_run: true,
    });
    // 26.500 × 0.875 = 23.1875 → 23.188 (half up, as the server).
    await expect(await form.findByRole('listitem')).toHaveTextContent(
      `${OIL}: 26.500 TND → 23.188 TND`,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await expectToast('Success', '1 product updated', 'success');
    await expect(
      requests.to('POST', BULK).map((r) => (r.body as { dry_run?: boolean }).dry_run),
    ).toEqual([true, true, undefined]);
  },
};

/** The dry run's refusal names the price and nothing can be applied. */
export const RefusedAtPreview: Story = {
  parameters: {
    msw: {
      handlers: [
        bulk.products.error(
          409,
          'Product 1 (Sac cabas en cuir): variant SAC-CABAS-CML: price would be 0',
        ),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const form = await shiftByPercent(canvasElement, [BAG], '-100');
    await userEvent.click(form.getByRole('button', { name: 'Preview' }));
    await expect((await form.findByTestId('bulk-refusal')).textContent).toBe(
      'Product 1 (Sac cabas en cuir): variant SAC-CABAS-CML: price would be 0',
    );
    await expect(form.getByText('Nothing was changed')).toBeVisible();
    await expect(form.queryByTestId('bulk-preview')).toBeNull();
    await expect(screen.queryByRole('button', { name: 'Apply' })).toBeNull();
    await expect(requests.to('POST', BULK)).toHaveLength(1);
  },
};

/** The preview in French, with the shop's French money format. */
export const PreviewInFrench: Story = {
  globals: { locale: 'fr' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('checkbox', { name: new RegExp(SHIRT) }));
    const bar = within(canvas.getByRole('region', { name: 'Actions groupées' }));
    await userEvent.click(bar.getByRole('button', { name: 'Modifier le prix' }));
    const form = await dialog('Modifier le prix');
    await replace(form, /\(%\)/, '10');
    await userEvent.click(form.getByRole('button', { name: 'Aperçu' }));
    const preview = await form.findByTestId('bulk-preview');
    await expect(within(preview).getByText('4 prix changent')).toBeVisible();
    await expect(
      within(preview).getByText(
        `Ce produit a des déclinaisons à leur propre prix, qui changent aussi : ${SHIRT}.`,
      ),
    ).toBeVisible();
    await expect(
      within(preview).getAllByRole('listitem')[0]!.textContent?.replace(/\s/g, ' '),
    ).toBe(`${SHIRT} — S / Blanc : 45,000 DT → 49,500 DT`);
    await expect(form.getByRole('button', { name: 'Appliquer' })).toBeVisible();
  },
};

/** The list shows the range a customer pays when the variants' prices differ. */
export const PriceRangeInTheList: Story = {
  play: async ({ canvasElement }) => {
    const shirt = await waitFor(() => rowOf(canvasElement, SHIRT));
    await expect(within(shirt).getByText('45.000 – 49.000 TND')).toBeVisible();
    // All of the bag's active variants sell at one price: one price, no range.
    await expect(within(rowOf(canvasElement, BAG)).getByText('189.000 TND')).toBeVisible();
  },
};

/** The preview in Arabic, right to left: the translated texts and the button's two steps. */
export const PreviewInArabic: Story = {
  globals: { locale: 'ar' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('checkbox', { name: new RegExp(BAG) }));
    const bar = within(canvas.getByRole('region', { name: 'إجراءات جماعية' }));
    await userEvent.click(bar.getByRole('button', { name: 'تعديل السعر' }));
    const form = await dialog('تعديل السعر');
    await replace(form, /\(%\)/, '10');
    await userEvent.click(form.getByRole('button', { name: 'معاينة' }));
    const preview = await form.findByTestId('bulk-preview');
    await expect(within(preview).getByText('ستتغيّر 3 أسعار')).toBeVisible();
    await expect(
      within(preview).getByText(`لهذا المنتج متغيّرات بأسعار خاصة بها، وستتغيّر هي أيضًا: ${BAG}.`),
    ).toBeVisible();
    await expect(form.getByRole('button', { name: 'تطبيق' })).toBeVisible();
  },
};
