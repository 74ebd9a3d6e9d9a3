import { adminScreenMeta } from '@/testing/admin-screen';
import { clickEditButton, dialogFormGuardStories, submitAndWait } from '@/testing/unsaved-changes';
import { paths } from '@/lib/paths';
import { CategoriesPage } from './CategoriesPage';

/** Closing the Edit Category dialog or leaving the page with unsaved changes asks first. */
export default {
  title: 'Categories/CategoryForm/Unsaved changes',
  ...adminScreenMeta(CategoriesPage, paths.categories.list),
};

const stories = dialogFormGuardStories({
  name: 'Edit Category',
  field: (dialog) => dialog.getByLabelText(/Category Name/),
  text: ' de Nabeul',
  open: clickEditButton('Edit Céramique'),
  save: submitAndWait('Update', 'PATCH', /^\/api\/v1\/categories\/\d+$/),
});

export const CloseAsksWhenChanged = stories.CloseAsksWhenChanged;
export const UnchangedClosesWithoutAsking = stories.UnchangedClosesWithoutAsking;
export const BrowserBackAsksWhenChanged = stories.BrowserBackAsksWhenChanged;
export const BeforeUnloadOnlyWhenChanged = stories.BeforeUnloadOnlyWhenChanged;
export const SaveClosesWithoutAsking = stories.SaveClosesWithoutAsking;
