import type { AdminUser } from '@generated/model';
import { getAdminMe } from '@generated/hooks/auth/auth';
import {
  createUser,
  deleteUser,
  resetUserTwoFactor,
  updateUser,
  useListUsers,
} from '@generated/hooks/users/users';
import { useCrudList } from '@/components/list-screen';
import { notify } from '@/components/ui/notify';
import { usePermission } from '@/lib/auth/permissions';
import { serverMessage } from '@/lib/http';
import { useSnapshot } from 'valtio';
import { authStore, setUser } from '@/lib/auth/store';
import { toUserCreate, toUserUpdate, type UserFormValues } from './user-form';
import { t } from './messages';
import { userTexts, UsersView, type TwoFactorReset } from './UsersView';

/**
 * Admin users management (/admin/users): loads the users, saves and deletes (docs/product.md §7, §8). The
 * 409s (username or e-mail taken, last super admin, own account) say why: shown as they come.
 */
export function UsersPage() {
  const list = useListUsers();
  const { user: me } = useSnapshot(authStore);
  const data = useCrudList<AdminUser, UserFormValues>({
    list,
    texts: userTexts(),
    create: (values) => createUser(toUserCreate(values)),
    update: async (user, values) => {
      const updated = await updateUser(user.id, toUserUpdate(values));
      // Editing one's own account: the header shows the new username at once; a new role
      // brings other permissions (the server's, from /me).
      const me = authStore.user;
      if (me?.id === updated.id) {
        setUser({ ...me, ...updated });
        if (updated.role !== me.role) setUser(await getAdminMe());
      }
    },
    remove: (user) => deleteUser(user.id),
  });
  // A super admin removes the second factors of a user who lost them (users:reset_two_factor).
  const twoFactorReset: TwoFactorReset = {
    allowed: usePermission('users:reset_two_factor'),
    selfId: me?.id ?? null,
    onReset: async (user) => {
      try {
        await resetUserTwoFactor(user.id);
      } catch (error) {
        notify.error(t('error'), serverMessage(error, t('resetTwoFactorFailed')));
        return;
      }
      notify.success(t('success'), t('twoFactorReset', { name: user.username }));
      await list.mutate();
    },
  };
  // createUser, updateUser, deleteUser.
  return (
    <UsersView {...data} canEdit={usePermission('users:write')} twoFactorReset={twoFactorReset} />
  );
}
