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

const userId = (user: AdminUser) => user.id;
const username = (user: AdminUser) => user.username;

/** Admin users management (/admin/users, docs/product.md §2): search, table, dialogs. */
export function UsersView(props: CrudListData<AdminUser, UserFormValues>) {
  return (
    <CrudListScreen
      {...props}
      title="Users"
      description="Manage the back-office users and their roles"
      addLabel="Add User"
      search={{ placeholder: 'Search users...', label: 'Search users' }}
      filter={filterUsers}
      noun={['user', 'users']}
      countTestId="user-count"
      errorTitle="Failed to load users"
      loadingText="Loading users..."
      columns={COLUMNS}
      rowKey={userId}
      nameOf={username}
      label="Users"
      emptyText="No users found"
      minW="60rem"
      deleteTitle="Delete User"
      renderForm={({ session, ...form }) => (
        <UserFormDialog
          key={session}
          open={form.open}
          user={form.item}
          onSubmit={form.onSubmit}
          onClose={form.onClose}
        />
      )}
    />
  );
}
