import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { useLocation } from 'wouter';
import { logoutAdmin, logoutCustomer } from '@generated/clients/auth/auth';
import { paths } from '@/lib/paths';
import { getRefreshToken, getUserType, logout } from './store';

/** How long signing out waits for the server before ending the session in this browser anyway. */
const SIGN_OUT_TIMEOUT_MS = 5_000;

/**
 * Signs the current user out (docs/product.md §2, Logout): the server revokes the refresh-token family
 * (logoutAdmin or logoutCustomer with the stored refresh token), then the session is cleared here.
 * A failed call (network, 5xx, timeout) still clears the session: the user asked to leave.
 */
async function signOut(): Promise<void> {
  const refreshToken = getRefreshToken();
  const revoke = getUserType() === 'customer' ? logoutCustomer : logoutAdmin;
  try {
    if (refreshToken)
      await revoke({ refresh_token: refreshToken }, { timeout: SIGN_OUT_TIMEOUT_MS });
  } catch {
    // Ignored on purpose, see above; the refresh token then dies when it expires.
  } finally {
    logout();
  }
}

/**
 * `signOut` for a button: drops every cached response (the next user must not see this one's
 * data) and goes to /auth. `signingOut` is true while the server is asked.
 */
export function useSignOut(): { signOut: () => Promise<void>; signingOut: boolean } {
  const [signingOut, setSigningOut] = useState(false);
  const [, navigate] = useLocation();
  const { mutate } = useSWRConfig();

  async function handleSignOut() {
    setSigningOut(true);
    await signOut();
    void mutate(() => true, undefined, { revalidate: false });
    navigate(paths.signIn);
  }

  return { signOut: handleSignOut, signingOut };
}
