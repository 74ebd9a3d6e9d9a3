import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, spyOn, userEvent, waitFor, within } from 'storybook/test';
import type { AdminMe } from '@generated/model';
import { adminUser, meOf, recoveryCodes, totpEnrolment } from '@mocks/fixtures';
import { auth, twoFactor } from '@mocks/handlers';
import { requests } from '@mocks/recorder';
import { captureDownloads } from '@/testing/csv-export';
import { expectRightToLeft } from '@/testing/languages';
import { padded } from '@/testing/padded';
import { expectToast, findOpenDialog, mockedBy, screen, type Scope } from '@/testing/story';
import { TwoFactorSection } from './TwoFactorSection';

const TOTP = '/api/v1/admin/auth/me/2fa/totp';
const CONFIRM = '/api/v1/admin/auth/me/2fa/totp/confirm';
const CODES = '/api/v1/admin/auth/me/2fa/recovery-codes';
const ME = '/api/v1/admin/auth/me';

/** The signed-in admin without a second factor, and once the app is enrolled. */
const withoutApp: AdminMe = meOf(adminUser);
const withApp: AdminMe = meOf(
  { ...adminUser, two_factor_enabled: true },
  { totp: true, recovery_codes_left: 10 },
);

/**
 * The authenticator app of My account (and of the forced setup page): status from /me; set up
 * (QR code, secret, first code, recovery codes shown once), remove and new recovery codes
 * (password asked). /me is loaded again after each change.
 */
const meta = {
  title: 'Account/TwoFactorSection',
  component: TwoFactorSection,
  decorators: [padded('3xl')],
  parameters: {
    auth: { userType: 'admin' as const, user: withoutApp },
    ...mockedBy(auth.me(withApp)),
  },
} satisfies Meta<typeof TwoFactorSection>;
export default meta;
type Story = StoryObj<typeof meta>;

const section = (canvasElement: HTMLElement) =>
  within(within(canvasElement).getByRole('region', { name: 'Two-factor sign-in' }));

/** Clicks 'Set up authenticator app' and returns the dialog once open. */
async function openEnrolment(canvasElement: HTMLElement): Promise<Scope> {
  await userEvent.click(
    section(canvasElement).getByRole('button', { name: 'Set up authenticator app' }),
  );
  return within(await findOpenDialog('Set up authenticator app'));
}

const codeField = (dialog: Scope) => dialog.getByRole('textbox', { name: /Authentication code/ });

export const NotSetUp: Story = {
  play: async ({ canvasElement }) => {
    const status = within(await within(canvasElement).findByTestId('totp-status'));
    await expect(status.getByText('Authenticator app')).toBeVisible();
    await expect(status.getByText('Not set up')).toBeVisible();
    await expect(status.getByRole('button', { name: 'Set up authenticator app' })).toBeEnabled();
    await expect(status.queryByRole('button', { name: 'Remove authenticator app' })).toBeNull();
    await expect(section(canvasElement).queryByTestId('two-factor-setup-required')).toBeNull();
  },
};

/**
 * Set up: the QR code of the otpauth URI and the secret to type; a wrong code is refused on its
 * field; the right one shows the ten recovery codes, which must be saved before Done.
 */
export const Enrol: Story = {
  play: async ({ canvasElement }) => {
    const downloads = captureDownloads();
    const writeText = spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    const dialog = await openEnrolment(canvasElement);
    await expect(requests.to('POST', TOTP)).toHaveLength(1);
    // Visible once the dialog has faded in.
    await waitFor(() =>
      expect(
        dialog.getByText(
          'Scan this QR code with your authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, Aegis…).',
        ),
      ).toBeVisible(),
    );
    const qr = await dialog.findByRole('img', {
      name: 'QR code to scan with your authenticator app',
    });
    await expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/);
    await expect(dialog.getByTestId('totp-secret')).toHaveTextContent(
      'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP',
    );

    // A wrong code: the server's message on the field, the dialog stays.
    await userEvent.type(codeField(dialog), '000000');
    await userEvent.click(dialog.getByRole('button', { name: 'Confirm' }));
    await expect(await dialog.findByText('Incorrect code')).toBeVisible();
    const [wrong] = await requests.waitFor('POST', CONFIRM);
    await expect(wrong?.body).toEqual({ otp: '000000' });

    await userEvent.clear(codeField(dialog));
    await userEvent.type(codeField(dialog), '123 456');
    await userEvent.click(dialog.getByRole('button', { name: 'Confirm' }));
    const codes = within(await findOpenDialog('Save your recovery codes'));
    const [, right] = await requests.waitFor('POST', CONFIRM, { count: 2 });
    await expect(right?.body).toEqual({ otp: '123456' });
    const list = codes.getByRole('list', { name: 'Recovery codes' });
    await expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(recoveryCodes.recovery_codes);
    // Shown once: Done waits for "I have saved these codes"; the dialog cannot be closed before.
    await expect(codes.getByRole('button', { name: 'Done' })).toBeDisabled();
    await expect(codes.getByRole('button', { name: 'Close' })).toBeDisabled();

    await userEvent.click(codes.getByRole('button', { name: 'Copy' }));
    await expectToast('Success', 'Recovery codes copied', 'success');
    await expect(writeText).toHaveBeenCalledWith(`${recoveryCodes.recovery_codes.join('\n')}\n`);
    await userEvent.click(codes.getByRole('button', { name: 'Download' }));
    await expect(downloads).toEqual(['recovery-codes.txt']);

    await userEvent.click(codes.getByText('I have saved these codes'));
    await userEvent.click(codes.getByRole('button', { name: 'Done' }));
    await expectToast('Success', 'Two-factor sign-in is on', 'success');
    await requests.waitFor('GET', ME);
    const status = within(section(canvasElement).getByTestId('totp-status'));
    await expect(await status.findByText('On: a code is asked at each sign-in')).toBeVisible();
    await expect(status.getByText('10 recovery codes left')).toBeVisible();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Save your recovery codes' })).toBeNull(),
    );
  },
};

/** A code that cannot be one is said so before anything is sent. */
export const CodeValidation: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openEnrolment(canvasElement);
    await userEvent.click(dialog.getByRole('button', { name: 'Confirm' }));
    await expect(await dialog.findByText('Enter the 6-digit code from your app')).toBeVisible();
    await userEvent.type(codeField(dialog), '12a');
    await expect(await dialog.findByText('The code has 6 digits')).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Confirm' }));
    await expect(requests.to('POST', CONFIRM)).toHaveLength(0);
  },
};

export const StartFails: Story = {
  parameters: mockedBy(
    twoFactor.startTotp.error(
      409,
      'An authenticator app is already set up; remove it before setting up another',
    ),
  ),
  play: async ({ canvasElement }) => {
    await userEvent.click(
      section(canvasElement).getByRole('button', { name: 'Set up authenticator app' }),
    );
    await expectToast(
      'Error',
      'An authenticator app is already set up; remove it before setting up another',
      'error',
    );
    await expect(screen.queryByRole('dialog')).toBeNull();
  },
};

/** Enrolled, three codes left; the role requires two-factor sign-in. */
const enrolledRequired: AdminMe = meOf(
  { ...adminUser, two_factor_enabled: true },
  { totp: true, recovery_codes_left: 3, required: true },
);

export const Enrolled: Story = {
  parameters: { auth: { userType: 'admin' as const, user: enrolledRequired } },
  play: async ({ canvasElement }) => {
    const region = section(canvasElement);
    await expect(
      region.getByText('The shop requires two-factor sign-in for your role.'),
    ).toBeVisible();
    const status = within(region.getByTestId('totp-status'));
    await expect(status.getByText('On: a code is asked at each sign-in')).toBeVisible();
    await expect(status.getByText('3 recovery codes left')).toBeVisible();
    await expect(status.getByRole('button', { name: 'New recovery codes' })).toBeEnabled();
    await expect(status.getByRole('button', { name: 'Remove authenticator app' })).toBeEnabled();
    await expect(status.queryByRole('button', { name: 'Set up authenticator app' })).toBeNull();
  },
};

/**
 * Enrolled and required, with a passkey too: removing the app leaves a second factor (without
 * one, the server refuses it, 409).
 */
const enrolledRequiredWithPasskey: AdminMe = meOf(
  { ...adminUser, two_factor_enabled: true },
  { totp: true, passkeys: 1, recovery_codes_left: 3, required: true },
);

/** Remove: the password is asked (a wrong one is refused on its field), then /me again. */
export const Remove: Story = {
  parameters: {
    auth: { userType: 'admin' as const, user: enrolledRequiredWithPasskey },
    // The admin has an app to remove, a passkey left, and this password.
    ...mockedBy(
      auth.me(withoutApp),
      twoFactor.disableTotp('admin123', enrolledRequiredWithPasskey.two_factor),
    ),
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(
      section(canvasElement).getByRole('button', { name: 'Remove authenticator app' }),
    );
    const dialog = within(await findOpenDialog('Remove authenticator app'));
    await waitFor(() =>
      expect(
        dialog.getByText(
          'You will sign in without a code from the app, and your recovery codes stop working. Enter your password to confirm.',
        ),
      ).toBeVisible(),
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Remove' }));
    await expect(await dialog.findByText('Enter your password')).toBeVisible();
    const password = dialog.getByLabelText(/^Password/);
    await expect(password).toHaveAttribute('autocomplete', 'current-password');
    await userEvent.type(password, 'not-mine');
    await userEvent.click(dialog.getByRole('button', { name: 'Remove' }));
    await expect(await dialog.findByText('Incorrect password')).toBeVisible();
    await userEvent.clear(password);
    await userEvent.type(password, 'admin123');
    await userEvent.click(dialog.getByRole('button', { name: 'Remove' }));
    await expectToast('Success', 'Authenticator app removed', 'success');
    const sent = await requests.waitFor('DELETE', TOTP, { count: 2 });
    await expect(sent.map((call) => call.body)).toEqual([
      { password: 'not-mine' },
      { password: 'admin123' },
    ]);
    await requests.waitFor('GET', ME);
    await expect(
      await within(section(canvasElement).getByTestId('totp-status')).findByText('Not set up'),
    ).toBeVisible();
  },
};

/**
 * Remove refused: the app is the last second factor (no passkey) and the role requires one, so
 * the server's 409 is shown and the app stays.
 */
export const RemoveLastRequiredFactor: Story = {
  parameters: {
    auth: { userType: 'admin' as const, user: enrolledRequired },
    ...mockedBy(twoFactor.disableTotp('admin123', enrolledRequired.two_factor)),
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(
      section(canvasElement).getByRole('button', { name: 'Remove authenticator app' }),
    );
    const dialog = within(await findOpenDialog('Remove authenticator app'));
    await userEvent.type(dialog.getByLabelText(/^Password/), 'admin123');
    await userEvent.click(dialog.getByRole('button', { name: 'Remove' }));
    await expectToast(
      'Error',
      'Your role requires two-factor sign-in: add a passkey before removing the authenticator app',
      'error',
    );
    const sent = await requests.waitFor('DELETE', TOTP);
    await expect(sent.map((call) => call.body)).toEqual([{ password: 'admin123' }]);
    await expect(requests.to('GET', ME)).toHaveLength(0);
    // The dialog stays open; once closed, the app is still on.
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(
      within(section(canvasElement).getByTestId('totp-status')).getByText(
        'On: a code is asked at each sign-in',
      ),
    ).toBeVisible();
  },
};

/** New recovery codes: the password, then the ten new codes shown once. */
export const NewRecoveryCodes: Story = {
  parameters: {
    auth: { userType: 'admin' as const, user: enrolledRequired },
    // The admin has an app, and this password.
    ...mockedBy(auth.me(withApp), twoFactor.regenerateCodes('admin123', recoveryCodes, true)),
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(
      section(canvasElement).getByRole('button', { name: 'New recovery codes' }),
    );
    const dialog = within(await findOpenDialog('New recovery codes'));
    await userEvent.type(dialog.getByLabelText(/^Password/), 'admin123');
    await userEvent.click(dialog.getByRole('button', { name: 'Make new codes' }));
    const codes = within(await findOpenDialog('Save your recovery codes'));
    const [sent] = await requests.waitFor('POST', CODES);
    await expect(sent?.body).toEqual({ password: 'admin123' });
    await expect(within(codes.getByRole('list')).getAllByRole('listitem')).toHaveLength(10);
    await userEvent.click(codes.getByText('I have saved these codes'));
    await userEvent.click(codes.getByRole('button', { name: 'Done' }));
    await requests.waitFor('GET', ME);
    await expect(
      await within(section(canvasElement).getByTestId('totp-status')).findByText(
        '10 recovery codes left',
      ),
    ).toBeVisible();
  },
};

/** The role requires a second factor and the admin has none: said first. */
export const SetupRequired: Story = {
  parameters: {
    auth: {
      userType: 'admin' as const,
      user: meOf(adminUser, { required: true, setup_required: true }),
    },
  },
  play: async ({ canvasElement }) => {
    await expect(section(canvasElement).getByTestId('two-factor-setup-required')).toHaveTextContent(
      'Set up two-factor sign-in to continue: the shop requires it for your role.',
    );
  },
};

export const Arabic: Story = {
  globals: { locale: 'ar' },
  play: async ({ canvasElement }) => {
    const region = within(
      await within(canvasElement).findByRole('region', { name: 'تسجيل الدخول بخطوتين' }),
    );
    await userEvent.click(region.getByRole('button', { name: 'إعداد تطبيق المصادقة' }));
    const dialog = within(await findOpenDialog('إعداد تطبيق المصادقة'));
    // The secret reads left to right in any language.
    await expect(dialog.getByTestId('totp-secret')).toHaveTextContent(
      totpEnrolment.secret.replace(/(.{4})(?=.)/g, '$1 '),
    );
    await waitFor(() => expectRightToLeft());
  },
};
