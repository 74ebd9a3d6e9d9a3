// The signed-in admin changes their own password (every role). The current password proves it is
// them: a wrong one counts as a failed sign-in of their username (so a stolen access token cannot
// be used to guess the password faster than the sign-in form allows). The new one must be strong
// (auth/password-strength.ts). Every other session of the admin ends at once; the one that made
// the change goes on.
import { assertStrongPassword } from '../../auth/password-strength';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import type { AppContext } from '../../context';
import type { AdminUserRow } from '../../db/schema';
import { invalid } from '../../api/problem';
import type { Body } from '../../api/types';
import { adminPasswordInputs, ADMIN_USER } from './admin-users';
import { auditEntries, recordAudit } from '../platform/audit';
import { TOO_MANY_FAILED_LOGINS, type AuthThrottle, type ThrottlePolicy } from './auth-throttle';
import { endUserSessions } from './sessions';

const WRONG_CURRENT_PASSWORD = 'Current password is incorrect';
const SAME_PASSWORD = 'The new password must differ from the current one';

/** The sign-in limit a wrong current password counts against (the per-username one). */
export interface PasswordGuessLimit {
  throttle: AuthThrottle;
  /** Keyed like the sign-in's per-username limit, so both share one count. */
  scope: string;
  policy: ThrottlePolicy;
}

export async function changeOwnPassword(
  ctx: AppContext,
  limit: PasswordGuessLimit,
  admin: AdminUserRow,
  input: Body<'changeMyPassword'>,
  currentSessionId: string | undefined,
): Promise<void> {
  const counted = await limit.throttle.consume(
    [{ scope: limit.scope, value: admin.username.trim().toLowerCase(), policy: limit.policy }],
    TOO_MANY_FAILED_LOGINS,
  );
  if (!(await verifyPassword(admin.password_hash, input.current_password))) {
    throw invalid(['body', 'current_password'], WRONG_CURRENT_PASSWORD);
  }
  await limit.throttle.release(counted);
  if (input.new_password === input.current_password) {
    throw invalid(['body', 'new_password'], SAME_PASSWORD);
  }
  await assertStrongPassword(
    input.new_password,
    ['body', 'new_password'],
    await adminPasswordInputs(ctx.db, admin),
  );
  const passwordHash = await hashPassword(input.new_password);
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('admin_users')
      .set({ password_hash: passwordHash, updated_at: now.toISOString() })
      .where('id', '=', admin.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await endUserSessions(trx, 'admin', admin.id, now, currentSessionId);
    await recordAudit(
      trx,
      admin,
      auditEntries(ADMIN_USER, 'update', { before: [admin], after: [updated] }),
    );
  });
}
