import { useCallback } from 'react';
import type { AdminUser } from '@generated/model';
import { createUser, deleteUser, updateUser, useListUsers } from '@generated/hooks/users/users';
import { notify } from '@/components/ui/notify';
import { authStore, setUser } from '@/lib/auth/store';
import { serverMessage } from '@/lib/http';
import { toUserCreate, toUserUpdate, type UserFormValues } from './user-form';
import { UsersView } from './UsersView';

/** Admin users management (/admin/users): loads the users, saves and deletes (spec §7, §8). */
export function UsersPage() {
  const list = useListUsers();
  const { mutate } = list;
  const reload = useCallback(() => void mutate(), [mutate]);

  const handleSave = useCallback(
    async (values: UserFormValues, user: AdminUser | null) => {
      try {
        if (user) {
          const updated = await updateUser(user.id, toUserUpdate(values));
          // Editing one's own account: the header shows the new username at once.
          if ((authStore.user as AdminUser | null)?.id === updated.id) setUser(updated);
        } else await createUser(toUserCreate(values));
      } catch (error) {
        // 409s (username or e-mail taken, last super admin, own account) say why: shown as is.
        notify.error(
          'Error',
          serverMessage(error, user ? 'Failed to update user' : 'Failed to create user'),
        );
        return false;
      }
      notify.success('Success', user ? 'User updated successfully' : 'User created successfully');
      reload();
      return true;
    },
    [reload],
  );

  const handleDelete = useCallback(
    async (user: AdminUser) => {
      try {
        await deleteUser(user.id);
      } catch (error) {
        notify.error('Error', serverMessage(error, 'Failed to delete user'));
        return;
      }
      notify.success('Success', 'User deleted successfully');
      reload();
    },
    [reload],
  );

  return (
    <UsersView
      users={list.data}
      loading={list.isLoading}
      loadError={list.error ? serverMessage(list.error, 'Failed to load users') : null}
      onRetry={reload}
      onSave={handleSave}
      onDelete={handleDelete}
    />
  );
}
