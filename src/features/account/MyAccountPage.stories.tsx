import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { AdminRole } from '@generated/model';
import { adminUser } from '@mocks/fixtures';
import { account } from '@mocks/handlers';
import { requests } from '@mocks/recorder';
import { adminScreenMeta } from '@/testing/admin-screen';
import { expectHeading, expectRightToLeft } from '@/testing/languages';
import { bodyIssue, expectScreenTitle, expectToast, screen, type Scope } from '@/testing/story';
import { paths } from '@/lib/paths';
import { MyAccountPage } from './MyAccountPage';

/** My account (/admin/account) in the admin layout, over the mock API. */
const meta = {
  title: 'Account/MyAccountPage',
  ...adminScreenMeta(MyAccountPage, paths.account),
} satisfies Meta<typeof MyAccountPage>;
export default meta;
type Story = StoryObj<typeof meta>;

const PASSWORD = '/api/v1/admin/auth/me/password';
/** The signed-in admin's current password, as the mock of the change takes it. */
const CURRENT = 'old-secret-pw';
const knowsCurrent = { msw: { handlers: [account.changePassword(CURRENT)] } };
const NEW = 'jasmin-boutique-2019';
const WEAK =
  'Password is too weak: This is a commonly used password. Add more words that are less common.';

const form = (canvasElement: HTMLElement): Scope =>
  within(within(canvasElement).getByRole('form', { name: 'Change your password' }));
const field = (scope: Scope, label: string) =>
  scope.getByLabelText(new RegExp(`^${label}`), { selector: 'input' });

async function fill(
  canvasElement: HTMLElement,
  { current = CURRENT, next = NEW }: { current?: string; next?: string } = {},
) {
  const scope = form(canvasElement);
  await userEvent.type(field(scope, 'Current password'), current);
  await userEvent.type(field(scope, 'New password'), next);
  await userEvent.type(field(scope, 'Confirm new password'), next);
  return scope;
}
const submit = (scope: Scope) =>
  userEvent.click(scope.getByRole('button', { name: 'Change password' }));

export const Filled: Story = {
  tags: ['visual'],
  play: async ({ canvasElement }) => {
    await waitFor(() => expectScreenTitle(canvasElement, 'My account'));
    const canvas = within(canvasElement);
    await expect(
      canvas.getByText(
        'Signed in as admin (Amira Ben Salah): your password, where you are signed in and how you prove it is you.',
      ),
    ).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 2, name: 'Password' })).toBeVisible();
    const scope = form(canvasElement);
    await expect(field(scope, 'Current password')).toHaveAttribute(
      'autocomplete',
      'current-password',
    );
    await expect(field(scope, 'New password')).toHaveAttribute('autocomplete', 'new-password');
    await expect(field(scope, 'Confirm new password')).toHaveAttribute(
      'autocomplete',
      'new-password',
    );
    await expect(
      scope.getByText(
        'At least 8 characters. A few unusual words make a strong password; a common password or your own name is refused.',
      ),
    ).toBeVisible();
  },
};

/** The change: both passwords sent (never the confirmation), the toast, the form emptied. */
export const ChangePassword: Story = {
  parameters: knowsCurrent,
  play: async ({ canvasElement }) => {
    const scope = await fill(canvasElement);
    await submit(scope);
    const [call] = await requests.waitFor('PATCH', PASSWORD);
    await expect(call?.body).toEqual({ current_password: 'old-secret-pw', new_password: NEW });
    await expectToast(
      'Success',
      'Password changed. Your other sessions were signed out.',
      'success',
    );
    await waitFor(() => expect(field(scope, 'Current password')).toHaveValue(''));
    await expect(field(scope, 'New password')).toHaveValue('');
    await expect(field(scope, 'Confirm new password')).toHaveValue('');
  },
};

/** What the browser checks before asking: every field, the length, the match, a new password. */
export const Validation: Story = {
  play: async ({ canvasElement }) => {
    const scope = form(canvasElement);
    await submit(scope);
    await expect(await scope.findByText('Enter your current password')).toBeVisible();
    await expect(scope.getByText('Enter a new password')).toBeVisible();
    await expect(scope.getByText('Confirm the new password')).toBeVisible();
    await userEvent.type(field(scope, 'Current password'), 'same-password-1');
    await userEvent.type(field(scope, 'New password'), 'short');
    await userEvent.type(field(scope, 'Confirm new password'), 'shorter');
    await submit(scope);
    await expect(
      await scope.findByText('The new password must be at least 8 characters'),
    ).toBeVisible();
    await expect(scope.getByText('The passwords do not match')).toBeVisible();
    await userEvent.clear(field(scope, 'New password'));
    await userEvent.type(field(scope, 'New password'), 'same-password-1');
    await submit(scope);
    await expect(
      await scope.findByText('The new password must differ from the current one'),
    ).toBeVisible();
    await expect(requests.to('PATCH', PASSWORD)).toHaveLength(0);
  },
};

/** Too weak for the server: its reason under the new password, no toast, the values kept. */
export const WeakPassword: Story = {
  parameters: {
    msw: {
      handlers: [
        account.changePassword.error(422, [
          { ...bodyIssue('new_password', WEAK), type: 'password_strength' },
        ]),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const scope = await fill(canvasElement, { next: 'password123' });
    await submit(scope);
    await requests.waitFor('PATCH', PASSWORD);
    await expect(await scope.findByText(WEAK)).toBeVisible();
    await expect(field(scope, 'New password')).toHaveAttribute('aria-invalid', 'true');
    await expect(field(scope, 'New password')).toHaveValue('password123');
    await expect(screen.queryAllByTestId('toast')).toHaveLength(0);
  },
};

/** A wrong current password: the server's word on that field. */
export const WrongCurrentPassword: Story = {
  parameters: {
    msw: {
      handlers: [
        account.changePassword.error(422, [
          bodyIssue('current_password', 'Current password is incorrect'),
        ]),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const scope = await fill(canvasElement, { current: 'not-my-password' });
    await submit(scope);
    await expect(await scope.findByText('Current password is incorrect')).toBeVisible();
    await expect(field(scope, 'Current password')).toHaveAttribute('aria-invalid', 'true');
  },
};

/** Too many wrong attempts (429, counted with the sign-in's): the server's message, toasted. */
export const TooManyAttempts: Story = {
  parameters: {
    msw: {
      handlers: [
        account.changePassword.error(
          429,
          'Too many failed login attempts. Try again in 4 seconds.',
        ),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    await submit(await fill(canvasElement));
    await expectToast('Error', 'Too many failed login attempts. Try again in 4 seconds.', 'error');
  },
};

export const NetworkError: Story = {
  parameters: { msw: { handlers: [account.changePassword.networkError()] } },
  play: async ({ canvasElement }) => {
    const scope = await fill(canvasElement);
    await submit(scope);
    await expectToast('Error', undefined, 'error');
    await expect(field(scope, 'New password')).toHaveValue(NEW);
  },
};

/** While the change is sent the button says so and the fields wait. */
export const Pending: Story = {
  parameters: { msw: { handlers: [account.changePassword.loading()] } },
  play: async ({ canvasElement }) => {
    const scope = await fill(canvasElement);
    await submit(scope);
    await expect(await scope.findByRole('button', { name: /Changing password/ })).toBeDisabled();
    await expect(field(scope, 'Current password')).toBeDisabled();
  },
};

/** Every role has My account and changes its own password the same way. */
const changesAs = (role: AdminRole): Story => ({
  parameters: { ...knowsCurrent, auth: { userType: 'admin', user: { ...adminUser, role } } },
  play: async ({ canvasElement }) => {
    await waitFor(() => expectScreenTitle(canvasElement, 'My account'));
    await submit(await fill(canvasElement));
    await requests.waitFor('PATCH', PASSWORD);
    await expectToast('Success', 'Password changed. Your other sessions were signed out.');
  },
});
export const AsManager = changesAs('manager');
export const AsSupport = changesAs('support');
export const AsInventoryManager = changesAs('inventory_manager');

export const Arabic: Story = {
  globals: { locale: 'ar' },
  play: async ({ canvasElement }) => {
    await expectHeading(canvasElement, 'حسابي');
    await expectRightToLeft();
    await expect(
      within(canvasElement).getByRole('button', { name: 'تغيير كلمة المرور' }),
    ).toBeVisible();
  },
};

export const Dark: Story = { ...Filled, globals: { theme: 'dark' } };

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile375', isRotated: false } },
  play: async ({ canvasElement }) => {
    await waitFor(() => expectScreenTitle(canvasElement, 'My account'));
    const button = form(canvasElement).getByRole('button', { name: 'Change password' });
    await expect(button.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth);
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};
