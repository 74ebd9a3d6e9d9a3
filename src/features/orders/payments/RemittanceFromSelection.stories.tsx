import type { StoryObj } from '@storybook/react-vite';
import { HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { AdminMe, OrderSummary, Remittance, RemittanceCreate } from '@generated/model';
import { ordersListScreen } from '../story-screens';
import { expectedMoney as money, expectedMoneyIn, expectedShopDay } from '@/testing/expected';
import { expectInView, PHONE_GLOBALS } from '@/testing/phone-cards';
import { expectToast, findOpenDialog } from '@/testing/story';
import { adminUser, meOf, orders as orderFixtures } from '@mocks/fixtures';
import { orders, payments } from '@mocks/handlers';
import { requests } from '@mocks/recorder';

/**
 * A cash-on-delivery remittance recorded from the orders list's selection (docs/product.md
 * §10.22): the selected orders are the New remittance dialog's lines at their balance due, those
 * with nothing due listed as not added; once recorded the rows show paid, none selected.
 */
const meta = { title: 'Orders/Payments/RemittanceFromSelection', ...ordersListScreen() };
export default meta;
type Story = StoryObj<typeof meta>;

const REMITTANCES = '/api/v1/admin/payments/remittances';
const LIST = '/api/v1/admin/orders/';
const numberOf = (id: number) => orderFixtures.find((o) => o.id === id)!.order_number;
const today = () => expectedShopDay(new Date().toISOString());

/** Order 1 owes 24.670, order 4 (cash on delivery too) here owes its 66.500; order 2 is paid. */
const owing: OrderSummary[] = orderFixtures.map((o) =>
  o.id === 4 ? { ...o, payment_status: 'unpaid', amount_paid: '0.000', balance_due: '66.500' } : o,
);

/** The orders a story's remittance paid: the list then answers them paid (reset before each). */
const paidIds = new Set<number>();
const statefulRemittance = [
  orders.list.reply(() => {
    const rows = owing.map((o) =>
      paidIds.has(o.id)
        ? {
            ...o,
            payment_status: 'paid' as const,
            amount_paid: o.total_amount,
            balance_due: '0.000',
          }
        : o,
    );
    return HttpResponse.json(rows, { headers: { 'X-Total-Count': String(rows.length) } });
  }),
  payments.createRemittance.reply(({ body }) => {
    const input = body as RemittanceCreate;
    const lines = input.lines.map((line, i) => {
      const order = owing.find((o) => o.order_number === line.order_number)!;
      paidIds.add(order.id);
      return { line: i + 1, order_id: order.id, ...line, payment_id: 900 + i };
    });
    const remittance: Remittance = {
      id: 77,
      carrier: input.carrier,
      received_on: input.received_on,
      reference: input.reference ?? null,
      total_amount: '91.170',
      fee_amount: input.fee_amount ?? '0.000',
      withheld_amount: input.withheld_amount ?? '0.000',
      net_amount: '88.170',
      order_count: lines.length,
      lines,
      created_by: 'admin',
      created_at: new Date().toISOString(),
    };
    return HttpResponse.json(remittance, { status: 201 });
  }),
];

/** Ticks the rows of these orders once the list is there. */
async function select(canvasElement: HTMLElement, label: (n: string) => string, ids: number[]) {
  for (const id of ids)
    await userEvent.click(
      await within(canvasElement).findByRole('checkbox', { name: label(numberOf(id)) }),
    );
}
const english = (n: string) => `Select order ${n}`;

const bar = (canvasElement: HTMLElement) =>
  within(canvasElement).findByRole('region', { name: 'Bulk actions' });

/** The dialog's lines as [order number, amount]. */
const lines = (dialog: HTMLElement) => {
  const scope = within(within(dialog).getByTestId('remittance-lines'));
  const numbers = scope.getAllByRole('textbox', { name: /^Order number/ });
  const amounts = scope.getAllByRole('spinbutton', { name: /^Amount/ });
  return numbers.map((n, i) => [
    (n as HTMLInputElement).value,
    (amounts[i] as HTMLInputElement).value,
  ]);
};

/** The payment status badge of an order's row. */
const statusOf = (canvasElement: HTMLElement, id: number) =>
  within(
    within(canvasElement)
      .getByRole('checkbox', { name: english(numberOf(id)) })
      .closest('tr')!,
  ).getByTestId('payment-status');

/**
 * Two cash-on-delivery orders and a paid one selected: the paid one is listed as not added, the
 * two are lines at their balance due; the request sent; the rows then show Paid, none selected.
 */
export const RecordFromSelection: Story = {
  beforeEach: () => {
    paidIds.clear();
  },
  parameters: { msw: { handlers: statefulRemittance } },
  play: async ({ canvasElement }) => {
    await select(canvasElement, english, [4, 2, 1]);
    const actions = await bar(canvasElement);
    await expect(actions).toHaveTextContent('3 orders selected');
    await expect(statusOf(canvasElement, 1)).toHaveTextContent('Partially paid');
    await expect(statusOf(canvasElement, 4)).toHaveTextContent('Unpaid');
    await userEvent.click(within(actions).getByRole('button', { name: 'Record remittance' }));

    const dialog = await findOpenDialog('New remittance');
    const form = within(dialog);
    await expect(form.getByRole('combobox', { name: 'Lines' })).toHaveValue('orders');
    await expect(lines(dialog)).toEqual([
      [numberOf(1), '24.670'],
      [numberOf(4), '66.500'],
    ]);
    const notAdded = form.getByTestId('remittance-not-added');
    await expect(notAdded).toHaveTextContent('1 selected order is not added: nothing is due on it');
    await expect(
      within(notAdded)
        .getAllByTestId('not-added-order')
        .map((o) => o.textContent),
    ).toEqual([`${numberOf(2)}: balance due ${money('0.000')}`]);
    await expect(form.getByTestId('remittance-totals')).toHaveTextContent(
      `Collected ${money('91.170')}, fee ${money('0.000')}, withheld ${money('0.000')}: net received ${money('91.170')}`,
    );

    await userEvent.type(form.getByRole('textbox', { name: /^Carrier/ }), 'Aramex');
    await userEvent.type(form.getByRole('spinbutton', { name: "Carrier's fee" }), '3');
    // The amounts are the admin's to change: 0 is refused under its line, nothing sent.
    const second = form.getAllByRole('spinbutton', { name: /^Amount/ })[1]!;
    await userEvent.clear(second);
    await userEvent.type(second, '0');
    await userEvent.click(form.getByRole('button', { name: 'Record remittance' }));
    await expect(await form.findByText('The amount must be more than 0')).toBeVisible();
    await expect(requests.to('POST', REMITTANCES)).toHaveLength(0);
    await userEvent.clear(second);
    await userEvent.type(second, '66.5');
    await userEvent.click(form.getByRole('button', { name: 'Record remittance' }));

    const [sent] = await requests.waitFor('POST', REMITTANCES);
    await expect(sent?.body).toEqual({
      carrier: 'Aramex',
      received_on: today(),
      reference: null,
      fee_amount: '3.000',
      lines: [
        { order_number: numberOf(1), amount: '24.670' },
        { order_number: numberOf(4), amount: '66.500' },
      ],
    });
    await expectToast('Remittance recorded', '2 orders paid', 'success');
    await waitFor(() => expect(within(document.body).queryByRole('dialog')).toBeNull());
    // The list is read again: both rows paid, the selection cleared.
    await requests.waitFor('GET', LIST, { count: 2 });
    await waitFor(() => expect(statusOf(canvasElement, 1)).toHaveTextContent('Paid'));
    await expect(statusOf(canvasElement, 4)).toHaveTextContent('Paid');
    await expect(within(canvasElement).queryByRole('region', { name: 'Bulk actions' })).toBeNull();
    await expect(
      within(canvasElement).getByRole('checkbox', { name: english(numberOf(1)) }),
    ).not.toBeChecked();
  },
};

/**
 * A card order selected with a cash-on-delivery one: the server refuses its line, the dialog
 * lists it, nothing is recorded and the selection stays.
 */
export const RefusedLine: Story = {
  play: async ({ canvasElement }) => {
    await select(canvasElement, english, [5, 1]);
    await userEvent.click(
      within(await bar(canvasElement)).getByRole('button', { name: 'Record remittance' }),
    );
    const dialog = await findOpenDialog('New remittance');
    const form = within(dialog);
    await expect(form.queryByTestId('remittance-not-added')).toBeNull();
    await userEvent.type(form.getByRole('textbox', { name: /^Carrier/ }), 'Aramex');
    await userEvent.click(form.getByRole('button', { name: 'Record remittance' }));
    const [sent] = await requests.waitFor('POST', REMITTANCES);
    await expect((sent?.body as RemittanceCreate).lines).toEqual([
      { order_number: numberOf(1), amount: '24.670' },
      { order_number: numberOf(5), amount: '56.980' },
    ]);
    const refused = await form.findByTestId('remittance-refused');
    await expect(refused).toHaveTextContent('1 line is refused; nothing was recorded');
    await expect(
      within(refused)
        .getAllByTestId('refused-line')
        .map((l) => l.textContent),
    ).toEqual([`Line 2 (${numberOf(5)}): Not a cash-on-delivery order (paid by card)`]);
    // The dialog stays open over the list, the two orders still selected.
    await expect(within(canvasElement).getByTestId('orders-bulk-bar')).toHaveTextContent(
      '2 orders selected',
    );
  },
};

/** Only orders with nothing due: all listed as not added, one blank line to type in. */
export const NothingDue: Story = {
  play: async ({ canvasElement }) => {
    await select(canvasElement, english, [2, 3]);
    await userEvent.click(
      within(await bar(canvasElement)).getByRole('button', { name: 'Record remittance' }),
    );
    const dialog = await findOpenDialog('New remittance');
    await expect(within(dialog).getByTestId('remittance-not-added')).toHaveTextContent(
      '2 selected orders are not added: nothing is due on them',
    );
    await expect(lines(dialog)).toEqual([['', '']]);
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Carrier/ }), 'Aramex');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record remittance' }));
    // The blank line's own messages, under its fields.
    await expect(await within(dialog).findByText('Enter the order number')).toBeVisible();
    await expect(within(dialog).getByText('Enter the amount')).toBeVisible();
    await expect(requests.to('POST', REMITTANCES)).toHaveLength(0);
  },
};

/** Support may change orders' status, not record money: no Record remittance in the bar. */
const orderWriter: AdminMe = {
  ...meOf({ ...adminUser, role: 'support' }),
  permissions: ['catalogue:read', 'orders:read', 'orders:write', 'settings:read'],
};
export const WithoutPaymentsWrite: Story = {
  parameters: { auth: { userType: 'admin', user: orderWriter } },
  play: async ({ canvasElement }) => {
    await select(canvasElement, english, [1]);
    const actions = await bar(canvasElement);
    await expect(within(actions).getByRole('button', { name: 'Change status' })).toBeVisible();
    await expect(within(actions).queryByRole('button', { name: 'Record remittance' })).toBeNull();
  },
};

/** On a phone: the button fits the bar, the dialog its lines. */
export const Phone: Story = {
  globals: PHONE_GLOBALS,
  play: async ({ canvasElement }) => {
    await select(canvasElement, english, [1, 2]);
    const button = within(await bar(canvasElement)).getByRole('button', {
      name: 'Record remittance',
    });
    await expectInView(button);
    await userEvent.click(button);
    const dialog = await findOpenDialog('New remittance');
    await expect(lines(dialog)).toEqual([[numberOf(1), '24.670']]);
    await expectInView(within(dialog).getByTestId('remittance-not-added'));
  },
};

/** In Arabic: the button, the dialog and why an order is not added. */
export const Arabic: Story = {
  globals: { locale: 'ar' },
  play: async ({ canvasElement }) => {
    await select(canvasElement, (n) => `تحديد الطلب ${n}`, [1, 2]);
    const actions = await within(canvasElement).findByRole('region', { name: 'إجراءات جماعية' });
    await userEvent.click(within(actions).getByRole('button', { name: 'تسجيل التحويل' }));
    const dialog = await findOpenDialog('تحويل جديد');
    await expect(document.documentElement.dir).toBe('rtl');
    const notAdded = within(dialog).getByTestId('remittance-not-added');
    await expect(notAdded).toHaveTextContent('لم يُضَف طلب واحد محدد: لا شيء مستحق عليه');
    await expect(within(notAdded).getByTestId('not-added-order')).toHaveTextContent(
      `${numberOf(2)}: المبلغ المتبقي ${expectedMoneyIn('ar-TN', '0.000')}`,
    );
  },
};
