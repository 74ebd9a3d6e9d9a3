import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { DraftOrderInput } from '@generated/model';
import { paths } from '@/lib/paths';
import { expectedMoney as money } from '@/testing/expected';
import { expectToast } from '@/testing/story';
import { amiraAddress, draftOrders as drafts } from '@mocks/fixtures/draft-orders';
import { customersOf } from '@mocks/fixtures/customers';
import { orders } from '@mocks/fixtures';
import { draftOrders } from '@mocks/handlers';
import { requests } from '@mocks/recorder';
import { DraftOrderPage } from './DraftOrderPage';
import { createDraftAsFixture } from './draft-story-mocks';
import { newDraftScreen } from './story-screen';

/** The staff order screen (/admin/orders/new, /admin/orders/drafts/{id}) over the mock API. */
const meta = {
  title: 'Orders/DraftOrderPage',
  ...newDraftScreen(),
} satisfies Meta<typeof DraftOrderPage>;
export default meta;
type Story = StoryObj<typeof meta>;

const CREATE = '/api/v1/admin/draft-orders';
const draftPath = (id: number) => `/api/v1/admin/draft-orders/${id}`;
const completePath = (id: number) => `/api/v1/admin/draft-orders/${id}/complete`;
const DRAFT_PUT = /\/api\/v1\/admin\/draft-orders\/\d+$/;

/** The screen's title, once the screen (and a draft it loads) is there: a loaded machine is slow. */
const findTitle = (canvasElement: HTMLElement, name: string) =>
  within(canvasElement).findByRole('heading', { level: 1, name }, { timeout: 5000 });

/** The totals panel's lines as [label, value]. */
const totals = (canvasElement: HTMLElement) =>
  within(canvasElement)
    .getAllByTestId('draft-total-line')
    .map((line) => Array.from(line.children).map((child) => child.textContent));

/**
 * Types the guest and the address a phone order needs: Amira's, as the fixture draft has them
 * (the names, phone and e-mail of the address come from the guest's).
 */
async function fillCustomer(canvasElement: HTMLElement) {
  const customer = within(within(canvasElement).getByTestId('draft-customer'));
  await userEvent.type(customer.getByRole('textbox', { name: /^Name/ }), 'Amira Ben Salah');
  await userEvent.type(customer.getByRole('textbox', { name: /^Phone/ }), amiraAddress.phone);
  await userEvent.type(customer.getByRole('textbox', { name: /^Email/ }), amiraAddress.email);
  const address = within(within(canvasElement).getByTestId('draft-address'));
  await userEvent.type(
    address.getByRole('textbox', { name: /^Street address/ }),
    amiraAddress.street_address,
  );
  await userEvent.type(address.getByRole('textbox', { name: /^City/ }), amiraAddress.city);
  await userEvent.type(
    address.getByRole('textbox', { name: /^Postal code/ }),
    amiraAddress.postal_code,
  );
}

/** Nothing picked yet: no line, no totals, and the complete button waits. */
export const Empty: Story = {
  tags: ['visual'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // The first story of the file pays the console's cold start.
    await findTitle(canvasElement, 'Create order');
    await expect(canvas.getByTestId('no-lines')).toHaveTextContent(
      'No line yet: search for a product above.',
    );
    await expect(
      canvas.getByText(
        'The totals appear once the draft is saved: add a line and fill in the customer and the address.',
      ),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Complete order' })).toBeDisabled();
  },
};

/**
 * A phone order: the customer, then a SKU typed as a scanner types it and Enter (added at once),
 * a second line by name with the arrow keys; the draft is created once, then replaced, and the
 * totals are the server's. Completing it as confirmed opens the new order.
 */
export const CreateAndComplete: Story = {
  parameters: {
    msw: { handlers: [createDraftAsFixture] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await findTitle(canvasElement, 'Create order');
    await fillCustomer(canvasElement);
    // The customer said on the phone they read French: their e-mails will be in French.
    const language = canvas.getByRole('combobox', { name: /^Customer's language/ });
    await expect(language).toHaveDisplayValue('Automatic (from the country)');
    await userEvent.selectOptions(language, 'Français');
    // The shop prices delivery by method (#36): without one the draft could not be completed.
    await userEvent.selectOptions(
      await canvas.findByRole('combobox', { name: /^Shipping method/ }, { timeout: 5000 }),
      'Rapid-Poste',
    );
    const search = canvas.getByRole('combobox', { name: 'Add a product' });
    await userEvent.type(search, 'SAC-CABAS-CML{Enter}');
    const [line] = await canvas.findAllByTestId('picker-line');
    // The product's name comes with the draft's answer (a scanned code is faster than it).
    await waitFor(() =>
      expect(within(line!).getByTestId('line-name')).toHaveTextContent('Sac cabas en cuir · Camel'),
    );
    await expect(search).toHaveValue('');
    const [created] = await requests.waitFor('POST', CREATE);
    const body = created!.body as DraftOrderInput;
    await expect(body.guest).toEqual({
      name: 'Amira Ben Salah',
      phone: '+216 98 123 456',
      email: 'amira.bensalah@example.tn',
    });
    // What was typed, the names split from the guest's and the country the screen's default.
    await expect(body.shipping_address).toMatchObject(amiraAddress);
    await expect(body.lines).toEqual([
      { variant_id: 1, quantity: 1, unit_price_override: null, override_reason: null },
    ]);
    await expect(body.language).toBe('fr');
    await expect(body.shipping_method_id).toBe(3);
    await expect(canvas.findByText('Draft saved', {}, { timeout: 5000 })).resolves.toBeVisible();

    // The oil by name: arrow down to the first result, Enter.
    await userEvent.type(search, 'huile');
    // After the debounce and the search's answer.
    await canvas.findByRole('option', { name: /HUILE-1L/ }, { timeout: 5000 });
    await userEvent.keyboard('{ArrowDown}{ArrowUp}{Enter}');
    await waitFor(() => expect(canvas.getAllByTestId('picker-line')).toHaveLength(2));
    // Named once the draft's answer (after the debounce) has priced the new line.
    const quantity = await canvas.findByRole(
      'spinbutton',
      { name: "Quantity of Huile d'olive extra vierge 1 L" },
      { timeout: 5000 },
    );
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '3');
    // Debounced: the draft is replaced with the last quantity typed.
    await waitFor(() =>
      expect((requests.last('PUT', DRAFT_PUT)?.body as DraftOrderInput | undefined)?.lines).toEqual(
        [
          { variant_id: 1, quantity: 1, unit_price_override: null, override_reason: null },
          { variant_id: 8, quantity: 3, unit_price_override: null, override_reason: null },
        ],
      ),
    );
    await canvas.findByText('Draft saved', {}, { timeout: 5000 });
    const shown = totals(canvasElement);
    await expect(shown.at(-1)?.[0]).toBe('Total');

    await userEvent.click(canvas.getByRole('radio', { name: 'Confirmed (issues the invoice)' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Complete order' }));
    const [completed] = await requests.waitFor(
      'POST',
      /\/api\/v1\/admin\/draft-orders\/\d+\/complete$/,
    );
    await expect(completed!.body).toEqual({ status: 'confirmed' });
    await expect(await canvas.findByTestId('order-stand-in', {}, { timeout: 5000 })).toBeVisible();
  },
};

/**
 * A customer of past orders found by the overview's search: their e-mail and VAT details go with
 * the draft (a professional in France: the reverse charge is the server's to price).
 */
export const FindCustomer: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const known = customersOf(orders).find((c) => c.email.includes('maison-provence'))!;
    await findTitle(canvasElement, 'Create order');
    const customer = within(canvas.getByTestId('draft-customer'));
    await userEvent.type(customer.getByRole('searchbox', { name: 'Find a customer' }), 'provence');
    await userEvent.click(
      await customer.findByRole('button', { name: new RegExp(known.email) }, { timeout: 5000 }),
    );
    await expect(customer.getByTestId('known-customer')).toHaveTextContent(
      `${known.email} · Professional · ${known.country_code}`,
    );
    await expect(customer.getByRole('textbox', { name: /^Email/ })).toHaveValue(known.email);
    await userEvent.type(customer.getByRole('textbox', { name: /^Name/ }), 'Claire Dubois');
    await userEvent.type(customer.getByRole('textbox', { name: /^Phone/ }), '+33 1 42 00 00 00');
    const address = within(canvas.getByTestId('draft-address'));
    await userEvent.type(address.getByRole('textbox', { name: /^Street address/ }), '3 Quai Rive');
    await userEvent.type(address.getByRole('textbox', { name: /^City/ }), 'Marseille');
    await userEvent.type(address.getByRole('textbox', { name: /^Postal code/ }), '13002');
    const country = address.getByRole('textbox', { name: /^Country code/ });
    await userEvent.clear(country);
    await userEvent.type(country, 'FR');
    await userEvent.type(
      canvas.getByRole('combobox', { name: 'Add a product' }),
      'HUILE-1L{Enter}',
    );
    const [created] = await requests.waitFor('POST', CREATE, { timeout: 5000 });
    await expect(created!.body).toMatchObject({
      guest: { name: 'Claire Dubois', phone: '+33 1 42 00 00 00', email: known.email },
      customer_type: 'professional',
      vat_number: known.vat_number,
      customer_country_code: known.country_code,
    });
  },
};

/** A draft left earlier, opened again: its lines, its override and the server's totals. */
export const SavedDraft: Story = {
  parameters: { route: paths.orders.draft(1) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const draft = drafts[0]!;
    await findTitle(canvasElement, 'Staff order draft 1');
    const lines = canvas.getAllByTestId('picker-line');
    await expect(lines).toHaveLength(2);
    await expect(within(lines[0]!).getByTestId('line-override')).toHaveTextContent(
      `Price set to ${money('175.000')}: Fidèle cliente : prix convenu au téléphone`,
    );
    await expect(within(lines[0]!).getByTestId('line-total')).toHaveTextContent(
      money(draft.lines[0]!.total_price_incl_vat!),
    );
    await expect(totals(canvasElement)).toEqual([
      ['Subtotal (excl. VAT)', money(draft.subtotal)],
      ['VAT Amount', money(draft.vat_amount)],
      ['Shipping', money(draft.shipping_amount)],
      ['Shipping VAT', money(draft.shipping_vat_amount!)],
      // Shipped to Tunisia: the stamp duty the order will bear (#30).
      ['Stamp duty', money(draft.stamp_duty_amount)],
      ['Total', money(draft.total_amount)],
    ]);
    await expect(draft.stamp_duty_amount).toBe('1.000');
    await expect(canvas.getByRole('button', { name: 'Complete order' })).toBeEnabled();
    // Nothing changed: nothing is saved.
    await expect(requests.to('PUT', draftPath(1))).toHaveLength(0);
  },
};

/**
 * A draft saved with Arabic, opened again: the language is kept (nothing saved on opening);
 * back to automatic, the draft is saved with no language (the shipping country's).
 */
export const SavedLanguage: Story = {
  parameters: {
    route: paths.orders.draft(1),
    msw: {
      handlers: [draftOrders.get.reply(() => HttpResponse.json({ ...drafts[0]!, language: 'ar' }))],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await findTitle(canvasElement, 'Staff order draft 1');
    const language = canvas.getByRole('combobox', { name: /^Customer's language/ });
    await expect(language).toHaveDisplayValue('العربية');
    await expect(requests.to('PUT', draftPath(1))).toHaveLength(0);
    await userEvent.selectOptions(language, 'Automatic (from the country)');
    const [put] = await requests.waitFor('PUT', draftPath(1), { timeout: 5000 });
    await expect((put!.body as DraftOrderInput).language).toBeNull();
  },
};

/** A line short of stock, as the server prices it: said next to the line, not completable. */
export const ShortStockLine: Story = {
  parameters: { route: paths.orders.draft(2) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await findTitle(canvasElement, 'Staff order draft 2');
    const available = drafts[1]!.lines[0]!.available_quantity;
    await expect(canvas.getByTestId('line-problem')).toHaveTextContent(
      `Only ${available} in stock`,
    );
    await expect(canvas.getByRole('button', { name: 'Complete order' })).toBeDisabled();
  },
};

/** The stock went between the pricing and the completion: 409 on the line and as a toast. */
export const CompleteRefused409: Story = {
  parameters: {
    route: paths.orders.draft(1),
    msw: { handlers: [draftOrders.complete.error(409, 'Only 1 in stock for Sac cabas en cuir')] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await findTitle(canvasElement, 'Staff order draft 1');
    await userEvent.click(canvas.getByRole('button', { name: 'Complete order' }));
    await requests.waitFor('POST', completePath(1));
    await expectToast('Error', 'Only 1 in stock for Sac cabas en cuir');
    const [bag] = canvas.getAllByTestId('picker-line');
    await expect(await within(bag!).findByTestId('line-problem')).toHaveTextContent(
      'Only 1 in stock for Sac cabas en cuir',
    );
    await expect(canvas.getByTestId('location')).toHaveTextContent(paths.orders.draft(1));
  },
};

/** A save refused (422): said in the server's words, and the order cannot be completed. */
export const SaveRefused422: Story = {
  parameters: {
    route: paths.orders.draft(1),
    msw: {
      handlers: [
        draftOrders.update.error(422, [
          {
            loc: ['body', 'lines', 0, 'override_reason'],
            msg: 'Give the reason for the unit price override',
            type: 'value_error',
          },
        ]),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await findTitle(canvasElement, 'Staff order draft 1');
    const quantity = canvas.getByRole('spinbutton', { name: 'Quantity of Sac cabas en cuir' });
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '2');
    await requests.waitFor('PUT', draftPath(1));
    // The refusal arrives after the request: wait for what the user reads.
    await waitFor(
      () =>
        expect(canvas.getByTestId('draft-save-state')).toHaveTextContent(
          /Not saved: .*Give the reason for the unit price override/,
        ),
      { timeout: 5000 },
    );
    await expect(canvas.getByRole('button', { name: 'Complete order' })).toBeDisabled();
  },
};

/** The override needs its reason: refused in the form, nothing sent. */
export const OverrideNeedsReason: Story = {
  parameters: { route: paths.orders.draft(1) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await findTitle(canvasElement, 'Staff order draft 1');
    const oil = canvas.getAllByTestId('picker-line')[1]!;
    await userEvent.click(within(oil).getByRole('button', { name: 'Change price' }));
    await userEvent.type(within(oil).getByRole('textbox', { name: 'Unit price (TND)' }), '20');
    await userEvent.click(within(oil).getByRole('button', { name: 'Apply price' }));
    await expect(within(oil).getByRole('alert')).toHaveTextContent(
      'Enter the price and the reason for it',
    );
    await userEvent.type(within(oil).getByRole('textbox', { name: 'Reason' }), 'Damaged label');
    await userEvent.click(within(oil).getByRole('button', { name: 'Apply price' }));
    const [put] = await requests.waitFor('PUT', draftPath(1));
    await expect((put!.body as DraftOrderInput).lines[1]).toEqual({
      variant_id: 8,
      quantity: 2,
      unit_price_override: '20.000',
      override_reason: 'Damaged label',
    });
  },
};

export const LoadingDraft: Story = {
  parameters: { route: paths.orders.draft(1), msw: { handlers: [draftOrders.get.loading()] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Loading draft...')).toBeVisible();
  },
};

export const DraftNotFound: Story = {
  parameters: { route: paths.orders.draft(99) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await findTitle(canvasElement, 'Draft not found');
    await expect(
      canvas.getByText('This draft does not exist any more: it was completed or deleted.'),
    ).toBeVisible();
  },
};

export const LoadError: Story = {
  parameters: { route: paths.orders.draft(1), msw: { handlers: [draftOrders.get.error(500)] } },
  play: async ({ canvasElement }) => {
    await expectToast('Error', 'Failed to load the draft');
    await expect(within(canvasElement).getByRole('button', { name: 'Retry' })).toBeVisible();
  },
};

/** On a phone: the panels one under the other, the totals last. */
export const Phone: Story = {
  parameters: { route: paths.orders.draft(1) },
  globals: { viewport: { value: 'mobile375' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await findTitle(canvasElement, 'Staff order draft 1');
    await expect(canvas.getByRole('button', { name: 'Complete order' })).toBeVisible();
  },
};

export const Arabic: Story = {
  parameters: { route: paths.orders.draft(1) },
  globals: { locale: 'ar' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await findTitle(canvasElement, 'مسودة الطلب 1');
    await expect(canvas.getByRole('button', { name: 'إتمام الطلب' })).toBeEnabled();
    await expect(canvas.getByRole('combobox', { name: 'إضافة منتج' })).toBeVisible();
  },
};
