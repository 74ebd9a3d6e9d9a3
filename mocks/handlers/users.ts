import type { AdminUser, AdminUserCreate, AdminUserUpdate } from '@generated/model';
import { adminUsers as fixtures } from '../fixtures';
import * as crud from './crud';
import { endpoint, json, newId, noContent, notFound, now } from './endpoint';
import { conflict, lastSuperAdmin, SELF_ID, userTaken, USER_ERRORS } from './conflicts';

const find = (id: string | undefined) => crud.findById(fixtures, id);
const NOT_FOUND = 'User not found';

/** The password never comes back. */
function withoutPassword<T extends { password?: unknown }>({
  password: _password,
  ...rest
}: T): Omit<T, 'password'> {
  return rest;
}

export const users = {
  /** GET /admin/users/ (skip/limit, X-Total-Count), by username (case-insensitive), then id */
  list: crud.queriedListOf('/admin/users/', fixtures, {
    sortKeys: { username: (u) => u.username.toLowerCase() },
    tieBreak: (u) => u.id,
    defaultSort: 'username',
  }),
  get: crud.getById('/admin/users/:id', fixtures, 'User'),
  /** POST /admin/users/ (201); 409 when the username or e-mail is taken (case-insensitive). */
  create: endpoint('post', '/admin/users/', (result?: AdminUser) => ({ body }) => {
    const input = body as AdminUserCreate;
    // The fixtures' 409 (a story's own result skips it).
    const taken = result === undefined ? userTaken(input) : null;
    if (taken) return conflict(taken);
    return json(
      result ?? {
        ...fixtures[2]!,
        ...withoutPassword(input),
        last_login: null,
        id: newId(),
        created_at: now(),
        updated_at: now(),
      },
      201,
    );
  }),
  /**
   * PATCH /admin/users/{id}; 404 for a user the fixtures do not have; 409 (the server's order)
   * when deactivating yourself, removing the last active super admin, or taking another user's
   * username or e-mail.
   */
  update: endpoint('patch', '/admin/users/:id', (result?: AdminUser) => ({ params, body }) => {
    if (result !== undefined) return json(result);
    const input = body as AdminUserUpdate;
    const current = find(params.id);
    if (!current) return notFound(NOT_FOUND);
    if (current.id === SELF_ID && input.is_active === false)
      return conflict(USER_ERRORS.deactivateSelf);
    const removed =
      input.is_active === false || (input.role !== undefined && input.role !== 'super_admin');
    if (
      removed &&
      current.is_active &&
      current.role === 'super_admin' &&
      lastSuperAdmin(current.id)
    )
      return conflict(USER_ERRORS.lastSuperAdmin);
    const taken = userTaken(input, current.id);
    if (taken) return conflict(taken);
    return json({ ...current, ...withoutPassword(input), updated_at: now() });
  }),
  /**
   * DELETE /admin/users/{id} (204) of one of `items` (default: the fixtures), else 404; 409 for
   * yourself or the last active super admin.
   */
  delete: endpoint(
    'delete',
    '/admin/users/:id',
    (items: readonly AdminUser[] = fixtures) =>
      ({ params }) => {
        const current = crud.findById(items, params.id);
        if (!current) return notFound(NOT_FOUND);
        if (current.id === SELF_ID) return conflict(USER_ERRORS.deleteSelf);
        if (current.is_active && current.role === 'super_admin' && lastSuperAdmin(current.id))
          return conflict(USER_ERRORS.lastSuperAdmin);
        return noContent();
      },
  ),
};
