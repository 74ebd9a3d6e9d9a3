import type { StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { expectSent } from '@/testing/server-list';
import { orderDetails } from '@mocks/fixtures';
import { shippingMethodIds } from '@mocks/fixtures/shipping';
import { shippingMethods } from '@mocks/handlers';
import { expectOrdersExported, ordersListScreen } from './story-screens';

/**
 * The orders list's shipping method filter (#36): the shop's methods (inactive ones too, their
 * orders keep them) by name in the language of the moment, sent as shipping_method_id, and the
 * CSV export of the same list.
 */
const meta = { title: 'Orders/OrdersPage/Shipping method filter', ...ordersListScreen() };
export default meta;
type Story = StoryObj<typeof meta>;

const LIST = '/api/v1/admin/orders/';

const numbersOf = (ids: readonly number[]) =>
  ids.map((id) => orderDetails.find((o) => o.id === id)!.order_number);

/** The options of a select, as its labels. */
const optionLabels = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((option) => option.textContent);

export const FilterByMethod: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByTestId('order-count', {}, { timeout: 5000 });
    const select = await canvas.findByRole(
      'combobox',
      { name: 'Filter by shipping method' },
      { timeout: 5000 },
    );
    await expect(optionLabels(select)).toEqual([
      'All shipping methods',
      'Courier Grand Tunis',
      'Courier',
      'Rapid-Poste',
      'Europe Express',
    ]);
    await userEvent.selectOptions(select, 'Courier');
    await expectSent(LIST, 'shipping_method_id', String(shippingMethodIds.courier));
    // Orders 4 and 6 went by courier to Sfax; the others by another method or the flat rate.
    await waitFor(() =>
      expect(canvas.getByTestId('order-count')).toHaveTextContent('2 of 6 orders'),
    );
    for (const number of numbersOf([4, 6])) await expect(canvas.getByText(number)).toBeVisible();
    for (const number of numbersOf([1, 2, 3, 5]))
      await expect(canvas.queryByText(number)).toBeNull();
    const query = await expectOrdersExported(canvasElement);
    await expect(query).toMatchObject({ shipping_method_id: String(shippingMethodIds.courier) });
  },
};

/** In Arabic: the methods by their Arabic names. */
export const Arabic: Story = {
  globals: { locale: 'ar' },
  play: async ({ canvasElement }) => {
    const select = await within(canvasElement).findByRole(
      'combobox',
      { name: 'التصفية حسب طريقة الشحن' },
      { timeout: 5000 },
    );
    await expect(optionLabels(select)).toEqual([
      'كل طرق الشحن',
      'ساعي تونس الكبرى',
      'ساعي',
      'رابيد بوست',
      'البريد السريع إلى أوروبا',
    ]);
  },
};

/** A shop without methods (the flat rate): no such filter. */
export const NoMethods: Story = {
  parameters: {
    msw: {
      handlers: [shippingMethods.list([])],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByTestId('order-count', {}, { timeout: 5000 });
    await expect(canvas.getByRole('combobox', { name: 'Filter by status' })).toBeVisible();
    await expect(canvas.queryByRole('combobox', { name: 'Filter by shipping method' })).toBeNull();
  },
};

/** On a phone: the filter is there among the others. */
export const Phone: Story = {
  globals: { viewport: { value: 'mobile375' } },
  play: async ({ canvasElement }) => {
    const select = await within(canvasElement).findByRole(
      'combobox',
      { name: 'Filter by shipping method' },
      { timeout: 5000 },
    );
    await userEvent.selectOptions(select, 'Rapid-Poste');
    await expectSent(LIST, 'shipping_method_id', String(shippingMethodIds.rapidPoste));
    await waitFor(() =>
      expect(within(canvasElement).getByTestId('order-count')).toHaveTextContent('1 of 6 orders'),
    );
  },
};

/** A link to the list with ?shipping_method_id= (the Shipping screen's): that method's orders. */
export const FromALink: Story = {
  parameters: { route: `/admin/orders?shipping_method_id=${shippingMethodIds.courier}` },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectSent(LIST, 'shipping_method_id', String(shippingMethodIds.courier));
    const select = await canvas.findByRole(
      'combobox',
      { name: 'Filter by shipping method' },
      { timeout: 5000 },
    );
    await expect(select).toHaveDisplayValue('Courier');
    await waitFor(() =>
      expect(canvas.getByTestId('order-count')).toHaveTextContent('2 of 6 orders'),
    );
  },
};
