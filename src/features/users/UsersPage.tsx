import type { AdminUser } from '@generated/model';
import { createUser, deleteUser, updateUser, useListUsers } from '@generated/hooks/users/users';
import { useCrudList } from '@/components/list-screen';
import { authStore, setUser } from '@/lib/auth/store';
import { toUserCreate, toUserUpdate, type UserFormValues } from './user-form';
import { userTexts, UsersView } from './UsersView';

/**
 * Admin users management (/admin/users): loads the users, saves and deletes (docs/product.md §7, §8). The
 * 409s (username or e-mail taken, last super admin, own account) say why: shown as they come.
 */
export function UsersPage() {
  const data = useCrudList<AdminUser, UserFormValues>({
    list: useListUsers(),
    texts: userTexts(),
    create: (values) => createUser(toUserCreate(values)),
    update: async (user, values) => {
      const updated = await updateUser(user.id, toUserUpdate(values));
      // Editing one's own account: the header shows the new username at once.
      if ((authStore.user as AdminUser | null)?.id === updated.id) setUser(updated);
    },
    remove: (user) => deleteUser(user.id),
  });
  return <UsersView {...data} />;
}
