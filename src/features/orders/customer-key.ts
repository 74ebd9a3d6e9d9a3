/** The group of the orders without a shipping e-mail (docs/product.md §3). */
export const UNKNOWN_EMAIL = 'unknown';

/** What an e-mail is compared by: trimmed and lower-cased (e-mail addresses are matched case-insensitively). */
export function normaliseEmail(email: string | null | undefined): string {
  return (email ?? '').trim().toLowerCase();
}
