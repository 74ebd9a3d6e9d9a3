// Back-office users (admin). Who may manage whom is decided in services/admin-users.ts.
import type { AppContext } from '../context';
import { unauthorized } from '../api/problem';
import type { OperationId } from '../api/types';
import type { Handlers, OperationRequest } from '../http/types';
import {
  createAdminUser,
  deleteAdminUser,
  getAdminUser,
  listAdminUsers,
  presentAdminUser,
  updateAdminUser,
} from '../services/admin-users';

/** The signed-in admin; access.ts loads it before every admin operation. */
function actor<K extends OperationId>(request: OperationRequest<K>) {
  if (!request.admin) throw unauthorized();
  return request.admin;
}

export function usersHandlers(ctx: AppContext): Handlers {
  return {
    listUsers: async (request, reply) => {
      const { skip = 0, limit = 100 } = request.query;
      const { rows, total } = await listAdminUsers(ctx.db, skip, limit);
      reply.header('x-total-count', total);
      return rows.map(presentAdminUser);
    },

    createUser: async (request, reply) => {
      const row = await createAdminUser(ctx, actor(request), request.body);
      reply.code(201);
      return presentAdminUser(row);
    },

    getUser: async (request) => presentAdminUser(await getAdminUser(ctx.db, request.params.id)),

    updateUser: async (request) =>
      presentAdminUser(await updateAdminUser(ctx, actor(request), request.params.id, request.body)),

    deleteUser: async (request, reply) => {
      await deleteAdminUser(ctx, actor(request), request.params.id);
      return reply.code(204).send();
    },
  };
}
