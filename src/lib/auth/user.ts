import type { AdminRole } from '@generated/model';
import type { AuthUser } from './store';

/** The username of the signed-in user as loaded from `/me`, if it has one. */
export function usernameOf(user: AuthUser | null | undefined): string | null {
  const name = (user as { username?: unknown } | null | undefined)?.username;
  return typeof name === 'string' && name ? name : null;
}

/** The role of the signed-in admin as loaded from `/me`, if it has one. */
export function roleOf(user: AuthUser | null | undefined): AdminRole | null {
  const role = (user as { role?: unknown } | null | undefined)?.role;
  return typeof role === 'string' && role ? (role as AdminRole) : null;
}

/** The roles that hold audit:read (the server's role matrix): the others never see the log. */
export const AUDIT_READERS: readonly AdminRole[] = ['super_admin', 'admin'];

/** The roles that hold jobs:read (the server's role matrix): the others never see the jobs. */
export const JOB_READERS: readonly AdminRole[] = ['super_admin', 'admin'];
