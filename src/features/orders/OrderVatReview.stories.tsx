import type { StoryObj } from '@storybook/react-vite';
import { HttpResponse, type RequestHandler } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { Order, OrderSummary } from '@generated/model';
import { paths } from '@/lib/paths';
import { orderDetailScreen } from './story-screens';
import { rowOf } from '@/testing/list-screen';
import { expectSent } from '@/testing/server-list';
import { expectToast } from '@/testing/story';
import { orderDetails, orderReaderMe, orders as orderSummaries } from '@mocks/fixtures';
import { invoices, orders } from '@mocks/handlers';
import { requests } from '@mocks/recorder';
import { OrdersPage } from './OrdersPage';

/**
 * The review of a reverse charge that rests on a VAT number only format-checked (VIES unset or
 * unreachable at checkout): flagged in the orders list (badge, filter) and on the order detail,
 * where an admin confirms the number before the order can be invoiced (docs/product.md §10.4).
 */
const meta = {
  title: 'Orders/VatNumberReview',
  ...orderDetailScreen(61, [paths.orders.list, OrdersPage]),
};
export default meta;
type Story = StoryObj<typeof meta>;

const TO_CONFIRM = 'VAT number to confirm';
const NEEDED =
  'The reverse charge rests on a VAT number whose format only was checked. Check the number (for example on the VIES site), then confirm it: the order cannot be invoiced before.';
const DONE = 'VAT number confirmed by an administrator';
const CONFIRM = 'Confirm VAT number';
const CONFIRM_PATH = '/api/v1/admin/orders/61/confirm-vat-number';
const NOTHING_TO_CONFIRM = 'This order has no VAT number awaiting confirmation';

/** A German business's reverse-charge order whose number was checked by its format only. */
const base = orderDetails.find((o) => o.id === 3)!;
const flagged: Order = {
  ...base,
  id: 61,
  order_number: 'ORD-20250320-0061',
  status: 'pending',
  customer_country_code: 'DE',
  vat_number: 'DE123456789',
  vat_number_check: 'format_checked',
  vat_treatment: 'reverse_charge',
  vat_number_review: 'to_confirm',
  shipping_address: { ...base.shipping_address, country: 'DE', city: 'Berlin' },
};
const confirmedOrder: Order = { ...flagged, vat_number_review: 'confirmed' };
/** A private buyer in Switzerland: an export at 0 %, nothing to review. */
const exported: Order = {
  ...flagged,
  customer_type: 'individual',
  vat_number: null,
  vat_number_check: null,
  vat_reverse_charge: false,
  vat_treatment: 'export',
  vat_number_review: null,
  shipping_address: { ...base.shipping_address, country: 'CH', city: 'Genève' },
};

/** Order 61 exists only in these stories: no document yet, its checkout in the timeline. */
const paperwork = [
  invoices.listForOrder([]),
  orders.timeline([
    {
      id: 'status-610',
      type: 'status_change',
      created_at: flagged.created_at,
      changed_by: null,
      from_status: null,
      to_status: 'pending',
      note: null,
    },
  ]),
];
const api = (...handlers: RequestHandler[]) => ({ msw: { handlers: [...handlers, ...paperwork] } });

const customerCard = (canvasElement: HTMLElement) =>
  within(within(canvasElement).getByRole('region', { name: 'Customer Information' }));
const documentsPanel = async (canvasElement: HTMLElement) =>
  within(await within(canvasElement).findByRole('region', { name: 'Documents' }));

let current: Order = flagged;
/** The server's order changes with the confirmation. */
const statefulApi = [
  orders.get.reply(() => HttpResponse.json(current)),
  orders.confirmVatNumber.reply(() => {
    current = { ...current, vat_number_review: 'confirmed' };
    return HttpResponse.json(current);
  }),
];

/** Flagged: the warning, the action, and no "Issue invoice" while the number is unconfirmed. */
export const ToConfirm: Story = {
  parameters: api(orders.get(flagged)),
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('heading', { level: 1, name: /ORD-20250320-0061/ });
    const card = customerCard(canvasElement);
    const review = card.getByTestId('vat-review');
    await expect(review).toHaveTextContent(TO_CONFIRM);
    await expect(review).toHaveTextContent(NEEDED);
    await expect(card.getByRole('button', { name: CONFIRM })).toBeEnabled();
    await expect(card.getByTestId('vat-number-check')).toHaveTextContent(
      'VAT number: format checked only',
    );
    const documents = await documentsPanel(canvasElement);
    await expect(await documents.findByText('No invoice yet.')).toBeVisible();
    await expect(documents.queryByRole('button', { name: 'Issue invoice' })).toBeNull();
  },
};

/** "Confirm VAT number": the POST (no body), the toast, then the order may be invoiced. */
export const ConfirmVatNumber: Story = {
  beforeEach: () => {
    current = flagged;
  },
  parameters: api(...statefulApi),
  play: async ({ canvasElement }) => {
    const button = await within(canvasElement).findByRole('button', { name: CONFIRM });
    await userEvent.click(button);
    const [post] = await requests.waitFor('POST', CONFIRM_PATH);
    await expect(post?.body).toBeUndefined();
    await expectToast('Success', 'VAT number confirmed', 'success');
    const card = customerCard(canvasElement);
    await waitFor(() => expect(card.getByTestId('vat-review')).toHaveTextContent(DONE));
    await expect(card.queryByRole('button', { name: CONFIRM })).toBeNull();
    const documents = await documentsPanel(canvasElement);
    await expect(await documents.findByRole('button', { name: 'Issue invoice' })).toBeEnabled();
  },
};

/** Refused (409, e.g. confirmed meanwhile in another tab): the server's reason is the toast. */
export const ConfirmRefused: Story = {
  parameters: api(orders.get(flagged), orders.confirmVatNumber.error(409, NOTHING_TO_CONFIRM)),
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name: CONFIRM }));
    await expectToast('Error', NOTHING_TO_CONFIRM, 'error');
    await waitFor(() =>
      expect(customerCard(canvasElement).getByRole('button', { name: CONFIRM })).toBeEnabled(),
    );
  },
};

/** While the confirmation is sent the button is busy. */
export const ConfirmPending: Story = {
  parameters: api(orders.get(flagged), orders.confirmVatNumber.loading()),
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name: CONFIRM }));
    await waitFor(() =>
      expect(customerCard(canvasElement).getByRole('button', { name: CONFIRM })).toBeDisabled(),
    );
  },
};

/** An admin who may read orders but not write them sees the flag, not the action. */
export const ToConfirmReadOnly: Story = {
  parameters: {
    auth: { userType: 'admin', user: orderReaderMe },
    ...api(orders.get(flagged)),
  },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('heading', { level: 1, name: /ORD-20250320-0061/ });
    const card = customerCard(canvasElement);
    await expect(card.getByTestId('vat-review')).toHaveTextContent(TO_CONFIRM);
    await expect(card.queryByRole('button', { name: CONFIRM })).toBeNull();
  },
};

/** Confirmed: the fact, no action; the reverse-charge note stays. */
export const Confirmed: Story = {
  parameters: api(orders.get(confirmedOrder)),
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('heading', { level: 1, name: /ORD-20250320-0061/ });
    const card = customerCard(canvasElement);
    await expect(card.getByTestId('vat-review')).toHaveTextContent(DONE);
    await expect(card.queryByRole('button', { name: CONFIRM })).toBeNull();
    await expect(
      within(canvasElement).getByText('* VAT Reverse Charge applies (B2B EU)'),
    ).toBeVisible();
  },
};

/** An export: the 0 % note, nothing to review. */
export const Export: Story = {
  parameters: api(orders.get(exported)),
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('heading', { level: 1, name: /ORD-20250320-0061/ });
    await expect(within(canvasElement).getByTestId('export-zero-rate')).toHaveTextContent(
      '* Export: exempt from VAT (0 %)',
    );
    await expect(within(canvasElement).queryByTestId('vat-review')).toBeNull();
    await expect(
      within(canvasElement).queryByText('* VAT Reverse Charge applies (B2B EU)'),
    ).toBeNull();
  },
};

/** In French: the flag and the action translated. */
export const ToConfirmFrench: Story = {
  globals: { locale: 'fr' },
  parameters: api(orders.get(flagged)),
  play: async ({ canvasElement }) => {
    const card = within(
      await within(canvasElement).findByRole('region', { name: 'Informations client' }),
    );
    await expect(card.getByTestId('vat-review')).toHaveTextContent('N° de TVA à confirmer');
    await expect(card.getByRole('button', { name: 'Confirmer le n° de TVA' })).toBeVisible();
  },
};

/** The orders list: the badge on a flagged order, and the filter sent to the server. */
const listed: OrderSummary[] = [
  ...orderSummaries,
  (({ items: _i, status_history: _h, shipment: _s, ...summary }) => summary)(flagged),
];
export const ListBadgeAndFilter: Story = {
  parameters: { route: paths.orders.list, msw: { handlers: [orders.list(listed)] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const row = await waitFor(() => rowOf(canvasElement, 'ORD-20250320-0061'));
    const badge = within(row).getByTestId('vat-review');
    await expect(badge).toHaveTextContent(TO_CONFIRM);
    await expect(badge).toHaveAttribute('data-variant', 'destructive');
    // No other order has a badge.
    await expect(canvas.getAllByTestId('vat-review')).toHaveLength(1);

    await userEvent.selectOptions(
      canvas.getByRole('combobox', { name: 'Filter by VAT number review' }),
      'to_confirm',
    );
    await expectSent('/api/v1/admin/orders/', 'vat_number_review', 'to_confirm');
    await waitFor(() => expect(canvas.getAllByRole('row')).toHaveLength(2)); // header + one
    await expect(
      within(canvas.getByRole('combobox', { name: 'Filter by VAT number review' }))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All VAT numbers', TO_CONFIRM, 'VAT number confirmed']);
  },
};
