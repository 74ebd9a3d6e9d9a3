/**
 * The 409 rules of the catalogue and the users as the server applies them to the fixtures, in the
 * server's words (the mock-versus-server table, server/src/http/mock-drift, checks both agree).
 */
import { adminUser, adminUsers, categories, products, variants } from '../fixtures';
import { canAdjust } from '../../server/src/domain/inventory';
import { json } from './endpoint';

export const SLUG_TAKEN = 'Slug already exists';
export const SKU_TAKEN = 'SKU already exists';

/** A 409 with the server's detail. */
export const conflict = (detail: string) => json({ detail }, 409);

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** A category slug used by another category than `id` (active or not). */
export const categorySlugTaken = (slug: string | undefined, id?: number) =>
  slug !== undefined && categories.some((c) => c.slug === slug && c.id !== id);

/** A product slug used by another product than `id`. */
export const productSlugTaken = (slug: string | undefined, id?: number) =>
  slug !== undefined && products.some((p) => p.slug === slug && p.id !== id);

/** A SKU used by a variant other than `variantId` (nor the variants of `productId`, when given). */
export const skuTaken = (sku: string | undefined, variantId?: number) =>
  sku !== undefined && variants.some((v) => v.sku === sku && v.id !== variantId);

/** The refusal of a stock adjustment of a fixture variant, or null. */
export function adjustmentRefusal(
  variant: { track_inventory: boolean; stock_quantity: number; allow_backorder: boolean },
  delta: number,
): string | null {
  if (!variant.track_inventory) return 'This variant does not track inventory';
  if (canAdjust(variant.stock_quantity, delta, variant.allow_backorder)) return null;
  return `Not enough stock: ${variant.stock_quantity} in stock, cannot remove ${-delta} (backorders are not allowed)`;
}

/** The signed-in admin of the mocks (the stories' super admin). */
export const SELF_ID = adminUser.id;

export const USER_ERRORS = {
  usernameTaken: 'Username already exists',
  emailTaken: 'Email already exists',
  deleteSelf: 'You cannot delete your own account',
  deactivateSelf: 'You cannot deactivate your own account',
  lastSuperAdmin: 'Cannot remove the last active super admin',
  resetOwn: 'You cannot reset your own second factors; manage them on My account',
} as const;

/** A username or e-mail (case-insensitive) used by another user than `id`: its refusal. */
export function userTaken(
  change: { username?: string; email?: string },
  id?: number,
): string | null {
  const others = adminUsers.filter((u) => u.id !== id);
  if (change.username !== undefined && others.some((u) => same(u.username, change.username!)))
    return USER_ERRORS.usernameTaken;
  if (change.email !== undefined && others.some((u) => same(u.email, change.email!)))
    return USER_ERRORS.emailTaken;
  return null;
}

/** Whether user `id` is the only active super admin (whom no change may remove). */
export const lastSuperAdmin = (id: number) => {
  const active = adminUsers.filter((u) => u.role === 'super_admin' && u.is_active);
  return active.length === 1 && active[0]!.id === id;
};
