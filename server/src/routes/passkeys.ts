// The signed-in admin's passkeys (My account, issue #24). The rules live in services/identity/passkeys.ts.
import type { AppContext } from '../context';
import { requireAdmin } from '../http/access';
import type { Handlers } from '../http/types';
import {
  deletePasskey,
  listMyPasskeys,
  registerPasskey,
  renamePasskey,
  startPasskeyRegistration,
} from '../services/identity/passkeys';

export function passkeysHandlers(ctx: AppContext): Handlers {
  return {
    listMyPasskeys: (request) => listMyPasskeys(ctx.db, requireAdmin(request)),

    startPasskeyRegistration: (request) => startPasskeyRegistration(ctx, requireAdmin(request)),

    registerPasskey: async (request, reply) => {
      const passkey = await registerPasskey(ctx, requireAdmin(request), request.body);
      reply.code(201);
      return passkey;
    },

    renamePasskey: (request) =>
      renamePasskey(ctx, requireAdmin(request), request.params.id, request.body),

    deletePasskey: async (request, reply) => {
      await deletePasskey(ctx, requireAdmin(request), request.params.id);
      return reply.code(204).send();
    },
  };
}
