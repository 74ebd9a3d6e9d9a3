import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import type { AdminMe } from '@generated/model';
import { AppRoutes } from '@/app/routes';
import { adminUsers, meOf, recoveryCodes, validTotpCode } from '@mocks/fixtures';
import { auth, twoFactor } from '@mocks/handlers';
import { json } from '@mocks/handlers/endpoint';
import { authStore } from '@/lib/auth/store';
import { expectLocation, expectToast, findOpenDialog, mockedBy } from '@/testing/story';

/** An admin (Karim) whose role the shop requires a second factor of, and who has none. */
const karim = adminUsers[1]!;
const mustSetUp: AdminMe = meOf(karim, { required: true, setup_required: true });
const setUp: AdminMe = meOf(
  { ...karim, two_factor_enabled: true },
  { totp: true, recovery_codes_left: 10, required: true },
);

/** /me says setup_required until the app is confirmed. */
let enrolled = false;

/**
 * Forced enrolment (docs/product.md): an admin who must set up a second factor is taken to
 * /admin/account/two-factor from every admin route, through the real route table, until /me
 * says they have one; then on to the dashboard.
 */
const meta = {
  title: 'Account/TwoFactorSetupPage',
  component: AppRoutes,
  beforeEach: () => {
    enrolled = false;
  },
  parameters: {
    route: '/admin/products',
    auth: { userType: 'admin' as const, user: mustSetUp },
    ...mockedBy(
      auth.me.reply(() => json(enrolled ? setUp : mustSetUp)),
      twoFactor.confirmTotp.reply(({ body }) => {
        if ((body as { otp: string }).otp !== validTotpCode) {
          return json(
            { detail: [{ loc: ['body', 'otp'], msg: 'Incorrect code', type: 'value_error' }] },
            422,
          );
        }
        enrolled = true;
        return json(recoveryCodes);
      }),
    ),
  },
} satisfies Meta<typeof AppRoutes>;
export default meta;
type Story = StoryObj<typeof meta>;

const SETUP = '/admin/account/two-factor';

export const ForcedEnrolment: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectLocation(canvasElement, SETUP);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Set up two-factor sign-in' }),
    ).toBeVisible();
    await expect(
      canvas.getByText(
        'The shop requires a second factor for your role: set up an authenticator app or a passkey to continue.',
      ),
    ).toBeVisible();
    await expect(await canvas.findByRole('region', { name: 'Passkeys' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await expect(canvas.queryByRole('heading', { level: 1, name: 'Products' })).toBeNull();

    // Any other admin route leads back here.
    await userEvent.click(canvas.getAllByRole('link', { name: 'Orders' })[0]!);
    await expectLocation(canvasElement, SETUP);

    const region = within(canvas.getByRole('region', { name: 'Two-factor sign-in' }));
    await userEvent.click(region.getByRole('button', { name: 'Set up authenticator app' }));
    const dialog = within(await findOpenDialog('Set up authenticator app'));
    await userEvent.type(dialog.getByRole('textbox', { name: /Authentication code/ }), '123456');
    await userEvent.click(dialog.getByRole('button', { name: 'Confirm' }));
    const codes = within(await findOpenDialog('Save your recovery codes'));
    // Still kept here while the codes are shown (/me is not loaded before they are saved).
    await expectLocation(canvasElement, SETUP);
    await userEvent.click(codes.getByText('I have saved these codes'));
    await userEvent.click(codes.getByRole('button', { name: 'Done' }));

    await expectToast('Success', 'Two-factor sign-in is on', 'success');
    await expectLocation(canvasElement, '/admin');
    await userEvent.click(canvas.getAllByRole('link', { name: 'Orders' })[0]!);
    await expectLocation(canvasElement, '/admin/orders');
  },
};

/**
 * A restored session: the user comes from /me, which says a second factor is still needed. The
 * screen's visual story: ForcedEnrolment ends on the orders list under a toast that fades on its
 * own timer, a different picture at every speed of the machine.
 */
export const RestoredSession: Story = {
  tags: ['visual'],
  parameters: {
    route: '/admin/settings',
    auth: { userType: 'admin' as const, token: 'restored-token' },
  },
  play: async ({ canvasElement }) => {
    await expectLocation(canvasElement, SETUP);
    await expect(
      await within(canvasElement).findByRole('heading', {
        level: 1,
        name: 'Set up two-factor sign-in',
      }),
    ).toBeVisible();
    // The user came from /me (none was stored with the session).
    await expect(authStore.user?.username).toBe('karim.trabelsi');
  },
};

/** An admin who has a second factor (or is not required to) is never sent there. */
export const NotRequired: Story = {
  parameters: {
    route: '/admin/orders',
    auth: { userType: 'admin' as const, user: setUp },
  },
  play: async ({ canvasElement }) => {
    await expectLocation(canvasElement, '/admin/orders');
    await expect(
      await within(canvasElement).findByRole('heading', { level: 1, name: 'Orders' }),
    ).toBeVisible();
  },
};
