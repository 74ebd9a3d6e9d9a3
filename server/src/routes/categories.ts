import type { AppContext } from '../context';
import type { ListCache } from '../http/list-cache';
import type { Handlers } from '../http/types';
import {
  createCategory,
  deactivateCategory,
  forceDeleteCategory,
  getActiveCategoryBySlug,
  listActiveCategories,
  listAllCategories,
  presentCategory,
  updateCategory,
} from '../services/categories';

// GET /categories/{category} takes a slug; PATCH and DELETE take the numeric id in the same
// path segment (the contract declares each operation's parameter schema).
export function categoriesHandlers(ctx: AppContext, lists: ListCache): Handlers {
  const now = () => ctx.now().toISOString();
  return {
    listCategories: lists.handler('listCategories', ['catalogue'], async (request) =>
      (await listActiveCategories(ctx.db, request.query.parent_id)).map(presentCategory),
    ),

    listAdminCategories: lists.handler('listAdminCategories', ['catalogue'], async (request) =>
      (await listAllCategories(ctx.db, request.query.is_active)).map(presentCategory),
    ),

    getCategoryBySlug: async (request) =>
      presentCategory(await getActiveCategoryBySlug(ctx.db, request.params.category)),

    createCategory: async (request, reply) => {
      const row = await createCategory(ctx, request.body, now(), request.admin);
      reply.code(201);
      return presentCategory(row);
    },

    updateCategory: async (request) =>
      presentCategory(
        await updateCategory(ctx, request.params.category, request.body, now(), request.admin),
      ),

    deleteCategory: async (request) =>
      presentCategory(
        await deactivateCategory(ctx.db, request.params.category, now(), request.admin),
      ),

    forceDeleteCategory: async (request, reply) => {
      await forceDeleteCategory(ctx.db, request.params.id, now(), request.admin);
      return reply.code(204).send();
    },
  };
}
