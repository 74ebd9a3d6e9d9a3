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
  updateCategory,
} from '../services/catalogue/categories';

// GET /categories/{category} takes a slug; PATCH and DELETE take the numeric id in the same
// path segment (the contract declares each operation's parameter schema).
export function categoriesHandlers(ctx: AppContext, lists: ListCache): Handlers {
  const now = () => ctx.now().toISOString();
  return {
    listCategories: lists.handler('listCategories', ['catalogue'], async (request) =>
      listActiveCategories(ctx.db, request.query.parent_id),
    ),

    listAdminCategories: lists.handler('listAdminCategories', ['catalogue'], async (request) =>
      listAllCategories(ctx.db, request.query.is_active),
    ),

    getCategoryBySlug: async (request) => getActiveCategoryBySlug(ctx.db, request.params.category),

    createCategory: async (request, reply) => {
      const category = await createCategory(ctx, request.body, now(), request.admin);
      reply.code(201);
      return category;
    },

    updateCategory: async (request) =>
      updateCategory(ctx, request.params.category, request.body, now(), request.admin),

    deleteCategory: async (request) =>
      deactivateCategory(ctx.db, request.params.category, now(), request.admin),

    forceDeleteCategory: async (request, reply) => {
      await forceDeleteCategory(ctx.db, request.params.id, now(), request.admin);
      return reply.code(204).send();
    },
  };
}
