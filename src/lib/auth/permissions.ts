// What the signed-in admin may do, as the server says (/admin/auth/me answers their role's
// permissions from its one matrix, server/src/domain/roles.ts): the console hides the menu
// entries, routes and buttons of the operations the role cannot use (each operation's
// `x-permission` in the contract). The server still checks every request; this only spares the
// user buttons that would answer 403.
import { useCallback } from 'react';
import { useSnapshot } from 'valtio';
import type { AdminPermission } from '@generated/model';
import { authStore } from './store';

export type Permission = AdminPermission;

/** Whether `user` holds `permission`; nobody does while the user is unknown (not loaded yet). */
export function userCan(
  user: { readonly permissions: readonly Permission[] } | null | undefined,
  permission: Permission,
): boolean {
  return user?.permissions.includes(permission) ?? false;
}

/** Whether the signed-in admin holds `permission` now (outside React; components use usePermission). */
export function can(permission: Permission): boolean {
  return userCan(authStore.user, permission);
}

/** Whether the signed-in admin holds `permission`; re-renders when the user changes. */
export function usePermission(permission: Permission): boolean {
  return userCan(useSnapshot(authStore).user, permission);
}

/**
 * `can` bound to the signed-in admin of this render, for a screen that asks about several
 * permissions (`const may = useCan(); may('products:write')`).
 */
export function useCan(): (permission: Permission) => boolean {
  const { user } = useSnapshot(authStore);
  // The same function while the user is the same (valtio keeps an unchanged snapshot).
  return useCallback((permission) => userCan(user, permission), [user]);
}
