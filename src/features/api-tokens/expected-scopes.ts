import type { Permission } from '@/lib/auth/permissions';

/*
 * The scopes the token form offers (docs/product.md §10.31), pinned here once for the unit test of
 * grantableScopes and for the stories that read the form's checkboxes (tests and stories only;
 * never imported by the app). Written out, not computed from the roles, so that a change to a
 * role or to the contract's order shows up as a failing test.
 */

/**
 * A super admin's scopes: every permission but api_tokens:manage, in the contract's order; and
 * whether a manager is offered it too (their role's permissions: no users, no customers' personal
 * data, no settings:write, audit, jobs, backups, reports or webhooks).
 */
const SCOPES: readonly (readonly [scope: Permission, manager: boolean])[] = [
  ['users:read', false],
  ['users:write', false],
  ['users:reset_two_factor', false],
  ['catalogue:read', true],
  ['products:write', true],
  ['categories:write', true],
  ['vat:write', true],
  ['variants:write', true],
  ['orders:read', true],
  ['orders:write', true],
  ['payments:write', true],
  ['discounts:write', true],
  ['customers:write', true],
  ['customers:personal_data', false],
  ['uploads:write', true],
  ['settings:read', true],
  ['settings:write', false],
  ['audit:read', false],
  ['jobs:read', false],
  ['jobs:write', false],
  ['backups:manage', false],
  ['reports:read', false],
  ['analytics:read', true],
  ['webhooks:manage', false],
];

export const expectedScopes = {
  super_admin: SCOPES.map(([scope]) => scope),
  manager: SCOPES.filter(([, manager]) => manager).map(([scope]) => scope),
};
