// Products: the public catalogue (no token) and admin management. Access (401/403) is enforced
// before these handlers run; input is validated against the contract.
import type { AppContext } from '../context';
import { unauthorized } from '../api/problem';
import type { Handlers } from '../http/types';
import {
  getPublicProduct,
  listFeaturedProducts,
  listPublicProducts,
  listPublicVariants,
} from '../services/catalogue';
import { mediaStorage, releaseRemovedMedia } from '../services/media';
import {
  createProduct,
  deleteProduct,
  findProduct,
  getProduct,
  listAdminProducts,
  updateProduct,
} from '../services/products';

const DEFAULT_SKIP = 0;
const DEFAULT_LIMIT = 100;
const DEFAULT_FEATURED_LIMIT = 10;

export function productsHandlers(ctx: AppContext): Handlers {
  const { db } = ctx;
  const storage = mediaStorage(ctx.config);
  return {
    // -- public catalogue ------------------------------------------------------------------
    listProducts: async (request, reply) => {
      const q = request.query;
      const { items, total } = await listPublicProducts(db, ctx.now(), {
        ...q,
        skip: q.skip ?? DEFAULT_SKIP,
        limit: q.limit ?? DEFAULT_LIMIT,
      });
      reply.header('X-Total-Count', String(total));
      return items;
    },

    listFeaturedProducts: async (request) =>
      listFeaturedProducts(db, ctx.now(), {
        limit: request.query.limit ?? DEFAULT_FEATURED_LIMIT,
        country_code: request.query.country_code,
      }),

    getProductBySlug: async (request) =>
      getPublicProduct(db, ctx.now(), request.params.slug, request.query.country_code),

    listProductVariantsBySlug: async (request) =>
      listPublicVariants(db, ctx.now(), request.params.slug, request.query.country_code),

    // -- admin -----------------------------------------------------------------------------
    listAdminProducts: async (request, reply) => {
      const q = request.query;
      const { items, total } = await listAdminProducts(
        db,
        {
          ...q,
          skip: q.skip ?? DEFAULT_SKIP,
          limit: q.limit ?? DEFAULT_LIMIT,
        },
        ctx.now(),
      );
      reply.header('X-Total-Count', String(total));
      return items;
    },

    createProduct: async (request, reply) => {
      const product = await createProduct(ctx, request.body, adminId(request.admin));
      reply.code(201);
      return product;
    },

    getProduct: async (request) => getProduct(db, request.params.id, ctx.now()),

    updateProduct: async (request) => {
      const { id } = request.params;
      const before =
        request.body.images !== undefined ? await findProduct(db, id, ctx.now()) : undefined;
      const product = await updateProduct(ctx, id, request.body, adminId(request.admin));
      // The stored files of the images this save removed, unless something else uses them.
      if (before)
        await releaseRemovedMedia(db, storage, before.images, product.images, request.log);
      return product;
    },

    deleteProduct: async (request, reply) => {
      await deleteProduct(db, request.params.id);
      return reply.code(204).send();
    },
  };
}

/** The signed-in admin's id (loaded by the access check for every admin operation). */
function adminId(admin: { id: number } | null): number {
  if (!admin) throw unauthorized();
  return admin.id;
}
