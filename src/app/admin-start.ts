import { matchRoute, type Parser } from 'wouter';
import { can } from '@/lib/auth/permissions';
import { authStore } from '@/lib/auth/store';
import { preloadAdminMe } from './admin-preloads';
import { ADMIN_ROUTES } from './admin-routes';

/**
 * What the first admin screen of a visit needs, started at once and side by side: the signed-in
 * admin (when the session was restored without it), the screen's code and its first data.
 * Without this each waits for the one before (area code → /me → screen code → data). Only on
 * entering the area, whose data nothing has loaded yet: a preloaded request that no hook takes
 * would be handed to a later one.
 */
export function startAdminRoute(location: string, parser: Parser): void {
  // Without an admin session the guard sends the visitor away: nothing to load.
  if (!authStore.isAuthenticated || authStore.userType !== 'admin') return;
  if (!authStore.user) preloadAdminMe();
  for (const route of ADMIN_ROUTES) {
    const [matches, params] = matchRoute(parser, route.path, location);
    if (!matches) continue;
    void route.component.load();
    // A known admin without the screen's permission gets the "not allowed" page: no data.
    if (route.permission && authStore.user && !can(route.permission)) return;
    route.preload?.(params ?? {});
    return;
  }
}
