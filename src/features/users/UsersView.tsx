import type { AdminUser } from '@generated/model';
import {
  CrudListScreen,
  type CrudListData,
  StatusBadge,
  textColumn,
  type Column,
  type CrudTexts,
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

/** The screen's texts (docs/product.md §2 Users, §8). */
export const USER_TEXTS: CrudTexts = {
  noun: ['user', 'users'],
  title: 'Users',
  addLabel: 'Add User',
  searchPlaceholder: 'Search users...',
  searchLabel: 'Search users',
  tableLabel: 'Users',
  loadingText: 'Loading users...',
  errorTitle: 'Failed to load users',
  emptyText: 'No users found',
  deleteTitle: 'Delete User',
  toasts: {
    created: 'User created successfully',
    updated: 'User updated successfully',
    deleted: 'User deleted successfully',
    createFailed: 'Failed to create user',
    updateFailed: 'Failed to update user',
    deleteFailed: 'Failed to delete user',
  },
};
const username = (user: AdminUser) => user.username;

/** Admin users management (/admin/users, docs/product.md §2): search, table, dialogs. */
export function UsersView(props: CrudListData<AdminUser, UserFormValues>) {
  return (
    <CrudListScreen
      {...props}
      texts={USER_TEXTS}
      description="Manage the back-office users and their roles"
      filter={filterUsers}
      columns={COLUMNS}
      nameOf={username}
      renderForm={(form) => <UserFormDialog {...form} />}
    />
  );
}
