// Admin roles (docs/product.md §6) and what each may do. docs/product.md leaves permissions open; this matrix
// is the server's decision, kept as data so the README table can be generated from it.
import type { Schemas } from '../api/types';

export type AdminRole = Schemas['AdminRole'];
export const ROLES = [
  'super_admin',
  'admin',
  'manager',
  'support',
  'inventory_manager',
] as const satisfies readonly AdminRole[];

export const DEFAULT_ROLE: AdminRole = 'manager';

const ROLE_LABELS: Record<AdminRole, string> = {
  super_admin: 'Super Admin',
  admin: 'Admin',
  manager: 'Manager',
  support: 'Support',
  inventory_manager: 'Inventory Manager',
};

/** The contract's AdminPermission enum; roles.test.ts checks this list is exactly it. */
export type Permission = Schemas['AdminPermission'];
export const PERMISSIONS = [
  'users:read',
  'users:write',
  'users:reset_two_factor', // removing another user's second factors (super_admin only)
  'catalogue:read', // products, variants, categories, VAT rates
  'products:write', // products and their images
  'categories:write',
  'vat:write',
  'variants:write', // variants, default-variant inventory and stock adjustments
  'orders:read',
  'orders:write', // status changes, cancellation and staff (draft) orders
  // Money received and paid back (#28): recording, removing and refunding payments and carriers'
  // remittances. Not support's: what the accountant reconciles is kept by those who answer
  // for the till (the shop's managers and admins).
  'payments:write',
  'discounts:write', // discount codes and automatic promotions (#29); reading them is orders:read
  'customers:write', // a customer's name, phone, notes and tags (#29)
  // A person's whole record, exported or erased (#29; Tunisia's law 2004-63, the GDPR): the shop's
  // owners answer for it, as for backups of every customer's data.
  'customers:personal_data',
  'uploads:write',
  'settings:read', // the shop's settings (identity, time zone), which every screen may show
  'settings:write',
  'audit:read', // the audit log of every admin write
  'jobs:read', // background jobs and their failures
  'jobs:write', // retrying a dead job
  'backups:manage', // listing, taking and downloading backups (super_admin only)
  // The accountant's books (#30): the VAT return, the sales register and the withholding. The
  // shop's owners file them; a whole month of every buyer's figures is not the desk's to read.
  'reports:read',
  // The shop's analytics (#35): sales, best sellers, returns and stock value. Those who run the
  // shop day to day read them; support answers customers and the inventory desk counts stock.
  'analytics:read',
  // API tokens (#31): an integration's credentials, scoped to a part of their creator's permissions.
  'api_tokens:manage',
  // Webhooks (#31): where the shop's events go (every order with its customer's address) and the
  // secrets that sign them: an admin's alone, a manager's desk does not send data out.
  'webhooks:manage',
] as const satisfies readonly Permission[];

const PERMISSION_DESCRIPTIONS: Record<Permission, string> = {
  'users:read': 'List and view admin users',
  'users:write': 'Create, edit and delete admin users',
  'users:reset_two_factor': "Remove another user's second factors when they lost them",
  'catalogue:read': 'View products, variants, categories and VAT rates',
  'products:write': 'Create, edit and delete products',
  'categories:write': 'Create, edit and delete categories',
  'vat:write': 'Create, edit and delete VAT rates',
  'variants:write': 'Edit variants, inventory and stock levels',
  'orders:read': 'View orders and customers',
  'orders:write': 'Change order status, cancel orders and take staff orders',
  'payments:write': 'Record and remove payments, refunds and cash-on-delivery remittances',
  'discounts:write': 'Create, edit and delete discount codes and automatic promotions',
  'customers:write': "Edit a customer's name, phone, notes and tags",
  'customers:personal_data': 'Export or erase everything the shop holds about a customer',
  'uploads:write': 'Upload and delete media',
  'settings:read': "View the shop's settings",
  'settings:write': "Change the shop's settings and see who changed them",
  'audit:read': 'See the audit log of every admin write',
  'jobs:read': 'See the background jobs and their failures',
  'jobs:write': 'Retry a background job that failed for good',
  'backups:manage': 'List, take and download backups of the whole shop',
  'reports:read': 'Read the VAT return, the sales register and the withholding report',
  'analytics:read': 'Read the sales, best sellers, returns and stock reports',
  'api_tokens:manage':
    "Create, list and revoke API tokens, each with part of the creator's permissions",
  'webhooks:manage': "Manage the webhook endpoints that receive the shop's events, and resend",
};

const CATALOGUE: readonly Permission[] = [
  'catalogue:read',
  'products:write',
  'categories:write',
  'vat:write',
  'variants:write',
  'uploads:write',
];

const PERMISSION_MATRIX: Readonly<Record<AdminRole, readonly Permission[]>> = {
  super_admin: PERMISSIONS,
  // Admins may do everything else too; who they may manage is restricted by canManageUser.
  // Removing second factors is the super admin's alone: an admin who could would also pass
  // another admin's second factor.
  // A backup holds secrets.json (the keys that sign every token) and every customer's data:
  // the super admin's alone, as on the command line, where it takes the server's own account.
  admin: PERMISSIONS.filter((p) => p !== 'users:reset_two_factor' && p !== 'backups:manage'),
  manager: [
    ...CATALOGUE,
    'orders:read',
    'orders:write',
    'payments:write',
    'discounts:write',
    'customers:write',
    'settings:read',
    'analytics:read',
    'api_tokens:manage',
  ],
  // Support answers customers: it keeps their notes, but neither prices nor a person's whole record.
  support: ['catalogue:read', 'orders:read', 'orders:write', 'customers:write', 'settings:read'],
  inventory_manager: [
    'catalogue:read',
    'products:write',
    'variants:write',
    'uploads:write',
    'settings:read',
  ],
};

export function isRole(value: unknown): value is AdminRole {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** Every permission of a role, in the matrix's order (what GET /admin/auth/me answers). */
export function permissionsOf(role: AdminRole): Permission[] {
  return PERMISSIONS.filter((p) => can(role, p));
}

export function can(role: AdminRole, permission: Permission): boolean {
  return PERMISSION_MATRIX[role]?.includes(permission) ?? false;
}

/** What an admin whose role lacks an operation's permission is told (the server and the mocks). */
export const roleRefusal = (role: AdminRole) => `Your role (${role}) does not allow this action`;

/**
 * Whether `actor` may create, change or delete a user whose role is `target`. Check both the
 * user's current role and any requested new role, so an admin can neither edit a super admin
 * nor promote someone to super admin.
 */
export function canManageUser(actor: AdminRole, target: AdminRole): boolean {
  if (!can(actor, 'users:write')) return false;
  return target !== 'super_admin' || actor === 'super_admin';
}

/** Markdown table: one row per permission, one column per role. */
export function describeMatrix(): string {
  const header = `| Permission | ${ROLES.map((r) => ROLE_LABELS[r]).join(' | ')} |`;
  const rule = `| --- | ${ROLES.map(() => ':---:').join(' | ')} |`;
  const rows = PERMISSIONS.map(
    (p) =>
      `| \`${p}\` — ${PERMISSION_DESCRIPTIONS[p]} | ${ROLES.map((r) => (can(r, p) ? '✓' : '')).join(' | ')} |`,
  );
  const footnote =
    '\nAn admin cannot create, change or delete super admins, nor grant the super_admin role.';
  return [header, rule, ...rows].join('\n') + '\n' + footnote + '\n';
}
