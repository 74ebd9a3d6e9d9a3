import type { AdminUser, AdminUserCreate, AdminUserUpdate } from '@generated/model';
import { adminUsers as fixtures } from '../fixtures';
import * as crud from './crud';

const find = crud.findOrFirst(fixtures);

/** The password never comes back. */
function withoutPassword<T extends { password?: unknown }>({
  password: _password,
  ...rest
}: T): Omit<T, 'password'> {
  return rest;
}

export const users = {
  /** GET /admin/users/ (skip/limit, X-Total-Count) */
  list: crud.pagedListOf('/admin/users/', fixtures),
  get: crud.getById('/admin/users/:id', fixtures, 'User'),
  /** POST /admin/users/ (201) */
  create: crud.create<AdminUser>('/admin/users/', ({ body }) => ({
    ...fixtures[2]!,
    ...withoutPassword(body as AdminUserCreate),
    last_login: null,
  })),
  update: crud.update(
    '/admin/users/:id',
    (params) => find(params.id),
    (body) => withoutPassword(body as AdminUserUpdate),
  ),
  /** DELETE /admin/users/{id} (204) */
  delete: crud.remove('/admin/users/:id'),
};
