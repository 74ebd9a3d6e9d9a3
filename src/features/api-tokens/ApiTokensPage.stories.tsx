import type { StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import type { ApiToken } from '@generated/model';
import { adminUser } from '@mocks/fixtures';
import { apiTokens as tokenFixtures } from '@mocks/fixtures/api-tokens';
import { apiTokens } from '@mocks/handlers';
import { requests } from '@mocks/recorder';
import { paths } from '@/lib/paths';
import { adminScreenMeta } from '@/testing/admin-screen';
import { typeDay } from '@/testing/day-field';
import { expectRightToLeft, translatedScreen } from '@/testing/languages';
import {
  dialog,
  dialogClosed,
  expectDialogFits,
  expectTable,
  listStateStories,
  rowOf,
  rowWithText,
} from '@/testing/list-screen';
import { expectCard, expectInView, PHONE_GLOBALS } from '@/testing/phone-cards';
import { secretScreen } from '@/testing/secret-screen';
import {
  apiPath,
  expectScreenTitle,
  expectToast,
  mockedBy,
  screen,
  type Scope,
} from '@/testing/story';
import { ApiTokensPage } from './ApiTokensPage';
import { expectedScopes } from './expected-scopes';

/** API tokens of /admin/api-tokens (docs/product.md §10.31) in the admin layout, over the mock API. */
const meta = {
  title: 'ApiTokens/ApiTokensPage',
  ...adminScreenMeta(ApiTokensPage, paths.apiTokens),
};
export default meta;
type Story = StoryObj<typeof meta>;

const LIST = apiPath(apiTokens.list);
const REVOKE_ERP = `${LIST}3`;
const TABLE = 'API tokens';
const CREATE_TITLE = 'Create API token';
const SECRET_TITLE = 'Copy your new API token';
const SECRET = 'shp_N3wT0k3nAbCd_sEcReT0123456789abcdefghijklmnop';

const HEADERS = [
  'Name',
  'Scopes',
  'Created by',
  'Created',
  'Expires',
  'Last used',
  'Status',
  'Actions',
];
/* The fixtures' cells, written out (times in the shop's zone, Tunis: UTC+1). */
const ERP_ROW = [
  'ERP sync',
  '3 scopes',
  'admin',
  '02 Nov 2026',
  'Never',
  '28 Nov 2026, 07:40 from 192.0.2.44',
  'Active',
  'Revoke',
];
const OLD_ROW = [
  'Old storefront',
  '1 scope',
  'admin',
  '10 Jun 2026',
  'Never',
  '30 Oct 2026, 23:01 from 198.51.100.7',
  'Revoked',
  '',
];
const CARRIER_ROW = [
  'Carrier trial',
  '1 scope',
  'karim.trabelsi',
  '01 Mar 2026',
  '01 Apr 2026, 01:00',
  'Never used',
  'Expired',
  '',
];

const { waitForRows, openDialog, openCreate, listOnceSent, ...secretShown } = secretScreen({
  table: TABLE,
  list: apiTokens.list,
  fixtures: tokenFixtures,
  listPath: LIST,
  add: { button: 'Create API token', title: CREATE_TITLE },
  secret: { title: SECRET_TITLE, testId: 'api-token-secret' },
  formErrorTestId: 'api-token-form-error',
});

/** The confirmation of the ERP sync token's revocation. */
const openRevoke = (canvasElement: HTMLElement) =>
  openDialog(canvasElement, {
    button: 'Revoke ERP sync',
    name: 'Revoke API token',
    role: 'alertdialog',
  });

const scopeLabels = (form: Scope) =>
  within(form.getByRole('group', { name: /^Scopes/ }))
    .getAllByRole('checkbox')
    .map((box) => box.closest('label')?.textContent);

const submit = (form: Scope) => userEvent.click(form.getByRole('button', { name: 'Create' }));

/** Names it ' ERP reports ' and gives it catalogue:read and orders:read. */
async function fillToken(form: Scope) {
  await userEvent.type(form.getByLabelText(/^Name/), ' ERP reports ');
  await userEvent.click(form.getByText('catalogue:read'));
  await userEvent.click(form.getByText('orders:read'));
}

const created: ApiToken = {
  id: 4,
  name: 'ERP reports',
  prefix: 'shp_N3wT0k3nAbCd',
  scopes: ['catalogue:read', 'orders:read'],
  created_at: '2026-11-30T05:30:00.000Z',
  created_by: 'admin',
  expires_at: '2099-12-31T22:59:59.999Z',
  last_used_at: null,
  last_used_ip: null,
  revoked_at: null,
};

export const Filled: Story = {
  tags: ['visual'],
  play: async ({ canvasElement }) => {
    await waitForRows(canvasElement);
    await expectScreenTitle(canvasElement, 'API Tokens');
    await expectTable(canvasElement, HEADERS, [ERP_ROW, OLD_ROW, CARRIER_ROW]);
    await expect(within(canvasElement).getByTestId('api-token-count')).toHaveTextContent(
      '3 API tokens',
    );
    // The scopes themselves are in the count's tooltip.
    const scopes = within(rowOf(canvasElement, 'ERP sync')).getByTestId('api-token-scopes');
    await expect(scopes).toHaveAttribute('title', 'catalogue:read, orders:read, variants:write');
    // The menu links the screen.
    const nav = within(canvasElement).getByRole('navigation', { name: 'Management' });
    await expect(within(nav).getByRole('link', { name: 'API Tokens' })).toHaveAttribute(
      'href',
      '/admin/api-tokens',
    );
    await expect(requests.to('GET', LIST)).toHaveLength(1);
  },
};

const states = listStateStories({
  list: apiTokens.list,
  empty: { text: 'No API tokens yet', addButton: 'Create API token' },
  loadingText: 'Loading API tokens...',
  loadError: { status: 403, message: 'Not enough permissions', title: 'Failed to load API tokens' },
});
export const Empty: Story = states.Empty;
export const Loading: Story = states.Loading;
export const LoadError: Story = states.LoadError;

/**
 * Create: the scopes are the admin's own permissions but api_tokens:manage; the body is sent as
 * typed (trimmed name, the expiry day's end in Tunis); the secret is shown once with Copy, and
 * Done returns to the list, which shows the new token.
 */
export const CreateToken: Story = {
  parameters: listOnceSent(['POST', LIST], () => [created, ...tokenFixtures]),
  play: async ({ canvasElement }) => {
    const form = await openCreate(canvasElement);
    await expect(scopeLabels(form)).toEqual(expectedScopes.super_admin);
    await expect(
      form.getByText(
        'Leave empty for a token that never expires; it works until the end of that day (shop time)',
      ),
    ).toBeVisible();
    await fillToken(form);
    await typeDay(screen.getByRole('dialog'), 'Expires on', '2099-12-31');
    await submit(form);
    const [call] = await requests.waitFor('POST', LIST);
    await expect(call?.body).toEqual({
      name: 'ERP reports',
      scopes: ['catalogue:read', 'orders:read'],
      expires_at: '2099-12-31T22:59:59.999Z',
    });

    await secretShown.expectSecretOnce(SECRET, {
      intro:
        "This is the only time the token is shown: copy it now and keep it with your integration's secrets. It will not be shown again.",
      copied: 'API token copied',
    });

    await secretShown.expectReloaded(canvasElement, [
      'ERP reports',
      'ERP sync',
      'Old storefront',
      'Carrier trial',
    ]);
    await expect(within(rowOf(canvasElement, 'ERP reports')).getByText('2 scopes')).toBeVisible();
    await expect(within(canvasElement).getByTestId('api-token-count')).toHaveTextContent(
      '4 API tokens',
    );
    await secretShown.expectBlankCreate(canvasElement, /^Name/);
  },
};

/** Nothing typed, then a past expiry: the messages, and nothing sent. */
export const CreateInvalid: Story = {
  play: async ({ canvasElement }) => {
    const form = await openCreate(canvasElement);
    await submit(form);
    await expect(await form.findByText('Name is required')).toBeVisible();
    await expect(form.getByText('Choose at least one scope')).toBeVisible();
    await fillToken(form);
    await typeDay(screen.getByRole('dialog'), 'Expires on', '2020-01-31');
    await submit(form);
    await expect(await form.findByTestId('api-token-expiry-error')).toHaveTextContent(
      'The expiry day cannot be before today',
    );
    await expect(form.queryByText('Name is required')).toBeNull();
    await expect(requests.to('POST', LIST)).toHaveLength(0);
  },
};

/** The server refuses a scope (422): its message in the form, which stays as typed. */
export const CreateServerError: Story = secretShown.createRefused({
  create: apiTokens.create,
  field: ['scopes', 1],
  message: 'Your role does not have the permission orders:read',
  submitForm: async (form) => {
    await fillToken(form);
    await submit(form);
  },
  title: 'Failed to create API token',
  kept: { label: /^Name/, value: ' ERP reports ' },
});

/** A manager may give only their role's permissions: no users:write, no audit, no backups. */
export const CreateAsManager: Story = {
  parameters: { auth: { userType: 'admin', user: { ...adminUser, role: 'manager' } } },
  play: async ({ canvasElement }) => {
    const form = await openCreate(canvasElement);
    await expect(scopeLabels(form)).toEqual(expectedScopes.manager);
  },
};

/** Revoke asks first, then revokes: a toast, and the reloaded row says Revoked. */
export const Revoke: Story = {
  parameters: listOnceSent(['DELETE', REVOKE_ERP], () =>
    tokenFixtures.map((token) =>
      token.id === 3 ? { ...token, revoked_at: '2026-11-30T05:40:00.000Z' } : token,
    ),
  ),
  play: async ({ canvasElement }) => {
    const confirm = await openRevoke(canvasElement);
    await expect(
      confirm.getByText(
        'Revoke "ERP sync"? The integrations using it are refused from their next request. This cannot be undone.',
      ),
    ).toBeVisible();
    await userEvent.click(confirm.getByRole('button', { name: 'Revoke' }));
    await requests.waitFor('DELETE', REVOKE_ERP);
    await expectToast('Success', 'API token "ERP sync" revoked', 'success');
    await dialogClosed('alertdialog');
    const row = within(rowOf(canvasElement, 'ERP sync'));
    await expect(await row.findByText('Revoked')).toBeVisible();
    await expect(row.queryByRole('button', { name: 'Revoke ERP sync' })).toBeNull();
  },
};

/** Cancel keeps the token: nothing is sent. */
export const RevokeCancelled: Story = {
  play: async ({ canvasElement }) => {
    const confirm = await openRevoke(canvasElement);
    await userEvent.click(confirm.getByRole('button', { name: 'Cancel' }));
    await dialogClosed('alertdialog');
    await expect(requests.to('DELETE', /api-tokens\/\d+/)).toHaveLength(0);
    await expect(within(rowOf(canvasElement, 'ERP sync')).getByText('Active')).toBeVisible();
  },
};

/** A refused revocation says why. */
export const RevokeFailed: Story = {
  parameters: mockedBy(apiTokens.revoke.error(404, 'API token not found')),
  play: async ({ canvasElement }) => {
    const confirm = await openRevoke(canvasElement);
    await userEvent.click(confirm.getByRole('button', { name: 'Revoke' }));
    await expectToast('Error', 'API token not found', 'error');
    await dialogClosed('alertdialog');
    await expect(within(rowOf(canvasElement, 'ERP sync')).getByText('Active')).toBeVisible();
  },
};

/** On a phone each token is a card: its name, creator, status, dates and Revoke in view. */
export const Mobile: Story = {
  globals: PHONE_GLOBALS,
  play: async ({ canvasElement }) => {
    const card = await expectCard(canvasElement, {
      table: TABLE,
      name: 'ERP sync',
      fields: ERP_ROW,
    });
    await expectInView(within(card).getByRole('button', { name: 'Revoke ERP sync' }));
    await expectDialogFits(canvasElement, {
      button: 'Create API token',
      name: CREATE_TITLE,
      submit: 'Create',
    });
  },
};

/* Languages and colour modes */

export const Arabic: Story = {
  globals: { locale: 'ar' },
  play: async ({ canvasElement }) => {
    await translatedScreen(canvasElement, { shown: 'ERP sync', heading: 'رموز الواجهة البرمجية' });
    await expectRightToLeft();
    const erp = rowWithText(canvasElement, 'ERP sync');
    await expect(erp.getByText('نشط')).toBeVisible();
    await expect(erp.getByRole('button', { name: 'إلغاء ERP sync' })).toBeVisible();
    const carrier = rowWithText(canvasElement, 'Carrier trial');
    await expect(carrier.getByText('منتهي الصلاحية')).toBeVisible();
    await expect(carrier.getByText('لم يُستخدم')).toBeVisible();
  },
};

/** The create dialog in Arabic: its title and messages translated. */
export const ArabicCreateDialog: Story = {
  globals: { locale: 'ar' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('ERP sync');
    await userEvent.click(canvas.getByRole('button', { name: 'إنشاء رمز واجهة برمجية' }));
    const form = await dialog('إنشاء رمز واجهة برمجية');
    await userEvent.click(
      screen.getByRole('dialog').querySelector<HTMLElement>('button[type="submit"]')!,
    );
    await expect(await form.findByText('الاسم مطلوب')).toBeVisible();
    await expect(form.getByText('اختر صلاحية واحدة على الأقل')).toBeVisible();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  play: Filled.play,
};

/** The secret dialog in dark mode (its contrast is checked with the page's). */
export const DarkSecret: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvasElement }) => {
    const form = await openCreate(canvasElement);
    await fillToken(form);
    await submit(form);
    await secretShown.secretDialog(SECRET);
  },
};
