import type { Meta, StoryObj } from '@storybook/react-vite';
import { adminScreen } from '@/testing/admin-screen';
import { clickEditButton, dialogFormGuardStories, submitAndWait } from '@/testing/unsaved-changes';
import { paths } from '@/lib/paths';
import { UsersPage } from './UsersPage';

/** Closing the Edit User dialog or leaving the page with unsaved changes asks first. */
const meta = {
  title: 'Users/UserForm/Unsaved changes',
  component: UsersPage,
  ...adminScreen(paths.users.list),
} satisfies Meta<typeof UsersPage>;
export default meta;
type Story = StoryObj<typeof meta>;

const stories = dialogFormGuardStories({
  name: 'Edit User',
  open: clickEditButton('Edit karim.trabelsi'),
  field: (dialog) => dialog.getByLabelText(/^Full Name/),
  text: ' Ben Ali',
  save: submitAndWait('Update', 'PATCH', /^\/api\/v1\/admin\/users\/\d+$/),
});

export const CloseAsksWhenChanged: Story = stories.CloseAsksWhenChanged;
export const UnchangedClosesWithoutAsking: Story = stories.UnchangedClosesWithoutAsking;
export const BrowserBackAsksWhenChanged: Story = stories.BrowserBackAsksWhenChanged;
export const BeforeUnloadOnlyWhenChanged: Story = stories.BeforeUnloadOnlyWhenChanged;
export const SaveClosesWithoutAsking: Story = stories.SaveClosesWithoutAsking;
