import type { AdminSession } from '@generated/model';
import { adminSessions as fixtures } from '../fixtures';
import { endpoint, json, noContent, notFound } from './endpoint';

/** The signed-in admin's sessions (My account). */
export const sessions = {
  /** GET /admin/auth/me/sessions: the open sessions, most recently used first. */
  list: endpoint(
    'get',
    '/admin/auth/me/sessions',
    (items: readonly AdminSession[] = fixtures) =>
      () =>
        json(items),
  ),
  /**
   * DELETE /admin/auth/me/sessions/{id} (204) of one of `items` (default: the fixtures), else
   * 404.
   */
  end: endpoint(
    'delete',
    '/admin/auth/me/sessions/:id',
    (items: readonly AdminSession[] = fixtures) =>
      ({ params }) =>
        items.some((s) => s.id === params.id) ? noContent() : notFound('Session not found'),
  ),
};
