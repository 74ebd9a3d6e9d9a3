import type { Category, CategoryCreate, CategoryUpdate } from '@generated/model';
import { categories as fixtures } from '../fixtures';
import { endpoint, json, newId, noContent, notFound, now } from './endpoint';

const find = (id: string | undefined) => fixtures.find((c) => String(c.id) === id) ?? fixtures[0]!;

export const categories = {
  /** GET /categories/ (public: the active categories) */
  list: endpoint(
    'get',
    '/categories/',
    (items: readonly Category[] = fixtures.filter((c) => c.is_active)) =>
      () =>
        json(items),
  ),
  /** GET /admin/categories/?is_active (admin: inactive ones too; the admin screens use it) */
  adminList: endpoint(
    'get',
    '/admin/categories/',
    (items: readonly Category[] = fixtures) =>
      ({ url }) => {
        const active = url.searchParams.get('is_active');
        return json(active === null ? items : items.filter((c) => String(c.is_active) === active));
      },
  ),
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
  create: endpoint(
    'post',
    '/categories/',
    (result?: Category) =>
      ({ body }) =>
        json(
          result ?? {
            ...fixtures[0]!,
            image_url: null,
            parent_id: null,
            description: null,
            ...(body as CategoryCreate),
            id: newId(),
            created_at: now(),
            updated_at: now(),
          },
          201,
        ),
  ),
  /** PATCH /categories/{id} */
  update: endpoint(
    'patch',
    '/categories/:category',
    (result?: Category) =>
      ({ params, body }) =>
        json(
          result ?? { ...find(params.category), ...(body as CategoryUpdate), updated_at: now() },
        ),
  ),
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
