import { verifyMagicLink } from '@generated/clients/auth/auth';
import { setCredentials } from '@/lib/auth/store';

/** What a magic-link e-mail carries: `/auth/magic?token=…&email=…` (built by the server). */
export interface MagicLink {
  token: string;
  email: string;
}

/** The link's token and e-mail from a query string, or null when either is missing. */
export function magicLinkFrom(search: string): MagicLink | null {
  const params = new URLSearchParams(search);
  const token = params.get('token')?.trim();
  const email = params.get('email')?.trim();
  return token && email ? { token, email } : null;
}

/** The query string without the link's token and e-mail (they must not stay in the history). */
export function withoutMagicLink(search: string): string {
  const params = new URLSearchParams(search);
  params.delete('token');
  params.delete('email');
  return params.toString();
}

/** Exchanges the single-use token for a customer session (docs/product.md §7, verify-magic-link). */
export async function signInWithMagicLink(link: MagicLink): Promise<void> {
  const { access_token, refresh_token } = await verifyMagicLink(link);
  // user: null drops whoever was signed in before (an admin's /me user must not stay).
  setCredentials({ access_token, refresh_token, userType: 'customer', user: null });
}
