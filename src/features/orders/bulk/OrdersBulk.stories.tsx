import type { StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { ordersListScreen } from '../story-screens';
import { captureDownloads } from '@/testing/csv-export';
import { expectInView, PHONE_GLOBALS } from '@/testing/phone-cards';
import { expectToast, findOpenDialog } from '@/testing/story';
import { afterRequestsSentSoFar } from '@/testing/waits';
import { orderDetails } from '@mocks/fixtures';
import { orderBulk } from '@mocks/handlers';
import { reopenRefusal } from '@mocks/handlers/orders';
import { requests } from '@mocks/recorder';

/**
 * The orders list's bulk actions (docs/product.md §10.17): select rows, change their status
 * (refused rows listed with why), export the selection as CSV, print their invoices or packing
 * slips as one PDF (refused, naming them, when some have no invoice in force).
 */
const meta = { title: 'Orders/OrdersBulk', ...ordersListScreen() };
export default meta;
type Story = StoryObj<typeof meta>;

const BULK = '/api/v1/admin/orders/bulk-status';
const PRINT = '/api/v1/admin/orders/documents';
const LIST = '/api/v1/admin/orders/';
const numberOf = (id: number) => orderDetails.find((o) => o.id === id)!.order_number;

/** Ticks the rows of these orders once the list is there. */
async function select(canvasElement: HTMLElement, ...ids: number[]) {
  const canvas = within(canvasElement);
  for (const id of ids)
    await userEvent.click(
      await canvas.findByRole('checkbox', { name: `Select order ${numberOf(id)}` }),
    );
}

const bar = (canvasElement: HTMLElement) =>
  within(canvasElement).findByRole('region', { name: 'Bulk actions' });

/** Opens a print button of the bar (its accessible name) and picks the PDF's language. */
async function print(canvasElement: HTMLElement, button: string, language: string) {
  await userEvent.click(within(await bar(canvasElement)).getByRole('button', { name: button }));
  await userEvent.click(await screen.findByRole('menuitem', { name: language }));
}

/** Pending, confirmed and a cancelled order short of stock moved to processing: one refused. */
export const ChangeStatusWithRefusals: Story = {
  play: async ({ canvasElement }) => {
    await select(canvasElement, 1, 5, 6);
    const actions = await bar(canvasElement);
    await expect(actions).toHaveTextContent('3 orders selected');
    await userEvent.click(within(actions).getByRole('button', { name: 'Change status' }));
    const dialog = await findOpenDialog('Change the status of 3 orders');
    await userEvent.selectOptions(within(dialog).getByLabelText('New status'), 'processing');
    await userEvent.type(within(dialog).getByLabelText('Note (optional)'), ' Packed today ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change status' }));

    const [sent] = await requests.waitFor('POST', BULK);
    await expect(sent?.body).toEqual({
      order_ids: [1, 5, 6],
      status: 'processing',
      note: 'Packed today',
    });
    const done = await findOpenDialog('Status change done');
    const result = within(done).getByTestId('bulk-status-result');
    await expect(result).toHaveTextContent('2 orders changed');
    await expect(result).toHaveTextContent('1 order refused');
    const detail = reopenRefusal(
      orderDetails.find((o) => o.id === 6)!,
      'processing',
    );
    await expect(within(done).getByTestId('bulk-refused')).toHaveTextContent(
      `${numberOf(6)}: ${detail}`,
    );
    // The list is read again, and only the refused order stays selected.
    await requests.waitFor('GET', LIST, { count: 2 });
    await userEvent.click(within(done).getByRole('button', { name: 'Done' }));
    await expect(await bar(canvasElement)).toHaveTextContent('1 order selected');
    await expect(
      within(canvasElement).getByRole('checkbox', { name: `Select order ${numberOf(6)}` }),
    ).toBeChecked();
  },
};

/** Orders already in the status, and an order deleted meanwhile. */
export const UnchangedAndUnknown: Story = {
  parameters: {
    msw: {
      handlers: [
        orderBulk.status({
          changed: [],
          unchanged: [5],
          refused: [{ id: 99, order_number: null, status: null, detail: 'Order not found' }],
        }),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    await select(canvasElement, 5);
    await userEvent.click(
      within(await bar(canvasElement)).getByRole('button', { name: 'Change status' }),
    );
    const dialog = await findOpenDialog('Change the status of 1 order');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change status' }));
    const done = await findOpenDialog('Status change done');
    await expect(within(done).getByTestId('bulk-status-result')).toHaveTextContent(
      '0 orders changed1 order already had this status1 order refusedOrder #99: Order not found',
    );
  },
};

/** The server fails: a toast, the dialog stays open for another try. */
export const ChangeStatusFails: Story = {
  parameters: { msw: { handlers: [orderBulk.status.error(500)] } },
  play: async ({ canvasElement }) => {
    await select(canvasElement, 1);
    await userEvent.click(
      within(await bar(canvasElement)).getByRole('button', { name: 'Change status' }),
    );
    const dialog = await findOpenDialog('Change the status of 1 order');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change status' }));
    await expectToast('Error', 'Internal server error', 'error');
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Change status' })).toBeEnabled(),
    );
  },
};

/** Export selection: the orders export, only the selected ids, in the list's order. */
export const ExportSelection: Story = {
  play: async ({ canvasElement }) => {
    await select(canvasElement, 5, 2);
    await userEvent.click(
      within(await bar(canvasElement)).getByRole('button', { name: 'Export selection' }),
    );
    const [sent] = await requests.waitFor('GET', '/api/v1/admin/exports/orders');
    // The list's default order (newest first) is the export's own: no sort is sent.
    await expect(sent?.query).toEqual({ ids: '2,5' });
  },
};

/** Print invoices in English: the selected ids in id order, one PDF saved under the server's name. */
export const PrintInvoices: Story = {
  play: async ({ canvasElement }) => {
    const downloads = captureDownloads();
    await select(canvasElement, 3, 2);
    await print(canvasElement, 'Print invoices', 'PDF (English)');
    const [sent] = await requests.waitFor('POST', PRINT);
    await expect(sent?.body).toEqual({ order_ids: [2, 3], kind: 'invoice' });
    await expect(sent?.query).toEqual({ lang: 'en' });
    await waitFor(() =>
      expect(downloads).toEqual([`invoices-${new Date().toISOString().slice(0, 10)}.pdf`]),
    );
    // Both buttons are offered again once the file is saved.
    await waitFor(() =>
      expect(
        within(canvasElement).getByRole('button', { name: 'Print packing slips' }),
      ).toBeEnabled(),
    );
  },
};

/** Print packing slips in French: every selected order has one, pending or not. */
export const PrintPackingSlips: Story = {
  play: async ({ canvasElement }) => {
    const downloads = captureDownloads();
    await select(canvasElement, 1, 4);
    await print(canvasElement, 'Print packing slips', 'PDF (Français)');
    const [sent] = await requests.waitFor('POST', PRINT);
    await expect(sent?.body).toEqual({ order_ids: [1, 4], kind: 'packing_slip' });
    await expect(sent?.query).toEqual({ lang: 'fr' });
    await waitFor(() =>
      expect(downloads).toEqual([`packing-slips-${new Date().toISOString().slice(0, 10)}.pdf`]),
    );
  },
};

/**
 * Orders without an invoice in force (1 pending, 4 cancelled): nothing is printed, the toast
 * names them, and 'Leave them out' keeps only the invoiced order selected for another try.
 */
export const PrintInvoicesRefused: Story = {
  play: async ({ canvasElement }) => {
    const downloads = captureDownloads();
    await select(canvasElement, 4, 2, 1);
    await print(canvasElement, 'Print invoices', 'PDF (English)');
    const [sent] = await requests.waitFor('POST', PRINT);
    await expect(sent?.body).toEqual({ order_ids: [1, 2, 4], kind: 'invoice' });
    const toast = await expectToast(
      'Nothing printed',
      `2 orders have no invoice in force: ${numberOf(1)}, ${numberOf(4)}. Issue their invoices or leave them out.`,
      'error',
    );
    await expect(downloads).toEqual([]);
    await userEvent.click(within(toast).getByRole('button', { name: 'Leave them out' }));
    await expect(await bar(canvasElement)).toHaveTextContent('1 order selected');
    await expect(
      within(canvasElement).getByRole('checkbox', { name: `Select order ${numberOf(2)}` }),
    ).toBeChecked();
  },
};

/** A print the server fails says so. */
export const PrintFails: Story = {
  parameters: { msw: { handlers: [orderBulk.documents.error(500)] } },
  play: async ({ canvasElement }) => {
    await select(canvasElement, 2);
    await print(canvasElement, 'Print packing slips', 'PDF (English)');
    await expectToast('Error', 'Internal server error', 'error');
  },
};

/** Clear selection hides the bar; nothing is sent. */
export const ClearSelection: Story = {
  play: async ({ canvasElement }) => {
    await select(canvasElement, 1, 2);
    await userEvent.click(
      within(await bar(canvasElement)).getByRole('button', { name: 'Clear selection' }),
    );
    await waitFor(() =>
      expect(within(canvasElement).queryByRole('region', { name: 'Bulk actions' })).toBeNull(),
    );
    await afterRequestsSentSoFar();
    await expect(requests.to('POST', BULK)).toEqual([]);
  },
};

/** On a phone: the cards have their checkbox and the bar fits the screen. */
export const Phone: Story = {
  globals: PHONE_GLOBALS,
  play: async ({ canvasElement }) => {
    await select(canvasElement, 1);
    const actions = await bar(canvasElement);
    await expectInView(within(actions).getByRole('button', { name: 'Change status' }));
    await expectInView(within(actions).getByRole('button', { name: 'Export selection' }));
    await expectInView(within(actions).getByRole('button', { name: 'Print invoices' }));
    await expectInView(within(actions).getByRole('button', { name: 'Print packing slips' }));
  },
};

/** In Arabic. */
export const Arabic: Story = {
  globals: { locale: 'ar' },
  play: async ({ canvasElement }) => {
    await userEvent.click(
      await within(canvasElement).findByRole('checkbox', {
        name: `تحديد الطلب ${numberOf(1)}`,
      }),
    );
    const actions = await within(canvasElement).findByRole('region', {
      name: 'إجراءات جماعية',
    });
    await expect(actions).toHaveTextContent('طلب واحد محدد');
    await userEvent.click(within(actions).getByRole('button', { name: 'تغيير الحالة' }));
    await findOpenDialog('تغيير حالة طلب واحد');
  },
};

/** In Arabic: the print buttons, and the refusal naming the order without an invoice. */
export const ArabicPrintRefused: Story = {
  globals: { locale: 'ar' },
  play: async ({ canvasElement }) => {
    await userEvent.click(
      await within(canvasElement).findByRole('checkbox', {
        name: `تحديد الطلب ${numberOf(5)}`,
      }),
    );
    const actions = await within(canvasElement).findByRole('region', {
      name: 'إجراءات جماعية',
    });
    await expect(
      within(actions).getByRole('button', { name: 'طباعة قسائم التعبئة' }),
    ).toBeEnabled();
    await userEvent.click(within(actions).getByRole('button', { name: 'طباعة الفواتير' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'PDF (Français)' }));
    await expectToast(
      'لم يُطبع شيء',
      `طلب واحد بلا فاتورة سارية: ${numberOf(5)}. أصدِر فاتورته أو استبعده من التحديد.`,
      'error',
    );
  },
};
