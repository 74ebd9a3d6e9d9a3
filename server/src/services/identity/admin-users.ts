// Back-office users: storage, the rules of who may manage whom, and the AdminUser presenter.
// Usernames and e-mails are unique case-insensitively (e-mails are stored lower-cased; usernames
// keep their case). The database's UNIQUE constraints are case-sensitive, so writes take a lock
// (PostgreSQL advisory lock; SQLite serialises writers anyway) and check in SQL with lower().
import { sql, type Kysely, type Transaction } from 'kysely';
import { assertStrongPassword, personalWords } from '../../auth/password-strength';
import { hashPassword } from '../../auth/passwords';
import type { AppContext } from '../../context';
import { fromBool, toBool } from '../../db/bool';
import type { DialectName } from '../../db/database';
import type { AdminUserRow, AdminUserUpdate, Database } from '../../db/schema';
import type { Db } from '../../db/database';
import { constraintName, isUniqueViolation } from '../../db/transaction';
import { canManageUser, DEFAULT_ROLE, type AdminRole } from '../../domain/roles';
import { conflict, forbidden, notFound } from '../../api/problem';
import type { Body, Schemas } from '../../api/types';
import { endUserSessions } from './sessions';
import { normaliseEmail, requiredText } from '../platform/text-input';
import { auditEntries, recordAudit, type AuditKind } from '../platform/audit';

const USER_ERRORS = {
  notFound: 'User not found',
  usernameTaken: 'Username already exists',
  emailTaken: 'Email already exists',
  superAdminOnly: 'Only a super admin can manage super admins',
  deleteSelf: 'You cannot delete your own account',
  deactivateSelf: 'You cannot deactivate your own account',
  lastSuperAdmin: 'Cannot remove the last active super admin',
} as const;

/**
 * The shop's operator at the command line (`npm run admin:reset-password`): whoever runs it holds
 * the machine and its database, so no role limits them. The audit entry has no admin (the log
 * shows "System") and says where the write came from (`written_from`).
 */
export const COMMAND_LINE = 'command line';
/** Who changes a user: the signed-in admin, or the command line. */
type UserWriter = AdminUserRow | typeof COMMAND_LINE;

/** Key of the PostgreSQL advisory lock that serialises writes to admin_users. */
const USERS_LOCK_KEY = 741_852_001;

export function presentAdminUser(row: AdminUserRow): Schemas['AdminUser'] {
  return {
    id: Number(row.id),
    username: row.username,
    email: row.email,
    full_name: row.full_name,
    role: row.role,
    is_active: toBool(row.is_active),
    two_factor_enabled: toBool(row.two_factor_enabled),
    last_login: row.last_login,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/**
 * The log names a user by username. The hash stands for the password: the log says whether it
 * changed and never holds either (services/platform/audit.ts redacts it).
 */
export const ADMIN_USER: AuditKind<AdminUserRow, Schemas['AdminUser'] & { password: string }> = {
  entity: 'admin_user',
  view: (row) => ({ ...presentAdminUser(row), password: row.password_hash }),
  label: (user) => user.username,
};

/**
 * What zxcvbn takes as known to an attacker guessing this admin's password: their username,
 * e-mail and full name, and the shop's name.
 */
export async function adminPasswordInputs(
  db: Db,
  user: {
    username?: string | undefined;
    email?: string | undefined;
    full_name?: string | undefined;
  },
): Promise<string[]> {
  const shop = await db
    .selectFrom('shop_settings')
    .select('legal_name')
    .where('id', '=', 1)
    .executeTakeFirst();
  return personalWords(user.username, user.email, user.full_name, shop?.legal_name);
}

/** The user signing in with this username, compared case-insensitively. */
export function findAdminByUsername(db: Db, username: string) {
  return db
    .selectFrom('admin_users')
    .selectAll()
    .where((eb) => eb(eb.fn<string>('lower', ['username']), '=', username.trim().toLowerCase()))
    .orderBy('id')
    .executeTakeFirst();
}

export async function recordLogin(db: Db, id: number, now: Date) {
  await db
    .updateTable('admin_users')
    .set({ last_login: now.toISOString() })
    .where('id', '=', id)
    .execute();
}

export async function listAdminUsers(db: Db, skip: number, limit: number) {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('admin_users')
      .selectAll()
      // lower() first: SQLite and PostgreSQL collations would order mixed case differently.
      .orderBy((eb) => eb.fn('lower', ['username']))
      .orderBy('username')
      .orderBy('id')
      .offset(skip)
      .limit(limit)
      .execute(),
    db
      .selectFrom('admin_users')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(presentAdminUser), total: Number(count.n) };
}

export async function getAdminUser(db: Db, id: number): Promise<Schemas['AdminUser']> {
  return presentAdminUser(await loadAdminUser(db, id));
}

async function loadAdminUser(db: Db, id: number): Promise<AdminUserRow> {
  const row = await db
    .selectFrom('admin_users')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound(USER_ERRORS.notFound);
  return row;
}

export async function createAdminUser(
  ctx: AppContext,
  actor: AdminUserRow,
  input: Body<'createUser'>,
): Promise<Schemas['AdminUser']> {
  const role = input.role ?? DEFAULT_ROLE;
  assertMayManage(actor.role, role);
  const values = {
    username: input.username.trim(),
    email: normaliseEmail(input.email),
    full_name: requiredText(input.full_name, 'full_name', 'Full name must not be blank'),
  };
  await assertStrongPassword(
    input.password,
    ['body', 'password'],
    await adminPasswordInputs(ctx.db, values),
  );
  const passwordHash = await hashPassword(input.password);
  const now = ctx.now().toISOString();
  return withUsersLock(ctx, async (trx) => {
    await assertUnique(trx, values);
    const created = await trx
      .insertInto('admin_users')
      .values({
        ...values,
        role,
        is_active: fromBool(input.is_active ?? true),
        password_hash: passwordHash,
        last_login: null,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, actor, auditEntries(ADMIN_USER, 'create', { after: [created] }));
    return presentAdminUser(created);
  });
}

export async function updateAdminUser(
  ctx: Pick<AppContext, 'db' | 'dialect' | 'now'>,
  actor: UserWriter,
  id: number,
  input: Body<'updateUser'>,
  /** The actor's own session, kept when they change their own password (as changeMyPassword). */
  actorSessionId?: string,
): Promise<Schemas['AdminUser']> {
  const now = ctx.now();
  const changes: AdminUserUpdate = { updated_at: now.toISOString() };
  if (input.username !== undefined) changes.username = input.username.trim();
  if (input.email !== undefined) changes.email = normaliseEmail(input.email);
  if (input.full_name !== undefined) {
    changes.full_name = requiredText(input.full_name, 'full_name', 'Full name must not be blank');
  }
  if (input.role !== undefined) changes.role = input.role;
  if (input.is_active !== undefined) changes.is_active = fromBool(input.is_active);
  // Refuse what the actor may not do before paying for a password hash.
  const before = await loadAdminUser(ctx.db, id);
  await checkUpdate(ctx.db, actor, before, input);
  if (typeof input.password === 'string') {
    await assertStrongPassword(
      input.password,
      ['body', 'password'],
      await adminPasswordInputs(ctx.db, { ...before, ...changes }),
    );
    changes.password_hash = await hashPassword(input.password);
  }

  return withUsersLock(ctx, async (trx) => {
    // Again under the lock: the target may have changed meanwhile.
    const target = await loadAdminUser(trx, id);
    await checkUpdate(trx, actor, target, input);
    await assertUnique(trx, { username: changes.username, email: changes.email }, id);
    const updated = await trx
      .updateTable('admin_users')
      .set(changes)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    // A new password or a deactivation ends every session of the user (refresh families and
    // access tokens), but the one an admin changes their own password from.
    if (input.is_active === false || typeof input.password === 'string') {
      const own = actor !== COMMAND_LINE && id === actor.id;
      await endUserSessions(trx, 'admin', id, now, own ? actorSessionId : undefined);
    }
    if (actor === COMMAND_LINE) {
      await recordAudit(
        trx,
        null,
        {
          action: 'update',
          entity: ADMIN_USER.entity,
          entity_id: id,
          label: updated.username,
          before: { ...ADMIN_USER.view(target), written_from: null },
          after: { ...ADMIN_USER.view(updated), written_from: COMMAND_LINE },
        },
        now,
      );
    } else {
      await recordAudit(
        trx,
        actor,
        auditEntries(ADMIN_USER, 'update', {
          before: [target],
          after: [updated],
        }),
      );
    }
    return presentAdminUser(updated);
  });
}

export async function deleteAdminUser(
  ctx: AppContext,
  actor: AdminUserRow,
  id: number,
): Promise<void> {
  const now = ctx.now();
  await withUsersLock(ctx, async (trx) => {
    const target = await loadAdminUser(trx, id);
    assertMayManage(actor.role, target.role);
    if (target.id === actor.id) throw conflict(USER_ERRORS.deleteSelf);
    if (isActiveSuperAdmin(target)) await assertAnotherActiveSuperAdmin(trx, target.id);
    await trx.deleteFrom('admin_users').where('id', '=', id).execute();
    await endUserSessions(trx, 'admin', id, now);
    await recordAudit(trx, actor, auditEntries(ADMIN_USER, 'delete', { before: [target] }));
  });
}

async function checkUpdate(
  db: Db,
  actor: UserWriter,
  target: AdminUserRow,
  input: Body<'updateUser'>,
) {
  if (actor !== COMMAND_LINE) {
    assertMayManage(actor.role, target.role);
    if (input.role !== undefined) assertMayManage(actor.role, input.role);
    if (target.id === actor.id && input.is_active === false) {
      throw conflict(USER_ERRORS.deactivateSelf);
    }
  }
  const demoted = input.role !== undefined && input.role !== 'super_admin';
  if (isActiveSuperAdmin(target) && (input.is_active === false || demoted)) {
    await assertAnotherActiveSuperAdmin(db, target.id);
  }
}

function assertMayManage(actor: AdminRole, target: AdminRole) {
  if (!canManageUser(actor, target)) throw forbidden(USER_ERRORS.superAdminOnly);
}

function isActiveSuperAdmin(row: AdminUserRow): boolean {
  return row.role === 'super_admin' && toBool(row.is_active);
}

async function assertAnotherActiveSuperAdmin(db: Db, exceptId: number) {
  const other = await db
    .selectFrom('admin_users')
    .select('id')
    .where('role', '=', 'super_admin')
    .where('is_active', '=', 1)
    .where('id', '!=', exceptId)
    .limit(1)
    .executeTakeFirst();
  if (!other) throw conflict(USER_ERRORS.lastSuperAdmin);
}

async function assertUnique(
  db: Db,
  values: { username?: string | undefined; email?: string | undefined },
  exceptId?: number,
) {
  const taken = async (column: 'username' | 'email', value: string) => {
    let query = db
      .selectFrom('admin_users')
      .select('id')
      .where((eb) => eb(eb.fn<string>('lower', [column]), '=', value.toLowerCase()));
    if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
    return (await query.limit(1).executeTakeFirst()) !== undefined;
  };
  if (values.username !== undefined && (await taken('username', values.username))) {
    throw conflict(USER_ERRORS.usernameTaken);
  }
  if (values.email !== undefined && (await taken('email', values.email))) {
    throw conflict(USER_ERRORS.emailTaken);
  }
}

/**
 * Runs a write to admin_users in a transaction that holds the users lock, so the case-insensitive
 * uniqueness checks and the "last active super admin" rule cannot be raced on PostgreSQL.
 */
async function withUsersLock<T>(
  ctx: { db: Kysely<Database>; dialect: DialectName },
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      if (ctx.dialect === 'postgres') {
        await sql`select pg_advisory_xact_lock(${USERS_LOCK_KEY})`.execute(trx);
      }
      return work(trx);
    });
  } catch (e) {
    // Should not happen under the lock; kept so a race with a direct write still answers 409.
    if (isUniqueViolation(e)) {
      const where = `${constraintName(e) ?? ''} ${(e as Error).message}`;
      throw conflict(where.includes('email') ? USER_ERRORS.emailTaken : USER_ERRORS.usernameTaken);
    }
    throw e;
  }
}
