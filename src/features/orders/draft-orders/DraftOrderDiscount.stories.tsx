import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { DraftOrderInput } from '@generated/model';
import { paths } from '@/lib/paths';
import { expectedMoney as money } from '@/testing/expected';
import { adminScreen } from '@/testing/admin-screen';
import { requests } from '@mocks/recorder';
import { DraftOrderPage } from './DraftOrderPage';

/**
 * The staff order's discount (#29): a code or a manual discount, saved with the draft, priced by
 * the server. Draft 1 of the fixtures: a bag at 175.000 and two bottles of oil (56.710), shipping
 * 7.000 net (1.330 VAT): 240.040 without a discount.
 */
const meta = {
  title: 'Orders/DraftOrderDiscount',
  component: DraftOrderPage,
  ...adminScreen(paths.orders.draft(1), {
    routes: [[paths.orders.draftPattern, DraftOrderPage]],
  }),
} satisfies Meta<typeof DraftOrderPage>;
export default meta;
type Story = StoryObj<typeof meta>;

const DRAFT_PUT = /\/api\/v1\/admin\/draft-orders\/1$/;

/** The draft's screen, loaded (a loaded machine is slow). */
const findDraft = (canvasElement: HTMLElement) =>
  within(canvasElement).findByRole(
    'heading',
    { level: 1, name: 'Staff order draft 1' },
    { timeout: 5000 },
  );

/** The totals panel's lines as [label, value], once no save is due (the server's figures). */
async function settledTotals(canvasElement: HTMLElement) {
  const panel = within(canvasElement).getByTestId('draft-totals');
  await waitFor(
    () => expect(within(panel).getByTestId('draft-save-state')).toHaveTextContent('Draft saved'),
    {
      timeout: 5000,
    },
  );
  return within(panel)
    .getAllByTestId('draft-total-line')
    .map((line) => Array.from(line.children).map((child) => child.textContent));
}

/** The last draft saved (PUT), once it carries what `check` expects. */
async function lastSaved(check: (body: DraftOrderInput) => Promise<void>) {
  await requests.waitFor('PUT', DRAFT_PUT, { timeout: 5000 });
  await waitFor(() => check(requests.last('PUT', DRAFT_PUT)!.body as DraftOrderInput), {
    timeout: 5000,
  });
}

const discountPanel = (canvasElement: HTMLElement) =>
  within(within(canvasElement).getByTestId('draft-discount'));

/** A code typed in any case, applied: sent upper-cased, 10 % off every line as the server prices it. */
export const WithCode: Story = {
  play: async ({ canvasElement }) => {
    await findDraft(canvasElement);
    const discount = discountPanel(canvasElement);
    await userEvent.type(discount.getByRole('textbox', { name: 'Discount code' }), 'welcome10');
    await userEvent.click(discount.getByRole('button', { name: 'Apply' }));
    await expect(discount.getByTestId('draft-discount-code')).toHaveTextContent(
      'Code WELCOME10 applied',
    );
    // A code and a manual discount never go together.
    await expect(
      discount.queryByRole('button', { name: 'Give a manual discount instead' }),
    ).toBeNull();
    await lastSaved(async (body) => {
      await expect(body.discount_code).toBe('WELCOME10');
      await expect(body).not.toHaveProperty('manual_discount');
    });
    await waitFor(async () =>
      expect(await settledTotals(canvasElement)).toEqual([
        ['Subtotal (excl. VAT)', money('200.059')],
        ['VAT Amount', money('29.816')],
        ['Shipping', money('7.000')],
        ['Shipping VAT', money('1.330')],
        ['Discount (WELCOME10)', `-${money('20.006')}`],
        // Shipped to Tunisia: the stamp duty (#30), in the total.
        ['Stamp duty', money('1.000')],
        ['Total', money('217.869')],
      ]),
    );
    // Each line as the order will charge it: 10 % off 175.000 and 56.710.
    const lines = within(canvasElement).getAllByTestId('picker-line');
    await expect(within(lines[0]!).getByTestId('line-total')).toHaveTextContent(money('157.500'));
    await expect(within(lines[1]!).getByTestId('line-total')).toHaveTextContent(money('51.039'));
    await expect(within(canvasElement).queryByTestId('draft-discount-notice')).toBeNull();
  },
};

/**
 * A code the server refuses: its detail shown, no discount in the totals; a malformed code is
 * refused before sending; Remove saves the draft without it.
 */
export const RefusedCode: Story = {
  play: async ({ canvasElement }) => {
    await findDraft(canvasElement);
    const discount = discountPanel(canvasElement);
    const field = discount.getByRole('textbox', { name: 'Discount code' });
    await userEvent.type(field, 'AB');
    await expect(
      discount.getByText('3 to 32 letters, digits, hyphens or underscores'),
    ).toBeVisible();
    await expect(discount.getByRole('button', { name: 'Apply' })).toBeDisabled();
    await userEvent.type(field, 'C-99{Enter}');
    await expect(discount.getByTestId('draft-discount-code')).toHaveTextContent(
      'Code ABC-99 applied',
    );
    await expect(
      await discount.findByTestId('draft-discount-notice', {}, { timeout: 5000 }),
    ).toHaveTextContent('The code "ABC-99" does not exist');
    await lastSaved(async (body) => expect(body.discount_code).toBe('ABC-99'));
    await expect(await settledTotals(canvasElement)).toEqual([
      ['Subtotal (excl. VAT)', money('200.059')],
      ['VAT Amount', money('32.981')],
      ['Shipping', money('7.000')],
      ['Shipping VAT', money('1.330')],
      ['Stamp duty', money('1.000')],
      ['Total', money('241.040')],
    ]);
    const sent = requests.to('PUT', DRAFT_PUT).length;
    await userEvent.click(discount.getByRole('button', { name: 'Remove code' }));
    await requests.waitFor('PUT', DRAFT_PUT, { count: sent + 1, timeout: 5000 });
    await expect(requests.last('PUT', DRAFT_PUT)!.body).not.toHaveProperty('discount_code');
    await waitFor(() =>
      expect(within(canvasElement).queryByTestId('draft-discount-notice')).toBeNull(),
    );
    await expect(discount.getByRole('textbox', { name: 'Discount code' })).toHaveValue('');
  },
};

/**
 * A manual amount off: nothing is saved until its reason is given; then 5.000 off what the
 * lines show (4.317 excl. VAT), the reason as the discount's name.
 */
export const ManualDiscount: Story = {
  play: async ({ canvasElement }) => {
    await findDraft(canvasElement);
    const canvas = within(canvasElement);
    const discount = discountPanel(canvasElement);
    await userEvent.click(discount.getByRole('button', { name: 'Give a manual discount instead' }));
    await expect(discount.queryByRole('textbox', { name: 'Discount code' })).toBeNull();
    await userEvent.selectOptions(
      discount.getByRole('combobox', { name: 'Manual discount' }),
      'Amount off (TND, incl. VAT)',
    );
    await userEvent.type(discount.getByRole('textbox', { name: /^Amount/ }), '5');
    await expect(canvas.getByTestId('draft-missing')).toHaveTextContent(
      'the reason for the manual discount',
    );
    await expect(requests.to('PUT', DRAFT_PUT)).toHaveLength(0);
    await userEvent.type(discount.getByRole('textbox', { name: /^Reason/ }), 'Loyal customer');
    await lastSaved(async (body) => {
      await expect(body.manual_discount).toEqual({ amount: '5.000', reason: 'Loyal customer' });
      await expect(body).not.toHaveProperty('discount_code');
    });
    await waitFor(async () =>
      expect(await settledTotals(canvasElement)).toEqual([
        ['Subtotal (excl. VAT)', money('200.059')],
        ['VAT Amount', money('32.298')],
        ['Shipping', money('7.000')],
        ['Shipping VAT', money('1.330')],
        ['Discount (Loyal customer)', `-${money('4.317')}`],
        ['Stamp duty', money('1.000')],
        ['Total', money('236.040')],
      ]),
    );
    await expect(canvas.queryByTestId('draft-missing')).toBeNull();
  },
};

/** The discount part in Arabic, on a phone: the code field and its button translated. */
export const ArabicPhone: Story = {
  globals: { locale: 'ar', viewport: { value: 'mobile375' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { level: 2, name: 'الخصم' }, { timeout: 5000 });
    const discount = discountPanel(canvasElement);
    await expect(discount.getByRole('textbox', { name: 'رمز الخصم' })).toBeVisible();
    await expect(discount.getByRole('button', { name: 'تطبيق' })).toBeDisabled();
    await expect(discount.getByRole('button', { name: 'منح خصم يدوي بدلًا من ذلك' })).toBeVisible();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};
