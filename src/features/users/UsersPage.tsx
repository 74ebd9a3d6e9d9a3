import { useCallback } from 'react';
import type { AdminUser } from '@generated/model';
import { createUser, deleteUser, updateUser, useListUsers } from '@generated/hooks/users/users';
import { withToasts } from '@/components/ui/notify';
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
      // 409s (username or e-mail taken, last super admin, own account) say why: shown as is.
      const saved = await withToasts(
        async () => {
          if (!user) return createUser(toUserCreate(values));
          const updated = await updateUser(user.id, toUserUpdate(values));
          // Editing one's own account: the header shows the new username at once.
          if ((authStore.user as AdminUser | null)?.id === updated.id) setUser(updated);
        },
        user
          ? { success: 'User updated successfully', failure: 'Failed to update user' }
          : { success: 'User created successfully', failure: 'Failed to create user' },
      );
      if (saved) reload();
      return saved;
    },
    [reload],
  );

  const handleDelete = useCallback(
    async (user: AdminUser) => {
      const deleted = await withToasts(() => deleteUser(user.id), {
        success: 'User deleted successfully',
        failure: 'Failed to delete user',
      });
      if (deleted) reload();
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
