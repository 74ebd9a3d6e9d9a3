import { AdminRole } from '@generated/model';
import type { BadgeStyle } from '@/components/list-screen';
import { t } from './messages';

interface Role {
  value: AdminRole;
  /** The label's message key: labels are read in the language of the moment (roleInfo). */
  key: Parameters<typeof t>[0];
  badge: BadgeStyle;
}

export interface RoleInfo {
  value: AdminRole;
  label: string;
  badge: BadgeStyle;
}

/** docs/product.md §6: every role with its label and badge style, from most to least powerful. */
const ROLES: readonly Role[] = [
  { value: AdminRole.super_admin, key: 'roleSuperAdmin', badge: 'destructive' },
  { value: AdminRole.admin, key: 'roleAdmin', badge: 'default' },
  { value: AdminRole.manager, key: 'roleManager', badge: 'secondary' },
  { value: AdminRole.support, key: 'roleSupport', badge: 'outline' },
  { value: AdminRole.inventory_manager, key: 'roleInventoryManager', badge: 'outline' },
];

/** The Role select's options, labelled in the active language. */
export const roleOptions = (): RoleInfo[] =>
  ROLES.map(({ value, key, badge }) => ({ value, label: t(key), badge }));

export const isRole = (role: string) => ROLES.some((info) => info.value === role);

/** docs/product.md §6: a new user is a manager unless chosen otherwise. */
export const DEFAULT_ROLE: AdminRole = AdminRole.manager;

/** The role's label and badge style; an unknown role shows as it is, outlined. */
export function roleInfo(role: string): RoleInfo {
  return (
    roleOptions().find((info) => info.value === role) ?? {
      value: role as AdminRole,
      label: role,
      badge: 'outline',
    }
  );
}
