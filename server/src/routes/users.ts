// Back-office users (admin). Who may manage whom is decided in services/identity/admin-users.ts.
import type { AppContext } from '../context';
import { requireAdmin } from '../http/access';
import { withDefaults } from '../http/query';
import type { Handlers } from '../http/types';
import {
  createAdminUser,
  deleteAdminUser,
  getAdminUser,
  listAdminUsers,
  updateAdminUser,
} from '../services/identity/admin-users';

export function usersHandlers(ctx: AppContext): Handlers {
  return {
    listUsers: async (request, reply) => {
      const { skip, limit } = withDefaults(request.query, 'skip', 'limit');
      const { items, total } = await listAdminUsers(ctx.db, skip, limit);
      reply.header('x-total-count', total);
      return items;
    },

    createUser: async (request, reply) => {
      const user = await createAdminUser(ctx, requireAdmin(request), request.body);
      reply.code(201);
      return user;
    },

    getUser: (request) => getAdminUser(ctx.db, request.params.id),

    updateUser: (request) =>
      updateAdminUser(
        ctx,
        requireAdmin(request),
        request.params.id,
        request.body,
        request.auth?.sessionId,
      ),

    deleteUser: async (request, reply) => {
      await deleteAdminUser(ctx, requireAdmin(request), request.params.id);
      return reply.code(204).send();
    },
  };
}
