import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { adminUser, tokenPair, twoFactorAsked } from '@mocks/fixtures';
import { auth } from '@mocks/handlers';
import { json } from '@mocks/handlers/endpoint';
import { requests } from '@mocks/recorder';
import { authStore, STORAGE_KEYS } from '@/lib/auth/store';
import { expectRightToLeft } from '@/testing/languages';
import { expectLocation, expectToast, mockedBy } from '@/testing/story';
import { LoginPage } from './LoginPage';

const LOGIN = '/api/v1/admin/auth/login';
const CREDENTIALS = { username: 'admin', password: 'zitouna-2025' };

/**
 * The sign-in of an admin with a second factor (docs/product.md §4): after a right password the
 * server answers 401 two_factor_required and the same card asks for the code of the
 * authenticator app (or a recovery code); the sign-in is sent again with `otp`.
 */
const meta = {
  title: 'Auth/LoginPage/Second step',
  component: LoginPage,
  parameters: {
    route: '/auth',
    ...mockedBy(auth.loginTwoFactor(), auth.me(adminUser)),
  },
} satisfies Meta<typeof LoginPage>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Username and password, then the server asks for the code: the code step shows. */
async function passwordStep(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await userEvent.type(canvas.getByLabelText(/Username/), CREDENTIALS.username);
  await userEvent.type(canvas.getByLabelText(/Password/), CREDENTIALS.password);
  await userEvent.click(canvas.getByRole('button', { name: 'Login' }));
  // The first attempt loads the HTTP client: a busy machine may take a few seconds.
  const form = within(
    await canvas.findByRole('form', { name: 'Two-factor sign-in' }, { timeout: 5000 }),
  );
  return { canvas, form };
}

export const CodeAsked: Story = {
  play: async ({ canvasElement }) => {
    const { canvas, form } = await passwordStep(canvasElement);
    await expect(form.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible();
    await expect(
      form.getByText(
        'Open your authenticator app and enter the 6-digit code it shows for this account.',
      ),
    ).toBeVisible();
    const code = form.getByLabelText(/Authentication code/);
    // Focused once the step's effects have run.
    await waitFor(() => expect(code).toHaveFocus());
    await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(code).toHaveAttribute('inputmode', 'numeric');
    await expect(form.getByRole('button', { name: 'Verify' })).toBeEnabled();
    await expect(form.getByRole('button', { name: 'Use a recovery code' })).toBeVisible();
    // Asked, not refused: no toast, nothing stored, the password form is gone.
    const [login] = await requests.waitFor('POST', LOGIN);
    await expect(login?.body).toEqual(CREDENTIALS);
    await expect(canvas.queryByLabelText(/Password/)).toBeNull();
    await expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
    await expect(authStore.isAuthenticated).toBe(false);
  },
};

export const CodeValidation: Story = {
  play: async ({ canvasElement }) => {
    const { form } = await passwordStep(canvasElement);
    await userEvent.click(form.getByRole('button', { name: 'Verify' }));
    await expect(await form.findByText('Enter the code from your authenticator app')).toBeVisible();
    await userEvent.type(form.getByLabelText(/Authentication code/), '12345');
    await expect(await form.findByText('The code has 6 digits')).toBeVisible();
    await userEvent.click(form.getByRole('button', { name: 'Verify' }));
    await expect(requests.to('POST', LOGIN)).toHaveLength(1);
  },
};

export const WrongCode: Story = {
  play: async ({ canvasElement }) => {
    const { form } = await passwordStep(canvasElement);
    await userEvent.type(form.getByLabelText(/Authentication code/), '000000');
    await userEvent.click(form.getByRole('button', { name: 'Verify' }));
    await expectToast('Error', 'Incorrect code', 'error');
    const sent = await requests.waitFor('POST', LOGIN, { count: 2 });
    await expect(sent[1]?.body).toEqual({ ...CREDENTIALS, otp: '000000' });
    // Still the code step, ready for another try.
    await expectLocation(canvasElement, '/auth');
    await expect(form.getByRole('button', { name: 'Verify' })).toBeEnabled();
    await expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
  },
};

export const RightCode: Story = {
  play: async ({ canvasElement }) => {
    const { form } = await passwordStep(canvasElement);
    // An app may show the code in two groups: the space is not sent.
    await userEvent.type(form.getByLabelText(/Authentication code/), '123 456');
    await userEvent.click(form.getByRole('button', { name: 'Verify' }));
    await expectToast('Success', 'Logged in successfully', 'success');
    await expectLocation(canvasElement, '/admin');
    const sent = await requests.waitFor('POST', LOGIN, { count: 2 });
    await expect(sent[1]?.body).toEqual({ ...CREDENTIALS, otp: '123456' });
    await expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe(tokenPair.access_token);
  },
};

export const RecoveryCode: Story = {
  play: async ({ canvasElement }) => {
    const { form } = await passwordStep(canvasElement);
    await userEvent.click(form.getByRole('button', { name: 'Use a recovery code' }));
    await expect(
      form.getByText(
        'Enter one of the recovery codes you saved when you set up two-factor sign-in. Each code works once.',
      ),
    ).toBeVisible();
    const code = form.getByLabelText(/Recovery code/);
    await waitFor(() => expect(code).toHaveFocus());
    await expect(form.queryByLabelText(/Authentication code/)).toBeNull();
    await userEvent.type(code, 'k7qm2');
    await userEvent.click(form.getByRole('button', { name: 'Verify' }));
    await expect(await form.findByText('A recovery code reads like k7qm2-x9d4p')).toBeVisible();
    await userEvent.type(code, '-x9d4p ');
    await userEvent.click(form.getByRole('button', { name: 'Verify' }));
    await expectToast('Success', 'Logged in successfully', 'success');
    const sent = await requests.waitFor('POST', LOGIN, { count: 2 });
    await expect(sent[1]?.body).toEqual({ ...CREDENTIALS, otp: 'k7qm2-x9d4p' });
    await expectLocation(canvasElement, '/admin');
  },
};

/** Back: the password step again, the username kept; the app's way is offered again too. */
export const Back: Story = {
  play: async ({ canvasElement }) => {
    const { canvas, form } = await passwordStep(canvasElement);
    await userEvent.click(form.getByRole('button', { name: 'Use a recovery code' }));
    await userEvent.click(form.getByRole('button', { name: 'Use your authenticator app' }));
    await expect(form.getByLabelText(/Authentication code/)).toBeVisible();
    await userEvent.click(form.getByRole('button', { name: 'Back' }));
    await expect(await canvas.findByRole('form', { name: 'Admin login' })).toBeVisible();
    await expect(canvas.getByLabelText(/Username/)).toHaveValue('admin');
  },
};

/** The password no longer passes at the second step (changed meanwhile): back to it. */
export const PasswordRefusedAtSecondStep: Story = {
  parameters: mockedBy(
    auth.login.reply(({ body }) =>
      (body as { otp?: string }).otp === undefined
        ? json(twoFactorAsked, 401)
        : json({ detail: 'Incorrect username or password' }, 401),
    ),
  ),
  play: async ({ canvasElement }) => {
    const { canvas, form } = await passwordStep(canvasElement);
    await userEvent.type(form.getByLabelText(/Authentication code/), '123456');
    await userEvent.click(form.getByRole('button', { name: 'Verify' }));
    await expectToast('Error', 'Incorrect username or password', 'error');
    await expect(await canvas.findByRole('form', { name: 'Admin login' })).toBeVisible();
  },
};

/** Only passkeys: no code field, the passkey's way in is offered. */
export const PasskeyOnly: Story = {
  parameters: mockedBy(
    auth.loginTwoFactor({
      detail: 'Confirm with your passkey to finish signing in',
      two_factor_required: true,
      two_factor_methods: ['passkey'],
      passkey_options: { challenge: 'Y2hhbGxlbmdl' },
    }),
  ),
  play: async ({ canvasElement }) => {
    const { form } = await passwordStep(canvasElement);
    await expect(form.getByText('Confirm with your passkey to finish signing in.')).toBeVisible();
    await expect(form.queryByRole('textbox')).toBeNull();
    await expect(form.queryByRole('button', { name: 'Verify' })).toBeNull();
    await expect(form.getByRole('button', { name: 'Back' })).toBeVisible();
  },
};

export const Arabic: Story = {
  globals: { locale: 'ar' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText(/اسم المستخدم/), CREDENTIALS.username);
    await userEvent.type(canvas.getByLabelText(/كلمة المرور/), CREDENTIALS.password);
    await userEvent.click(canvas.getByRole('button', { name: 'تسجيل الدخول' }));
    const form = within(await canvas.findByRole('form', { name: 'تسجيل الدخول بخطوتين' }));
    await expect(form.getByLabelText(/رمز المصادقة/)).toBeVisible();
    await expect(form.getByRole('button', { name: 'استخدام رمز استرداد' })).toBeVisible();
    await waitFor(() => expectRightToLeft());
  },
};
