import type { StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import type { Order } from '@generated/model';
import { expectedMoney as money, expectedMoneyIn } from '@/testing/expected';
import { orderDetails } from '@mocks/fixtures';
import { orders } from '@mocks/handlers';
import { orderDetailScreen } from './story-screens';

/**
 * The order detail of an order with a discount code (#29): the brief's Discount row (only when
 * above zero, shown negative) with the code and the discount's name, and each line's share of
 * it (excl. VAT) under the line.
 */
const meta = {
  title: 'Orders/OrderDetailDiscount',
  ...orderDetailScreen(42),
};
export default meta;
type Story = StoryObj<typeof meta>;

/*
 * Order 1 of the fixtures with WELCOME10 (10 %) at checkout: 10 % of the 117.670 its lines show
 * is 11.767, spread 9.520 + 2.247; the T-shirts then cost 85.680 (72.000 net + 13.680 VAT, 8.000
 * off their net) and the harissa 20.223 (18.900 + 1.323, 2.100 off): discount_amount 10.100,
 * vat_amount 15.003, total 101.000 + 15.003 + 7.000 − 10.100 = 112.903 (= 124.670 − 11.767).
 */
const base = orderDetails.find((o) => o.id === 1)!;
const discounted: Order = {
  ...base,
  id: 42,
  vat_amount: '15.003',
  discount_amount: '10.100',
  discount: { code: 'WELCOME10', name: 'Welcome', kind: 'percent', shipping_waived: '0.000' },
  total_amount: '112.903',
  amount_paid: '0.000',
  balance_due: '112.903',
  payment_status: 'unpaid',
  items: [
    {
      ...base.items[0]!,
      vat_amount: '13.680',
      total_price_incl_vat: '85.680',
      discount_amount: '8.000',
    },
    {
      ...base.items[1]!,
      vat_amount: '1.323',
      total_price_incl_vat: '20.223',
      discount_amount: '2.100',
    },
  ],
};
const parameters = { msw: { handlers: [orders.get(discounted)] } };

const items = (canvasElement: HTMLElement) =>
  within(canvasElement).getByRole('region', { name: /^(Order Items|بنود الطلب)$/ });
/** The totals as [label, value] pairs (a label with the discount's name under it: both). */
const totals = (canvasElement: HTMLElement) =>
  within(canvasElement)
    .getAllByTestId('total-line')
    .map((line) => Array.from(line.children).map((child) => child.textContent));

async function findOrder(canvasElement: HTMLElement, name: string) {
  await within(canvasElement).findByRole('heading', { level: 1, name }, { timeout: 5000 });
}

export const WithCode: Story = {
  parameters,
  play: async ({ canvasElement }) => {
    await findOrder(canvasElement, `Order ${discounted.order_number}`);
    await expect(totals(canvasElement)).toEqual([
      ['Subtotal (excl. VAT)', money('101.000')],
      ['VAT Amount', money('15.003')],
      ['Shipping', money('7.000')],
      ['Discount (WELCOME10)Welcome', `-${money('10.100')}`],
      ['Total', money('112.903')],
    ]);
    await expect(within(canvasElement).getByTestId('discount-name')).toHaveTextContent('Welcome');
    const lines = within(items(canvasElement)).getAllByTestId('order-item');
    await expect(within(lines[0]!).getByTestId('line-total')).toHaveTextContent(money('85.680'));
    await expect(within(lines[0]!).getByTestId('item-discount')).toHaveTextContent(
      `Discount -${money('8.000')}`,
    );
    await expect(within(lines[1]!).getByTestId('item-discount')).toHaveTextContent(
      `Discount -${money('2.100')}`,
    );
  },
};

/** A manual discount of a staff order: no code, its reason as the name in the row. */
export const ManualDiscount: Story = {
  parameters: {
    msw: {
      handlers: [
        orders.get({
          ...discounted,
          discount: {
            code: null,
            name: 'Loyal customer',
            kind: 'percent',
            shipping_waived: '0.000',
          },
        }),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    await findOrder(canvasElement, `Order ${discounted.order_number}`);
    await expect(totals(canvasElement)).toContainEqual([
      'Discount (Loyal customer)',
      `-${money('10.100')}`,
    ]);
    await expect(within(canvasElement).queryByTestId('discount-name')).toBeNull();
  },
};

/** An item without a share of the discount shows none; an order without one has no row. */
export const NoDiscount: Story = {
  parameters: { msw: { handlers: [orders.get({ ...base, id: 42 })] } },
  play: async ({ canvasElement }) => {
    await findOrder(canvasElement, `Order ${base.order_number}`);
    await expect(within(canvasElement).queryByTestId('item-discount')).toBeNull();
    await expect(totals(canvasElement).map(([label]) => label)).toEqual([
      'Subtotal (excl. VAT)',
      'VAT Amount',
      'Shipping',
      'Total',
    ]);
  },
};

/** Arabic: the code isolated in the right-to-left label, the line's share translated. */
export const Arabic: Story = {
  parameters,
  globals: { locale: 'ar' },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByTestId('discount-name', {}, { timeout: 5000 });
    await expect(document.documentElement.dir).toBe('rtl');
    const row = within(canvasElement)
      .getAllByTestId('total-line')
      .find((line) => line.textContent.includes('WELCOME10'))!;
    await expect(row.children[0]).toHaveTextContent('الخصم (\u2068WELCOME10\u2069)Welcome');
    // The amount as the Arabic locale writes it (its spaces normalised).
    await expect(row.children[1]).toHaveTextContent(`-${expectedMoneyIn('ar-TN', '10.100')}`);
    const lines = within(items(canvasElement)).getAllByTestId('order-item');
    await expect(within(lines[0]!).getByTestId('item-discount')).toHaveTextContent(
      `خصم -${expectedMoneyIn('ar-TN', '8.000')}`,
    );
  },
};

/** On a phone: the row and the line's share fit the screen. */
export const Phone: Story = {
  parameters,
  globals: { viewport: { value: 'mobile375' } },
  play: async ({ canvasElement }) => {
    await findOrder(canvasElement, `Order ${discounted.order_number}`);
    await expect(within(canvasElement).getByTestId('discount-name')).toBeVisible();
    const lines = within(items(canvasElement)).getAllByTestId('order-item');
    await expect(within(lines[0]!).getByTestId('item-discount')).toBeVisible();
    await expect(within(lines[0]!).getByTestId('item-discount')).toHaveTextContent(
      `Discount -${money('8.000')}`,
    );
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};
