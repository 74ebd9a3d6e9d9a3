// The signed-in admin's own password (My account): changeMyPassword, for every role.
import type { AppContext } from '../context';
import { requireAdmin } from '../http/access';
import type { Handlers } from '../http/types';
import { changeOwnPassword } from '../services/identity/account-password';
import { AuthThrottle } from '../services/identity/auth-throttle';
import { LOGIN_LIMITS } from '../services/identity/sign-in';

export function accountPasswordHandlers(ctx: AppContext): Handlers {
  // A wrong current password counts like a failed sign-in of the username (same key and policy
  // as adminLogin's per-username limit), so both share one count.
  const limit = {
    throttle: new AuthThrottle(ctx.db, () => ctx.now()),
    scope: 'login:username',
    policy: LOGIN_LIMITS.perUsername,
  };
  return {
    changeMyPassword: async (request, reply) => {
      await changeOwnPassword(
        ctx,
        limit,
        requireAdmin(request),
        request.body,
        request.auth?.sessionId,
      );
      return reply.code(204).send();
    },
  };
}
