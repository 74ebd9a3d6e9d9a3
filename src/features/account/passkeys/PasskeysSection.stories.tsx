import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import type { Passkey } from '@generated/model';
import {
  adminPasskeys,
  adminUser,
  passkeyCreationOptions,
  passkeyRegistrationResponse,
} from '@mocks/fixtures';
import { passkeys } from '@mocks/handlers';
import { json } from '@mocks/handlers/endpoint';
import { requests } from '@mocks/recorder';
import { expectedShopTime } from '@/testing/expected';
import { expectRightToLeft } from '@/testing/languages';
import { padded } from '@/testing/padded';
import { expectToast, findOpenDialog, mockedBy, screen } from '@/testing/story';
import { PasskeysSection } from './PasskeysSection';

const LIST = '/api/v1/admin/auth/me/passkeys';
const OPTIONS = '/api/v1/admin/auth/me/passkeys/options';

/**
 * The passkeys of My account, on their own. The browser's prompt is a fake given as a prop (the
 * story runner has no authenticator); e2e/passkeys.e2e.ts drives the real one in Chromium.
 */
const meta = {
  title: 'Account/PasskeysSection',
  component: PasskeysSection,
  decorators: [padded('3xl')],
  parameters: { auth: { userType: 'admin' as const, user: adminUser } },
  args: {
    prompts: { create: fn(() => Promise.resolve(passkeyRegistrationResponse)) },
    onFactorsChange: fn(),
  },
} satisfies Meta<typeof PasskeysSection>;
export default meta;
type Story = StoryObj<typeof meta>;

const rows = (canvasElement: HTMLElement) => within(canvasElement).queryAllByTestId('passkey');
const rowTexts = (canvasElement: HTMLElement) =>
  rows(canvasElement).map((row) =>
    within(row)
      .getAllByText(/./, { selector: 'p, span' })
      .map((el) => el.textContent),
  );
const waitForRows = (canvasElement: HTMLElement, count: number) =>
  waitFor(() => expect(rows(canvasElement)).toHaveLength(count), { timeout: 5000 });

/** The name dialog once open, with its field. */
async function nameDialog(title: string) {
  const dialog = within(await findOpenDialog(title));
  return { dialog, name: dialog.getByRole('textbox', { name: /^Name/ }) };
}

/** A day as the list writes it in a language, in the shop's time zone. */
const expectedShopDayIn = (tag: string, iso: string) =>
  new Date(iso).toLocaleDateString(tag, {
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    timeZone: 'Africa/Tunis',
  });

/* Written out from the fixtures (shop time, Africa/Tunis) without the app's helpers. */
const FILLED = [
  ['Office laptop', 'Added 20 Jan 2025', 'Last used 14 Mar 2025, 09:12'],
  ['Phone', 'Added 03 Feb 2025', 'Never used'],
];

export const Filled: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 2, name: 'Passkeys' })).toBeVisible();
    await waitForRows(canvasElement, 2);
    await expect(rowTexts(canvasElement)).toEqual(FILLED);
    await expect(canvas.getByRole('list', { name: 'Your passkeys' })).toBeVisible();
    for (const name of ['Office laptop', 'Phone']) {
      await expect(canvas.getByRole('button', { name: `Rename ${name}` })).toBeVisible();
      await expect(canvas.getByRole('button', { name: `Remove ${name}` })).toBeVisible();
    }
    await expect(canvas.getByRole('button', { name: 'Add a passkey' })).toBeEnabled();
    await expect(requests.to('GET', LIST)).toHaveLength(1);
  },
};

export const Empty: Story = {
  parameters: mockedBy(passkeys.list([])),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('No passkeys yet')).toBeVisible();
    await expect(rows(canvasElement)).toHaveLength(0);
    await expect(canvas.getByRole('button', { name: 'Add a passkey' })).toBeEnabled();
  },
};

export const Loading: Story = {
  parameters: mockedBy(passkeys.list.loading()),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('status')).toHaveTextContent('Loading passkeys...');
    await expect(canvas.getByRole('button', { name: 'Add a passkey' })).toBeDisabled();
  },
};

export const LoadError: Story = {
  parameters: mockedBy(passkeys.list.error(500, 'Database unavailable')),
  play: async ({ canvasElement }) => {
    const alert = within(await within(canvasElement).findByRole('alert'));
    await expect(alert.getByText('Failed to load passkeys')).toBeVisible();
    await expect(alert.getByText('Database unavailable')).toBeVisible();
    await userEvent.click(alert.getByRole('button', { name: 'Retry' }));
    await requests.waitFor('GET', LIST, { count: 2 });
  },
};

/** The passkey the server keeps for the name typed, then found in the list. */
const SHOP_TABLET: Passkey = {
  id: 3,
  name: 'Shop tablet',
  created_at: '2025-03-15T10:00:00.000Z',
  last_used_at: null,
};
let added = false;

/**
 * Add: the name, then the creation options go to the browser's prompt as the server sent them,
 * and its answer to the server under the trimmed name; the list shows the new passkey.
 */
export const Add: Story = {
  beforeEach: () => {
    added = false;
  },
  parameters: mockedBy(
    passkeys.list.reply(() => json(added ? [...adminPasskeys, SHOP_TABLET] : adminPasskeys)),
    passkeys.register.reply(() => {
      added = true;
      return json(SHOP_TABLET, 201);
    }),
  ),
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await waitForRows(canvasElement, 2);
    await userEvent.click(canvas.getByRole('button', { name: 'Add a passkey' }));
    const { dialog, name } = await nameDialog('Add a passkey');
    // Visible once the dialog's opening animation is over.
    await waitFor(() =>
      expect(dialog.getByText('Your browser then asks you to create the passkey.')).toBeVisible(),
    );
    await userEvent.type(name, '  Shop tablet ');
    await userEvent.click(dialog.getByRole('button', { name: 'Continue' }));

    const [register] = await requests.waitFor('POST', LIST);
    await expect(requests.to('POST', OPTIONS)).toHaveLength(1);
    await expect(args.prompts!.create).toHaveBeenCalledOnce();
    await expect(args.prompts!.create).toHaveBeenCalledWith(passkeyCreationOptions);
    await expect(register!.body).toEqual({
      name: 'Shop tablet',
      response: passkeyRegistrationResponse,
    });
    await expectToast('Success', 'Passkey added', 'success');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add a passkey' })).toBeNull());
    await waitForRows(canvasElement, 3);
    await expect(rowTexts(canvasElement)[2]).toEqual([
      'Shop tablet',
      'Added 15 Mar 2025',
      'Never used',
    ]);
    await expect(args.onFactorsChange).toHaveBeenCalledOnce();
  },
};

/** A name is required: nothing is asked of the browser or the server without one. */
export const AddWithoutName: Story = {
  play: async ({ canvasElement, args }) => {
    await waitForRows(canvasElement, 2);
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Add a passkey' }));
    const { dialog, name } = await nameDialog('Add a passkey');
    await userEvent.type(name, '   ');
    await userEvent.click(dialog.getByRole('button', { name: 'Continue' }));
    await expect(await dialog.findByText('Name is required')).toBeVisible();
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(requests.to('POST', OPTIONS)).toHaveLength(0);
    await expect(args.prompts!.create).not.toHaveBeenCalled();
  },
};

/** The browser's prompt closed (or timed out): a clear message, the dialog stays to try again. */
export const AddCancelled: Story = {
  args: {
    prompts: {
      create: fn(() =>
        Promise.reject(
          new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError'),
        ),
      ),
    },
  },
  play: async ({ canvasElement }) => {
    await waitForRows(canvasElement, 2);
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Add a passkey' }));
    const { dialog, name } = await nameDialog('Add a passkey');
    await userEvent.type(name, 'Shop tablet');
    await userEvent.click(dialog.getByRole('button', { name: 'Continue' }));
    await expectToast(
      'Error',
      "No passkey was created: the browser's prompt was closed or timed out. Try again when you are ready.",
      'error',
    );
    await expect(requests.to('POST', LIST)).toHaveLength(0);
    await expect(screen.getByRole('dialog', { name: 'Add a passkey' })).toBeVisible();
    await expect(name).toHaveValue('Shop tablet');
    await expect(dialog.getByRole('button', { name: 'Continue' })).toBeEnabled();
  },
};

/** This authenticator holds one of the admin's passkeys already (excludeCredentials). */
export const AddOnSameDevice: Story = {
  args: {
    prompts: {
      create: fn(() =>
        Promise.reject(
          Object.assign(new Error('The authenticator was previously registered'), {
            name: 'InvalidStateError',
            code: 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED',
          }),
        ),
      ),
    },
  },
  play: async ({ canvasElement }) => {
    await waitForRows(canvasElement, 2);
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Add a passkey' }));
    const { dialog, name } = await nameDialog('Add a passkey');
    await userEvent.type(name, 'Laptop again');
    await userEvent.click(dialog.getByRole('button', { name: 'Continue' }));
    await expectToast('Error', 'This device already holds one of your passkeys.', 'error');
    await expect(requests.to('POST', LIST)).toHaveLength(0);
  },
};

/** The server refuses the passkey: its reason is shown, nothing is added. */
export const AddRefused: Story = {
  parameters: mockedBy(passkeys.register.error(409, 'You can register at most 20 passkeys')),
  play: async ({ canvasElement }) => {
    await waitForRows(canvasElement, 2);
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Add a passkey' }));
    const { dialog, name } = await nameDialog('Add a passkey');
    await userEvent.type(name, 'One too many');
    await userEvent.click(dialog.getByRole('button', { name: 'Continue' }));
    await expectToast('Error', 'You can register at most 20 passkeys', 'error');
    await expect(screen.getByRole('dialog', { name: 'Add a passkey' })).toBeVisible();
    await expect(rows(canvasElement)).toHaveLength(2);
  },
};

export const Rename: Story = {
  play: async ({ canvasElement, args }) => {
    await waitForRows(canvasElement, 2);
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Rename Phone' }));
    const { dialog, name } = await nameDialog('Rename passkey');
    await expect(name).toHaveValue('Phone');
    await userEvent.clear(name);
    await userEvent.type(name, ' Work phone ');
    await userEvent.click(dialog.getByRole('button', { name: 'Rename' }));
    const [patch] = await requests.waitFor('PATCH', `${LIST}/2`);
    await expect(patch!.body).toEqual({ name: 'Work phone' });
    await expectToast('Success', 'Passkey renamed', 'success');
    await requests.waitFor('GET', LIST, { count: 2 });
    await expect(args.onFactorsChange).not.toHaveBeenCalled();
  },
};

export const Remove: Story = {
  play: async ({ canvasElement, args }) => {
    await waitForRows(canvasElement, 2);
    await userEvent.click(
      within(canvasElement).getByRole('button', { name: 'Remove Office laptop' }),
    );
    const dialog = within(await findOpenDialog('Remove passkey', 'alertdialog'));
    await waitFor(() =>
      expect(
        dialog.getByText(
          'Remove the passkey "Office laptop"? You will no longer be able to sign in with it.',
        ),
      ).toBeVisible(),
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Remove' }));
    await requests.waitFor('DELETE', `${LIST}/1`);
    await expectToast('Success', 'Passkey removed', 'success');
    await waitFor(() =>
      expect(screen.queryByRole('alertdialog', { name: 'Remove passkey' })).toBeNull(),
    );
    await expect(args.onFactorsChange).toHaveBeenCalledOnce();
  },
};

/** The last second factor of a role that requires one: the server's 409 says why. */
export const RemoveRefused: Story = {
  parameters: mockedBy(
    passkeys.delete.error(
      409,
      'Your role requires a second factor: set up another one before removing your last passkey',
    ),
  ),
  play: async ({ canvasElement, args }) => {
    await waitForRows(canvasElement, 2);
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Remove Phone' }));
    const dialog = within(await findOpenDialog('Remove passkey', 'alertdialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Remove' }));
    await expectToast(
      'Error',
      'Your role requires a second factor: set up another one before removing your last passkey',
      'error',
    );
    await expect(screen.getByRole('alertdialog', { name: 'Remove passkey' })).toBeVisible();
    await expect(args.onFactorsChange).not.toHaveBeenCalled();
  },
};

/** Arabic: right to left, every text translated, dates in Arabic. */
export const Arabic: Story = {
  globals: { locale: 'ar' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 2, name: 'مفاتيح المرور' })).toBeVisible();
    await expectRightToLeft();
    await waitForRows(canvasElement, 2);
    await expect(canvas.getByRole('button', { name: 'إعادة تسمية Phone' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'إزالة Office laptop' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'إضافة مفتاح مرور' })).toBeVisible();
    const [laptop] = adminPasskeys;
    await expect(rowTexts(canvasElement)[0]).toEqual([
      'Office laptop',
      `أضيف في ${expectedShopDayIn('ar-TN', laptop!.created_at)}`,
      `آخر استخدام في ${expectedShopTime(laptop!.last_used_at!, 'ar-TN')}`,
    ]);
    await expect(canvas.getByText('لم يُستخدم بعد')).toBeVisible();
  },
};
