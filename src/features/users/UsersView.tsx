import type { AdminUser } from '@generated/model';
import {
  CrudListScreen,
  type CrudListData,
  StatusBadge,
  textColumn,
  type Column,
} from '@/components/list-screen';
import { formatDateTime } from '@/lib/format';
import { RoleBadge } from './RoleBadge';
import { filterUsers, type UserFormValues } from './user-form';
import { UserFormDialog } from './UserFormDialog';

const COLUMNS: readonly Column<AdminUser>[] = [
  textColumn('Username', (user) => user.username, { width: '15%', tone: 'strong' }),
  textColumn('Full Name', (user) => user.full_name, { width: '15%' }),
  textColumn('Email', (user) => user.email),
  { header: 'Role', width: '8rem', cell: (user) => <RoleBadge role={user.role} /> },
  {
    header: 'Last Login',
    width: '11rem',
    cell: (user) => (
      <span className={user.last_login ? 'cell-nowrap' : 'cell-nowrap cell-muted'}>
        {formatDateTime(user.last_login, 'Never')}
      </span>
    ),
  },
  { header: 'Status', width: '5.5rem', cell: (user) => <StatusBadge active={user.is_active} /> },
];

export const USER_NOUN = ['user', 'users'] as const;
const username = (user: AdminUser) => user.username;

/** Admin users management (/admin/users, docs/product.md §2): search, table, dialogs. */
export function UsersView(props: CrudListData<AdminUser, UserFormValues>) {
  return (
    <CrudListScreen
      {...props}
      noun={USER_NOUN}
      description="Manage the back-office users and their roles"
      filter={filterUsers}
      columns={COLUMNS}
      nameOf={username}
      renderForm={(form) => <UserFormDialog {...form} />}
    />
  );
}
