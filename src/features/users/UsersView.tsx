import { useMemo } from 'react';
import type { AdminUser } from '@generated/model';
import {
  ConfirmDialog,
  CrudListScreen,
  crudTexts,
  useDeleteConfirmation,
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
  textColumn(t('username'), (user) => user.username, {
    width: '15%',
    tone: 'strong',
    card: 'title',
  }),
  textColumn(t('fullName'), (user) => user.full_name, { width: '15%', card: 'subtitle' }),
  textColumn(t('email'), (user) => user.email, { card: 'meta' }),
  // 'Super administrateur' whole, with the gap before the next column.
  {
    header: t('role'),
    width: '9.5rem',
    card: 'badge',
    cell: (user) => <RoleBadge role={user.role} />,
  },
  {
    header: t('lastLogin'),
    width: '11rem',
    card: 'meta',
    cell: (user) => (
      <span className={user.last_login ? 'cell-nowrap' : 'cell-nowrap cell-muted'}>
        {formatDateTime(user.last_login, t('never'))}
      </span>
    ),
  },
  {
    header: t('status'),
    width: '5.5rem',
    card: 'value',
    cell: (user) => <StatusBadge active={user.is_active} />,
  },
];

/** Resetting another user's second factors (super admins: users:reset_two_factor). */
export interface TwoFactorReset {
  /** The signed-in admin holds users:reset_two_factor. */
  allowed: boolean;
  /** The signed-in admin's id: their own factors are managed on My account, not here. */
  selfId: number | null;
  /** Resets; the confirmation closes once it settles (the container reports the outcome). */
  onReset: (user: AdminUser) => Promise<unknown>;
}

/** Two-factor: on or off, and 'Reset' for a user who has it when the admin may reset it. */
const twoFactorColumn = (
  mayReset: (user: AdminUser) => boolean,
  ask: (user: AdminUser) => void,
): Column<AdminUser> => ({
  header: t('twoFactor'),
  width: '10.5rem',
  card: 'meta',
  cell: (user) => (
    <span className="cell-nowrap">
      <span className="status" data-active={user.two_factor_enabled || undefined}>
        {user.two_factor_enabled ? t('twoFactorOn') : t('twoFactorOff')}
      </span>
      {mayReset(user) && (
        <>
          {' '}
          <button
            type="button"
            className="row-link"
            aria-label={t('resetTwoFactorItem', { name: user.username })}
            onClick={() => ask(user)}
          >
            {t('resetTwoFactor')}
          </button>
        </>
      )}
    </span>
  ),
});

/** The screen's texts (docs/product.md §2 Users, §8), in the language of the moment. */
export function userTexts(): CrudTexts {
  return crudTexts(t, noun, 'title');
}
const username = (user: AdminUser) => user.username;

const NO_RESET: TwoFactorReset = { allowed: false, selfId: null, onReset: () => Promise.resolve() };

/** Admin users management (/admin/users, docs/product.md §2): search, table, dialogs. */
export function UsersView({
  twoFactorReset = NO_RESET,
  ...props
}: CrudListData<AdminUser, UserFormValues> & { twoFactorReset?: TwoFactorReset }) {
  const t = useT();
  const reset = useDeleteConfirmation<AdminUser>(twoFactorReset.onReset);
  const { allowed, selfId } = twoFactorReset;
  const ask = reset.ask;
  // A language change re-mounts the screen, so the headers are built once per permission.
  const shownColumns = useMemo(
    () => [
      ...columns(),
      twoFactorColumn((user) => allowed && user.two_factor_enabled && user.id !== selfId, ask),
    ],
    [allowed, selfId, ask],
  );
  return (
    <>
      <CrudListScreen
        {...props}
        texts={userTexts()}
        description={t('subtitle')}
        filter={filterUsers}
        columns={shownColumns}
        nameOf={username}
        renderForm={(form) => <UserFormDialog {...form} />}
      />
      <ConfirmDialog
        {...reset.dialog}
        title={t('resetTwoFactorTitle')}
        confirmLabel={t('resetTwoFactor')}
        busyText={t('resetting')}
        onConfirm={() => reset.confirm()}
      >
        {reset.target && t('resetTwoFactorQuestion', { name: reset.target.username })}
      </ConfirmDialog>
    </>
  );
}
