import type { Category, CategoryCreate } from '@generated/model';
import { categories as fixtures } from '../fixtures';
import * as crud from './crud';
import { endpoint, json, noContent, notFound, now } from './endpoint';

const find = crud.findOrFirst(fixtures);

export const categories = {
  /** GET /categories/ (public: the active categories) */
  list: crud.listOf(
    '/categories/',
    fixtures.filter((c) => c.is_active),
    (items) => json(items),
  ),
  /** GET /admin/categories/?is_active (admin: inactive ones too; the admin screens use it) */
  adminList: crud.listOf('/admin/categories/', fixtures, (items, query) => {
    const active = query.get('is_active');
    return json(active === null ? items : items.filter((c) => String(c.is_active) === active));
  }),
  /** GET /categories/{slug-or-id} */
  get: endpoint(
    'get',
    '/categories/:category',
    (source: Category | readonly Category[] = fixtures) =>
      ({ params }) => {
        const list: readonly Category[] = Array.isArray(source) ? source : [source as Category];
        const found = list.find(
          (c) => c.slug === params.category || String(c.id) === params.category,
        );
        return found ? json(found) : notFound('Category not found');
      },
  ),
  /** POST /categories/ (201) */
  create: crud.create<Category>('/categories/', ({ body }) => ({
    ...fixtures[0]!,
    image_url: null,
    parent_id: null,
    description: null,
    ...(body as CategoryCreate),
  })),
  /** PATCH /categories/{id} */
  update: crud.update('/categories/:category', (params) => find(params.category)),
  /** DELETE /categories/{id}: soft delete, answers the category made inactive. */
  delete: endpoint(
    'delete',
    '/categories/:category',
    (result?: Category) =>
      ({ params }) =>
        json(result ?? { ...find(params.category), is_active: false, updated_at: now() }),
  ),
  /** DELETE /categories/{id}/force (204) */
  forceDelete: endpoint('delete', '/categories/:id/force', () => () => noContent()),
};
