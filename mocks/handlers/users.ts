import type { AdminUser, AdminUserCreate, AdminUserUpdate } from '@generated/model';
import { adminUsers as fixtures } from '../fixtures';
import { byId, endpoint, json, newId, noContent, now, pagedList } from './endpoint';

/** The password never comes back. */
function withoutPassword<T extends { password?: unknown }>({
  password: _password,
  ...rest
}: T): Omit<T, 'password'> {
  return rest;
}

export const users = {
  /** GET /admin/users/ (skip/limit, X-Total-Count) */
  list: endpoint(
    'get',
    '/admin/users/',
    (items: readonly AdminUser[] = fixtures) =>
      ({ url }) =>
        pagedList(items, url),
  ),
  get: endpoint(
    'get',
    '/admin/users/:id',
    (source: AdminUser | readonly AdminUser[] = fixtures) =>
      ({ params }) =>
        byId(source, params.id, 'User'),
  ),
  /** POST /admin/users/ (201) */
  create: endpoint(
    'post',
    '/admin/users/',
    (result?: AdminUser) =>
      ({ body }) =>
        json(
          result ?? {
            ...fixtures[2]!,
            ...withoutPassword(body as AdminUserCreate),
            id: newId(),
            last_login: null,
            created_at: now(),
            updated_at: now(),
          },
          201,
        ),
  ),
  update: endpoint(
    'patch',
    '/admin/users/:id',
    (result?: AdminUser) =>
      ({ params, body }) =>
        json(
          result ?? {
            ...(fixtures.find((u) => String(u.id) === params.id) ?? fixtures[0]!),
            ...withoutPassword(body as AdminUserUpdate),
            updated_at: now(),
          },
        ),
  ),
  /** DELETE /admin/users/{id} (204) */
  delete: endpoint('delete', '/admin/users/:id', () => () => noContent()),
};
