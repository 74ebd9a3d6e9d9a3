// Backups (#25; super_admin only, checked from the contract's x-permission before these run).
import type { AppContext } from '../context';
import type { Handlers } from '../http/types';
import { backUpNow, listBackups, openBackup } from '../services/platform/backups';

export function backupsHandlers(ctx: AppContext): Handlers {
  return {
    listBackups: () => listBackups(ctx.config),
    createBackup: async (request, reply) => {
      reply.code(201);
      return backUpNow(ctx, request.admin);
    },
    downloadBackup: async (request, reply) => {
      const { name } = request.params;
      const archive = await openBackup(ctx.config, name);
      return reply
        .code(200)
        .headers({
          'content-type': 'application/gzip',
          'content-length': String(archive.size),
          'content-disposition': `attachment; filename="${name}"`,
          'cache-control': 'no-store',
        })
        .send(archive.stream);
    },
  };
}
