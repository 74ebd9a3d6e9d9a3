import type { StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { paths } from '@/lib/paths';
import { adminScreenMeta } from '@/testing/admin-screen';
import { expectedDay, expectedMoney as money, expectedShopDay } from '@/testing/expected';
import { expectCard, PHONE_GLOBALS } from '@/testing/phone-cards';
import { apiPath, expectScreenTitle, expectToast, findOpenDialog, mockedBy } from '@/testing/story';
import { orderDetails, orderReaderMe } from '@mocks/fixtures';
import { remittances } from '@mocks/fixtures/payments';
import { payments } from '@mocks/handlers';
import { requests } from '@mocks/recorder';
import { RemittancesPage } from './RemittancesPage';

const remittancesScreen = adminScreenMeta(RemittancesPage, paths.orders.remittances);
/** The carriers' cash-on-delivery remittances (docs/product.md §10.22) over the mock API. */
const meta = { title: 'Orders/Payments/RemittancesPage', ...remittancesScreen };
export default meta;
type Story = StoryObj<typeof meta>;

const LIST = apiPath(payments.remittances);
const IMPORT = apiPath(payments.importRemittance);
const HEADERS = [
  'Carrier',
  'Received on',
  'Reference',
  'Orders',
  'Collected',
  'Fee',
  'Withheld',
  'Net',
];
/** The fixtures' one remittance as its row (and its phone card) shows it. */
const aramexRow = () => [
  'Aramex',
  expectedDay('2025-03-14T12:00:00Z'),
  'ARX-2025-0314',
  '1',
  money('100.000'),
  money('7.000'),
  money('3.000'),
  money('90.000'),
];
const cod = orderDetails.find((o) => o.id === 1)!;
const today = () => expectedShopDay(new Date().toISOString());
const csv = (text: string, name = 'aramex.csv') => new File([text], name, { type: 'text/csv' });

const table = (canvasElement: HTMLElement) =>
  within(canvasElement).findByRole('table', { name: 'Remittances' });
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

async function openDialog(canvasElement: HTMLElement) {
  await userEvent.click(
    await within(canvasElement).findByRole('button', { name: 'New remittance' }),
  );
  return within(await findOpenDialog('New remittance'));
}

/** What each carrier collected, kept and paid, newest first. */
export const Filled: Story = {
  tags: ['visual'],
  play: async ({ canvasElement }) => {
    const grid = await table(canvasElement);
    await expectScreenTitle(canvasElement, 'Remittances');
    await expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(HEADERS);
    const rows = within(grid).getAllByRole('row').slice(1);
    await expect(rows.map(cells)).toEqual([aramexRow()]);
    await expect(within(canvasElement).getByTestId('remittance-count')).toHaveTextContent(
      '1 remittance',
    );
  },
};

/** Nothing recorded yet. */
export const Empty: Story = {
  parameters: mockedBy(payments.remittances([])),
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText('No remittances recorded yet'),
    ).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: mockedBy(payments.remittances.loading()),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Loading remittances...')).toBeVisible();
  },
};

export const Failed: Story = {
  parameters: mockedBy(payments.remittances.error(500)),
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText('The remittances could not be loaded.'),
    ).toBeVisible();
    await expectToast('Error', 'Failed to load remittances', 'error');
  },
};

/**
 * The carrier's file: the remittance's fields in the query, the file in the body; the toast
 * counts the orders paid and the list is read again.
 */
export const FromFile: Story = {
  play: async ({ canvasElement }) => {
    await table(canvasElement);
    const form = await openDialog(canvasElement);
    await userEvent.click(form.getByRole('button', { name: 'Record remittance' }));
    await expect(await form.findByText('Enter the carrier')).toBeVisible();
    await expect(form.getByText("Choose the carrier's CSV file")).toBeVisible();
    await expect(requests.to('POST', IMPORT)).toHaveLength(0);

    await userEvent.type(form.getByRole('textbox', { name: /^Carrier/ }), 'Aramex');
    await userEvent.type(form.getByRole('textbox', { name: 'Reference' }), 'ARX-7');
    await userEvent.type(form.getByRole('spinbutton', { name: "Carrier's fee" }), '7');
    await userEvent.upload(
      form.getByTestId('remittance-file-input'),
      csv(`order_number;amount;cod_fee\n${cod.order_number};24,670;7\n`),
    );
    await expect(form.getByTestId('remittance-file')).toHaveTextContent('File: aramex.csv');
    await userEvent.click(form.getByRole('button', { name: 'Record remittance' }));
    const [call] = await requests.waitFor('POST', IMPORT);
    await expect(call!.query).toEqual({
      carrier: 'Aramex',
      received_on: today(),
      reference: 'ARX-7',
      fee_amount: '7.000',
    });
    await expect(call!.body).toEqual({ file: 'aramex.csv' });
    await expectToast('Remittance recorded', '1 order paid', 'success');
    await requests.waitFor('GET', LIST, { count: 2 });
  },
};

/** Refused lines: every one listed with its line in the file and why; nothing recorded. */
export const FileRefused: Story = {
  play: async ({ canvasElement }) => {
    await table(canvasElement);
    const form = await openDialog(canvasElement);
    await userEvent.type(form.getByRole('textbox', { name: /^Carrier/ }), 'Aramex');
    await userEvent.upload(
      form.getByTestId('remittance-file-input'),
      csv(`order_number,amount\nORD-0000,10\n${cod.order_number},abc\n${cod.order_number},99\n`),
    );
    await userEvent.click(form.getByRole('button', { name: 'Record remittance' }));
    const refused = await form.findByTestId('remittance-refused');
    await expect(refused).toHaveTextContent('3 lines are refused; nothing was recorded');
    await expect(
      within(refused)
        .getAllByTestId('refused-line')
        .map((l) => l.textContent),
    ).toEqual([
      'Line 2 (ORD-0000): Unknown order',
      `Line 3 (${cod.order_number}): "abc" is not an amount`,
      // The file's line 3 named the order first, though its amount is refused.
      `Line 4 (${cod.order_number}): The same order as line 3`,
    ]);
    // Still open, as typed, to fix the file.
    await expect(form.getByRole('textbox', { name: /^Carrier/ })).toHaveValue('Aramex');
  },
};

/**
 * A file that is not a CSV (dropped, say: the file chooser offers .csv files first) is refused
 * before anything is sent.
 */
export const NotACsv: Story = {
  play: async ({ canvasElement }) => {
    await table(canvasElement);
    const form = await openDialog(canvasElement);
    await userEvent
      .setup({ applyAccept: false })
      .upload(
        form.getByTestId('remittance-file-input'),
        new File(['x'], 'aramex.xlsx', { type: 'application/vnd.ms-excel' }),
      );
    await expect(await form.findByText('aramex.xlsx is not a CSV file (.csv)')).toBeVisible();
  },
};

/**
 * A remittance already recorded (the same carrier and reference, any case): the server's 409
 * in the toast, nothing recorded, the dialog still open as typed.
 */
export const RecordedAgain: Story = {
  play: async ({ canvasElement }) => {
    await table(canvasElement);
    const form = await openDialog(canvasElement);
    await userEvent.type(form.getByRole('textbox', { name: /^Carrier/ }), 'aramex');
    await userEvent.type(form.getByRole('textbox', { name: 'Reference' }), 'arx-2025-0314');
    await userEvent.upload(
      form.getByTestId('remittance-file-input'),
      csv(`order_number;amount\n${cod.order_number};24,670\n`),
    );
    await userEvent.click(form.getByRole('button', { name: 'Record remittance' }));
    await expectToast(
      'Error',
      'Reference arx-2025-0314 was already recorded (remittance 1 of Aramex, received on 2025-03-14); nothing was recorded',
      'error',
    );
    await expect(requests.to('POST', IMPORT)).toHaveLength(1);
    await expect(form.getByRole('textbox', { name: /^Carrier/ })).toHaveValue('aramex');
    await expect(form.getByTestId('remittance-file')).toHaveTextContent('File: aramex.csv');
  },
};

/**
 * Orders typed in: the totals as typed (net of the fee and withholding), a refusal by line,
 * then the remittance recorded.
 */
export const FromOrders: Story = {
  play: async ({ canvasElement }) => {
    await table(canvasElement);
    const form = await openDialog(canvasElement);
    await userEvent.type(form.getByRole('textbox', { name: /^Carrier/ }), 'First Delivery');
    await userEvent.selectOptions(form.getByRole('combobox', { name: 'Lines' }), 'orders');
    await userEvent.type(form.getByRole('spinbutton', { name: "Carrier's fee" }), '2');
    await userEvent.type(
      form.getByRole('spinbutton', { name: 'Withholding tax kept by the carrier' }),
      '0.740',
    );
    await userEvent.type(form.getByRole('textbox', { name: /^Order number/ }), 'ORD-20250308-0003');
    await userEvent.type(form.getByRole('spinbutton', { name: /^Amount/ }), '24.670');
    await expect(form.getByTestId('remittance-totals')).toHaveTextContent(
      `Collected ${money('24.670')}, fee ${money('2.000')}, withheld ${money('0.740')}: net received ${money('21.930')}`,
    );
    await userEvent.click(form.getByRole('button', { name: 'Record remittance' }));
    const refused = await form.findByTestId('remittance-refused');
    await expect(refused).toHaveTextContent(
      'Line 1 (ORD-20250308-0003): Not a cash-on-delivery order (paid by card)',
    );

    await userEvent.clear(form.getByRole('textbox', { name: /^Order number/ }));
    await userEvent.type(form.getByRole('textbox', { name: /^Order number/ }), cod.order_number);
    await userEvent.click(form.getByRole('button', { name: 'Record remittance' }));
    const calls = await requests.waitFor('POST', LIST, { count: 2 });
    await expect(calls[1]!.body).toEqual({
      carrier: 'First Delivery',
      received_on: today(),
      reference: null,
      fee_amount: '2.000',
      withheld_amount: '0.740',
      lines: [{ order_number: cod.order_number, amount: '24.670' }],
    });
    await expectToast('Remittance recorded', '1 order paid', 'success');
    await waitFor(() => expect(within(document.body).queryByRole('dialog')).toBeNull());
  },
};

/** Support may read the remittances, not record one. */
export const ReadOnly: Story = {
  parameters: { auth: { userType: 'admin', user: orderReaderMe } },
  play: async ({ canvasElement }) => {
    await table(canvasElement);
    await expect(
      within(canvasElement).queryByRole('button', { name: 'New remittance' }),
    ).toBeNull();
  },
};

/** On a phone, each remittance is a card: carrier, day, figures, the net at the end. */
export const Phone: Story = {
  globals: PHONE_GLOBALS,
  play: async ({ canvasElement }) => {
    const [r] = remittances;
    await expectCard(canvasElement, {
      table: 'Remittances',
      name: r!.carrier,
      fields: aramexRow(),
    });
  },
};

/** In Arabic, right to left. */
export const Arabic: Story = {
  globals: { locale: 'ar' },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('heading', { level: 1, name: 'التحويلات' });
    await expect(document.documentElement.dir).toBe('rtl');
    await expect(
      await within(canvasElement).findByRole('button', { name: 'تحويل جديد' }),
    ).toBeVisible();
  },
};
