// Bulk edit of products and variants (issue #14): one action over many rows, one transaction.
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import type { Handler, Handlers } from '../http/types';
import { bulkEdit, PRODUCTS, VARIANTS, type BulkWrite } from '../services/catalogue/bulk-edit';

export function bulkHandlers(ctx: AppContext): Handlers {
  const writer = (request: FastifyRequest): BulkWrite => ({
    dialect: ctx.dialect,
    actor: request.admin,
    now: ctx.now(),
  });

  const bulkEditProducts: Handler<'bulkEditProducts'> = (request) =>
    bulkEdit(
      ctx.db,
      PRODUCTS,
      request.body.ids,
      request.body.action,
      writer(request),
      request.body.dry_run === true,
    );

  const bulkEditVariants: Handler<'bulkEditVariants'> = (request) =>
    bulkEdit(ctx.db, VARIANTS, request.body.ids, request.body.action, writer(request));

  return { bulkEditProducts, bulkEditVariants };
}
