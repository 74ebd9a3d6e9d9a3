import { AdminRole } from '@generated/model';
import type { BadgeStyle } from '@/components/list-screen';

export interface RoleInfo {
  value: AdminRole;
  label: string;
  badge: BadgeStyle;
}

/** docs/product.md §6: every role with its label and badge style, from most to least powerful. */
export const ROLES: readonly RoleInfo[] = [
  { value: AdminRole.super_admin, label: 'Super Admin', badge: 'destructive' },
  { value: AdminRole.admin, label: 'Admin', badge: 'default' },
  { value: AdminRole.manager, label: 'Manager', badge: 'secondary' },
  { value: AdminRole.support, label: 'Support', badge: 'outline' },
  { value: AdminRole.inventory_manager, label: 'Inventory Manager', badge: 'outline' },
];

/** docs/product.md §6: a new user is a manager unless chosen otherwise. */
export const DEFAULT_ROLE: AdminRole = AdminRole.manager;

/** The role's label and badge style; an unknown role shows as it is, outlined. */
export function roleInfo(role: string): RoleInfo {
  return (
    ROLES.find((info) => info.value === role) ?? {
      value: role as AdminRole,
      label: role,
      badge: 'outline',
    }
  );
}
