// The signed-in admin's authenticator app and recovery codes (My account), and a super admin's
// reset of another user's second factors. The rules live in services/identity/two-factor.ts.
import type { AppContext } from '../context';
import { requireAdmin } from '../http/access';
import type { Handlers } from '../http/types';
import { AuthThrottle } from '../services/identity/auth-throttle';
import {
  confirmTotpEnrolment,
  disableTotp,
  regenerateRecoveryCodes,
  resetUserTwoFactor,
  startTotpEnrolment,
} from '../services/identity/two-factor';
import { LOGIN_LIMITS } from '../services/identity/sign-in';

export function twoFactorHandlers(ctx: AppContext): Handlers {
  // A wrong code or password asked here counts like a failed sign-in of the username (the key
  // and policy of adminLogin's per-username limit), so they share one count.
  const limit = {
    throttle: new AuthThrottle(ctx.db, () => ctx.now()),
    scope: 'login:username',
    policy: LOGIN_LIMITS.perUsername,
  };
  return {
    startTotpEnrolment: (request) => startTotpEnrolment(ctx, requireAdmin(request)),

    confirmTotpEnrolment: (request) =>
      confirmTotpEnrolment(ctx, limit, requireAdmin(request), request.body.otp),

    disableTotp: async (request, reply) => {
      await disableTotp(ctx, limit, requireAdmin(request), request.body.password);
      return reply.code(204).send();
    },

    regenerateRecoveryCodes: (request) =>
      regenerateRecoveryCodes(ctx, limit, requireAdmin(request), request.body.password),

    resetUserTwoFactor: async (request, reply) => {
      await resetUserTwoFactor(ctx, requireAdmin(request), request.params.id);
      return reply.code(204).send();
    },
  };
}
