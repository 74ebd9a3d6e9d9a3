// Backups (#25; super_admin only, checked from the contract's x-permission before these run).
import type { AppContext } from '../context';
import { sendDownload } from '../http/download';
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
      return sendDownload(reply, {
        contentType: 'application/gzip',
        size: archive.size,
        fileName: name,
        body: archive.stream,
      });
    },
  };
}
