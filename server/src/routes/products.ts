// Products: the public catalogue (no token) and admin management. Access (401/403) is enforced
// before these handlers run; input is validated against the contract.
import type { AppContext } from '../context';
import { requireAdmin } from '../http/access';
import type { ListCache } from '../http/list-cache';
import { withDefaults } from '../http/query';
import type { Handlers } from '../http/types';
import {
  getPublicProduct,
  listFeaturedProducts,
  listPublicProducts,
  listPublicVariants,
} from '../services/catalogue/catalogue';
import {
  createProduct,
  deleteProduct,
  getProduct,
  listAdminProducts,
  updateProduct,
} from '../services/catalogue/products';

/** The catalogue's country: the one asked for, else the contract's default. */
const countryOf = (query: { country_code?: string }) =>
  withDefaults(query, 'country_code').country_code;

export function productsHandlers(ctx: AppContext, lists: ListCache): Handlers {
  const { db } = ctx;
  return {
    // -- public catalogue ------------------------------------------------------------------
    listProducts: lists.page('listProducts', ['catalogue'], async (request, at) =>
      listPublicProducts(
        db,
        at,
        withDefaults(request.query, 'skip', 'limit', 'country_code', 'sort'),
      ),
    ),

    listFeaturedProducts: lists.handler(
      'listFeaturedProducts',
      ['catalogue'],
      async (request, at) =>
        listFeaturedProducts(db, at, withDefaults(request.query, 'limit', 'country_code')),
    ),

    getProductBySlug: async (request) =>
      getPublicProduct(db, ctx.now(), request.params.slug, countryOf(request.query)),

    listProductVariantsBySlug: async (request) =>
      listPublicVariants(db, ctx.now(), request.params.slug, countryOf(request.query)),

    // -- admin -----------------------------------------------------------------------------
    listAdminProducts: lists.page('listAdminProducts', ['catalogue'], async (request, at) =>
      listAdminProducts(db, withDefaults(request.query, 'skip', 'limit', 'sort'), at),
    ),

    createProduct: async (request, reply) => {
      const product = await createProduct(ctx, request.body, requireAdmin(request));
      reply.code(201);
      return product;
    },

    getProduct: async (request) => getProduct(db, request.params.id, ctx.now()),

    updateProduct: async (request) =>
      updateProduct(ctx, request.params.id, request.body, requireAdmin(request), request.log),

    deleteProduct: async (request, reply) => {
      await deleteProduct(ctx, request.params.id, requireAdmin(request));
      return reply.code(204).send();
    },
  };
}
