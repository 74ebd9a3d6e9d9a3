import type { StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { Order, OrderEditRequest } from '@generated/model';
import { paths } from '@/lib/paths';
import { orderDetailScreen } from '../story-screens';
import { afterRequestsSentSoFar } from '@/testing/waits';
import { expectToast, findOpenDialog } from '@/testing/story';
import { orderDetails } from '@mocks/fixtures';
import { orderEdits } from '@mocks/handlers';
import { requests } from '@mocks/recorder';

/** 'Edit order' on the order detail (/admin/orders/{id}) over the mock API. */
const meta = { title: 'Orders/EditOrder', ...orderDetailScreen(1) };
export default meta;
type Story = StoryObj<typeof meta>;

const pending = orderDetails.find((o) => o.id === 1)!;
const [shirt, harissa] = pending.items;
const EDIT = '/api/v1/admin/orders/1/edit';

/** The order as the server answers the quantity edit (the story's own: the mock keeps nothing). */
const edited: Order = {
  ...pending,
  items: pending.items.map((item) => (item.id === shirt!.id ? { ...item, quantity: 3 } : item)),
};

async function openEdit(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  // The first story of the file pays the console's cold start (lazy screen, /me).
  await canvas.findByRole(
    'heading',
    { level: 1, name: `Order ${pending.order_number}` },
    { timeout: 5000 },
  );
  await userEvent.click(canvas.getByRole('button', { name: 'Edit order' }));
  return findOpenDialog(`Edit order ${pending.order_number}`);
}

/**
 * A quantity changed in place: the dialog says what changes, sends the lines whole (the items by
 * their id) and the detail reloads its documents and timeline.
 */
export const EditQuantity: Story = {
  parameters: { msw: { handlers: [orderEdits.edit(edited)] } },
  play: async ({ canvasElement }) => {
    const dialog = within(await openEdit(canvasElement));
    await expect(dialog.getByTestId('edit-changes')).toHaveTextContent('Nothing changed yet.');
    const quantity = dialog.getByRole('spinbutton', {
      name: `Quantity of ${shirt!.product_name}`,
    });
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '3');
    await expect(dialog.getByTestId('edit-changes')).toHaveTextContent(
      `${shirt!.product_name} · ${shirt!.variant_title}: 2 → 3`,
    );
    const documentsBefore = requests.to('GET', '/api/v1/admin/orders/1/invoices').length;
    await userEvent.click(dialog.getByRole('button', { name: 'Save changes' }));
    const [call] = await requests.waitFor('POST', EDIT);
    await expect(call!.body).toEqual({
      lines: [
        { order_item_id: shirt!.id, quantity: 3 },
        { order_item_id: harissa!.id, quantity: harissa!.quantity },
      ],
    } satisfies OrderEditRequest);
    await expectToast('Success', 'Order updated');
    // The credit note and the new invoice an edit may issue: the documents are asked again.
    await requests.waitFor('GET', '/api/v1/admin/orders/1/invoices', {
      count: documentsBefore + 1,
    });
  },
};

/** The shipping and the reason: only what changed is sent. */
export const EditShipping: Story = {
  play: async ({ canvasElement }) => {
    const dialog = within(await openEdit(canvasElement));
    const shipping = dialog.getByRole('textbox', { name: 'Shipping (TND, excl. VAT)' });
    await userEvent.clear(shipping);
    await userEvent.type(shipping, '9.5');
    await userEvent.type(
      dialog.getByRole('textbox', { name: 'Reason (kept on the timeline)' }),
      'Express delivery asked by phone',
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Save changes' }));
    const [call] = await requests.waitFor('POST', EDIT);
    await expect(call!.body).toEqual({
      shipping_amount: '9.500',
      note: 'Express delivery asked by phone',
    });
    await expectToast('Success', 'Order updated');
  },
};

/** The last line removed: refused in the dialog, nothing sent. */
export const KeepsOneLine: Story = {
  play: async ({ canvasElement }) => {
    const dialog = within(await openEdit(canvasElement));
    await userEvent.click(dialog.getByRole('button', { name: `Remove ${shirt!.product_name}` }));
    await userEvent.click(dialog.getByRole('button', { name: `Remove ${harissa!.product_name}` }));
    await userEvent.click(dialog.getByRole('button', { name: 'Save changes' }));
    await expect(await dialog.findByTestId('edit-error')).toHaveTextContent(
      'Keep at least one line',
    );
    await afterRequestsSentSoFar();
    await expect(requests.to('POST', EDIT)).toHaveLength(0);
  },
};

/** Short stock: the server's 409 stays in the dialog and is toasted. */
export const Refused409: Story = {
  parameters: {
    msw: {
      handlers: [orderEdits.edit.error(409, `Only 2 in stock for ${shirt!.product_name}`)],
    },
  },
  play: async ({ canvasElement }) => {
    const dialogElement = await openEdit(canvasElement);
    const dialog = within(dialogElement);
    const quantity = dialog.getByRole('spinbutton', {
      name: `Quantity of ${shirt!.product_name}`,
    });
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '9');
    await userEvent.click(dialog.getByRole('button', { name: 'Save changes' }));
    await requests.waitFor('POST', EDIT);
    await expectToast('Error', `Only 2 in stock for ${shirt!.product_name}`);
    await expect(await dialog.findByTestId('edit-error')).toHaveTextContent(
      `Only 2 in stock for ${shirt!.product_name}`,
    );
    await expect(dialogElement).toBeVisible();
  },
};

/** A validation refusal (422) in the server's words. */
export const Refused422: Story = {
  parameters: {
    msw: {
      handlers: [
        orderEdits.edit.error(422, [
          {
            loc: ['body', 'shipping_address', 'phone'],
            msg: 'Enter a valid phone',
            type: 'value_error',
          },
        ]),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const dialog = within(await openEdit(canvasElement));
    const city = dialog.getByRole('textbox', { name: 'City' });
    await userEvent.clear(city);
    await userEvent.type(city, 'Sfax');
    await userEvent.click(dialog.getByRole('button', { name: 'Save changes' }));
    const [call] = await requests.waitFor('POST', EDIT);
    await expect((call!.body as OrderEditRequest).shipping_address?.city).toBe('Sfax');
    await waitFor(() =>
      expect(dialog.getByTestId('edit-error')).toHaveTextContent(/Enter a valid phone/),
    );
  },
};

/** The governorate of its Tunisian address (#36): offered by name, sent as its code. */
export const EditGovernorate: Story = {
  parameters: { msw: { handlers: [orderEdits.edit(edited)] } },
  play: async ({ canvasElement }) => {
    const dialog = within(await openEdit(canvasElement));
    const governorate = dialog.getByRole('combobox', { name: 'Governorate' });
    await expect(governorate).toHaveDisplayValue('Tunis');
    await userEvent.selectOptions(governorate, 'Ariana');
    await userEvent.click(dialog.getByRole('button', { name: 'Save changes' }));
    const [call] = await requests.waitFor('POST', EDIT);
    await expect((call!.body as OrderEditRequest).shipping_address).toMatchObject({
      city: 'Tunis',
      country: 'TN',
      governorate: 'TN-12',
    });
  },
};

/** A shipped order is no longer editable: no button. */
export const NotEditable: Story = {
  parameters: { route: paths.orders.detail(2) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const shipped = orderDetails.find((o) => o.id === 2)!;
    await canvas.findByRole(
      'heading',
      { level: 1, name: `Order ${shipped.order_number}` },
      { timeout: 5000 },
    );
    await expect(canvas.queryByRole('button', { name: 'Edit order' })).not.toBeInTheDocument();
  },
};

export const Phone: Story = {
  globals: { viewport: { value: 'mobile375' } },
  play: async ({ canvasElement }) => {
    const dialog = within(await openEdit(canvasElement));
    await expect(dialog.getByRole('button', { name: 'Save changes' })).toBeVisible();
  },
};

export const Arabic: Story = {
  globals: { locale: 'ar' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', { name: 'تعديل الطلب' }, { timeout: 5000 }),
    );
    const dialog = within(await findOpenDialog(`تعديل الطلب ${pending.order_number}`));
    await expect(dialog.getByRole('button', { name: 'حفظ التعديلات' })).toBeVisible();
  },
};
