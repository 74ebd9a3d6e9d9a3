import type { StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { WebhookEndpoint } from '@generated/model';
import { adminUser } from '@mocks/fixtures';
import { webhookEndpoints as endpointFixtures } from '@mocks/fixtures/webhooks';
import { webhooks } from '@mocks/handlers';
import { requests } from '@mocks/recorder';
import { paths } from '@/lib/paths';
import { adminScreenMeta } from '@/testing/admin-screen';
import { expectHeading, expectRightToLeft, translatedScreen } from '@/testing/languages';
import {
  dialog,
  dialogClosed,
  expectDialogFits,
  expectTable,
  listScreen,
  listStateStories,
  rowOf,
} from '@/testing/list-screen';
import { expectCard, expectInView, PHONE_GLOBALS } from '@/testing/phone-cards';
import { secretScreen } from '@/testing/secret-screen';
import {
  apiPath,
  expectLocation,
  expectScreenTitle,
  expectToast,
  screen,
  type Scope,
} from '@/testing/story';
import { WebhookDetailPage } from './WebhookDetailPage';
import { WebhooksPage } from './WebhooksPage';

/**
 * Webhooks of /admin/webhooks and /admin/webhooks/:id (docs/product.md §10.32) in the admin
 * layout, over the mock API: the list, and an endpoint's deliveries its URL opens.
 */
const meta = {
  title: 'Webhooks/WebhooksPage',
  ...adminScreenMeta(WebhooksPage, paths.webhooks.list, {
    routes: [
      [paths.webhooks.detailPattern, WebhookDetailPage],
      [paths.webhooks.list, WebhooksPage],
    ],
  }),
};
export default meta;
type Story = StoryObj<typeof meta>;

const LIST = apiPath(webhooks.list);
const ERP_URL = 'https://erp.example.com/hooks/shop';
const STOCK_URL = 'https://stock.example.net/webhooks';
const TABLE = 'Webhook endpoints';
const DELIVERIES = 'Webhook deliveries';
const CREATE_TITLE = 'Add webhook endpoint';
const SECRET_TITLE = 'Copy the signing secret';
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw/YP+O6lmJaA=';
const ROTATED = 'whsec_T2xkU2VjcmV0UmVwbGFjZWRCeUFOZXdPbmVYWVo=';
const SECRET_INTRO =
  "This is the only time the secret is shown: copy it now and give it to the receiving application, which verifies each event's signature with it. It will not be shown again.";
const DISABLED_NOTE = 'Disabled after a day of failed deliveries (27 Nov 2026, 15:05)';

const HEADERS = ['URL', 'Description', 'Events', 'Status', 'Created', 'Actions'];
/* The fixtures' cells, written out (times in the shop's zone, Tunis: UTC+1). */
const ERP_ROW = [ERP_URL, 'ERP order sync', '4 events', 'Enabled', '03 Nov 2026', ''];
const STOCK_ROW = [
  STOCK_URL,
  'Warehouse stock alerts',
  '2 events',
  `Disabled ${DISABLED_NOTE}`,
  '12 Oct 2026',
  '',
];

const DELIVERY_HEADERS = [
  'Event',
  'Status',
  'Response',
  'Duration',
  'Attempts',
  'Created',
  'Last attempt',
  'Actions',
];
const ERP_DELIVERIES = [
  [
    'Order status changed',
    'Pending',
    '503',
    '412 ms',
    '1',
    '28 Nov 2026, 11:05',
    '28 Nov 2026, 11:05',
    '',
  ],
  [
    'Invoice issued',
    'Failed',
    'No answer within 10 s',
    '10,003 ms',
    '8',
    '25 Nov 2026, 23:05',
    '27 Nov 2026, 12:40',
    'Resend',
  ],
  [
    'Order placed',
    'Succeeded',
    '200',
    '138 ms',
    '1',
    '25 Nov 2026, 22:58',
    '25 Nov 2026, 22:58',
    'Resend',
  ],
];

const { waitForRows, openCreate, listOnceSent, ...secretShown } = secretScreen({
  table: TABLE,
  list: webhooks.list,
  fixtures: endpointFixtures,
  listPath: LIST,
  add: { button: 'Add endpoint', title: CREATE_TITLE },
  secret: { title: SECRET_TITLE, testId: 'webhook-secret' },
  formErrorTestId: 'webhook-form-error',
});

/** Types a URL and a description, and ticks two events (the second before the first). */
async function fillEndpoint(form: Scope) {
  await userEvent.type(form.getByLabelText(/^URL/), ' https://crm.example.org/shop-events ');
  await userEvent.type(form.getByLabelText(/^Description/), 'CRM sync');
  await userEvent.click(form.getByText('Invoice issued (invoice.issued)'));
  await userEvent.click(form.getByText('Order placed (order.created)'));
}

const submit = (form: Scope, name = 'Create') =>
  userEvent.click(form.getByRole('button', { name }));

/** The deliveries table of the endpoint page (named `table`), once its rows came. */
async function waitForDeliveries(canvasElement: HTMLElement, table = DELIVERIES) {
  await waitFor(() =>
    expect(
      within(within(canvasElement).getByRole('table', { name: table })).getAllByRole('row').length,
    ).toBeGreaterThan(1),
  );
}

const newEndpoint: WebhookEndpoint = {
  id: 3,
  url: 'https://crm.example.org/shop-events',
  description: 'CRM sync',
  events: ['order.created', 'invoice.issued'],
  enabled: true,
  disabled_at: null,
  failing_since: null,
  created_at: '2026-11-30T05:30:00.000Z',
  updated_at: '2026-11-30T05:30:00.000Z',
};

export const Filled: Story = {
  tags: ['visual'],
  play: async ({ canvasElement }) => {
    await waitForRows(canvasElement);
    await expectScreenTitle(canvasElement, 'Webhooks');
    await expectTable(canvasElement, HEADERS, [ERP_ROW, STOCK_ROW]);
    await expect(within(canvasElement).getByTestId('webhook-count')).toHaveTextContent(
      '2 endpoints',
    );
    // The events themselves are in the count's tooltip.
    const events = within(rowOf(canvasElement, STOCK_URL)).getByTestId('webhook-events');
    await expect(events).toHaveAttribute('title', 'Stock low, Out of stock');
    // The menu links the screen, after API Tokens.
    const nav = within(canvasElement).getByRole('navigation', { name: 'Management' });
    const links = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    await expect(links.slice(links.indexOf('API Tokens'), links.indexOf('API Tokens') + 2)).toEqual(
      ['API Tokens', 'Webhooks'],
    );
    await expect(within(nav).getByRole('link', { name: 'Webhooks' })).toHaveAttribute(
      'href',
      '/admin/webhooks',
    );
    await expect(requests.to('GET', LIST)).toHaveLength(1);
  },
};

const states = listStateStories({
  list: webhooks.list,
  empty: { text: 'No webhook endpoints yet', addButton: 'Add endpoint' },
  loadingText: 'Loading webhook endpoints...',
  loadError: {
    status: 403,
    message: 'Not enough permissions',
    title: 'Failed to load webhook endpoints',
  },
});
export const Empty: Story = states.Empty;
export const Loading: Story = states.Loading;
export const LoadError: Story = states.LoadError;

/**
 * Add endpoint: every event of the contract to choose from; the body sent as typed (URL and
 * description trimmed, the events in the contract's order); the secret shown once with Copy, and
 * Done returns to the list, which shows the new endpoint.
 */
export const CreateEndpoint: Story = {
  parameters: listOnceSent(['POST', LIST], () => [newEndpoint, ...endpointFixtures]),
  play: async ({ canvasElement }) => {
    const form = await openCreate(canvasElement);
    const choices = within(form.getByRole('group', { name: /^Events/ }))
      .getAllByRole('checkbox')
      .map((box) => box.closest('label')?.textContent);
    await expect(choices).toHaveLength(12);
    await expect(choices[0]).toBe('Order placed (order.created)');
    await expect(choices[11]).toBe('Product deleted (product.deleted)');
    // A new endpoint is enabled: no switch to say otherwise.
    await expect(form.queryByRole('checkbox', { name: /^Enabled/ })).toBeNull();
    await fillEndpoint(form);
    await submit(form);
    const [call] = await requests.waitFor('POST', LIST);
    await expect(call?.body).toEqual({
      url: 'https://crm.example.org/shop-events',
      description: 'CRM sync',
      events: ['order.created', 'invoice.issued'],
      enabled: true,
    });

    await secretShown.expectSecretOnce(SECRET, {
      intro: SECRET_INTRO,
      copied: 'Signing secret copied',
    });

    await secretShown.expectReloaded(canvasElement, [
      'https://crm.example.org/shop-events',
      ERP_URL,
      STOCK_URL,
    ]);
    await expect(within(canvasElement).getByTestId('webhook-count')).toHaveTextContent(
      '3 endpoints',
    );
    await secretShown.expectBlankCreate(canvasElement, /^URL/);
  },
};

/** Nothing typed, then an ftp URL: the messages, and nothing sent. */
export const CreateInvalid: Story = {
  play: async ({ canvasElement }) => {
    const form = await openCreate(canvasElement);
    await submit(form);
    await expect(await form.findByText('URL is required')).toBeVisible();
    await expect(form.getByText('Choose at least one event')).toBeVisible();
    await userEvent.type(form.getByLabelText(/^URL/), 'ftp://erp.example.com/hook');
    await userEvent.click(form.getByText('Stock low (stock.low)'));
    await submit(form);
    await expect(await form.findByText('Enter an http or https URL')).toBeVisible();
    await expect(form.queryByText('Choose at least one event')).toBeNull();
    await expect(requests.to('POST', LIST)).toHaveLength(0);
  },
};

/** The server refuses a private address (422): its message in the form, which stays as typed. */
export const CreateRefused: Story = secretShown.createRefused({
  create: webhooks.create,
  field: 'url',
  message: 'crm.example.org resolves to a private address (10.0.0.12): refused',
  submitForm: async (form) => {
    await fillEndpoint(form);
    await submit(form);
  },
  title: 'Failed to add webhook endpoint',
  // A URL field drops the spaces around what is typed.
  kept: { label: /^URL/, value: 'https://crm.example.org/shop-events' },
});

/**
 * Edit the endpoint the server disabled: Enabled switched on sends that alone (what clears the
 * dashboard's notice), a toast, and the reloaded row says Enabled.
 */
export const EditEnable: Story = {
  parameters: listOnceSent(['PATCH', `${LIST}1`], () =>
    endpointFixtures.map((e) =>
      e.id === 1 ? { ...e, enabled: true, disabled_at: null, failing_since: null } : e,
    ),
  ),
  play: async ({ canvasElement }) => {
    await waitForRows(canvasElement);
    await userEvent.click(within(canvasElement).getByRole('button', { name: `Edit ${STOCK_URL}` }));
    const form = await dialog('Edit webhook endpoint');
    await expect(form.getByLabelText(/^URL/)).toHaveValue(STOCK_URL);
    const enabled = form.getByRole('checkbox', { name: /^Enabled/ });
    await expect(enabled).not.toBeChecked();
    await userEvent.click(form.getByText('Enabled'));
    await submit(form, 'Update');
    const [call] = await requests.waitFor('PATCH', `${LIST}1`);
    await expect(call?.body).toEqual({ enabled: true });
    await expectToast('Success', `Webhook endpoint ${STOCK_URL} updated`, 'success');
    await dialogClosed('dialog');
    const row = within(rowOf(canvasElement, STOCK_URL));
    await expect(await row.findByText('Enabled')).toBeVisible();
    await expect(row.queryByText(DISABLED_NOTE)).toBeNull();
  },
};

/** Delete asks first, then deletes: a toast, and the reloaded list is without it. */
export const Delete: Story = {
  parameters: listOnceSent(['DELETE', `${LIST}2`], () =>
    endpointFixtures.filter((e) => e.id !== 2),
  ),
  play: async ({ canvasElement }) => {
    await waitForRows(canvasElement);
    await userEvent.click(within(canvasElement).getByRole('button', { name: `Delete ${ERP_URL}` }));
    const confirm = await dialog('Delete webhook endpoint', 'alertdialog');
    await expect(
      confirm.getByText(
        `Delete the endpoint ${ERP_URL}? It and its deliveries are deleted; pending deliveries are not sent. This cannot be undone.`,
      ),
    ).toBeVisible();
    await userEvent.click(confirm.getByRole('button', { name: 'Delete' }));
    await requests.waitFor('DELETE', `${LIST}2`);
    await expectToast('Success', `Webhook endpoint ${ERP_URL} deleted`, 'success');
    await dialogClosed('alertdialog');
    await waitFor(() => expect(listScreen().rowNames(canvasElement)).toEqual([STOCK_URL]));
  },
};

/** An endpoint's URL opens its page: its state, its events and its deliveries. */
export const Deliveries: Story = {
  play: async ({ canvasElement }) => {
    await waitForRows(canvasElement);
    await userEvent.click(within(canvasElement).getByRole('link', { name: ERP_URL }));
    await expectLocation(canvasElement, '/admin/webhooks/2');
    await waitForDeliveries(canvasElement);
    await expectHeading(canvasElement, ERP_URL);
    const canvas = within(canvasElement);
    await expect(canvas.getByTestId('webhook-endpoint-status')).toHaveTextContent('Enabled');
    await expect(canvas.getByTestId('webhook-endpoint-events')).toHaveTextContent(
      'Events: Order placed (order.created), Order status changed (order.status_changed), Invoice issued (invoice.issued), Credit note issued (credit_note.issued)',
    );
    await expect(canvas.queryByTestId('webhook-disabled-notice')).toBeNull();
    await expectTable(canvasElement, DELIVERY_HEADERS, ERP_DELIVERIES);
    await expect(canvas.getByTestId('webhook-delivery-count')).toHaveTextContent('3 deliveries');
    await expect((await requests.waitFor('GET', `${LIST}2/deliveries`))[0]?.query).toEqual({
      skip: '0',
      limit: '100',
    });
    // The back link returns to the list.
    await userEvent.click(canvas.getByRole('link', { name: 'Back to webhooks' }));
    await expectLocation(canvasElement, '/admin/webhooks');
  },
};

/** Filtered by status: the server is asked for the failed ones. */
export const DeliveriesFiltered: Story = {
  parameters: { route: '/admin/webhooks/2' },
  play: async ({ canvasElement }) => {
    await waitForDeliveries(canvasElement);
    await userEvent.selectOptions(
      within(canvasElement).getByRole('combobox', { name: 'Status' }),
      'Failed',
    );
    const calls = await requests.waitFor('GET', `${LIST}2/deliveries`, { count: 2 });
    await expect(calls.at(-1)?.query).toMatchObject({ status: 'failed' });
    await waitFor(() =>
      expect(listScreen({ table: DELIVERIES }).rowNames(canvasElement)).toEqual(['Invoice issued']),
    );
    await expect(within(canvasElement).getByTestId('webhook-delivery-count')).toHaveTextContent(
      '1 of 3 deliveries',
    );
  },
};

/** Resend a failed delivery: the request for it, a toast, and the deliveries reloaded. */
export const Resend: Story = {
  parameters: { route: '/admin/webhooks/2' },
  play: async ({ canvasElement }) => {
    await waitForDeliveries(canvasElement);
    const canvas = within(canvasElement);
    // A pending delivery will be tried anyway: no Resend for it.
    await expect(canvas.queryByRole('button', { name: 'Resend delivery 14' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Resend delivery 13' }));
    const [call] = await requests.waitFor('POST', `${LIST}2/deliveries/13/resend`);
    await expect(call?.body).toBeUndefined();
    await expectToast('Success', 'Delivery 13 will be sent again', 'success');
    await requests.waitFor('GET', `${LIST}2/deliveries`, { count: 2 });
  },
};

/** The server refuses to resend for a disabled endpoint (409): its reason in the toast. */
export const ResendRefused: Story = {
  parameters: { route: '/admin/webhooks/1' },
  play: async ({ canvasElement }) => {
    await waitForDeliveries(canvasElement);
    await userEvent.click(
      within(canvasElement).getByRole('button', { name: 'Resend delivery 11' }),
    );
    await expectToast(
      'Error',
      'The endpoint is disabled: enable it before resending its deliveries',
      'error',
    );
  },
};

/**
 * The page the dashboard's notice leads to: why the endpoint is disabled, with its time, and
 * Enable, which sends enabled alone; the notice then goes.
 */
export const EnableDisabled: Story = {
  parameters: { route: '/admin/webhooks/1' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const notice = await canvas.findByTestId('webhook-disabled-notice');
    await expect(notice).toHaveTextContent(
      'Disabled on 27 Nov 2026, 15:05 after a day of failed deliveries. Enable it again once the endpoint answers.',
    );
    await expect(canvas.getByTestId('webhook-endpoint-status')).toHaveTextContent(
      `Disabled ${DISABLED_NOTE}`,
    );
    await userEvent.click(within(notice).getByRole('button', { name: 'Enable' }));
    const [call] = await requests.waitFor('PATCH', `${LIST}1`);
    await expect(call?.body).toEqual({ enabled: true });
    await expectToast('Success', `Webhook endpoint ${STOCK_URL} enabled`, 'success');
    await waitFor(() => expect(canvas.queryByTestId('webhook-disabled-notice')).toBeNull());
    await expect(canvas.getByTestId('webhook-endpoint-status')).toHaveTextContent('Enabled');
  },
};

/** Rotate secret asks first, then shows the new secret once. */
export const Rotate: Story = {
  parameters: { route: '/admin/webhooks/2' },
  play: async ({ canvasElement }) => {
    await waitForDeliveries(canvasElement);
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Rotate secret' }));
    const confirm = await dialog('Rotate signing secret', 'alertdialog');
    await expect(
      confirm.getByText(
        `Replace the signing secret of ${ERP_URL}? The old one stops working at once: the receiving application must use the new one.`,
      ),
    ).toBeVisible();
    await userEvent.click(confirm.getByRole('button', { name: 'Rotate secret' }));
    await requests.waitFor('POST', `${LIST}2/rotate-secret`);
    const secret = await secretShown.secretDialog(ROTATED);
    await userEvent.click(secret.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: SECRET_TITLE })).toBeNull());
    await expect(screen.queryByText(ROTATED)).toBeNull();
  },
};

/** Cancel keeps the secret: nothing is sent. */
export const RotateCancelled: Story = {
  parameters: { route: '/admin/webhooks/2' },
  play: async ({ canvasElement }) => {
    await waitForDeliveries(canvasElement);
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Rotate secret' }));
    const confirm = await dialog('Rotate signing secret', 'alertdialog');
    await userEvent.click(confirm.getByRole('button', { name: 'Cancel' }));
    await dialogClosed('alertdialog');
    await expect(requests.to('POST', /rotate-secret/)).toHaveLength(0);
  },
};

/** An endpoint that is not there (deleted meanwhile): the server's 404, and the way back. */
export const EndpointNotFound: Story = {
  parameters: { route: '/admin/webhooks/99' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = within(await canvas.findByRole('alert'));
    await expect(alert.getByText('Failed to load webhook endpoint')).toBeVisible();
    await expect(alert.getByText('Webhook endpoint not found')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Back to webhooks' })).toBeVisible();
  },
};

/** A manager may not manage webhooks: the server's refusal, and no Webhooks in the menu. */
export const Forbidden: Story = {
  parameters: { auth: { userType: 'admin', user: { ...adminUser, role: 'manager' } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = within(await canvas.findByRole('alert'));
    await expect(alert.getByText('Failed to load webhook endpoints')).toBeVisible();
    await expect(alert.getByText('Your role (manager) does not allow this action')).toBeVisible();
    const nav = within(canvas.getByRole('navigation', { name: 'Management' }));
    await expect(nav.getByRole('link', { name: 'API Tokens' })).toBeVisible();
    await expect(nav.queryByRole('link', { name: 'Webhooks' })).toBeNull();
  },
};

/** On a phone each endpoint is a card: its URL, description, state, dates and actions in view. */
export const Phone: Story = {
  globals: PHONE_GLOBALS,
  play: async ({ canvasElement }) => {
    const card = await expectCard(canvasElement, {
      table: TABLE,
      name: STOCK_URL,
      fields: STOCK_ROW,
    });
    await expectInView(within(card).getByRole('button', { name: `Delete ${STOCK_URL}` }));
    await expectDialogFits(canvasElement, {
      button: 'Add endpoint',
      name: CREATE_TITLE,
      submit: 'Create',
    });
  },
};

/* Languages and colour modes */

export const Arabic: Story = {
  globals: { locale: 'ar' },
  play: async ({ canvasElement }) => {
    const canvas = await translatedScreen(canvasElement, {
      shown: ERP_URL,
      heading: 'خطافات الويب',
    });
    await expectRightToLeft();
    const erp = within(rowOf(canvasElement, ERP_URL));
    await expect(erp.getByText('مفعّل')).toBeVisible();
    await expect(erp.getByText('ERP order sync')).toBeVisible();
    const stock = within(rowOf(canvasElement, STOCK_URL));
    await expect(stock.getByText('معطّل')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'إضافة عنوان' })).toBeVisible();
  },
};

/** An endpoint's deliveries in Arabic: statuses and actions translated. */
export const ArabicDeliveries: Story = {
  globals: { locale: 'ar' },
  parameters: { route: '/admin/webhooks/2' },
  play: async ({ canvasElement }) => {
    await waitForDeliveries(canvasElement, 'إرسالات خطاف الويب');
    await expectRightToLeft();
    const canvas = within(canvasElement);
    const table = within(canvas.getByRole('table', { name: 'إرسالات خطاف الويب' }));
    await expect(
      table.getAllByTestId('webhook-delivery-status').map((badge) => badge.textContent),
    ).toEqual(['قيد الانتظار', 'فشل', 'نجح']);
    await expect(table.getAllByRole('button', { name: /^إعادة إرسال/ })).toHaveLength(2);
    await expect(canvas.getByRole('button', { name: 'تجديد السرّ' })).toBeVisible();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  play: Filled.play,
};

/** The endpoint page in dark mode, with its disabled notice. */
export const DarkDeliveries: Story = {
  globals: { theme: 'dark' },
  parameters: { route: '/admin/webhooks/1' },
  play: async ({ canvasElement }) => {
    await waitForDeliveries(canvasElement);
    await expect(await within(canvasElement).findByTestId('webhook-disabled-notice')).toBeVisible();
  },
};
