// The signed-in admin's sessions (My account): listMySessions, endMySession, for every role.
import type { AppContext } from '../context';
import { requireAdmin } from '../http/access';
import type { Handlers } from '../http/types';
import { unauthorized } from '../api/problem';
import { endAdminSession, listAdminSessions } from '../services/identity/sessions';

export function sessionsHandlers(ctx: AppContext): Handlers {
  return {
    listMySessions: (request) => {
      const admin = requireAdmin(request);
      if (!request.auth) throw unauthorized();
      return listAdminSessions(ctx.db, admin.id, request.auth.sessionId, ctx.now());
    },
    endMySession: async (request, reply) => {
      await endAdminSession(ctx.db, requireAdmin(request).id, request.params.id, ctx.now());
      return reply.code(204).send();
    },
  };
}
