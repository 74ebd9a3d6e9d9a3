import type { AuthUser } from './store';

/** The username of the signed-in user as loaded from `/me`, if it has one. */
export function usernameOf(user: AuthUser | null | undefined): string | null {
  const name = (user as { username?: unknown } | null | undefined)?.username;
  return typeof name === 'string' && name ? name : null;
}
