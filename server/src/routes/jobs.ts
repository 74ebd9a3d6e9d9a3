// Background jobs (super_admin and admin; access is checked before these handlers run).
import type { AppContext } from '../context';
import { withDefaults } from '../http/query';
import type { Handlers } from '../http/types';
import { listJobs, retryJob } from '../services/platform/jobs';

export function jobsHandlers(ctx: AppContext): Handlers {
  return {
    listJobs: async (request, reply) => {
      const { items, total } = await listJobs(ctx.db, withDefaults(request.query, 'skip', 'limit'));
      reply.header('X-Total-Count', String(total));
      return items;
    },
    retryJob: (request) => retryJob(ctx.db, request.params.id, ctx.now()),
  };
}
