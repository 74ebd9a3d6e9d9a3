import { adminScreenMeta } from '@/testing/admin-screen';
import { clickEditButton, dialogFormGuardStories, submitAndWait } from '@/testing/unsaved-changes';
import { paths } from '@/lib/paths';
import { UsersPage } from './UsersPage';

/** Closing the Edit User dialog or leaving the page with unsaved changes asks first. */
export default {
  title: 'Users/UserForm/Unsaved changes',
  ...adminScreenMeta(UsersPage, paths.users.list),
};

const stories = dialogFormGuardStories({
  name: 'Edit User',
  field: (dialog) => dialog.getByLabelText(/^Full Name/),
  text: ' Ben Ali',
  open: clickEditButton('Edit karim.trabelsi'),
  save: submitAndWait('Update', 'PATCH', /^\/api\/v1\/admin\/users\/\d+$/),
});

export const CloseAsksWhenChanged = stories.CloseAsksWhenChanged;
export const UnchangedClosesWithoutAsking = stories.UnchangedClosesWithoutAsking;
export const BrowserBackAsksWhenChanged = stories.BrowserBackAsksWhenChanged;
export const BeforeUnloadOnlyWhenChanged = stories.BeforeUnloadOnlyWhenChanged;
export const SaveClosesWithoutAsking = stories.SaveClosesWithoutAsking;
