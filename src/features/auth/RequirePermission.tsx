import type { ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { userCan, type Permission } from '@/lib/auth/permissions';
import { authStore } from '@/lib/auth/store';
import { NotAllowed } from './AccessDenied';

/**
 * A route's screen, or the "not allowed" page when the signed-in admin lacks the screen's
 * permission (ADMIN_ROUTES). While the admin is unknown (their /me failed for another reason than
 * 403) the screen is shown: the server decides, and the screen shows its own errors.
 */
export function RequirePermission({
  permission,
  children,
}: {
  permission: Permission | undefined;
  children: ReactNode;
}) {
  const { user } = useSnapshot(authStore);
  if (permission && user && !userCan(user, permission)) return <NotAllowed />;
  return children;
}
