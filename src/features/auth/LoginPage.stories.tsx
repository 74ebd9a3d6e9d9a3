import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { adminUser, meOf, tokenPair } from '@mocks/fixtures';
import { auth } from '@mocks/handlers';
import { requests } from '@mocks/recorder';
import { authStore, endSession, sessionEnd, STORAGE_KEYS } from '@/lib/auth/store';
import { AUTH_FAILED_MESSAGE } from '@/lib/http';
import { expectLocation, expectToast, screen } from '@/testing/story';
import { LoginPage } from './LoginPage';

const LOGIN = '/api/v1/admin/auth/login';

const meta = {
  title: 'Auth/LoginPage',
  component: LoginPage,
  parameters: { route: '/auth' },
} satisfies Meta<typeof LoginPage>;
export default meta;
type Story = StoryObj<typeof meta>;

async function signIn(canvasElement: HTMLElement, username = 'admin', password = 'zitouna-2025') {
  const canvas = within(canvasElement);
  await userEvent.type(canvas.getByLabelText(/Username/), username);
  await userEvent.type(canvas.getByLabelText(/Password/), password);
  await userEvent.click(canvas.getByRole('button', { name: 'Login' }));
}

export const Default: Story = {
  tags: ['visual'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByLabelText(/Username/)).toBeVisible();
    await expect(canvas.getByLabelText(/Password/)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Login' })).toBeEnabled();
    // Set by an effect after the first render (nothing on this page flushes effects early).
    await waitFor(() => expect(document.title).toBe('Login · Store back office'));
  },
};

export const ValidationErrors: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Login' }));
    await expect(await canvas.findByText('Username is required')).toBeVisible();
    await expect(canvas.getByText('Password is required')).toBeVisible();
    await expect(requests.to('POST', LOGIN)).toHaveLength(0);
  },
};

export const Pending: Story = {
  parameters: { msw: { handlers: [auth.login.loading()] } },
  play: async ({ canvasElement }) => {
    await signIn(canvasElement);
    const button = await within(canvasElement).findByRole('button', { name: 'Logging in...' });
    await expect(button).toBeDisabled();
  },
};

export const Success: Story = {
  parameters: { msw: { handlers: [auth.login(tokenPair), auth.me(adminUser)] } },
  play: async ({ canvasElement }) => {
    await signIn(canvasElement, 'admin', 'zitouna-2025');
    await expectToast('Success', 'Logged in successfully', 'success');
    await expectLocation(canvasElement, '/admin');
    const [login] = await requests.waitFor('POST', LOGIN);
    await expect(login?.body).toEqual({ username: 'admin', password: 'zitouna-2025' });
    // The user was loaded with the new token, and the session is stored.
    const [me] = await requests.waitFor('GET', '/api/v1/admin/auth/me');
    await expect(me?.authorization).toBe(`Bearer ${tokenPair.access_token}`);
    await expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe(tokenPair.access_token);
    await expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe(tokenPair.refresh_token);
    await expect(localStorage.getItem(STORAGE_KEYS.userType)).toBe('admin');
    await expect(authStore.user).toEqual(meOf(adminUser));
  },
};

export const ServerError: Story = {
  parameters: {
    msw: { handlers: [auth.login.error(401, 'Incorrect username or password')] },
  },
  play: async ({ canvasElement }) => {
    await signIn(canvasElement, 'admin', 'wrong-password');
    await expectToast('Error', 'Incorrect username or password', 'error');
    await expectLocation(canvasElement, '/auth');
    await expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
    // The form is usable again.
    await expect(within(canvasElement).getByRole('button', { name: 'Login' })).toBeEnabled();
  },
};

export const NetworkError: Story = {
  parameters: { msw: { handlers: [auth.login.networkError()] } },
  play: async ({ canvasElement }) => {
    await signIn(canvasElement);
    await expectToast('Error', 'Failed to login', 'error');
    await expectLocation(canvasElement, '/auth');
  },
};

/** A failure whose body carries no message ('HTTP 502') also falls back to 'Failed to login'. */
export const ErrorWithoutMessage: Story = {
  parameters: {
    msw: { handlers: [auth.login.reply(() => HttpResponse.json({}, { status: 502 }))] },
  },
  play: async ({ canvasElement }) => {
    await signIn(canvasElement);
    await expectToast('Error', 'Failed to login', 'error');
  },
};

/** The tokens were accepted but the user could not be loaded: no half-open session is kept. */
export const UserLoadFails: Story = {
  parameters: {
    msw: { handlers: [auth.login(tokenPair), auth.me.error(500, 'Database unavailable')] },
  },
  play: async ({ canvasElement }) => {
    await signIn(canvasElement);
    await expectToast('Error', 'Database unavailable', 'error');
    await expectLocation(canvasElement, '/auth');
    await expect(authStore.isAuthenticated).toBe(false);
    await expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
  },
};

/** Only one toast at a time: a second failure replaces the first. */
export const OneToastAtATime: Story = {
  parameters: { msw: { handlers: [auth.login.error(429, 'Too many attempts, retry in 60 s')] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await signIn(canvasElement);
    const first = await expectToast('Error', 'Too many attempts, retry in 60 s');
    await userEvent.click(canvas.getByRole('button', { name: 'Login' }));
    await requests.waitFor('POST', LOGIN, { count: 2 });
    await waitFor(() => expect(first).not.toBeInTheDocument());
    const second = await expectToast('Error', 'Too many attempts, retry in 60 s');
    await expect(second).not.toBe(first);
    await waitFor(() => expect(screen.getAllByTestId('toast')).toHaveLength(1));
  },
};

export const AlreadySignedIn: Story = {
  parameters: { auth: { userType: 'admin', user: adminUser } },
  play: async ({ canvasElement }) => {
    await expectLocation(canvasElement, '/admin');
  },
};

/** A signed-in customer gets the form, not a bounce to /admin's 'Access Denied'; an admin may sign in. */
export const SignedInCustomer: Story = {
  parameters: {
    auth: { userType: 'customer', token: 'customer-token' },
    msw: { handlers: [auth.login(tokenPair), auth.me(adminUser)] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Login' })).toBeVisible();
    await expectLocation(canvasElement, '/auth');
    await signIn(canvasElement);
    await expectToast('Success', 'Logged in successfully', 'success');
    await expectLocation(canvasElement, '/admin');
    await expect(localStorage.getItem(STORAGE_KEYS.userType)).toBe('admin');
    await expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe(tokenPair.access_token);
  },
};

/** After a session ended on its own (failed refresh), the form says so until the next sign-in. */
export const AfterAuthenticationFailed: Story = {
  beforeEach: () => {
    endSession(AUTH_FAILED_MESSAGE);
  },
  parameters: { msw: { handlers: [auth.login(tokenPair), auth.me(adminUser)] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const notice = canvas.getByRole('alert');
    await expect(within(notice).getByText('Authentication failed')).toBeVisible();
    await expect(
      within(notice).getByText('Your session has ended. Please sign in again.'),
    ).toBeVisible();
    await signIn(canvasElement);
    await expectLocation(canvasElement, '/admin');
    await expect(sessionEnd.reason).toBeNull();
  },
};

/** A plain visit to /auth (or after Logout) has nothing to explain. */
export const NoNoticeByDefault: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('alert')).toBeNull();
    await expect(within(canvasElement).queryByText('Authentication failed')).toBeNull();
  },
};

/** The language switch: each language in its own name; the page follows at once, Arabic right to left. */
export const SwitchesLanguage: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const language = canvas.getByRole('combobox', { name: 'Language' });
    await expect(
      within(language)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['English', 'Français', 'العربية']);
    try {
      await userEvent.selectOptions(language, 'fr');
      await expect(
        await canvas.findByRole('heading', { level: 1, name: 'Connexion administrateur' }),
      ).toBeVisible();
      await expect(localStorage.getItem('locale')).toBe('fr');
      await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Langue' }), 'ar');
      await expect(
        await canvas.findByRole('heading', { level: 1, name: 'تسجيل دخول المشرف' }),
      ).toBeVisible();
      await expect(document.documentElement.dir).toBe('rtl');
      await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'اللغة' }), 'en');
      await expect(
        await canvas.findByRole('heading', { level: 1, name: 'Admin Login' }),
      ).toBeVisible();
      await expect(document.documentElement.dir).toBe('ltr');
    } finally {
      localStorage.removeItem('locale');
    }
  },
};

/** In Arabic, right to left: the heading, the fields and their messages. */
export const Arabic: Story = {
  globals: { locale: 'ar' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'تسجيل دخول المشرف' }),
    ).toBeVisible();
    await expect(document.documentElement.dir).toBe('rtl');
    await userEvent.click(canvas.getByRole('button', { name: 'تسجيل الدخول' }));
    await expect(await canvas.findByText('اسم المستخدم مطلوب')).toBeVisible();
    await waitFor(() => expect(document.title).toBe('تسجيل الدخول · لوحة إدارة المتجر'));
  },
};

/** In French: the heading and the fields. */
export const French: Story = {
  globals: { locale: 'fr' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Connexion administrateur' }),
    ).toBeVisible();
    await expect(canvas.getByLabelText(/Nom d’utilisateur/)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Se connecter' })).toBeEnabled();
  },
};

/** In dark mode: the dark tokens of the plain page (html.dark), the form as in light. */
export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible();
    await expect(getComputedStyle(canvas.getByRole('main')).backgroundColor).toBe(
      'rgb(17, 17, 17)',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Login' }));
    await expect(await canvas.findByText('Username is required')).toBeVisible();
  },
};
