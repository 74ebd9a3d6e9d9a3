import type { StoryObj } from '@storybook/react-vite';
import { HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { OrderReturn, OrderReturnCreate } from '@generated/model';
import { paths } from '@/lib/paths';
import { expectedMoney as money } from '@/testing/expected';
import { orderDetailScreen } from '../story-screens';
import { bodyIssue, expectToast, findOpenDialog, screen } from '@/testing/story';
import { afterRequestsSentSoFar } from '@/testing/waits';
import { orderDetails } from '@mocks/fixtures';
import { orderReturns } from '@mocks/handlers';
import { requests } from '@mocks/recorder';

/**
 * "Return items" on the order detail and the order's returns (docs/product.md §10.17), over the
 * mock API: the amounts shown before confirming are the server's preview (dry_run).
 */
const meta = { title: 'Orders/ReturnItems', ...orderDetailScreen(2) };
export default meta;
type Story = StoryObj<typeof meta>;

const returnsPath = (id: number) => `/api/v1/admin/orders/${id}/returns`;
const order2 = orderDetails.find((o) => o.id === 2)!;
const OIL = "Huile d'olive extra vierge 1 L";

/**
 * The returns recorded during the story: the list answers them (the mock keeps none); a return
 * answers two damaged bottles, as the server would for ReturnWithAmountsFirst's form.
 */
const recorded: OrderReturn[] = [];
const statefulReturns = [
  orderReturns.list.reply(() => HttpResponse.json(recorded)),
  orderReturns.create.reply(({ body: sent }) => {
    const body = sent as OrderReturnCreate;
    const result = { ...recordedExample(), id: 41, reason: body.reason.trim() };
    if (body.dry_run === true) return HttpResponse.json(result, { status: 200 });
    recorded.push(result);
    return HttpResponse.json(result, { status: 201 });
  }),
];

const region = (canvasElement: HTMLElement, name: string) =>
  within(canvasElement).findByRole('region', { name });

/** Opens "Return items" from the order's Returns section. */
async function openReturnItems(canvasElement: HTMLElement) {
  const returns = await region(canvasElement, 'Returns');
  await userEvent.click(await within(returns).findByRole('button', { name: 'Return items' }));
  return findOpenDialog('Return items');
}

/** Two of the four bottles of oil, damaged, for a reason. */
async function fillTwoDamagedBottles(dialog: HTMLElement) {
  const scope = within(dialog);
  await userEvent.type(scope.getByLabelText(`Quantity to return of ${OIL}`), '2');
  const oil = scope.getAllByTestId('return-item')[1]!;
  await userEvent.click(within(oil).getByRole('checkbox', { name: 'Back to stock' }));
  await expect(oil).toHaveTextContent('Off: damaged, never back to stock');
  await userEvent.type(scope.getByLabelText(/Reason/), 'Leaking bottles');
}

const amounts = (dialog: HTMLElement) =>
  within(dialog)
    .getAllByTestId('preview-amount')
    .map((row) => Array.from(row.children).map((cell) => cell.textContent));

/** Shows the server's amounts, then records the return and shows it with its credit note. */
export const ReturnWithAmountsFirst: Story = {
  beforeEach: () => {
    recorded.length = 0;
  },
  parameters: { msw: { handlers: statefulReturns } },
  play: async ({ canvasElement }) => {
    const returns = await region(canvasElement, 'Returns');
    await within(returns).findByText('Nothing has been returned.');
    const dialog = await openReturnItems(canvasElement);
    const items = within(dialog).getAllByTestId('return-item');
    await expect(items.map((i) => i.textContent)).toEqual([
      expect.stringContaining('1 of 1 can be returned'),
      expect.stringContaining('4 of 4 can be returned'),
    ]);
    // No shipping was charged: none to credit.
    await expect(within(dialog).queryByLabelText(/Shipping to credit/)).toBeNull();
    await fillTwoDamagedBottles(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Review amounts' }));

    const [preview] = await requests.waitFor('POST', returnsPath(2));
    await expect(preview?.body).toEqual({
      reason: 'Leaking bottles',
      lines: [{ order_item_id: 4, quantity: 2, restock: false }],
      dry_run: true,
    });
    const shown = await within(dialog).findByTestId('return-preview');
    await expect(within(shown).getByTestId('preview-line')).toHaveTextContent(
      `2 × ${OIL} (Damaged)${money('56.710')}`,
    );
    await expect(amounts(dialog)).toEqual([
      ['Items (excl. VAT)', money('53.000')],
      ['VAT', money('3.710')],
      ['Total credited', money('56.710')],
    ]);
    await expect(shown).toHaveTextContent(
      `A credit note of ${money('56.710')} will be issued against the invoice.`,
    );
    await expect(within(shown).queryByTestId('preview-refunds')).toBeNull();
    // Nothing recorded yet.
    await expect(recorded).toEqual([]);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm return' }));
    const [, confirmed] = await requests.waitFor('POST', returnsPath(2), { count: 2 });
    await expect(confirmed?.body).toEqual({
      reason: 'Leaking bottles',
      lines: [{ order_item_id: 4, quantity: 2, restock: false }],
    });
    await expectToast('Success', 'Return recorded', 'success');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The order, its documents (the partial credit note) and its timeline are read again.
    await requests.waitFor('GET', `/api/v1/admin/orders/2`, { count: 2 });
    await requests.waitFor('GET', `/api/v1/admin/orders/2/invoices`, { count: 2 });
    await requests.waitFor('GET', `/api/v1/admin/orders/2/timeline`, { count: 2 });
    const entry = await within(returns).findByTestId('order-return');
    await expect(entry).toHaveTextContent(`Credited ${money('56.710')}`);
    await expect(within(entry).getByTestId('return-line')).toHaveTextContent(`2 × ${OIL}Damaged`);
    await expect(entry).toHaveTextContent('Reason: Leaking bottles');

    // Its credit note downloads as PDF.
    await userEvent.click(
      within(entry).getByRole('button', { name: 'Download credit note CN-2025-000090 (PDF)' }),
    );
    await requests.waitFor('GET', '/api/v1/admin/invoices/90/pdf');
  },
};

/** The form's own refusals: nothing is sent until the quantities and the reason are right. */
export const RefusedBeforeSending: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openReturnItems(canvasElement);
    const scope = within(dialog);
    await userEvent.click(scope.getByRole('button', { name: 'Review amounts' }));
    await expect(await scope.findByRole('alert')).toHaveTextContent(
      'Enter a quantity for at least one item',
    );
    await expect(scope.getByText('Enter the reason')).toBeVisible();

    await userEvent.type(scope.getByLabelText(`Quantity to return of ${OIL}`), '5');
    await userEvent.click(scope.getByRole('button', { name: 'Review amounts' }));
    await expect(await scope.findByText('At most 4')).toBeVisible();
    await afterRequestsSentSoFar();
    await expect(requests.to('POST', returnsPath(2))).toEqual([]);
  },
};

/** The server refuses the preview: its words in a toast, the form kept. */
export const PreviewRefused: Story = {
  parameters: {
    msw: {
      handlers: [
        orderReturns.create.error(422, [
          bodyIssue('lines', 'At most 1 of Huile can be returned: 4 sold, 3 already returned'),
        ]),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const dialog = await openReturnItems(canvasElement);
    await fillTwoDamagedBottles(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Review amounts' }));
    await expectToast(
      'Error',
      'At most 1 of Huile can be returned: 4 sold, 3 already returned',
      'error',
    );
    await expect(within(dialog).getByRole('button', { name: 'Review amounts' })).toBeEnabled();
    await expect(within(dialog).queryByTestId('return-preview')).toBeNull();
  },
};

/** Everything back, with the shipping: the preview says the order becomes refunded. */
export const WholeOrderWithShipping: Story = {
  parameters: { route: paths.orders.detail(5) },
  play: async ({ canvasElement }) => {
    const dialog = await openReturnItems(canvasElement);
    const scope = within(dialog);
    await userEvent.type(scope.getByLabelText(/^Quantity to return of/), '1');
    await userEvent.type(scope.getByLabelText(/Reason/), 'Wrong size');
    const shipping = scope.getByLabelText(/Shipping to credit/);
    await expect(scope.getByText(`At most ${money('7.000')}`)).toBeVisible();
    await userEvent.type(shipping, '7.001');
    await userEvent.click(scope.getByRole('button', { name: 'Review amounts' }));
    await expect(await scope.findByText(`At most ${money('7.000')}`)).toBeVisible();
    await userEvent.clear(shipping);
    await userEvent.type(shipping, '7');
    await userEvent.click(scope.getByRole('button', { name: 'Review amounts' }));

    const [preview] = await requests.waitFor('POST', returnsPath(5));
    await expect(preview?.body).toEqual({
      reason: 'Wrong size',
      lines: [{ order_item_id: 7, quantity: 1, restock: true }],
      shipping_amount: '7',
      dry_run: true,
    });
    // The mock computes as the server: the whole line and the whole shipping.
    await scope.findByTestId('return-preview');
    await expect(amounts(dialog)).toEqual([
      ['Items (excl. VAT)', money('42.000')],
      ['Shipping (excl. VAT)', money('7.000')],
      ['VAT', money('7.980')],
      ['Total credited', money('56.980')],
    ]);
    await expect(scope.getByTestId('preview-refunds')).toHaveTextContent(
      'Every item will be back: the order becomes refunded.',
    );
    // Back to the form keeps what was typed.
    await userEvent.click(scope.getByRole('button', { name: 'Back' }));
    await expect(scope.getByLabelText(/Reason/)).toHaveValue('Wrong size');
  },
};

/** A pending order has no invoice: the preview says no credit note will be issued. */
export const NoInvoiceNoCreditNote: Story = {
  parameters: { route: paths.orders.detail(1) },
  play: async ({ canvasElement }) => {
    const dialog = await openReturnItems(canvasElement);
    const scope = within(dialog);
    const [first] = scope.getAllByLabelText(/^Quantity to return of/);
    await userEvent.type(first!, '1');
    await userEvent.type(scope.getByLabelText(/Reason/), 'Refused at the door');
    await userEvent.click(scope.getByRole('button', { name: 'Review amounts' }));
    await expect(await scope.findByTestId('return-preview')).toHaveTextContent(
      'The order has no invoice in force: no credit note will be issued.',
    );
  },
};

/** A cancelled order takes no return: the section lists none and offers nothing. */
export const CancelledOrder: Story = {
  parameters: { route: paths.orders.detail(4) },
  play: async ({ canvasElement }) => {
    const returns = await region(canvasElement, 'Returns');
    await within(returns).findByText('Nothing has been returned.');
    await expect(within(returns).queryByRole('button', { name: 'Return items' })).toBeNull();
  },
};

/** The returns on their way: the section says so. */
export const ReturnsLoading: Story = {
  parameters: { msw: { handlers: [orderReturns.list.loading()] } },
  play: async ({ canvasElement }) => {
    const returns = await region(canvasElement, 'Returns');
    await expect(await within(returns).findByRole('status')).toHaveTextContent(
      'Loading returns...',
    );
  },
};

/** The returns could not be loaded: Retry asks again. */
export const ReturnsFailed: Story = {
  parameters: { msw: { handlers: [orderReturns.list.error(500)] } },
  play: async ({ canvasElement }) => {
    const returns = await region(canvasElement, 'Returns');
    await userEvent.click(await within(returns).findByRole('button', { name: 'Retry' }));
    await requests.waitFor('GET', returnsPath(2), { count: 2 });
  },
};

/** On a phone: the dialog's fields and the preview fit the screen. */
export const Phone: Story = {
  ...ReturnWithAmountsFirst,
  globals: { viewport: { value: 'mobile375' } },
};

/** In Arabic: the section, the dialog and its amounts. */
export const Arabic: Story = {
  globals: { locale: 'ar' },
  parameters: {
    msw: {
      handlers: [orderReturns.list([recordedExample()])],
    },
  },
  play: async ({ canvasElement }) => {
    const returns = await region(canvasElement, 'المرتجعات');
    await expect(await within(returns).findByTestId('order-return')).toHaveTextContent('تالف');
    await userEvent.click(within(returns).getByRole('button', { name: 'إرجاع منتجات' }));
    const dialog = await findOpenDialog('إرجاع منتجات');
    await expect(within(dialog).getByRole('button', { name: 'مراجعة المبالغ' })).toBeVisible();
  },
};

/** A recorded return of two damaged bottles, with its credit note. */
function recordedExample(): OrderReturn {
  return {
    id: 40,
    order_id: order2.id,
    reason: 'Leaking bottles',
    lines: [
      {
        id: 400,
        order_item_id: 4,
        product_name: OIL,
        variant_title: null,
        product_sku: 'HUILE-1L',
        quantity: 2,
        restock: false,
        total_price: '53.000',
        vat_amount: '3.710',
        total_price_incl_vat: '56.710',
      },
    ],
    shipping_amount: '0.000',
    shipping_vat_amount: '0.000',
    subtotal: '53.000',
    vat_amount: '3.710',
    total_amount: '56.710',
    credit_note: { id: 90, kind: 'credit_note', number: 'CN-2025-000090' },
    created_by: 'admin',
    created_at: '2025-03-20T10:00:00.000Z',
  };
}
