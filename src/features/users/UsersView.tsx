import { useMemo } from 'react';
import type { AdminUser } from '@generated/model';
import {
  CrudListScreen,
  crudTexts,
  type CrudListData,
  StatusBadge,
  textColumn,
  type Column,
  type CrudTexts,
} from '@/components/list-screen';
import { formatDateTime } from '@/lib/format';
import { noun, t, useT } from './messages';
import { RoleBadge } from './RoleBadge';
import { filterUsers, type UserFormValues } from './user-form';
import { UserFormDialog } from './UserFormDialog';

/** The columns, headed in the language of the moment. */
const columns = (): readonly Column<AdminUser>[] => [
  textColumn(t('username'), (user) => user.username, { width: '15%', tone: 'strong' }),
  textColumn(t('fullName'), (user) => user.full_name, { width: '15%' }),
  textColumn(t('email'), (user) => user.email),
  // 'Super administrateur' whole, with the gap before the next column.
  { header: t('role'), width: '9.5rem', cell: (user) => <RoleBadge role={user.role} /> },
  {
    header: t('lastLogin'),
    width: '11rem',
    cell: (user) => (
      <span className={user.last_login ? 'cell-nowrap' : 'cell-nowrap cell-muted'}>
        {formatDateTime(user.last_login, t('never'))}
      </span>
    ),
  },
  { header: t('status'), width: '5.5rem', cell: (user) => <StatusBadge active={user.is_active} /> },
];

/** The screen's texts (docs/product.md §2 Users, §8), in the language of the moment. */
export function userTexts(): CrudTexts {
  return crudTexts(t, noun, 'title');
}
const username = (user: AdminUser) => user.username;

/** Admin users management (/admin/users, docs/product.md §2): search, table, dialogs. */
export function UsersView(props: CrudListData<AdminUser, UserFormValues>) {
  const t = useT();
  // A language change re-mounts the screen, so the headers are built once.
  const shownColumns = useMemo(() => columns(), []);
  return (
    <CrudListScreen
      {...props}
      texts={userTexts()}
      description={t('subtitle')}
      filter={filterUsers}
      columns={shownColumns}
      nameOf={username}
      renderForm={(form) => <UserFormDialog {...form} />}
    />
  );
}
