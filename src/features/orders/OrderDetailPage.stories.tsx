import { Text } from '@chakra-ui/react';
import type { StoryObj } from '@storybook/react-vite';
import { HttpResponse, type RequestHandler } from 'msw';
import { expect, spyOn, userEvent, waitFor, within } from 'storybook/test';
import type { Invoice, Order, OrderStatusUpdate } from '@generated/model';
import { paths } from '@/lib/paths';
import { expectedMoney as money, expectedMoneyIn, expectedShopTime } from '@/testing/expected';
import { routesRender } from '@/testing/admin-screen';
import { expectLocation, expectToast, findOpenDialog, screen } from '@/testing/story';
import { afterRequestsSentSoFar } from '@/testing/waits';
import { orderDetails, orderReaderMe } from '@mocks/fixtures';
import { shopSettings } from '@mocks/fixtures/settings';
import { documentOf } from '@mocks/fixtures/invoices';
import { invoices, orders, settings } from '@mocks/handlers';
import { requests } from '@mocks/recorder';
import { OrderDetailPage } from './OrderDetailPage';
// The seven statuses in life-cycle order, written out in order-display.test.ts.
import { ORDER_STATUSES } from './order-display';
import { OrdersPage } from './OrdersPage';
import { orderDetailScreen } from './story-screens';

/** A stand-in for the list the detail goes back to. */
function ListStandIn() {
  return <Text data-testid="list-stand-in">Orders list</Text>;
}

/** A stand-in for the settings screen the invoice refusal leads to. */
function SettingsStandIn() {
  return <Text data-testid="settings-stand-in">Settings</Text>;
}

/** The order detail of /admin/orders/{id} (docs/product.md §2) in the admin layout, over the mock API. */
const meta = {
  title: 'Orders/OrderDetailPage',
  ...orderDetailScreen(1, [paths.orders.list, ListStandIn], [paths.settings, SettingsStandIn]),
};
export default meta;
type Story = StoryObj<typeof meta>;

const NOTE = '* VAT Reverse Charge applies (B2B EU)';
const byId = (id: number) => orderDetails.find((o) => o.id === id)!;
const getPath = (id: number) => `/api/v1/admin/orders/${id}`;
const statusPath = (id: number) => `/api/v1/admin/orders/${id}/status`;
const invoicesPath = (id: number) => `/api/v1/admin/orders/${id}/invoices`;
const timelinePath = (id: number) => `/api/v1/admin/orders/${id}/timeline`;

/* Expected texts, computed here from the fixtures, without the app's helpers. */
const placedOn = expectedShopTime;

const region = (canvasElement: HTMLElement, name: string) =>
  within(canvasElement).getByRole('region', { name });
/** The totals as [label, value] pairs. */
const totals = (canvasElement: HTMLElement) =>
  within(canvasElement)
    .getAllByTestId('total-line')
    .map((line) => Array.from(line.children).map((child) => child.textContent));
const expectedTotals = (order: Order) => [
  ['Subtotal (excl. VAT)', money(order.subtotal)],
  ['VAT Amount', money(order.vat_amount)],
  ['Shipping', money(order.shipping_amount)],
  ...(Number(order.discount_amount) > 0 ? [['Discount', `-${money(order.discount_amount)}`]] : []),
  ['Total', money(order.total_amount)],
];

async function waitForOrder(canvasElement: HTMLElement, order: Order) {
  await within(canvasElement).findByRole('heading', {
    level: 1,
    name: `Order ${order.order_number}`,
  });
}

async function expectOrder(canvasElement: HTMLElement, order: Order) {
  const canvas = within(canvasElement);
  await waitForOrder(canvasElement, order);
  await expect(document.title).toBe(`Order ${order.order_number} · Store back office`);
  await expect(canvas.getByText(`Placed on ${placedOn(order.created_at)}`)).toBeVisible();

  const status = region(canvasElement, 'Order Status');
  await expect(within(status).getByTestId('current-status')).toHaveTextContent(order.status);
  const select = within(status).getByRole('combobox', { name: 'Change status' });
  await expect(select).toHaveValue(order.status);
  await expect(
    within(select)
      .getAllByRole('option')
      .map((option) => (option as HTMLOptionElement).value),
  ).toEqual(ORDER_STATUSES);
  await expect(within(status).getByTestId('payment-method')).toHaveTextContent(
    order.payment_method.split('_').join(' ').toUpperCase(),
  );

  const customer = region(canvasElement, 'Customer Information');
  const a = order.shipping_address;
  await expect(customer).toHaveTextContent(`${a.first_name} ${a.last_name}`);
  await expect(customer).toHaveTextContent(order.customer_type);
  if (order.vat_number) {
    await expect(within(customer).getByText('VAT Number')).toBeVisible();
    await expect(customer).toHaveTextContent(order.vat_number);
  } else await expect(within(customer).queryByText('VAT Number')).toBeNull();

  const shipping = region(canvasElement, 'Shipping Address');
  for (const part of [
    a.company,
    a.first_name,
    a.last_name,
    a.street_address,
    a.apartment,
    a.city,
    a.state,
    a.postal_code,
    a.country,
    a.phone,
  ])
    if (part) await expect(shipping).toHaveTextContent(part);

  const items = within(region(canvasElement, 'Order Items')).getAllByTestId('order-item');
  await expect(items).toHaveLength(order.items.length);
  for (const [index, item] of order.items.entries()) {
    const line = items[index]!;
    await expect(line).toHaveTextContent(item.product_name);
    if (item.variant_title) await expect(line).toHaveTextContent(item.variant_title);
    await expect(line).toHaveTextContent(`Quantity: ${item.quantity}`);
    if (item.product_sku) await expect(line).toHaveTextContent(`SKU: ${item.product_sku}`);
    await expect(within(line).getByTestId('line-total')).toHaveTextContent(
      money(item.total_price_incl_vat),
    );
    await expect(within(line).getByTestId('unit-price')).toHaveTextContent(
      money(item.unit_price_incl_vat),
    );
  }
  await expect(totals(canvasElement)).toEqual(expectedTotals(order));
}

/** A pending individual order: no VAT number, no discount, no reverse charge. */
export const Filled: Story = {
  tags: ['visual'],
  play: async ({ canvasElement }) => {
    const order = byId(1);
    await expectOrder(canvasElement, order);
    await expect(within(canvasElement).queryByText('Discount')).toBeNull();
    await expect(within(canvasElement).queryByText(NOTE)).toBeNull();
    // No language chosen: the e-mails follow the shipping country (Tunisia: French).
    await expect(within(canvasElement).getByTestId('email-language')).toHaveTextContent(
      'E-mails inFrançais (from the shipping country)',
    );
    // No VAT number, no check line; no VAT on this order's shipping.
    await expect(within(canvasElement).queryByTestId('vat-number-check')).toBeNull();
    await expect(within(canvasElement).queryByTestId('shipping-vat')).toBeNull();
    const [call] = await requests.waitFor('GET', getPath(1));
    await expect(call?.params.id).toBe('1');
  },
};

/** A professional order with a discount: the Discount row, negative; the VAT number. */
export const WithDiscount: Story = {
  parameters: { route: '/admin/orders/2' },
  play: async ({ canvasElement }) => {
    const order = byId(2);
    await expect(Number(order.discount_amount)).toBeGreaterThan(0);
    await expectOrder(canvasElement, order);
    await expect(totals(canvasElement)).toContainEqual([
      'Discount',
      `-${money(order.discount_amount)}`,
    ]);
    await expect(within(canvasElement).queryByText(NOTE)).toBeNull();
    // The buyer chose English at checkout, although shipped to Tunisia.
    await expect(
      within(region(canvasElement, 'Customer Information')).getByTestId('email-language'),
    ).toHaveTextContent('E-mails inEnglish');
    // The VAT number was only checked for its format at checkout.
    await expect(
      within(region(canvasElement, 'Customer Information')).getByTestId('vat-number-check'),
    ).toHaveTextContent('VAT number: format checked only');
  },
};

/** An EU B2B order: the reverse-charge note. */
export const ReverseCharge: Story = {
  parameters: { route: '/admin/orders/3' },
  play: async ({ canvasElement }) => {
    const order = byId(3);
    await expect(order.vat_reverse_charge).toBe(true);
    await expectOrder(canvasElement, order);
    await expect(within(canvasElement).getByText(NOTE)).toBeVisible();
    await expect(within(canvasElement).queryByText('Discount')).toBeNull();
    // The reverse charge rests on a number VIES confirmed.
    await expect(
      within(region(canvasElement, 'Customer Information')).getByTestId('vat-number-check'),
    ).toHaveTextContent('VAT number: confirmed by VIES');
  },
};

/**
 * An order placed with shipping VAT: 7.000 net shipping carries 1.330 VAT (TN 19 %), inside the
 * VAT amount (16.670 on the items + 1.330 = 18.000); a TN professional whose number was
 * checked for its format only.
 */
const withShippingVat: Order = {
  ...byId(1),
  id: 41,
  customer_type: 'professional',
  vat_number: '1234567A/A/M/000',
  vat_number_check: 'format_checked',
  vat_amount: '18.000',
  shipping_vat_amount: '1.330',
  total_amount: '126.000',
};
export const ShippingVat: Story = {
  parameters: { route: '/admin/orders/41', msw: { handlers: [orders.get(withShippingVat)] } },
  play: async ({ canvasElement }) => {
    await expectOrder(canvasElement, withShippingVat);
    await expect(within(canvasElement).getByTestId('shipping-vat')).toHaveTextContent(
      `VAT Amount includes ${money('1.330')} on shipping`,
    );
    await expect(within(canvasElement).getByTestId('vat-number-check')).toHaveTextContent(
      'VAT number: format checked only',
    );
  },
};

let current: Order = byId(1);
/** The server's order changes with the PATCH, so the reload shows the new status. */
const statefulApi = [
  orders.get.reply(() => HttpResponse.json(current)),
  orders.updateStatus.reply(({ body }) => {
    current = { ...current, status: (body as OrderStatusUpdate).status };
    return HttpResponse.json(current);
  }),
];

/** A story over the stateful API, the order being #1 as the fixtures have it. */
const overStatefulApi = (play: NonNullable<Story['play']>): Story => ({
  beforeEach: () => {
    current = byId(1);
  },
  parameters: { msw: { handlers: statefulApi } },
  play,
});

export const ChangeStatus: Story = overStatefulApi(async ({ canvasElement }) => {
  await waitForOrder(canvasElement, current);
  const status = region(canvasElement, 'Order Status');
  const select = within(status).getByRole('combobox', { name: 'Change status' });
  await userEvent.selectOptions(select, 'shipped');

  const [patch] = await requests.waitFor('PATCH', statusPath(1));
  await expect(patch?.body).toEqual({ status: 'shipped' });
  await expectToast('Success', 'Order status updated', 'success');
  // The order was loaded again and shows the server's status.
  await requests.waitFor('GET', getPath(1), { count: 2 });
  await waitFor(() =>
    expect(within(status).getByTestId('current-status')).toHaveTextContent('shipped'),
  );
  await expect(within(status).getByTestId('current-status')).toHaveAttribute(
    'data-variant',
    'default',
  );
  await waitFor(() => expect(select).toBeEnabled());
  await expect(select).toHaveValue('shipped');
  await expect(requests.to('PATCH', statusPath(1))).toHaveLength(1);
  // The change may have issued an invoice or credit note: documents and timeline load again.
  await requests.waitFor('GET', invoicesPath(1), { count: 2 });
  await requests.waitFor('GET', timelinePath(1), { count: 2 });
});

/**
 * What ArrowDown does to a closed select in Chromium on Windows and Linux: the next option is
 * selected and `change` fires, during the key's default action (user-event does not do it).
 */
function arrowDown(select: HTMLSelectElement) {
  select.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }));
  select.selectedIndex += 1;
  select.dispatchEvent(new Event('change', { bubbles: true }));
  select.dispatchEvent(new KeyboardEvent('keyup', { key: 'ArrowDown', bubbles: true }));
}

/** Focuses the status select of a pending order and steps to the next status with ArrowDown. */
async function stepToConfirmed(canvasElement: HTMLElement): Promise<HTMLSelectElement> {
  const select = within(canvasElement).getByRole<HTMLSelectElement>('combobox', {
    name: 'Change status',
  });
  select.focus();
  arrowDown(select);
  await expect(select).toHaveValue('confirmed');
  return select;
}

/** Only an explicit choice sends the status: ArrowDown only shows the next one; Enter sends it. */
export const ChangeStatusByKeyboard: Story = overStatefulApi(async ({ canvasElement }) => {
  await waitForOrder(canvasElement, current);
  const status = region(canvasElement, 'Order Status');
  await stepToConfirmed(canvasElement);
  // What ArrowDown sent would have arrived before a request sent now: nothing was.
  await afterRequestsSentSoFar();
  await expect(requests.to('PATCH', statusPath(1))).toHaveLength(0);
  await expect(within(status).getByTestId('current-status')).toHaveTextContent('pending');

  await userEvent.keyboard('{Enter}');
  const [patch] = await requests.waitFor('PATCH', statusPath(1));
  await expect(patch?.body).toEqual({ status: 'confirmed' });
  await expectToast('Success', 'Order status updated', 'success');
  await waitFor(() =>
    expect(within(status).getByTestId('current-status')).toHaveTextContent('confirmed'),
  );
  await expect(requests.to('PATCH', statusPath(1))).toHaveLength(1);
});

/** Stepping through the options and leaving the field sends nothing and puts the status back. */
export const ChangeStatusByKeyboardAbandoned: Story = {
  play: async ({ canvasElement }) => {
    await waitForOrder(canvasElement, byId(1));
    const select = await stepToConfirmed(canvasElement);
    await userEvent.tab();
    await expect(select).toHaveValue('pending');
    await expect(requests.to('PATCH', statusPath(1))).toHaveLength(0);
  },
};

/** The list, opened before, shows the new status when coming back, without loading it again. */
export const ChangeStatusUpdatesList: Story = {
  beforeEach: () => {
    current = byId(1);
  },
  parameters: { route: '/admin/orders', msw: { handlers: statefulApi } },
  render: routesRender([
    [paths.orders.detailPattern, OrderDetailPage],
    [paths.orders.list, OrdersPage],
  ]),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const row = () =>
      canvas.getByRole('cell', { name: current.order_number }).closest('tr') as HTMLElement;
    await waitFor(() => expect(row()).toHaveTextContent('pending'));
    await userEvent.click(within(row()).getByRole('link', { name: 'View' }));
    await waitForOrder(canvasElement, current);
    await userEvent.selectOptions(
      canvas.getByRole('combobox', { name: 'Change status' }),
      'processing',
    );
    await expectToast('Success', 'Order status updated', 'success');
    await waitFor(() =>
      expect(canvas.getByTestId('current-status')).toHaveTextContent('processing'),
    );
    await userEvent.click(canvas.getByRole('link', { name: 'Back to Orders' }));
    await expectLocation(canvasElement, '/admin/orders');
    await waitFor(() => expect(within(row()).getByText('processing')).toBeVisible());
    await expect(requests.to('GET', '/api/v1/admin/orders/')).toHaveLength(1);
  },
};

/** While the change is under way the selector is disabled and shows the chosen status. */
export const ChangeStatusPending: Story = {
  parameters: { msw: { handlers: [orders.updateStatus.loading()] } },
  play: async ({ canvasElement }) => {
    await waitForOrder(canvasElement, byId(1));
    const select = within(canvasElement).getByRole('combobox', { name: 'Change status' });
    await userEvent.selectOptions(select, 'cancelled');
    await confirmEnding('Cancel order ORD-20250310-0001?', 'Cancel order');
    await requests.waitFor('PATCH', statusPath(1));
    await waitFor(() => expect(select).toBeDisabled());
    await expect(select).toHaveValue('cancelled');
    await expect(within(canvasElement).getByTestId('current-status')).toHaveTextContent('pending');
    await expect(
      within(canvasElement).getByRole('status', { name: 'Updating status' }),
    ).toBeVisible();
  },
};

/** The server's message, and the status stays as it was. */
export const ChangeStatusServerError: Story = {
  parameters: {
    msw: { handlers: [orders.updateStatus.error(404, 'Order not found')] },
  },
  play: async ({ canvasElement }) => {
    await waitForOrder(canvasElement, byId(1));
    const select = within(canvasElement).getByRole('combobox', { name: 'Change status' });
    await userEvent.selectOptions(select, 'refunded');
    await confirmEnding('Mark order ORD-20250310-0001 as refunded?', 'Mark as refunded');
    const [patch] = await requests.waitFor('PATCH', statusPath(1));
    await expect(patch?.body).toEqual({ status: 'refunded' });
    await expectToast('Error', 'Order not found', 'error');
    await waitFor(() => expect(select).toBeEnabled());
    await expect(select).toHaveValue('pending');
    await expect(within(canvasElement).getByTestId('current-status')).toHaveTextContent('pending');
    // Not reloaded.
    await expect(requests.to('GET', getPath(1))).toHaveLength(1);
  },
};

/** The confirmation of a cancel or refund (issue #26), once open: its question and effects. */
async function endingDialog(title: string) {
  const dialog = await findOpenDialog(title, 'alertdialog');
  const effects = within(within(dialog).getByTestId('status-change-effects'))
    .getAllByRole('listitem')
    .map((item) => item.textContent);
  return { dialog, effects };
}

/** Confirms the open cancel or refund dialog. */
async function confirmEnding(title: string, button: string) {
  const { dialog } = await endingDialog(title);
  await userEvent.click(within(dialog).getByRole('button', { name: button }));
}

const RESTOCK = 'Its items go back into stock.';

/**
 * Cancelling is asked first (a misclick would restock and could issue a credit note): "Keep
 * status" sends nothing and the selector shows the order's status again; the confirmation sends
 * it. A pending order without invoice: its stock comes back, no credit note is mentioned.
 */
export const CancelAsksFirst: Story = overStatefulApi(async ({ canvasElement }) => {
  await waitForOrder(canvasElement, current);
  const status = region(canvasElement, 'Order Status');
  const select = within(status).getByRole('combobox', { name: 'Change status' });
  await expect(await panel(canvasElement, 'Documents').findByText('No invoice yet.')).toBeVisible();
  await userEvent.selectOptions(select, 'cancelled');

  const { dialog, effects } = await endingDialog('Cancel order ORD-20250310-0001?');
  await expect(dialog).toHaveAccessibleDescription('Its status changes from pending to cancelled.');
  await expect(effects).toEqual([RESTOCK]);
  await expect(dialog).not.toHaveTextContent(/credit note/i);
  await expect(select).toHaveValue('pending');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Keep status' }));
  await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  await expect(select).toHaveValue('pending');
  await afterRequestsSentSoFar();
  await expect(requests.to('PATCH', statusPath(1))).toHaveLength(0);

  // Other statuses are still sent at once.
  await userEvent.selectOptions(select, 'confirmed');
  await expect(screen.queryByRole('alertdialog')).toBeNull();
  await requests.waitFor('PATCH', statusPath(1));
  await expectToast('Success', 'Order status updated', 'success');
  await waitFor(() => expect(select).toBeEnabled());

  await userEvent.selectOptions(select, 'cancelled');
  await confirmEnding('Cancel order ORD-20250310-0001?', 'Cancel order');
  const [, patch] = await requests.waitFor('PATCH', statusPath(1), { count: 2 });
  await expect(patch?.body).toEqual({ status: 'cancelled' });
  await expectToast('Success', 'Order status updated', 'success');
  await waitFor(() =>
    expect(within(status).getByTestId('current-status')).toHaveTextContent('cancelled'),
  );
  await expect(requests.to('PATCH', statusPath(1))).toHaveLength(2);
});

/**
 * Refunding a shipped order with an invoice in force: its stock comes back and a credit note is
 * issued for that invoice; "Keep status" sends nothing, the confirmation sends it.
 */
export const RefundAsksFirstWithInvoice: Story = {
  parameters: { route: '/admin/orders/2' },
  play: async ({ canvasElement }) => {
    await waitForOrder(canvasElement, byId(2));
    const documents = panel(canvasElement, 'Documents');
    await expect(await documents.findByText('INV-2025-000003')).toBeVisible();
    const select = within(canvasElement).getByRole('combobox', { name: 'Change status' });
    await userEvent.selectOptions(select, 'refunded');

    const title = 'Mark order ORD-20250308-0003 as refunded?';
    const { dialog, effects } = await endingDialog(title);
    await expect(dialog).toHaveAccessibleDescription(
      'Its status changes from shipped to refunded.',
    );
    await expect(effects).toEqual([
      RESTOCK,
      'A credit note is issued for invoice INV-2025-000003; the invoice itself stays as issued.',
    ]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep status' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(select).toHaveValue('shipped');
    await expect(requests.to('PATCH', statusPath(2))).toHaveLength(0);

    await userEvent.selectOptions(select, 'refunded');
    await confirmEnding(title, 'Mark as refunded');
    const [patch] = await requests.waitFor('PATCH', statusPath(2));
    await expect(patch?.body).toEqual({ status: 'refunded' });
    await expectToast('Success', 'Order status updated', 'success');
  },
};

/** Refunding a cancelled order whose invoice was credited: nothing else happens, and it says so. */
export const RefundCancelledAsksFirst: Story = {
  parameters: { route: '/admin/orders/4' },
  play: async ({ canvasElement }) => {
    await waitForOrder(canvasElement, byId(4));
    await expect(
      await panel(canvasElement, 'Documents').findByText('CN-2025-000001'),
    ).toBeVisible();
    const select = within(canvasElement).getByRole('combobox', { name: 'Change status' });
    await userEvent.selectOptions(select, 'refunded');
    const { effects } = await endingDialog('Mark order ORD-20250225-0001 as refunded?');
    await expect(effects).toEqual([
      'Its stock was already returned and it has no invoice to credit.',
    ]);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(select).toHaveValue('cancelled');
    await expect(requests.to('PATCH', statusPath(4))).toHaveLength(0);
  },
};

/**
 * Reopening a cancelled order takes its stock again; when a variant is short the server refuses
 * (409) and its detail (item, SKU, figures) is the toast, and the order stays cancelled.
 */
const STOCK_SHORT =
  'Cannot change the status to confirmed: not enough stock of Linen shirt — Blue / M (SKU LIN-BL-M): 1 in stock, 2 needed, and backorders are not allowed';
export const ReopenRefusedForStock: Story = {
  parameters: {
    route: '/admin/orders/4',
    msw: { handlers: [orders.updateStatus.error(409, STOCK_SHORT)] },
  },
  play: async ({ canvasElement }) => {
    await waitForOrder(canvasElement, byId(4));
    const select = within(canvasElement).getByRole('combobox', { name: 'Change status' });
    await expect(select).toHaveValue('cancelled');
    await userEvent.selectOptions(select, 'confirmed');
    const [patch] = await requests.waitFor('PATCH', statusPath(4));
    await expect(patch?.body).toEqual({ status: 'confirmed' });
    await expectToast('Error', STOCK_SHORT, 'error');
    await waitFor(() => expect(select).toBeEnabled());
    await expect(select).toHaveValue('cancelled');
    await expect(within(canvasElement).getByTestId('current-status')).toHaveTextContent(
      'cancelled',
    );
    await expect(requests.to('GET', getPath(4))).toHaveLength(1);
  },
};

/** Without a server message: 'Failed to update order status'. */
export const ChangeStatusFailure: Story = {
  parameters: { msw: { handlers: [orders.updateStatus.networkError()] } },
  play: async ({ canvasElement }) => {
    await waitForOrder(canvasElement, byId(1));
    const select = within(canvasElement).getByRole('combobox', { name: 'Change status' });
    await userEvent.selectOptions(select, 'delivered');
    await requests.waitFor('PATCH', statusPath(1));
    await expectToast('Error', 'Failed to update order status', 'error');
    await waitFor(() => expect(select).toHaveValue('pending'));
  },
};

export const NotFound: Story = {
  parameters: { route: '/admin/orders/999' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Order not found' }),
    ).toBeVisible();
    await requests.waitFor('GET', getPath(999));
    // A missing order is not a load failure: no toast.
    await expect(screen.queryAllByTestId('toast')).toHaveLength(0);
    await userEvent.click(canvas.getByRole('link', { name: 'Back to Orders' }));
    await expectLocation(canvasElement, '/admin/orders');
  },
};

/** An id that is not a number cannot exist: no request. */
export const InvalidId: Story = {
  parameters: { route: '/admin/orders/abc' },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('heading', { level: 1, name: 'Order not found' }),
    ).toBeVisible();
    await expect(requests.to('GET', /\/admin\/orders\//)).toHaveLength(0);
  },
};

export const LoadError: Story = {
  parameters: { msw: { handlers: [orders.get.error(500, 'Database unavailable')] } },
  play: async ({ canvasElement }) => {
    await expectToast('Error', 'Failed to load order details', 'error');
    await expect(
      await within(canvasElement).findByText('The order could not be loaded.'),
    ).toBeVisible();
    await expect(within(canvasElement).queryByText('Order not found')).toBeNull();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [orders.get.loading()] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Loading order...')).toBeVisible();
    await expect(canvas.queryByRole('region', { name: 'Order Items' })).toBeNull();
  },
};

export const Mobile: Story = {
  parameters: { route: '/admin/orders/2' },
  globals: { viewport: { value: 'mobile375' } },
  play: async ({ canvasElement }) => {
    await waitForOrder(canvasElement, byId(2));
    await expect(region(canvasElement, 'Order Status')).toBeVisible();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};

/* The paperwork: documents, timeline, shipment (issue #13). */

const panel = (canvasElement: HTMLElement, name: string) => within(region(canvasElement, name));
/** The panel `name` of the order `id`, once the order is shown. */
async function orderPanel(canvasElement: HTMLElement, id: number, name: string) {
  await waitForOrder(canvasElement, byId(id));
  return panel(canvasElement, name);
}

/**
 * An admin who may read orders but not change them (orders:read without orders:write; the console
 * follows the permissions /me gives, whatever the role): the order and its paperwork, no status
 * change, no "Issue invoice", no note form, no shipment form.
 */
export const ReadOnlyForOrderReader: Story = {
  parameters: { auth: { userType: 'admin', user: orderReaderMe } },
  play: async ({ canvasElement }) => {
    await waitForOrder(canvasElement, byId(1));
    const canvas = within(canvasElement);
    await expect(canvas.getByTestId('current-status')).toBeVisible();
    await expect(canvas.queryByText('Change status')).toBeNull();
    await expect(canvas.queryByRole('combobox')).toBeNull();
    const documents = panel(canvasElement, 'Documents');
    await expect(await documents.findByText('No invoice yet.')).toBeVisible();
    await expect(documents.queryByRole('button', { name: 'Issue invoice' })).toBeNull();
    await expect(documents.getByRole('button', { name: 'Packing slip' })).toBeVisible();
    const timeline = panel(canvasElement, 'Timeline');
    await expect((await timeline.findAllByTestId('timeline-event')).length).toBeGreaterThan(0);
    await expect(timeline.queryByRole('textbox', { name: 'Internal note' })).toBeNull();
    await expect(timeline.queryByRole('button', { name: 'Add note' })).toBeNull();
    // No shipment set on this order: nothing to show, nothing to fill in.
    await expect(canvas.queryByRole('region', { name: 'Shipment' })).toBeNull();
  },
};

/** The same reader on a shipped order: the carrier and tracking number, without the form. */
export const ReadOnlyShipment: Story = {
  parameters: { route: '/admin/orders/2', auth: { userType: 'admin', user: orderReaderMe } },
  play: async ({ canvasElement }) => {
    const shipment = await orderPanel(canvasElement, 2, 'Shipment');
    await expect(shipment.getByTestId('shipment-details')).toHaveTextContent('Aramex');
    await expect(shipment.queryByRole('textbox')).toBeNull();
    await expect(shipment.queryByRole('button')).toBeNull();
  },
};

/** A shipped order: its invoice, its timeline from the checkout on, its carrier and tracking. */
export const Paperwork: Story = {
  parameters: { route: '/admin/orders/2' },
  play: async ({ canvasElement }) => {
    const documents = await orderPanel(canvasElement, 2, 'Documents');
    await expect(await documents.findByText('INV-2025-000003')).toBeVisible();
    await expect(documents.queryByRole('button', { name: 'Issue invoice' })).toBeNull();
    const timeline = panel(canvasElement, 'Timeline');
    await expect(await timeline.findByText('Invoice INV-2025-000003 issued')).toBeVisible();
    // Its nine events and its card payment (payments).
    await expect(timeline.getAllByTestId('timeline-event')).toHaveLength(10);
    const shipment = panel(canvasElement, 'Shipment');
    await expect(shipment.getByTestId('shipment-details')).toHaveTextContent('Aramex');
    await expect(shipment.getByRole('textbox', { name: 'Tracking number' })).toHaveValue(
      '7731 0042',
    );
    await requests.waitFor('GET', invoicesPath(2));
    await requests.waitFor('GET', timelinePath(2));
  },
};

let issuedDocuments: Invoice[] = [];
const issuedInvoice = documentOf(byId(1), {
  id: 9,
  number: 'INV-2026-000001',
  issued_at: '2026-11-24T10:00:00.000Z',
  issued_by: 'admin',
});
/** The server's documents of order 1 change with the POST. */
const issuingApi = [
  invoices.listForOrder.reply(() => HttpResponse.json(issuedDocuments)),
  invoices.issue.reply(() => {
    issuedDocuments = [issuedInvoice];
    return HttpResponse.json(issuedInvoice, { status: 201 });
  }),
];

/** "Issue invoice": the POST (no body), then the documents and timeline are loaded again. */
export const IssueInvoice: Story = {
  beforeEach: () => {
    issuedDocuments = [];
  },
  parameters: { msw: { handlers: issuingApi } },
  play: async ({ canvasElement }) => {
    const documents = await orderPanel(canvasElement, 1, 'Documents');
    await expect(await documents.findByText('No invoice yet.')).toBeVisible();
    await userEvent.click(documents.getByRole('button', { name: 'Issue invoice' }));
    const [post] = await requests.waitFor('POST', invoicesPath(1));
    await expect(post?.body).toBeUndefined();
    await expectToast('Success', 'Invoice issued', 'success');
    await expect(await documents.findByText('INV-2026-000001')).toBeVisible();
    await expect(documents.queryByRole('button', { name: 'Issue invoice' })).toBeNull();
    await requests.waitFor('GET', timelinePath(1), { count: 2 });
  },
};

/** While the invoice is issued the button is busy. */
export const IssueInvoicePending: Story = {
  parameters: { msw: { handlers: [invoices.issue.loading()] } },
  play: async ({ canvasElement }) => {
    const documents = await orderPanel(canvasElement, 1, 'Documents');
    await userEvent.click(await documents.findByRole('button', { name: 'Issue invoice' }));
    await waitFor(() =>
      expect(documents.getByRole('button', { name: /Issuing invoice/ })).toBeDisabled(),
    );
  },
};

/** Refused (409) for another reason than the settings: the server's reason is the toast. */
const ALREADY_INVOICED = 'This order already has an invoice';
export const IssueInvoiceRefused: Story = {
  parameters: { msw: { handlers: [invoices.issue.error(409, ALREADY_INVOICED)] } },
  play: async ({ canvasElement }) => {
    const documents = await orderPanel(canvasElement, 1, 'Documents');
    await userEvent.click(await documents.findByRole('button', { name: 'Issue invoice' }));
    const toast = await expectToast('Error', ALREADY_INVOICED, 'error');
    await expect(within(toast).queryByRole('button', { name: 'Open Settings' })).toBeNull();
    await waitFor(() =>
      expect(documents.getByRole('button', { name: 'Issue invoice' })).toBeEnabled(),
    );
    await expect(documents.getByText('No invoice yet.')).toBeVisible();
  },
};

/**
 * Refused (409) while the shop's legal details are missing: the toast names the missing fields
 * (the settings' missing_for_invoices, in the screen's words) and leads to Settings.
 */
export const IssueInvoiceSettingsIncomplete: Story = {
  parameters: {
    msw: {
      handlers: [
        invoices.issue.error(
          409,
          'Complete the shop settings before issuing invoices (missing: address, matricule_fiscal)',
        ),
        settings.get({
          ...shopSettings,
          address: null,
          matricule_fiscal: null,
          missing_for_invoices: ['address', 'matricule_fiscal'],
        }),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const documents = await orderPanel(canvasElement, 1, 'Documents');
    await userEvent.click(await documents.findByRole('button', { name: 'Issue invoice' }));
    await requests.waitFor('GET', '/api/v1/admin/settings/shop');
    const toast = await expectToast(
      'Error',
      'Complete the shop settings before issuing invoices. Missing: Address and Matricule fiscal.',
      'error',
    );
    await expect(documents.getByText('No invoice yet.')).toBeVisible();
    await userEvent.click(within(toast).getByRole('button', { name: 'Open Settings' }));
    await expectLocation(canvasElement, paths.settings);
    await expect(within(canvasElement).getByTestId('settings-stand-in')).toBeVisible();
  },
};

/** A cancelled order: its invoice and credit note; no invoice can be issued. */
export const Credited: Story = {
  parameters: { route: '/admin/orders/4' },
  play: async ({ canvasElement }) => {
    const documents = await orderPanel(canvasElement, 4, 'Documents');
    await expect(await documents.findByText('CN-2025-000001')).toBeVisible();
    await expect(documents.getByText('Credits INV-2025-000001')).toBeVisible();
    await expect(documents.queryByRole('button', { name: 'Issue invoice' })).toBeNull();
  },
};

/** The files the app handed to the browser, by the download link it clicked. */
const saved: string[] = [];
/** Downloads: the PDF in the language chosen, saved under the server's file name. */
export const Downloads: Story = {
  parameters: { route: '/admin/orders/2' },
  beforeEach: () => {
    saved.length = 0;
    const click = spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    return () => click.mockRestore();
  },
  play: async ({ canvasElement }) => {
    const documents = await orderPanel(canvasElement, 2, 'Documents');
    await userEvent.click(
      await documents.findByRole('button', { name: 'Download PDF of INV-2025-000003' }),
    );
    await userEvent.click(await screen.findByRole('menuitem', { name: 'PDF (Français)' }));
    const [pdf] = await requests.waitFor('GET', '/api/v1/admin/invoices/4/pdf');
    await expect(pdf?.query).toEqual({ lang: 'fr' });
    await waitFor(() => expect(saved).toEqual(['INV-2025-000003.pdf']));

    await userEvent.click(documents.getByRole('button', { name: 'Packing slip' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'PDF (English)' }));
    const [slip] = await requests.waitFor('GET', '/api/v1/admin/orders/2/packing-slip');
    await expect(slip?.query).toEqual({ lang: 'en' });
    await waitFor(() =>
      expect(saved).toEqual(['INV-2025-000003.pdf', 'packing-slip-ORD-20250308-0003.pdf']),
    );
  },
};

/** Asks for the English PDF of order 2's invoice; the toast says `message`. */
const downloadFails = (handler: RequestHandler, message: string): Story => ({
  parameters: { route: '/admin/orders/2', msw: { handlers: [handler] } },
  play: async ({ canvasElement }) => {
    await waitForOrder(canvasElement, byId(2));
    await userEvent.click(
      await panel(canvasElement, 'Documents').findByRole('button', {
        name: 'Download PDF of INV-2025-000003',
      }),
    );
    await userEvent.click(await screen.findByRole('menuitem', { name: 'PDF (English)' }));
    await expectToast('Error', message, 'error');
  },
});

/** A failed download says so. */
export const DownloadFailure = downloadFails(
  invoices.pdf.networkError(),
  'Failed to download the PDF',
);

/** A refused download says what the server said (its answer came as a Blob). */
export const DownloadRefused = downloadFails(
  invoices.pdf.error(404, 'Document not found'),
  'Document not found',
);

/** The documents and the timeline fail on their own: each says so and loads again on Retry. */
export const PaperworkLoadErrors: Story = {
  parameters: {
    msw: {
      handlers: [
        invoices.listForOrder.error(500, 'Database unavailable'),
        orders.timeline.error(500, 'Database unavailable'),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const documents = await orderPanel(canvasElement, 1, 'Documents');
    await expect(await documents.findByText('The documents could not be loaded.')).toBeVisible();
    const timeline = panel(canvasElement, 'Timeline');
    await expect(await timeline.findByText('The timeline could not be loaded.')).toBeVisible();
    await userEvent.click(documents.getByRole('button', { name: 'Retry' }));
    await requests.waitFor('GET', invoicesPath(1), { count: 2 });
    await userEvent.click(timeline.getByRole('button', { name: 'Retry' }));
    await requests.waitFor('GET', timelinePath(1), { count: 2 });
    // The order itself loaded: no toast.
    await expect(screen.queryAllByTestId('toast')).toHaveLength(0);
  },
};

/** A note: sent with its text, then the timeline is loaded again. */
export const AddNote: Story = {
  play: async ({ canvasElement }) => {
    const timeline = await orderPanel(canvasElement, 1, 'Timeline');
    await userEvent.type(
      timeline.getByRole('textbox', { name: 'Internal note' }),
      'Client rappelé, livraison confirmée',
    );
    await userEvent.click(timeline.getByRole('button', { name: 'Add note' }));
    const [post] = await requests.waitFor('POST', '/api/v1/admin/orders/1/notes');
    await expect(post?.body).toEqual({ note: 'Client rappelé, livraison confirmée' });
    await expectToast('Success', 'Note added', 'success');
    await requests.waitFor('GET', timelinePath(1), { count: 2 });
    await expect(timeline.getByRole('textbox', { name: 'Internal note' })).toHaveValue('');
  },
};

/** A blank note: the form's message, nothing sent. */
export const AddNoteBlank: Story = {
  play: async ({ canvasElement }) => {
    const timeline = await orderPanel(canvasElement, 1, 'Timeline');
    await userEvent.click(timeline.getByRole('button', { name: 'Add note' }));
    await expect(await timeline.findByText('Note is required')).toBeVisible();
    await expect(requests.to('POST', '/api/v1/admin/orders/1/notes')).toHaveLength(0);
  },
};

/** The server's message; the note stays in the form. */
export const AddNoteServerError: Story = {
  parameters: { msw: { handlers: [orders.addNote.error(500, 'Database unavailable')] } },
  play: async ({ canvasElement }) => {
    const timeline = await orderPanel(canvasElement, 1, 'Timeline');
    const note = timeline.getByRole('textbox', { name: 'Internal note' });
    await userEvent.type(note, 'Rappeler demain');
    await userEvent.click(timeline.getByRole('button', { name: 'Add note' }));
    await expectToast('Error', 'Database unavailable', 'error');
    await expect(note).toHaveValue('Rappeler demain');
    await expect(requests.to('GET', timelinePath(1))).toHaveLength(1);
  },
};

/** Carrier and tracking number: the PUT's body (trimmed), the order and timeline refreshed. */
export const SetShipment: Story = {
  play: async ({ canvasElement }) => {
    const shipment = await orderPanel(canvasElement, 1, 'Shipment');
    await expect(shipment.queryByTestId('shipment-details')).toBeNull();
    await userEvent.type(shipment.getByRole('textbox', { name: 'Carrier' }), ' Rapid-Poste ');
    await userEvent.type(
      shipment.getByRole('textbox', { name: 'Tracking number' }),
      'RR123456789TN',
    );
    await userEvent.click(shipment.getByRole('button', { name: 'Save shipment' }));
    const [put] = await requests.waitFor('PUT', '/api/v1/admin/orders/1/shipment');
    await expect(put?.body).toEqual({ carrier: 'Rapid-Poste', tracking_number: 'RR123456789TN' });
    await expectToast('Success', 'Shipment saved', 'success');
    await waitFor(() =>
      expect(shipment.getByTestId('shipment-details')).toHaveTextContent('RR123456789TN'),
    );
    await requests.waitFor('GET', timelinePath(1), { count: 2 });
  },
};

/** A tracking number outside the contract's alphabet: the form's message, nothing sent. */
export const SetShipmentInvalid: Story = {
  play: async ({ canvasElement }) => {
    const shipment = await orderPanel(canvasElement, 1, 'Shipment');
    await userEvent.type(shipment.getByRole('textbox', { name: 'Tracking number' }), 'RR#1');
    await userEvent.click(shipment.getByRole('button', { name: 'Save shipment' }));
    await expect(await shipment.findByText('Carrier is required')).toBeVisible();
    await expect(
      shipment.getByText('Tracking number may only hold letters, digits, spaces and . / _ -'),
    ).toBeVisible();
    await expect(requests.to('PUT', '/api/v1/admin/orders/1/shipment')).toHaveLength(0);
  },
};

/** A cancelled order cannot be shipped: the server's reason (409) is the toast. */
export const SetShipmentRefused: Story = {
  parameters: { route: '/admin/orders/4' },
  play: async ({ canvasElement }) => {
    const shipment = await orderPanel(canvasElement, 4, 'Shipment');
    await userEvent.type(shipment.getByRole('textbox', { name: 'Carrier' }), 'Aramex');
    await userEvent.type(shipment.getByRole('textbox', { name: 'Tracking number' }), '7731');
    await userEvent.click(shipment.getByRole('button', { name: 'Save shipment' }));
    await requests.waitFor('PUT', '/api/v1/admin/orders/4/shipment');
    await expectToast('Error', 'A cancelled order cannot be shipped', 'error');
    await expect(shipment.queryByTestId('shipment-details')).toBeNull();
  },
};

/** In Arabic, right to left: the translated heading, a status, an amount and the date in Tunis time. */
export const Arabic: Story = {
  globals: { locale: 'ar' },
  play: async ({ canvasElement }) => {
    const order = byId(1);
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { level: 1, name: `الطلب ${order.order_number}` });
    await expect(document.documentElement.dir).toBe('rtl');
    await expect(canvas.getByText(`تم في ${placedOn(order.created_at, 'ar-TN')}`)).toBeVisible();
    await expect(canvas.getByTestId('current-status')).toHaveTextContent('قيد الانتظار');
    await expect(canvas.getAllByTestId('total-line').at(-1)).toHaveTextContent(
      expectedMoneyIn('ar-TN', order.total_amount),
    );
    await expect(canvas.getByRole('combobox', { name: 'تغيير الحالة' })).toHaveValue('pending');
    await expect(canvas.getByTestId('email-language')).toHaveTextContent(
      'لغة الرسائل الإلكترونيةFrançais (حسب بلد الشحن)',
    );
  },
};

/** The refund's confirmation in Arabic: the numbers isolated in the right-to-left sentences. */
export const ArabicRefundAsksFirst: Story = {
  globals: { locale: 'ar' },
  parameters: { route: '/admin/orders/2' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { level: 1, name: `الطلب ${byId(2).order_number}` });
    await expect(await canvas.findByText('INV-2025-000003')).toBeVisible();
    await userEvent.selectOptions(
      canvas.getByRole('combobox', { name: 'تغيير الحالة' }),
      'refunded',
    );
    const { dialog, effects } = await endingDialog(
      'هل تريد تسجيل استرداد الطلب \u2068ORD-20250308-0003\u2069؟',
    );
    await expect(dialog).toHaveAccessibleDescription('ستتغيّر حالته من «تم الشحن» إلى «مسترد».');
    await expect(effects).toEqual([
      'ستُعاد منتجاته إلى المخزون.',
      'سيصدر إشعار دائن للفاتورة \u2068INV-2025-000003\u2069، وتبقى الفاتورة نفسها كما صدرت.',
    ]);
    await expect(within(dialog).getByRole('button', { name: 'تسجيل الاسترداد' })).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'إبقاء الحالة' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(requests.to('PATCH', statusPath(2))).toHaveLength(0);
  },
};

/** The cancel's confirmation in French. */
export const FrenchCancelAsksFirst: Story = {
  globals: { locale: 'fr' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { level: 1, name: `Commande ${byId(1).order_number}` });
    await expect(await canvas.findByText('Pas encore de facture.')).toBeVisible();
    await userEvent.selectOptions(
      canvas.getByRole('combobox', { name: 'Changer le statut' }),
      'cancelled',
    );
    const { dialog, effects } = await endingDialog('Annuler la commande ORD-20250310-0001 ?');
    await expect(dialog).toHaveAccessibleDescription(
      'Son statut passera de « en attente » à « annulée ».',
    );
    await expect(effects).toEqual(['Ses articles seront remis en stock.']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Annuler la commande' }));
    const [patch] = await requests.waitFor('PATCH', statusPath(1));
    await expect(patch?.body).toEqual({ status: 'cancelled' });
  },
};

/** In French: the translated heading and sections. */
export const French: Story = {
  globals: { locale: 'fr' },
  play: async ({ canvasElement }) => {
    const order = byId(1);
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { level: 1, name: `Commande ${order.order_number}` });
    await expect(document.documentElement.dir).toBe('ltr');
    await expect(region(canvasElement, 'Statut de la commande')).toBeVisible();
    await expect(canvas.getByTestId('current-status')).toHaveTextContent('en attente');
  },
};

/** In dark mode: the filled order, every text as in light. */
export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvasElement }) => {
    await expect(document.documentElement).toHaveClass('dark');
    await expectOrder(canvasElement, byId(1));
  },
};
