import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { DraftOrderInput } from '@generated/model';
import { expectedMoney as money } from '@/testing/expected';
import { shippingMethodIds } from '@mocks/fixtures/shipping';
import { requests } from '@mocks/recorder';
import { DraftOrderPage } from './DraftOrderPage';
import { createDraftAsFixture } from './draft-story-mocks';
import { newDraftScreen } from './story-screen';

/**
 * The staff order's shipping (#36): the governorate of a Tunisian address, the shipping method
 * picked among the shop's active ones and priced by the server for the lines and the address
 * (its cash-on-delivery fee when so paid), and why it cannot be (no method, a method that does
 * not deliver there).
 */
const meta = {
  title: 'Orders/DraftOrderPage/Shipping',
  ...newDraftScreen({ msw: { handlers: [createDraftAsFixture] } }),
} satisfies Meta<typeof DraftOrderPage>;
export default meta;
type Story = StoryObj<typeof meta>;

const CREATE = '/api/v1/admin/draft-orders';
const DRAFT_PUT = /\/api\/v1\/admin\/draft-orders\/\d+$/;

const lastBody = () =>
  (requests.last('PUT', DRAFT_PUT) ?? requests.last('POST', CREATE))?.body as
    DraftOrderInput | undefined;

/** The totals panel's Shipping line's amount. */
const shippingTotal = (canvasElement: HTMLElement) =>
  within(canvasElement)
    .getAllByTestId('draft-total-line')
    .find((line) => line.children[0]?.textContent === 'Shipping')?.children[1]?.textContent;

/**
 * A phone order to Sfax: the guest, the address with its governorate, the camel bag (0.9 kg,
 * 189.000) by its SKU; the draft is created.
 */
async function phoneOrderToSfax(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await canvas.findByRole('heading', { level: 1, name: 'Create order' }, { timeout: 5000 });
  const customer = within(canvas.getByTestId('draft-customer'));
  await userEvent.type(customer.getByRole('textbox', { name: /^Name/ }), 'Ahmed Karoui');
  await userEvent.type(customer.getByRole('textbox', { name: /^Phone/ }), '+216 22 456 789');
  await userEvent.type(customer.getByRole('textbox', { name: /^Email/ }), 'ahmed@example.tn');
  const address = within(canvas.getByTestId('draft-address'));
  await userEvent.type(
    address.getByRole('textbox', { name: /^Street address/ }),
    'Route de Gremda km 4',
  );
  await userEvent.type(address.getByRole('textbox', { name: /^City/ }), 'Sfax');
  await userEvent.type(address.getByRole('textbox', { name: /^Postal code/ }), '3012');
  await userEvent.selectOptions(address.getByRole('combobox', { name: 'Governorate' }), 'Sfax');
  await userEvent.type(
    canvas.getByRole('combobox', { name: 'Add a product' }),
    'SAC-CABAS-CML{Enter}',
  );
  await requests.waitFor('POST', CREATE);
  await canvas.findByText('Draft saved', {}, { timeout: 5000 });
}

/**
 * No method yet: the draft says it needs one and cannot be completed. The courier to Sfax is
 * 7.000 for up to 2 kg and 2.000 more cash on delivery; by card, 7.000.
 */
export const PickMethod: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await phoneOrderToSfax(canvasElement);
    await expect(lastBody()?.shipping_address.governorate).toBe('TN-61');
    await expect(lastBody()?.shipping_method_id).toBeNull();
    await expect(canvas.getByTestId('shipping-problem')).toHaveTextContent(
      'Choose a shipping method, or enter a shipping amount: the shop prices delivery by method',
    );
    await expect(canvas.getByRole('button', { name: 'Complete order' })).toBeDisabled();

    const picker = canvas.getByRole('combobox', { name: /^Shipping method/ });
    // The active methods only (Europe Express is not), by position.
    await expect(
      within(picker)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['None (the amount below)', 'Courier Grand Tunis', 'Courier', 'Rapid-Poste']);
    await userEvent.selectOptions(picker, 'Courier');
    await waitFor(() => expect(lastBody()?.shipping_method_id).toBe(shippingMethodIds.courier));
    await waitFor(() => expect(shippingTotal(canvasElement)).toBe(money('9.000')));
    await expect(canvas.queryByTestId('shipping-problem')).toBeNull();
    await waitFor(() =>
      expect(canvas.getByRole('button', { name: 'Complete order' })).toBeEnabled(),
    );

    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Payment method' }), 'card');
    await waitFor(() => expect(lastBody()?.payment_method).toBe('card'));
    await waitFor(() => expect(shippingTotal(canvasElement)).toBe(money('7.000')));
  },
};

/** Grand Tunis's courier does not deliver to Sfax: the draft says so, and cannot be completed. */
export const MethodUnavailable: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await phoneOrderToSfax(canvasElement);
    await userEvent.selectOptions(
      canvas.getByRole('combobox', { name: /^Shipping method/ }),
      'Courier Grand Tunis',
    );
    await waitFor(() =>
      expect(lastBody()?.shipping_method_id).toBe(shippingMethodIds.courierGrandTunis),
    );
    await expect(
      await canvas.findByText(
        'This shipping method cannot deliver this order (inactive, not to this address, or not at this weight or amount): choose another',
        {},
        { timeout: 5000 },
      ),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Complete order' })).toBeDisabled();
  },
};

/** An address abroad has no governorate to pick. */
export const NoGovernorateAbroad: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { level: 1, name: 'Create order' }, { timeout: 5000 });
    const address = within(canvas.getByTestId('draft-address'));
    await expect(address.getByRole('combobox', { name: 'Governorate' })).toBeVisible();
    const country = address.getByRole('textbox', { name: /^Country code/ });
    await userEvent.clear(country);
    await userEvent.type(country, 'FR');
    await expect(address.queryByRole('combobox', { name: 'Governorate' })).toBeNull();
  },
};

/** In Arabic: the governorates and the methods by their Arabic names. */
export const Arabic: Story = {
  globals: { locale: 'ar' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const governorate = await canvas.findByRole('combobox', { name: 'الولاية' }, { timeout: 5000 });
    const options = within(governorate)
      .getAllByRole('option')
      .map((o) => o.textContent);
    await expect(options.slice(0, 3)).toEqual(['لا شيء', 'تونس', 'أريانة']);
    await expect(options).toContain('صفاقس');
    const picker = await canvas.findByRole('combobox', { name: /^طريقة الشحن/ }, { timeout: 5000 });
    await expect(
      within(picker)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['لا شيء (المبلغ أدناه)', 'ساعي تونس الكبرى', 'ساعي', 'رابيد بوست']);
  },
};

/** On a phone: the picker and the governorate fit the screen. */
export const Phone: Story = {
  globals: { viewport: { value: 'mobile375' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const picker = await canvas.findByRole(
      'combobox',
      { name: /^Shipping method/ },
      { timeout: 5000 },
    );
    await expect(picker).toBeVisible();
    await expect(canvas.getByRole('combobox', { name: 'Governorate' })).toBeVisible();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};
