import type { StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import type { Order } from '@generated/model';
import { expectedMoney as money, expectedMoneyIn } from '@/testing/expected';
import { orderDetails, placedWithStampDuty } from '@mocks/fixtures/orders';
import { orders } from '@mocks/handlers';
import { orderDetailScreen } from './story-screens';

/**
 * The order detail's totals with the stamp duty (#30, docs/product.md §10.28): its own line,
 * before the total that includes it, on an order shipped to Tunisia; none on an export, which
 * bears no stamp duty. Both orders are the fixtures' as if placed since #30 (the shop's rule,
 * every order shipped to Tunisia, 1.000).
 */
const meta = {
  title: 'Orders/OrderDetailStampDuty',
  ...orderDetailScreen(1),
};
export default meta;
type Story = StoryObj<typeof meta>;

/** Order 1 (an individual in Tunis): 124.670 + the stamp duty 1.000. */
const tunis: Order = placedWithStampDuty(orderDetails.find((o) => o.id === 1)!);
/** Order 3 (a French business, reverse charge), as an export: no stamp duty. */
const exported: Order = {
  ...placedWithStampDuty(orderDetails.find((o) => o.id === 3)!),
  id: 1,
};

/** The totals as [label, value] pairs, spaces as typed (a locale may print a narrow one). */
const totals = (canvasElement: HTMLElement) =>
  within(canvasElement)
    .getAllByTestId('total-line')
    .map((line) =>
      Array.from(line.children).map((child) => child.textContent?.replace(/\s/g, ' ') ?? ''),
    );

async function findOrder(canvasElement: HTMLElement, number: string) {
  await within(canvasElement).findByText(number, { exact: false }, { timeout: 5000 });
}

export const ShippedToTunisia: Story = {
  parameters: { msw: { handlers: [orders.get(tunis)] } },
  play: async ({ canvasElement }) => {
    await findOrder(canvasElement, tunis.order_number);
    await expect(tunis).toMatchObject({ stamp_duty_amount: '1.000', total_amount: '125.670' });
    await expect(totals(canvasElement)).toEqual([
      ['Subtotal (excl. VAT)', money('101.000')],
      ['VAT Amount', money('16.670')],
      ['Shipping', money('7.000')],
      ['Stamp duty', money('1.000')],
      ['Total', money('125.670')],
    ]);
  },
};

export const ShippedToTunisiaInFrench: Story = {
  parameters: { msw: { handlers: [orders.get(tunis)] } },
  globals: { locale: 'fr' },
  play: async ({ canvasElement }) => {
    await findOrder(canvasElement, tunis.order_number);
    const lines = totals(canvasElement);
    await expect(lines.at(-2)).toEqual(['Droit de timbre', expectedMoneyIn('fr-TN', '1.000')]);
    await expect(lines.at(-1)?.[1]).toBe(expectedMoneyIn('fr-TN', '125.670'));
  },
};

export const ExportWithoutStampDuty: Story = {
  parameters: { msw: { handlers: [orders.get(exported)] } },
  play: async ({ canvasElement }) => {
    await findOrder(canvasElement, exported.order_number);
    await expect(exported.stamp_duty_amount).toBe('0.000');
    await expect(totals(canvasElement)).toEqual([
      ['Subtotal (excl. VAT)', money('206.550')],
      ['VAT Amount', money('0.000')],
      ['Shipping', money('25.000')],
      ['Total', money('231.550')],
    ]);
  },
};
