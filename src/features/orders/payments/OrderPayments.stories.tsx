import type { StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { OrderPayments } from '@generated/model';
import { paths } from '@/lib/paths';
import { orderDetailScreen } from '../story-screens';
import {
  expectedDay,
  expectedMoney as money,
  expectedMoneyIn,
  expectedShopDay,
} from '@/testing/expected';
import { expectInView, PHONE_GLOBALS } from '@/testing/phone-cards';
import { bodyIssue, expectToast, findOpenDialog, mockedBy, screen } from '@/testing/story';
import { orderDetails, orderReaderMe } from '@mocks/fixtures';
import { payments } from '@mocks/handlers';
import { requests } from '@mocks/recorder';

/**
 * The payments panel of the order detail (docs/product.md §10.22) over the mock API: the badge,
 * what was paid and what is due, every payment, and recording, refunding and removing them.
 */
const meta = { title: 'Orders/Payments/OrderPayments', ...orderDetailScreen(1) };
export default meta;
type Story = StoryObj<typeof meta>;

const byId = (id: number) => orderDetails.find((o) => o.id === id)!;
const paymentsPath = (id: number) => `/api/v1/admin/orders/${id}/payments`;
const today = () => expectedShopDay(new Date().toISOString());
/** A shop day as the panel writes it ('14 Mar 2025'). */
const shopDay = (day: string) => expectedDay(`${day}T12:00:00Z`);

/** The panel once its payments are in. */
async function panel(canvasElement: HTMLElement) {
  const region = await within(canvasElement).findByRole('region', { name: 'Payments' });
  await within(region).findByTestId('payment-status', {}, { timeout: 5000 });
  return region;
}

async function expectBalance(region: HTMLElement, status: string, paid: string, due: string) {
  await waitFor(() =>
    expect(within(region).getByTestId('payment-status')).toHaveTextContent(status),
  );
  await expect(within(region).getByTestId('amount-paid')).toHaveTextContent(`Amount paid${paid}`);
  await expect(within(region).getByTestId('balance-due')).toHaveTextContent(`Balance due${due}`);
}

const rows = (region: HTMLElement) =>
  within(region)
    .queryAllByTestId('payment')
    .map((row) => row.textContent);

/** Cash on delivery remitted in part by the carrier: partially paid, the rest due. */
export const PartiallyPaid: Story = {
  play: async ({ canvasElement }) => {
    const region = await panel(canvasElement);
    await expectBalance(region, 'Partially paid', money('100.000'), money('24.670'));
    await expect(within(region).getByTestId('payment-status')).toHaveAttribute(
      'data-variant',
      'outline',
    );
    await expect(rows(region)).toHaveLength(1);
    await expect(rows(region)[0]).toBe(
      `${money('100.000')}Cash on delivery` +
        `Received on ${shopDay('2025-03-14')}Reference ARX-2025-0314Carrier remittanceRecorded by adminRemove`,
    );
    await expect(within(region).getByRole('button', { name: 'Record payment' })).toBeVisible();
    // No credit note on this order: nothing to refund.
    await expect(within(region).queryByRole('button', { name: 'Record refund' })).toBeNull();
  },
};

/**
 * Record payment on an unpaid order: the form's own refusals first (nothing sent), then the
 * payment as the contract wants it, the toast, and the balance the server answered.
 */
export const RecordPayment: Story = {
  parameters: { route: paths.orders.detail(5) },
  play: async ({ canvasElement }) => {
    const region = await panel(canvasElement);
    await expectBalance(region, 'Unpaid', money('0.000'), money(byId(5).total_amount));
    // The payment recorded by mistake stays listed, struck through.
    await expect(rows(region)[0]).toContain('Removed');
    await expect(rows(region)[0]).toContain('Removed by admin');

    await userEvent.click(within(region).getByRole('button', { name: 'Record payment' }));
    const dialog = await findOpenDialog('Record payment');
    const form = within(dialog);
    // The order's method first, the shop's day today.
    await expect(form.getByRole('combobox', { name: /^Method/ })).toHaveValue('card');
    await userEvent.click(form.getByRole('button', { name: 'Record' }));
    await expect(await form.findByText('Enter the amount')).toBeVisible();
    await userEvent.type(form.getByRole('spinbutton', { name: /Amount/ }), '0');
    await expect(await form.findByText('The amount must be more than 0')).toBeVisible();
    await expect(requests.to('POST', paymentsPath(5))).toHaveLength(0);

    await userEvent.clear(form.getByRole('spinbutton', { name: /Amount/ }));
    await userEvent.type(form.getByRole('spinbutton', { name: /Amount/ }), '56.980');
    await expect(form.getByTestId('settles')).toHaveTextContent(
      `Settles ${money('56.980')} of the balance due of ${money('56.980')}.`,
    );
    await userEvent.type(form.getByRole('textbox', { name: 'Reference' }), ' CB-90555 ');
    // An individual's order: no withholding.
    await expect(form.queryByRole('spinbutton', { name: 'Withholding tax kept' })).toBeNull();
    await userEvent.click(form.getByRole('button', { name: 'Record' }));

    const [call] = await requests.waitFor('POST', paymentsPath(5));
    await expect(call!.body).toEqual({
      amount: '56.980',
      method: 'card',
      received_on: today(),
      reference: 'CB-90555',
    });
    await expectToast('Success', 'Payment recorded', 'success');
    await expectBalance(region, 'Paid', money('56.980'), money('0.000'));
    await waitFor(() => expect(rows(region)).toHaveLength(2));
    await expect(rows(region)[1]).toContain('Reference CB-90555');
  },
};

/**
 * A professional buyer's payment with the tax it withheld: shown with its certificate; a new one
 * sends its withholding, and more than the order owes leaves it overpaid, the shop owing back.
 */
export const WithholdingAndOverpaid: Story = {
  parameters: { route: paths.orders.detail(3) },
  play: async ({ canvasElement }) => {
    const region = await panel(canvasElement);
    await expectBalance(region, 'Paid', money(byId(3).total_amount), money('0.000'));
    await expect(rows(region)[0]).toContain(
      `Withholding tax ${money('2.316')}, certificate RS-2025-0042`,
    );
    await userEvent.click(within(region).getByRole('button', { name: 'Record payment' }));
    const form = within(await findOpenDialog('Record payment'));
    await userEvent.type(form.getByRole('spinbutton', { name: /^Amount/ }), '10');
    await userEvent.type(
      form.getByRole('textbox', { name: 'Withholding certificate number' }),
      'RS-9',
    );
    await userEvent.click(form.getByRole('button', { name: 'Record' }));
    await expect(
      await form.findByText('A certificate goes with a withholding amount'),
    ).toBeVisible();
    await userEvent.type(form.getByRole('spinbutton', { name: /Withholding tax kept/ }), '1');
    await expect(form.getByTestId('settles')).toHaveTextContent(`Settles ${money('11.000')}`);
    await userEvent.selectOptions(form.getByRole('combobox', { name: /^Method/ }), 'cheque');
    await userEvent.click(form.getByRole('button', { name: 'Record' }));
    const [call] = await requests.waitFor('POST', paymentsPath(3));
    await expect(call!.body).toEqual({
      amount: '10.000',
      method: 'cheque',
      received_on: today(),
      reference: null,
      withholding_amount: '1.000',
      withholding_certificate: 'RS-9',
    });
    await expectBalance(region, 'Overpaid', money('242.550'), `-${money('11.000')}`);
    await expect(within(region).getByTestId('payment-status')).toHaveAttribute(
      'data-variant',
      'destructive',
    );
    await expect(within(region).getByTestId('owed-back')).toHaveTextContent(
      `The shop owes ${money('11.000')} back to the customer.`,
    );
  },
};

/**
 * A refund of the cancelled order's credit note: more than the note leaves is refused (409, the
 * server's words in the toast, the dialog stays open); then a refund within it is recorded.
 */
export const RefundRefusedThenRecorded: Story = {
  parameters: { route: paths.orders.detail(4) },
  play: async ({ canvasElement }) => {
    const region = await panel(canvasElement);
    await expectBalance(region, 'Unpaid', money('0.000'), money('0.000'));
    await userEvent.click(within(region).getByRole('button', { name: 'Record refund' }));
    const dialog = await findOpenDialog('Record refund');
    const form = within(dialog);
    await userEvent.type(form.getByRole('spinbutton', { name: /Amount refunded/ }), '1000');
    await userEvent.click(form.getByRole('button', { name: 'Record' }));
    await expect(
      await form.findByText('Choose the credit note this refund pays back'),
    ).toBeVisible();
    const total = byId(4).total_amount;
    await userEvent.selectOptions(
      form.getByRole('combobox', { name: /Credit note/ }),
      `CN-2025-000001 (${money(total)})`,
    );
    await userEvent.click(form.getByRole('button', { name: 'Record' }));
    await expectToast(
      'Error',
      `The refund of 1000.000 is more than credit note CN-2025-000001 leaves to pay back: ${total}`,
      'error',
    );
    await expect(dialog).toBeVisible();

    await userEvent.clear(form.getByRole('spinbutton', { name: /Amount refunded/ }));
    await userEvent.type(form.getByRole('spinbutton', { name: /Amount refunded/ }), total);
    await userEvent.click(form.getByRole('button', { name: 'Record' }));
    const calls = await requests.waitFor('POST', paymentsPath(4), { count: 2 });
    await expect(calls[1]!.body).toMatchObject({ amount: `-${total}`, credit_note_id: 2 });
    await expectToast('Success', 'Refund recorded', 'success');
    await waitFor(() =>
      expect(within(region).getByTestId('payment-status')).toHaveTextContent('Refunded'),
    );
    await expect(rows(region)[0]).toContain('Refund of credit note CN-2025-000001');
  },
};

/** A refusal naming a field (422) is shown under that field as well as in the toast. */
export const FieldRefused: Story = {
  parameters: {
    route: paths.orders.detail(5),
    ...mockedBy(
      payments.create.error(422, [bodyIssue('received_on', 'The day 2026-12-01 is after today')]),
    ),
  },
  play: async ({ canvasElement }) => {
    const region = await panel(canvasElement);
    await userEvent.click(within(region).getByRole('button', { name: 'Record payment' }));
    const form = within(await findOpenDialog('Record payment'));
    await userEvent.type(form.getByRole('spinbutton', { name: /Amount/ }), '5');
    await userEvent.click(form.getByRole('button', { name: 'Record' }));
    await expect(await form.findByTestId('received-on-error')).toHaveTextContent(
      'The day 2026-12-01 is after today',
    );
    await expectToast('Error', 'received_on: The day 2026-12-01 is after today', 'error');
  },
};

/** Remove a payment recorded by mistake: asked first; it stays listed, marked removed. */
export const RemovePayment: Story = {
  play: async ({ canvasElement }) => {
    const region = await panel(canvasElement);
    await userEvent.click(
      within(region).getByRole('button', {
        name: `Remove the payment of ${money('100.000')} received on ${shopDay('2025-03-14')}`,
      }),
    );
    const dialog = await findOpenDialog('Remove this payment?', 'alertdialog');
    await expect(dialog).toHaveTextContent(
      `The payment of ${money('100.000')} received on ${shopDay('2025-03-14')} stays listed as removed`,
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove payment' }));
    await requests.waitFor('DELETE', `${paymentsPath(1)}/1`);
    await expectToast('Success', 'Payment removed', 'success');
    await expectBalance(region, 'Unpaid', money('0.000'), money(byId(1).total_amount));
    await expect(rows(region)[0]).toContain('Removed by admin');
    await expect(within(region).queryByRole('button', { name: /^Remove the payment/ })).toBeNull();
  },
};

/** Removing one already removed (someone else did): the server's 409 in the toast. */
export const RemoveRefused: Story = {
  parameters: mockedBy(payments.remove.error(409, 'This payment was already removed')),
  play: async ({ canvasElement }) => {
    const region = await panel(canvasElement);
    await userEvent.click(within(region).getByRole('button', { name: /^Remove the payment/ }));
    const dialog = await findOpenDialog('Remove this payment?', 'alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove payment' }));
    await expectToast('Error', 'This payment was already removed', 'error');
  },
};

const noPayments: OrderPayments = {
  order_id: 5,
  payment_status: 'unpaid',
  amount_paid: '0.000',
  balance_due: byId(5).total_amount,
  payments: [],
};

/** No payment yet. */
export const Empty: Story = {
  parameters: { route: paths.orders.detail(5), ...mockedBy(payments.list(noPayments)) },
  play: async ({ canvasElement }) => {
    const region = await panel(canvasElement);
    await expect(within(region).getByText('No payment recorded yet.')).toBeVisible();
    await expectBalance(region, 'Unpaid', money('0.000'), money(byId(5).total_amount));
  },
};

/** While the payments load. */
export const Loading: Story = {
  parameters: mockedBy(payments.list.loading()),
  play: async ({ canvasElement }) => {
    const region = await within(canvasElement).findByRole('region', { name: 'Payments' });
    await expect(within(region).getByRole('status')).toHaveTextContent('Loading payments...');
  },
};

/** The payments could not be loaded: said in the panel and in a toast; Retry asks again. */
export const Failed: Story = {
  parameters: mockedBy(payments.list.error(500)),
  play: async ({ canvasElement }) => {
    const region = await within(canvasElement).findByRole('region', { name: 'Payments' });
    await expect(
      await within(region).findByText('The payments could not be loaded.'),
    ).toBeVisible();
    await expectToast('Error', 'Failed to load payments', 'error');
    const before = requests.to('GET', paymentsPath(1)).length;
    await userEvent.click(within(region).getByRole('button', { name: 'Retry' }));
    await requests.waitFor('GET', paymentsPath(1), { count: before + 1 });
  },
};

/** Support answers customers about their orders but does not touch the till: no actions. */
export const ReadOnly: Story = {
  parameters: { auth: { userType: 'admin', user: orderReaderMe } },
  play: async ({ canvasElement }) => {
    const region = await panel(canvasElement);
    await expectBalance(region, 'Partially paid', money('100.000'), money('24.670'));
    await expect(within(region).queryByRole('button', { name: 'Record payment' })).toBeNull();
    await expect(within(region).queryByRole('button', { name: /^Remove/ })).toBeNull();
  },
};

/** On a phone: the panel in the page's one column, its figures and button in view. */
export const Phone: Story = {
  globals: PHONE_GLOBALS,
  play: async ({ canvasElement }) => {
    const region = await panel(canvasElement);
    region.scrollIntoView();
    for (const id of ['payment-status', 'amount-paid', 'balance-due'])
      await expectInView(within(region).getByTestId(id));
    await expectInView(within(region).getByRole('button', { name: 'Record payment' }));
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};

/** In Arabic: the panel's words, the amounts in Arabic's format, the dialog right to left. */
export const Arabic: Story = {
  globals: { locale: 'ar' },
  play: async ({ canvasElement }) => {
    const region = await within(canvasElement).findByRole('region', { name: 'المدفوعات' });
    await waitFor(() =>
      expect(within(region).getByTestId('payment-status')).toHaveTextContent('مدفوع جزئيًا'),
    );
    await expect(within(region).getByTestId('balance-due')).toHaveTextContent(
      expectedMoneyIn('ar-TN', '24.670'),
    );
    await userEvent.click(within(region).getByRole('button', { name: 'تسجيل دفع' }));
    const dialog = await findOpenDialog('تسجيل دفع');
    await expect(within(dialog).getByRole('combobox', { name: /^طريقة الدفع/ })).toHaveValue(
      'cash_on_delivery',
    );
    await expect(document.documentElement.dir).toBe('rtl');
    await userEvent.click(screen.getByRole('button', { name: 'إلغاء' }));
  },
};
