import { Button, Flex, Table, Text } from '@chakra-ui/react';
import { useDeferredValue, useMemo, useState } from 'react';
import type { AdminUser } from '@generated/model';
import { PlusIcon } from '@/components/icons';
import { PageHeader } from '@/components/layout/PageHeader';
import {
  ConfirmDeleteDialog,
  LoadErrorState,
  LoadingState,
  ManagementTable,
  RowActions,
  SearchInput,
  StatusBadge,
  useCrudDialogs,
  type ManagementColumn,
} from '@/components/management';
import { formatDateTime } from '@/lib/format';
import { RoleBadge } from './RoleBadge';
import { filterUsers, type UserFormValues } from './user-form';
import { UserFormDialog } from './UserFormDialog';

export const EMPTY_TEXT = 'No users found';

const COLUMNS: readonly ManagementColumn[] = [
  { header: 'Username', width: '15%' },
  { header: 'Full Name', width: '15%' },
  { header: 'Email' },
  { header: 'Role', width: '8rem' },
  { header: 'Last Login', width: '11rem' },
  { header: 'Status', width: '5.5rem' },
  { header: 'Actions', width: '5.5rem', align: 'end' },
];

export interface UsersViewProps {
  /** The back-office users; undefined until loaded. */
  users: readonly AdminUser[] | undefined;
  loading: boolean;
  /** Why the list could not be loaded (shown instead of the table), else null. */
  loadError?: string | null;
  onRetry?: () => void;
  /** Creates (user null) or updates; resolves true when saved (the dialog then closes). */
  onSave: (values: UserFormValues, user: AdminUser | null) => Promise<boolean>;
  /** Deletes; the confirmation closes once it settles (the container reports the outcome). */
  onDelete: (user: AdminUser) => Promise<unknown>;
  /** Initial search text (stories). */
  initialSearch?: string;
}

/** Admin users management (/admin/users, spec §2): search, table, dialogs. */
export function UsersView({
  users,
  loading,
  loadError = null,
  onRetry,
  onSave,
  onDelete,
  initialSearch = '',
}: UsersViewProps) {
  const [search, setSearch] = useState(initialSearch);
  const query = useDeferredValue(search);
  const shown = useMemo(() => filterUsers(users ?? [], query), [users, query]);
  const { form, openForm, remove, askDelete } = useCrudDialogs<AdminUser, UserFormValues>({
    onSave,
    onDelete,
  });

  return (
    <>
      <PageHeader
        title="Users"
        description="Manage the back-office users and their roles"
        actions={
          <Button onClick={() => openForm(null)}>
            <PlusIcon />
            Add User
          </Button>
        }
      />
      <Flex
        gap="3"
        mb="4"
        direction={{ base: 'column', sm: 'row' }}
        align={{ base: 'stretch', sm: 'center' }}
        justify="space-between"
      >
        <SearchInput
          placeholder="Search users..."
          label="Search users"
          value={search}
          onChange={setSearch}
        />
        {users && (
          <Text fontSize="sm" color="fg.muted" data-testid="user-count">
            {query.trim()
              ? `${shown.length} of ${users.length} users`
              : `${users.length} ${users.length === 1 ? 'user' : 'users'}`}
          </Text>
        )}
      </Flex>

      {loadError && !users ? (
        <LoadErrorState title="Failed to load users" message={loadError} onRetry={onRetry} />
      ) : loading || !users ? (
        <LoadingState text="Loading users..." />
      ) : (
        <ManagementTable
          label="Users"
          columns={COLUMNS}
          minWidth="60rem"
          emptyText={EMPTY_TEXT}
          rows={shown.map((user) => (
            <Table.Row key={user.id}>
              <Table.Cell fontWeight="medium" truncate title={user.username}>
                {user.username}
              </Table.Cell>
              <Table.Cell truncate title={user.full_name}>
                {user.full_name}
              </Table.Cell>
              <Table.Cell truncate title={user.email}>
                {user.email}
              </Table.Cell>
              <Table.Cell>
                <RoleBadge role={user.role} />
              </Table.Cell>
              <Table.Cell whiteSpace="nowrap" color={user.last_login ? undefined : 'fg.muted'}>
                {formatDateTime(user.last_login, 'Never')}
              </Table.Cell>
              <Table.Cell>
                <StatusBadge active={user.is_active} />
              </Table.Cell>
              <Table.Cell textAlign="end">
                <RowActions
                  name={user.username}
                  onEdit={() => openForm(user)}
                  onDelete={() => askDelete(user)}
                />
              </Table.Cell>
            </Table.Row>
          ))}
        />
      )}

      <UserFormDialog
        key={form.session}
        open={form.open}
        user={form.item}
        onSubmit={form.submit}
        onClose={form.close}
      />
      <ConfirmDeleteDialog
        open={remove.open}
        title="Delete User"
        pending={remove.pending !== null}
        onCancel={remove.cancel}
        onConfirm={() => remove.confirm()}
      >
        Are you sure you want to delete &quot;{remove.target?.username}&quot;? This action cannot be
        undone.
      </ConfirmDeleteDialog>
    </>
  );
}
