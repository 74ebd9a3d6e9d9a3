import type { StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { AdminUser } from '@generated/model';
import { adminUser, adminUsers } from '@mocks/fixtures';
import { twoFactor, users } from '@mocks/handlers';
import { requests } from '@mocks/recorder';
import { adminScreenMeta } from '@/testing/admin-screen';
import { rowOf } from '@/testing/list-screen';
import { expectToast, findOpenDialog, mockedBy, screen } from '@/testing/story';
import { paths } from '@/lib/paths';
import { UsersPage } from './UsersPage';

/** Karim (an admin) and the signed-in super admin have two-factor sign-in; the others do not. */
const withTwoFactor: AdminUser[] = adminUsers.map((user) =>
  user.id === 1 || user.id === 2 ? { ...user, two_factor_enabled: true } : user,
);

/**
 * 'Reset' of the users screen's Two-factor column: a super admin removes the second factors of
 * a user who lost them (users:reset_two_factor), never their own (My account does that).
 */
const meta = {
  title: 'Users/UsersPage/Reset two-factor',
  ...adminScreenMeta(UsersPage, paths.users.list, {
    parameters: mockedBy(users.list(withTwoFactor)),
  }),
};
export default meta;
type Story = StoryObj<typeof meta>;

const LIST = '/api/v1/admin/users/';
const resetOf = (name: string) => `Reset two-factor sign-in of ${name}`;

/** The Two-factor cell of a user's row, once the list is there. */
async function twoFactorCell(canvasElement: HTMLElement, username: string) {
  await within(canvasElement).findByRole('cell', { name: username });
  const cells = within(rowOf(canvasElement, username)).getAllByRole('cell');
  return within(cells[6]!);
}

export const Reset: Story = {
  play: async ({ canvasElement }) => {
    const karim = await twoFactorCell(canvasElement, 'karim.trabelsi');
    await expect(karim.getByText('On')).toBeVisible();
    // Off: nothing to reset; the super admin's own: My account.
    const salma = await twoFactorCell(canvasElement, 'salma.gharbi');
    await expect(salma.getByText('Off')).toBeVisible();
    await expect(salma.queryByRole('button')).toBeNull();
    const own = await twoFactorCell(canvasElement, adminUser.username);
    await expect(own.getByText('On')).toBeVisible();
    await expect(own.queryByRole('button')).toBeNull();

    await userEvent.click(karim.getByRole('button', { name: resetOf('karim.trabelsi') }));
    const dialog = within(await findOpenDialog('Reset two-factor sign-in', 'alertdialog'));
    // Visible once the dialog has faded in.
    await waitFor(() =>
      expect(
        dialog.getByText(
          'Remove the authenticator app, recovery codes and passkeys of karim.trabelsi? They are signed out everywhere and sign in again with their password alone; if their role requires two-factor sign-in, they set up a new second factor right away.',
        ),
      ).toBeVisible(),
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Reset' }));
    await requests.waitFor('DELETE', '/api/v1/admin/users/2/two-factor');
    await expectToast('Success', 'Two-factor sign-in of karim.trabelsi was reset', 'success');
    // The list is loaded again (the server's word on the user's second factors).
    await requests.waitFor('GET', LIST, { count: 2 });
    await waitFor(() =>
      expect(screen.queryByRole('alertdialog', { name: 'Reset two-factor sign-in' })).toBeNull(),
    );
  },
};

export const Cancel: Story = {
  play: async ({ canvasElement }) => {
    const karim = await twoFactorCell(canvasElement, 'karim.trabelsi');
    await userEvent.click(karim.getByRole('button', { name: resetOf('karim.trabelsi') }));
    const dialog = within(await findOpenDialog('Reset two-factor sign-in', 'alertdialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(requests.to('DELETE', '/api/v1/admin/users/2/two-factor')).toHaveLength(0);
  },
};

export const ResetFails: Story = {
  parameters: mockedBy(users.list(withTwoFactor), twoFactor.resetUser.error(404, 'User not found')),
  play: async ({ canvasElement }) => {
    const karim = await twoFactorCell(canvasElement, 'karim.trabelsi');
    await userEvent.click(karim.getByRole('button', { name: resetOf('karim.trabelsi') }));
    const dialog = within(await findOpenDialog('Reset two-factor sign-in', 'alertdialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Reset' }));
    await expectToast('Error', 'User not found', 'error');
  },
};

/** An admin may not reset second factors (super admins only): no Reset anywhere. */
export const AdminCannotReset: Story = {
  parameters: { auth: { userType: 'admin', user: adminUsers[1]! } },
  play: async ({ canvasElement }) => {
    const own = await twoFactorCell(canvasElement, adminUser.username);
    await expect(own.getByText('On')).toBeVisible();
    await expect(
      within(canvasElement).queryByRole('button', { name: /^Reset two-factor/ }),
    ).toBeNull();
  },
};
