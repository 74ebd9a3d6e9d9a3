import type { StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { ShopSettings } from '@generated/model';
import { adminUsers } from '@mocks/fixtures';
import { shopSettings } from '@mocks/fixtures/settings';
import { settings } from '@mocks/handlers';
import { requests } from '@mocks/recorder';
import { settingsScreen } from './story-screen';
import { expectToast, mockedBy, type Scope } from '@/testing/story';

/** "Require two-factor sign-in for" on the settings screen (docs/product.md, settings). */
const meta = { title: 'Settings/SettingsPage/Two-factor sign-in', ...settingsScreen() };
export default meta;
type Story = StoryObj<typeof meta>;

const SETTINGS = '/api/v1/admin/settings/shop';
const ROLES = ['Super Admin', 'Admin', 'Manager', 'Support', 'Inventory Manager'];

/** The two-factor section, once the settings are there. */
async function twoFactorSection(canvasElement: HTMLElement): Promise<Scope> {
  const canvas = within(canvasElement);
  await canvas.findByRole('form', { name: 'Shop settings' });
  return within(canvas.getByRole('region', { name: 'Two-factor sign-in' }));
}

const REQUIRE = 'Require two-factor sign-in';
const requireSwitch = (section: Scope) => section.getByLabelText(REQUIRE);
const roleBox = (section: Scope, role: string) => section.getByLabelText(role);
/** Clicks a switch or checkbox by its label's text (its input is visually hidden). */
const toggle = (section: Scope, label: string) => userEvent.click(section.getByText(label));
const ticked = (section: Scope) =>
  ROLES.filter((role) => (roleBox(section, role) as HTMLInputElement).checked);

/**
 * Opting in: the switch ticks Super Admin and Admin; a role more or less is a checkbox; the
 * save sends the roles, and the history names them.
 */
export const OptIn: Story = {
  play: async ({ canvasElement }) => {
    const section = await twoFactorSection(canvasElement);
    await expect(requireSwitch(section)).not.toBeChecked();
    for (const role of ROLES) await expect(roleBox(section, role)).toBeDisabled();
    await expect(
      section.getByRole('group', { name: 'Require two-factor sign-in for' }),
    ).toBeVisible();

    await toggle(section, REQUIRE);
    await expect(ticked(section)).toEqual(['Super Admin', 'Admin']);
    await toggle(section, 'Manager');
    await expect(ticked(section)).toEqual(['Super Admin', 'Admin', 'Manager']);

    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Save settings' }));
    const [patch] = await requests.waitFor('PATCH', SETTINGS);
    await expect(patch!.body).toEqual({
      two_factor_required_roles: ['super_admin', 'admin', 'manager'],
    });
    await expectToast('Success', 'Settings saved successfully', 'success');
    await waitFor(() => expect(requireSwitch(section)).toBeChecked());
    await expect(ticked(section)).toEqual(['Super Admin', 'Admin', 'Manager']);
  },
};

const requiring: ShopSettings = {
  ...shopSettings,
  two_factor_required_roles: ['super_admin', 'admin'],
};

/** Turning it off clears the roles; unticking every role turns it off too. */
export const OptOut: Story = {
  parameters: mockedBy(settings.get(requiring), settings.update(undefined, requiring)),
  play: async ({ canvasElement }) => {
    const section = await twoFactorSection(canvasElement);
    await expect(requireSwitch(section)).toBeChecked();
    await expect(ticked(section)).toEqual(['Super Admin', 'Admin']);
    await toggle(section, 'Admin');
    await toggle(section, 'Super Admin');
    await expect(requireSwitch(section)).not.toBeChecked();
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Save settings' }));
    const [patch] = await requests.waitFor('PATCH', SETTINGS);
    await expect(patch!.body).toEqual({ two_factor_required_roles: [] });
  },
};

/** The history names the roles as the screen does. */
export const History: Story = {
  parameters: mockedBy(
    settings.changes([
      {
        id: 9,
        changed_by: 'admin',
        created_at: '2025-03-13T09:00:00.000Z',
        changes: [
          { field: 'two_factor_required_roles', before: null, after: 'super_admin, admin' },
        ],
      },
    ]),
  ),
  play: async ({ canvasElement }) => {
    const list = await within(canvasElement).findByTestId('settings-changes');
    await expect(
      within(list)
        .getAllByRole('listitem')
        .map((entry) => entry.textContent),
    ).toEqual([
      'admin · 13 Mar 2025, 10:00Require two-factor sign-in for: (empty) → Super Admin, Admin',
    ]);
  },
};

/** A role that may only read the settings sees the roles, disabled. */
export const ReadOnlyRole: Story = {
  parameters: {
    auth: { userType: 'admin', user: adminUsers.find((user) => user.role === 'manager')! },
    ...mockedBy(settings.get(requiring)),
  },
  play: async ({ canvasElement }) => {
    const section = await twoFactorSection(canvasElement);
    await expect(requireSwitch(section)).toBeDisabled();
    await expect(ticked(section)).toEqual(['Super Admin', 'Admin']);
    for (const role of ROLES) await expect(roleBox(section, role)).toBeDisabled();
  },
};
