import type { StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { orders as orderFixtures } from '@mocks/fixtures';
import { paths } from '@/lib/paths';
import { expectOrdersExported, ordersListScreen } from '../story-screens';
import { expectSent } from '@/testing/server-list';
import { expectLocation } from '@/testing/story';

/** The orders list's payment status: its badge column, its filter and the CSV export's query. */
const meta = { title: 'Orders/Payments/OrdersPaymentStatus', ...ordersListScreen() };
export default meta;
type Story = StoryObj<typeof meta>;

const LIST = '/api/v1/admin/orders/';
const WORDS: Record<string, string> = {
  unpaid: 'Unpaid',
  partially_paid: 'Partially paid',
  paid: 'Paid',
  overpaid: 'Overpaid',
  refunded: 'Refunded',
};
const shownStatuses = (canvasElement: HTMLElement) =>
  within(canvasElement)
    .queryAllByTestId('payment-status')
    .map((badge) => [badge.textContent, badge.getAttribute('data-variant')]);

/**
 * Each order's payment status as a badge; the filter sends payment_status and the list shows
 * the orders the server answers; the export sends the same filter.
 */
export const FilterAndExport: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByTestId('order-count');
    const variant = (s: string) =>
      s === 'paid' ? 'default' : s === 'partially_paid' ? 'outline' : 'secondary';
    await expect(shownStatuses(canvasElement)).toEqual(
      orderFixtures.map((o) => [WORDS[o.payment_status], variant(o.payment_status)]),
    );
    await expect(
      within(canvas.getByRole('combobox', { name: 'Filter by payment status' }))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All payment statuses', 'Unpaid', 'Partially paid', 'Paid', 'Overpaid', 'Refunded']);

    await userEvent.selectOptions(
      canvas.getByRole('combobox', { name: 'Filter by payment status' }),
      'paid',
    );
    await expectSent(LIST, 'payment_status', 'paid');
    const paid = orderFixtures.filter((o) => o.payment_status === 'paid');
    await waitFor(() =>
      expect(shownStatuses(canvasElement)).toEqual(paid.map(() => ['Paid', 'default'])),
    );
    await expect(canvas.getByTestId('order-count')).toHaveTextContent(
      `${paid.length} of ${orderFixtures.length} orders`,
    );

    const query = await expectOrdersExported(canvasElement);
    await expect(query).toMatchObject({ payment_status: 'paid' });
  },
};

/** 'Remittances' beside the title opens the carriers' remittances. */
export const RemittancesLink: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole('link', { name: 'Remittances' }));
    await expectLocation(canvasElement, paths.orders.remittances);
  },
};
