import type { StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { Order } from '@generated/model';
import { expectedMoney as money, expectedMoneyIn } from '@/testing/expected';
import { orderDetails } from '@mocks/fixtures';
import { RAPID_POSTE_TRACKING, shippingMethodIds, shippingMethods } from '@mocks/fixtures/shipping';
import { orders } from '@mocks/handlers';
import { requests } from '@mocks/recorder';
import { orderDetailScreen } from './story-screens';

/**
 * The order detail's shipping (#36): the method the order was given (its frozen name in the
 * language of the moment, its carrier, its rate and cash-on-delivery fee) under the address with
 * its governorate, the tracking number as a link to the carrier's page in the shipment panel and
 * the timeline, and the shipment form filled with the method's carrier, showing the link it will
 * build.
 */
const meta = {
  title: 'Orders/OrderDetailShipping',
  ...orderDetailScreen(3),
};
export default meta;
type Story = StoryObj<typeof meta>;

const byId = (id: number) => orderDetails.find((o) => o.id === id)!;
const TRACK_RR = "Track RR123456789TN on the carrier's site (opens in a new tab)";

async function findOrder(canvasElement: HTMLElement, order: Order, name = 'Order') {
  await within(canvasElement).findByRole(
    'heading',
    { level: 1, name: `${name} ${order.order_number}` },
    { timeout: 5000 },
  );
}

const region = (canvasElement: HTMLElement, name: string) =>
  within(within(canvasElement).getByRole('region', { name }));

/** The method's lines as [label, value] pairs (spaces as the expected amounts write them). */
const methodLines = (canvasElement: HTMLElement) =>
  Array.from(within(canvasElement).getByTestId('shipping-method').children).map((line) =>
    Array.from(line.children).map((child) => child.textContent.replace(/\s/g, ' ')),
  );

/** Order 3, delivered by Rapid-Poste: the method, and its tracking link twice. */
export const MethodAndTrackingLink: Story = {
  play: async ({ canvasElement }) => {
    await findOrder(canvasElement, byId(3));
    await expect(methodLines(canvasElement)).toEqual([
      ['Shipping method', 'Rapid-Poste'],
      ['Carrier', 'Rapid-Poste'],
      ['Shipping rate (excl. VAT)', money('25.000')],
    ]);
    const link = region(canvasElement, 'Shipment').getByRole('link', { name: TRACK_RR });
    await expect(link).toHaveTextContent('RR123456789TN');
    await expect(link).toHaveAttribute('href', 'https://www.poste.tn/suivi?code=RR123456789TN');
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    const timeline = region(canvasElement, 'Timeline');
    const event = await timeline.findByRole('link', { name: TRACK_RR }, { timeout: 5000 });
    await expect(event).toHaveAttribute('href', 'https://www.poste.tn/suivi?code=RR123456789TN');
    await expect(event).toHaveAttribute('target', '_blank');
    await expect(event.parentElement).toHaveTextContent('Tracking page: RR123456789TN');
  },
};

/** Order 4, by courier to Sfax, paid cash on delivery: the rate and the fee apart, the governorate. */
export const CashOnDeliveryFee: Story = {
  parameters: { route: '/admin/orders/4' },
  play: async ({ canvasElement }) => {
    await findOrder(canvasElement, byId(4));
    await expect(methodLines(canvasElement)).toEqual([
      ['Shipping method', 'Courier'],
      ['Shipping rate (excl. VAT)', money('5.000')],
      ['Cash-on-delivery fee (excl. VAT)', money('2.000')],
    ]);
    await expect(
      region(canvasElement, 'Shipping Address').getByText('Sfax, Sfax, 3012'),
    ).toBeVisible();
  },
};

/** A flat-rate order (no method) shows none; its Aramex shipment has no link (no template). */
export const FlatRateNoLink: Story = {
  parameters: { route: '/admin/orders/2' },
  play: async ({ canvasElement }) => {
    await findOrder(canvasElement, byId(2));
    await expect(within(canvasElement).queryByTestId('shipping-method')).toBeNull();
    const shipment = region(canvasElement, 'Shipment');
    await expect(shipment.getByTestId('shipment-details')).toHaveTextContent('7731 0042');
    await expect(shipment.queryByRole('link')).toBeNull();
    await expect(
      region(canvasElement, 'Shipping Address').getByText('Sousse, Sousse, Sousse, 4000'),
    ).toBeVisible();
  },
};

/*
 * Order 5 as if it had been given Rapid-Poste (the fixture's is the Grand Tunis courier, without
 * a carrier): not shipped yet.
 */
const rapidPoste = shippingMethods.find((m) => m.id === shippingMethodIds.rapidPoste)!;
const byRapidPoste: Order = {
  ...byId(5),
  id: 42,
  shipping_method: {
    id: rapidPoste.id,
    name: rapidPoste.name,
    carrier: rapidPoste.carrier,
    tracking_url_template: rapidPoste.tracking_url_template,
    price: '6.500',
    cod_fee: '0.000',
  },
};

/**
 * The shipment form of an order not shipped yet: the method's carrier filled in, the link the
 * number typed will give, sent as typed; the saved shipment links to the page.
 */
export const ShipmentFormPrefilled: Story = {
  parameters: {
    route: '/admin/orders/42',
    msw: { handlers: [orders.get(byRapidPoste), orders.setShipment(byRapidPoste)] },
  },
  play: async ({ canvasElement }) => {
    await findOrder(canvasElement, byRapidPoste);
    const shipment = region(canvasElement, 'Shipment');
    await expect(shipment.getByRole('textbox', { name: 'Carrier' })).toHaveValue('Rapid-Poste');
    await expect(shipment.getByTestId('tracking-hint')).toHaveTextContent(
      `Tracking link: ${RAPID_POSTE_TRACKING}`,
    );
    await userEvent.type(shipment.getByRole('textbox', { name: 'Tracking number' }), 'RR 42/7TN');
    // The number URL-encoded in place of {tracking_number}, as the server builds it.
    await expect(shipment.getByTestId('tracking-hint')).toHaveTextContent(
      'Tracking link: https://www.poste.tn/suivi?code=RR%2042%2F7TN',
    );
    await userEvent.click(shipment.getByRole('button', { name: 'Save shipment' }));
    const [put] = await requests.waitFor('PUT', '/api/v1/admin/orders/42/shipment');
    await expect(put?.body).toEqual({ carrier: 'Rapid-Poste', tracking_number: 'RR 42/7TN' });
    const link = await shipment.findByRole(
      'link',
      { name: "Track RR 42/7TN on the carrier's site (opens in a new tab)" },
      { timeout: 5000 },
    );
    await expect(link).toHaveAttribute('href', 'https://www.poste.tn/suivi?code=RR%2042%2F7TN');
  },
};

/** A method without a carrier leaves the carrier to type and shows no link to come. */
export const ShipmentFormWithoutCarrier: Story = {
  parameters: { route: '/admin/orders/5' },
  play: async ({ canvasElement }) => {
    await findOrder(canvasElement, byId(5));
    const shipment = region(canvasElement, 'Shipment');
    await expect(shipment.getByRole('textbox', { name: 'Carrier' })).toHaveValue('');
    await expect(shipment.queryByTestId('tracking-hint')).toBeNull();
  },
};

/** In Arabic: the method's Arabic name, the governorate's, the amount as Arabic writes it. */
export const Arabic: Story = {
  parameters: { route: '/admin/orders/5' },
  globals: { locale: 'ar' },
  play: async ({ canvasElement }) => {
    await findOrder(canvasElement, byId(5), 'الطلب');
    await expect(document.documentElement.dir).toBe('rtl');
    await expect(methodLines(canvasElement)).toEqual([
      ['طريقة الشحن', 'ساعي تونس الكبرى'],
      ['سعر الشحن (دون الضريبة)', expectedMoneyIn('ar-TN', '7.000')],
    ]);
    await expect(
      region(canvasElement, 'عنوان الشحن').getByText('La Marsa, تونس, Tunis, 2070'),
    ).toBeVisible();
  },
};

/** In French: the method's French name and the governorate's official name. */
export const French: Story = {
  parameters: { route: '/admin/orders/5' },
  globals: { locale: 'fr' },
  play: async ({ canvasElement }) => {
    await findOrder(canvasElement, byId(5), 'Commande');
    await expect(methodLines(canvasElement)).toEqual([
      ['Mode de livraison', 'Coursier Grand Tunis'],
      ['Tarif de livraison (HT)', expectedMoneyIn('fr-TN', '7.000')],
    ]);
  },
};

/** On a phone: the method and the tracking link fit the screen. */
export const Phone: Story = {
  globals: { viewport: { value: 'mobile375' } },
  play: async ({ canvasElement }) => {
    await findOrder(canvasElement, byId(3));
    await expect(within(canvasElement).getByTestId('shipping-method')).toBeVisible();
    const link = region(canvasElement, 'Shipment').getByRole('link', { name: TRACK_RR });
    await expect(link).toBeVisible();
    await waitFor(() =>
      expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth),
    );
  },
};
