import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { requests } from '@mocks/recorder';
import { dialogFormGuardPlays } from '@/testing/unsaved-changes';
import { CategoriesPage } from './CategoriesPage';
import { adminScreen } from '@/testing/admin-screen';

/** Closing the Edit Category dialog or leaving the page with unsaved changes asks first. */
const meta = {
  title: 'Categories/CategoryForm/Unsaved changes',
  component: CategoriesPage,
  ...adminScreen('/admin/categories'),
} satisfies Meta<typeof CategoriesPage>;
export default meta;
type Story = StoryObj<typeof meta>;

const plays = dialogFormGuardPlays({
  name: 'Edit Category',
  open: async (canvasElement) => {
    const canvas = within(canvasElement);
    const edit = await canvas.findByRole('button', { name: 'Edit Céramique' });
    await waitFor(() => expect(edit).toBeEnabled());
    await userEvent.click(edit);
  },
  field: (dialog) => dialog.getByLabelText(/Category Name/),
  text: ' de Nabeul',
  save: async (dialog) => {
    await userEvent.click(dialog.getByRole('button', { name: 'Update' }));
    await requests.waitFor('PATCH', /^\/api\/v1\/categories\/\d+$/);
  },
});

export const CloseAsksWhenChanged: Story = { play: plays.closeAsksWhenChanged };
export const UnchangedClosesWithoutAsking: Story = { play: plays.unchangedClosesWithoutAsking };
export const BrowserBackAsksWhenChanged: Story = { play: plays.browserBackAsksWhenChanged };
export const BeforeUnloadOnlyWhenChanged: Story = { play: plays.beforeUnloadOnlyWhenChanged };
export const SaveClosesWithoutAsking: Story = { play: plays.saveClosesWithoutAsking };
