// Webhooks (#31): endpoints (CRUD, a new secret), their deliveries and a resend. The rules live in
// services/webhooks/; the access check (webhooks:manage) is the contract's.
import type { AppContext } from '../context';
import { requireAdmin } from '../http/access';
import { withDefaults } from '../http/query';
import type { Handlers } from '../http/types';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  getWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  resendWebhookDelivery,
  rotateWebhookSecret,
  updateWebhookEndpoint,
} from '../services/webhooks/endpoints';

export function webhooksHandlers(ctx: AppContext): Handlers {
  const settings = { config: ctx.config };
  return {
    listWebhookEndpoints: () => listWebhookEndpoints(ctx.db),

    getWebhookEndpoint: (request) => getWebhookEndpoint(ctx.db, request.params.id),

    createWebhookEndpoint: async (request, reply) =>
      reply
        .code(201)
        .send(
          await createWebhookEndpoint(
            ctx.db,
            settings,
            requireAdmin(request),
            request.body,
            ctx.now(),
          ),
        ),

    updateWebhookEndpoint: (request) =>
      updateWebhookEndpoint(
        ctx.db,
        settings,
        requireAdmin(request),
        request.params.id,
        request.body,
        ctx.now(),
      ),

    deleteWebhookEndpoint: async (request, reply) => {
      await deleteWebhookEndpoint(ctx.db, requireAdmin(request), request.params.id, ctx.now());
      return reply.code(204).send();
    },

    rotateWebhookSecret: (request) =>
      rotateWebhookSecret(ctx.db, requireAdmin(request), request.params.id, ctx.now()),

    listWebhookDeliveries: async (request, reply) => {
      const { items, total } = await listWebhookDeliveries(
        ctx.db,
        request.params.id,
        withDefaults(request.query, 'skip', 'limit'),
      );
      reply.header('X-Total-Count', String(total));
      return items;
    },

    resendWebhookDelivery: (request) =>
      resendWebhookDelivery(
        ctx.db,
        requireAdmin(request),
        request.params.id,
        request.params.deliveryId,
        ctx.now(),
      ),
  };
}
