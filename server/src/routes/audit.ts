// The audit log (super_admin and admin; access is checked before these handlers run).
import type { AppContext } from '../context';
import { withDefaults } from '../http/query';
import type { Handlers } from '../http/types';
import { listAuditLog } from '../services/platform/audit';

export function auditHandlers(ctx: AppContext): Handlers {
  return {
    listAuditLog: async (request, reply) => {
      const { items, total } = await listAuditLog(
        ctx.db,
        withDefaults(request.query, 'skip', 'limit'),
      );
      reply.header('X-Total-Count', String(total));
      return items;
    },
  };
}
