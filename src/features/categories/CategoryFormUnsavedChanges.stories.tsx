import type { Meta, StoryObj } from '@storybook/react-vite';
import { adminScreen } from '@/testing/admin-screen';
import { clickEditButton, dialogFormGuardStories, submitAndWait } from '@/testing/unsaved-changes';
import { paths } from '@/lib/paths';
import { CategoriesPage } from './CategoriesPage';

/** Closing the Edit Category dialog or leaving the page with unsaved changes asks first. */
const meta = {
  title: 'Categories/CategoryForm/Unsaved changes',
  component: CategoriesPage,
  ...adminScreen(paths.categories.list),
} satisfies Meta<typeof CategoriesPage>;
export default meta;
type Story = StoryObj<typeof meta>;

const stories = dialogFormGuardStories({
  name: 'Edit Category',
  open: clickEditButton('Edit Céramique'),
  field: (dialog) => dialog.getByLabelText(/Category Name/),
  text: ' de Nabeul',
  save: submitAndWait('Update', 'PATCH', /^\/api\/v1\/categories\/\d+$/),
});

export const CloseAsksWhenChanged: Story = stories.CloseAsksWhenChanged;
export const UnchangedClosesWithoutAsking: Story = stories.UnchangedClosesWithoutAsking;
export const BrowserBackAsksWhenChanged: Story = stories.BrowserBackAsksWhenChanged;
export const BeforeUnloadOnlyWhenChanged: Story = stories.BeforeUnloadOnlyWhenChanged;
export const SaveClosesWithoutAsking: Story = stories.SaveClosesWithoutAsking;
