import type { Category, CategoryCreate } from '@generated/model';
import { categories as fixtures } from '../fixtures';
import * as crud from './crud';
import { endpoint, json, newId, notFound, now } from './endpoint';
import { categorySlugTaken, conflict, SLUG_TAKEN } from './conflicts';

const NOT_FOUND = 'Category not found';

/** The server's order of every category list: display_order, then name, then id. */
const inListOrder = (items: readonly Category[]) =>
  [...items].sort(
    (a, b) =>
      a.display_order - b.display_order ||
      (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) ||
      a.id - b.id,
  );

export const categories = {
  /** GET /categories/?parent_id (public: the active categories, or a parent's active children) */
  list: crud.listOf('/categories/', fixtures, (items, query) => {
    const parent = query.get('parent_id');
    return json(
      inListOrder(
        items.filter((c) => c.is_active && (parent === null || String(c.parent_id) === parent)),
      ),
    );
  }),
  /** GET /admin/categories/?is_active (admin: inactive ones too; the admin screens use it) */
  adminList: crud.listOf('/admin/categories/', fixtures, (items, query) => {
    const active = query.get('is_active');
    return json(
      inListOrder(active === null ? items : items.filter((c) => String(c.is_active) === active)),
    );
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
  /** POST /categories/ (201); 409 when the slug is used by another category (active or not). */
  create: endpoint('post', '/categories/', (result?: Category) => ({ body }) => {
    const input = body as CategoryCreate;
    // The fixtures' 409 (a story's own result skips it).
    if (result === undefined && categorySlugTaken(input.slug)) return conflict(SLUG_TAKEN);
    return json(
      result ?? {
        ...fixtures[0]!,
        image_url: null,
        parent_id: null,
        description: null,
        ...input,
        id: newId(),
        created_at: now(),
        updated_at: now(),
      },
      201,
    );
  }),
  /**
   * PATCH /categories/{id}; 404 for a category the fixtures do not have, 409 when the slug is
   * another category's.
   */
  update: endpoint('patch', '/categories/:category', (result?: Category) => ({ params, body }) => {
    if (result !== undefined) return json(result);
    const current = crud.findById(fixtures, params.category);
    if (!current) return notFound(NOT_FOUND);
    const changes = body as Partial<Category>;
    if (categorySlugTaken(changes.slug, current.id)) return conflict(SLUG_TAKEN);
    return json({ ...current, ...changes, updated_at: now() });
  }),
  /** DELETE /categories/{id}: soft delete, answers the category made inactive (else 404). */
  delete: endpoint('delete', '/categories/:category', (result?: Category) => ({ params }) => {
    if (result !== undefined) return json(result);
    const current = crud.findById(fixtures, params.category);
    return current
      ? json({ ...current, is_active: false, updated_at: now() })
      : notFound(NOT_FOUND);
  }),
  /** DELETE /categories/{id}/force (204) of one of `items` (default: the fixtures), else 404. */
  forceDelete: crud.remove('/categories/:id/force', fixtures, 'Category'),
};
