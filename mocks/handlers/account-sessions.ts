import type { AdminSession } from '@generated/model';
import { adminSessions as fixtures } from '../fixtures';
import { endpoint, json, noContent } from './endpoint';

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
  /** DELETE /admin/auth/me/sessions/{id} (204). */
  end: endpoint('delete', '/admin/auth/me/sessions/:id', () => () => noContent()),
};
