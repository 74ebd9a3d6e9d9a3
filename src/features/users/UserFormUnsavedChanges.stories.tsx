import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { requests } from '@mocks/recorder';
import { dialogFormGuardPlays } from '@/testing/unsaved-changes';
import { UsersPage } from './UsersPage';
import { adminScreen } from '@/testing/admin-screen';

/** Closing the Edit User dialog or leaving the page with unsaved changes asks first. */
const meta = {
  title: 'Users/UserForm/Unsaved changes',
  component: UsersPage,
  ...adminScreen('/admin/users'),
} satisfies Meta<typeof UsersPage>;
export default meta;
type Story = StoryObj<typeof meta>;

const plays = dialogFormGuardPlays({
  name: 'Edit User',
  open: async (canvasElement) => {
    const canvas = within(canvasElement);
    const edit = await canvas.findByRole('button', { name: 'Edit karim.trabelsi' });
    await waitFor(() => expect(edit).toBeEnabled());
    await userEvent.click(edit);
  },
  field: (dialog) => dialog.getByLabelText(/^Full Name/),
  text: ' Ben Ali',
  save: async (dialog) => {
    await userEvent.click(dialog.getByRole('button', { name: 'Update' }));
    await requests.waitFor('PATCH', /^\/api\/v1\/admin\/users\/\d+$/);
  },
});

export const CloseAsksWhenChanged: Story = { play: plays.closeAsksWhenChanged };
export const UnchangedClosesWithoutAsking: Story = { play: plays.unchangedClosesWithoutAsking };
export const BrowserBackAsksWhenChanged: Story = { play: plays.browserBackAsksWhenChanged };
export const BeforeUnloadOnlyWhenChanged: Story = { play: plays.beforeUnloadOnlyWhenChanged };
export const SaveClosesWithoutAsking: Story = { play: plays.saveClosesWithoutAsking };
