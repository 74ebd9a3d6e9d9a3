// API tokens (#31): list, create (the secret answered once) and revoke. The rules live in
// services/identity/api-tokens.ts; the access check (http/access.ts) accepts the tokens.
import type { AppContext } from '../context';
import { requireAdmin } from '../http/access';
import type { Handlers } from '../http/types';
import { createApiToken, listApiTokens, revokeApiToken } from '../services/identity/api-tokens';

export function apiTokensHandlers(ctx: AppContext): Handlers {
  return {
    listApiTokens: () => listApiTokens(ctx.db),

    createApiToken: async (request, reply) =>
      reply
        .code(201)
        .send(await createApiToken(ctx.db, requireAdmin(request), request.body, ctx.now())),

    revokeApiToken: async (request, reply) => {
      await revokeApiToken(ctx.db, requireAdmin(request), request.params.id, ctx.now());
      return reply.code(204).send();
    },
  };
}
