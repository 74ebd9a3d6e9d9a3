// Settings tag: the shop's settings and who changed them. Access (settings:read for every admin
// role, settings:write for super_admin and admin) is enforced before these handlers run.
import type { AppContext } from '../context';
import { withDefaults } from '../http/query';
import type { Handlers } from '../http/types';
import { mediaStorage } from '../services/platform/media';
import {
  getShopSettings,
  listShopSettingsChanges,
  updateShopSettings,
} from '../services/platform/shop-settings';
import { getOrderEmailPreview } from '../services/orders/order-emails';

export function settingsHandlers(ctx: AppContext): Handlers {
  const { db } = ctx;
  const storage = mediaStorage(ctx.config);
  return {
    getShopSettings: () => getShopSettings(db),

    getOrderEmailPreview: async (request) => getOrderEmailPreview(ctx, request.query),

    updateShopSettings: async (request) =>
      updateShopSettings(ctx, storage, request.body, request.admin, ctx.now()),

    listShopSettingsChanges: async (request, reply) => {
      const { items, total } = await listShopSettingsChanges(
        db,
        withDefaults(request.query, 'skip', 'limit'),
      );
      reply.header('X-Total-Count', String(total));
      return items;
    },
  };
}
