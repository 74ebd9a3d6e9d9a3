import { Text } from '@chakra-ui/react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { Order, OrderStatusUpdate } from '@generated/model';
import { paths } from '@/lib/paths';
import { expectedMoney as money } from '@/testing/expected';
import { adminScreen, routesRender } from '@/testing/admin-screen';
import { expectLocation, expectToast, screen } from '@/testing/story';
import { orderDetails } from '@mocks/fixtures';
import { orders } from '@mocks/handlers';
import { requests } from '@mocks/recorder';
import { OrderDetailPage } from './OrderDetailPage';
// The seven statuses in life-cycle order, written out in order-display.test.ts.
import { ORDER_STATUSES } from './order-display';
import { OrdersPage } from './OrdersPage';

/** A stand-in for the list the detail goes back to. */
function ListStandIn() {
  return <Text data-testid="list-stand-in">Orders list</Text>;
}

/** The order detail of /admin/orders/{id} (docs/product.md §2) in the admin layout, over the mock API. */
const meta = {
  title: 'Orders/OrderDetailPage',
  component: OrderDetailPage,
  ...adminScreen(paths.orders.detail(1), {
    routes: [
      [paths.orders.detailPattern, OrderDetailPage],
      [paths.orders.list, ListStandIn],
    ],
  }),
} satisfies Meta<typeof OrderDetailPage>;
export default meta;
type Story = StoryObj<typeof meta>;

const NOTE = '* VAT Reverse Charge applies (B2B EU)';
const byId = (id: number) => orderDetails.find((o) => o.id === id)!;
const getPath = (id: number) => `/api/v1/admin/orders/${id}`;
const statusPath = (id: number) => `/api/v1/admin/orders/${id}/status`;

/* Expected texts, computed here from the fixtures, without the app's helpers. */
const placedOn = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', {
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
    timeZoneName: 'short',
  });

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
  play: async ({ canvasElement }) => {
    const order = byId(1);
    await expectOrder(canvasElement, order);
    await expect(within(canvasElement).queryByText('Discount')).toBeNull();
    await expect(within(canvasElement).queryByText(NOTE)).toBeNull();
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

export const ChangeStatus: Story = {
  beforeEach: () => {
    current = byId(1);
  },
  parameters: { msw: { handlers: statefulApi } },
  play: async ({ canvasElement }) => {
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
    await requests.waitFor('PATCH', statusPath(1));
    await waitFor(() => expect(select).toBeDisabled());
    await expect(select).toHaveValue('cancelled');
    await expect(within(canvasElement).getByTestId('current-status')).toHaveTextContent('pending');
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
