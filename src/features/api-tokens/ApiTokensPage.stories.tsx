import type { StoryObj } from '@storybook/react-vite';
import { HttpResponse } from 'msw';
import { expect, spyOn, userEvent, waitFor, within } from 'storybook/test';
import type { ApiToken } from '@generated/model';
import { adminUser } from '@mocks/fixtures';
import { apiTokens as tokenFixtures } from '@mocks/fixtures/api-tokens';
import { apiTokens } from '@mocks/handlers';
import { requests } from '@mocks/recorder';
import { paths } from '@/lib/paths';
import { adminScreenMeta } from '@/testing/admin-screen';
import { typeDay } from '@/testing/day-field';
import {
  dialog,
  dialogClosed,
  expectTable,
  listScreen,
  listStateStories,
  rowOf,
} from '@/testing/list-screen';
import { expectCard, expectInView, PHONE_GLOBALS } from '@/testing/phone-cards';
import {
  apiPath,
  expectScreenTitle,
  expectToast,
  findOpenDialog,
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

const { waitForRows } = listScreen({ table: TABLE });

/** The Create API token dialog, opened from the header once the list is there. */
async function openCreate(canvasElement: HTMLElement): Promise<Scope> {
  await waitForRows(canvasElement);
  await userEvent.click(within(canvasElement).getByRole('button', { name: 'Create API token' }));
  return dialog(CREATE_TITLE);
}

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
  parameters: mockedBy(
    apiTokens.list.reply(() =>
      HttpResponse.json(
        requests.to('POST', LIST).length > 0 ? [created, ...tokenFixtures] : tokenFixtures,
      ),
    ),
  ),
  play: async ({ canvasElement }) => {
    const writeText = spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
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

    // Waits for the swap from the form's dialog to the secret's to end.
    const secret = within(await findOpenDialog(SECRET_TITLE));
    await expect(
      secret.getByText(
        "This is the only time the token is shown: copy it now and keep it with your integration's secrets. It will not be shown again.",
      ),
    ).toBeVisible();
    await expect(secret.getByTestId('api-token-secret')).toHaveTextContent(SECRET);
    await userEvent.click(secret.getByRole('button', { name: 'Copy' }));
    await expectToast('Success', 'API token copied', 'success');
    await expect(writeText).toHaveBeenCalledWith(SECRET);
    await userEvent.click(secret.getByRole('button', { name: 'Done' }));
    await dialogClosed('dialog');

    await requests.waitFor('GET', LIST, { count: 2 });
    await waitFor(() =>
      expect(listScreen().rowNames(canvasElement)).toEqual([
        'ERP reports',
        'ERP sync',
        'Old storefront',
        'Carrier trial',
      ]),
    );
    await expect(within(rowOf(canvasElement, 'ERP reports')).getByText('2 scopes')).toBeVisible();
    await expect(within(canvasElement).getByTestId('api-token-count')).toHaveTextContent(
      '4 API tokens',
    );
    // Opened again, the dialog is a blank form: the secret is not shown twice.
    const again = await openCreate(canvasElement);
    await expect(again.getByLabelText(/^Name/)).toHaveValue('');
    await expect(screen.queryByTestId('api-token-secret')).toBeNull();
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
export const CreateServerError: Story = {
  parameters: mockedBy(
    apiTokens.create.error(422, [
      {
        loc: ['body', 'scopes', 1],
        msg: 'Your role does not have the permission orders:read',
        type: 'value_error',
      },
    ]),
  ),
  play: async ({ canvasElement }) => {
    const form = await openCreate(canvasElement);
    await fillToken(form);
    await submit(form);
    await requests.waitFor('POST', LIST);
    const alert = within(await form.findByTestId('api-token-form-error'));
    await expect(alert.getByText('Failed to create API token')).toBeVisible();
    await expect(
      alert.getByText('Your role does not have the permission orders:read'),
    ).toBeVisible();
    await expect(form.getByLabelText(/^Name/)).toHaveValue(' ERP reports ');
    await expect(screen.queryByRole('dialog', { name: SECRET_TITLE })).toBeNull();
    await expect(requests.to('GET', LIST)).toHaveLength(1);
  },
};

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
  parameters: mockedBy(
    apiTokens.list.reply(() =>
      HttpResponse.json(
        requests.to('DELETE', REVOKE_ERP).length > 0
          ? tokenFixtures.map((token) =>
              token.id === 3 ? { ...token, revoked_at: '2026-11-30T05:40:00.000Z' } : token,
            )
          : tokenFixtures,
      ),
    ),
  ),
  play: async ({ canvasElement }) => {
    await waitForRows(canvasElement);
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Revoke ERP sync' }));
    const confirm = await dialog('Revoke API token', 'alertdialog');
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
    await waitForRows(canvasElement);
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Revoke ERP sync' }));
    const confirm = await dialog('Revoke API token', 'alertdialog');
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
    await waitForRows(canvasElement);
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Revoke ERP sync' }));
    const confirm = await dialog('Revoke API token', 'alertdialog');
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
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Create API token' }));
    const form = await dialog(CREATE_TITLE);
    await expect(form.getByRole('button', { name: 'Create' })).toBeVisible();
    await expect(screen.getByRole('dialog').getBoundingClientRect().width).toBeLessThanOrEqual(
      window.innerWidth,
    );
  },
};

/* Languages and colour modes */

export const Arabic: Story = {
  globals: { locale: 'ar' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('ERP sync');
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'رموز الواجهة البرمجية' }),
    ).toBeVisible();
    await expect(document.documentElement.dir).toBe('rtl');
    const erp = within(canvas.getByText('ERP sync').closest('tr')!);
    await expect(erp.getByText('نشط')).toBeVisible();
    await expect(erp.getByRole('button', { name: 'إلغاء ERP sync' })).toBeVisible();
    const carrier = within(canvas.getByText('Carrier trial').closest('tr')!);
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
    // Waits for the swap from the form's dialog to the secret's to end.
    const secret = within(await findOpenDialog(SECRET_TITLE));
    await expect(secret.getByTestId('api-token-secret')).toHaveTextContent(SECRET);
  },
};
