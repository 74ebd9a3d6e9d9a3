import { useCallback } from 'react';
import type { AdminUser } from '@generated/model';
import { createUser, deleteUser, updateUser, useListUsers } from '@generated/hooks/users/users';
import { useCrudActions } from '@/components/list-screen';
import { authStore, setUser } from '@/lib/auth/store';
import { serverMessage } from '@/lib/http';
import { toUserCreate, toUserUpdate, type UserFormValues } from './user-form';
import { UsersView } from './UsersView';

/**
 * Admin users management (/admin/users): loads the users, saves and deletes (docs/product.md §7, §8). The
 * 409s (username or e-mail taken, last super admin, own account) say why: shown as they come.
 */
export function UsersPage() {
  const list = useListUsers();
  const { mutate } = list;
  const reload = useCallback(() => void mutate(), [mutate]);
  const { onSave, onDelete } = useCrudActions<AdminUser, UserFormValues>({
    name: 'user',
    create: (values) => createUser(toUserCreate(values)),
    update: async (user, values) => {
      const updated = await updateUser(user.id, toUserUpdate(values));
      // Editing one's own account: the header shows the new username at once.
      if ((authStore.user as AdminUser | null)?.id === updated.id) setUser(updated);
    },
    remove: (user) => deleteUser(user.id),
    reload,
  });

  return (
    <UsersView
      items={list.data}
      loading={list.isLoading}
      loadError={list.error ? serverMessage(list.error, 'Failed to load users') : null}
      onRetry={reload}
      onSave={onSave}
      onDelete={onDelete}
    />
  );
}
