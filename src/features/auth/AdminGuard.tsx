import { useEffect, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { Redirect, useLocation } from 'wouter';
import { useGetAdminMe } from '@generated/hooks/auth/auth';
import { PageSpinner } from '@/components/ui/PageSpinner';
import { authStore, setUser } from '@/lib/auth/store';
import { ApiError } from '@/lib/http';
import { AccessDenied } from './AccessDenied';
import { useSignOut } from '@/lib/auth/sign-out';
import { paths } from '@/lib/paths';
import { t } from './messages';

/**
 * Access guard of /admin and below (docs/product.md §2). A session restored from storage has tokens but no
 * user yet: it loads /admin/auth/me first ('Loading...'). A 401 there goes through the silent
 * refresh; when that fails the session is logged out and this redirects to /auth. An admin whose
 * role the shop requires a second factor of, and who has none (/me's two_factor.setup_required),
 * is kept on the page that sets one up: every other admin route leads there (the server refuses
 * their other calls anyway) until /me says otherwise.
 */
export function AdminGuard({ children }: { children: ReactNode }) {
  const { isAuthenticated, userType, user } = useSnapshot(authStore);
  const needsUser = isAuthenticated && userType === 'admin' && !user;
  const me = useGetAdminMe({ swr: { enabled: needsUser } });
  const { signOut, signingOut } = useSignOut();
  const [location] = useLocation();

  useEffect(() => {
    if (needsUser && me.data) setUser(me.data);
  }, [needsUser, me.data]);

  if (!isAuthenticated) return <Redirect to={paths.signIn} replace />;
  const forbidden = me.error instanceof ApiError && me.error.status === 403;
  if (userType !== 'admin' || forbidden)
    return <AccessDenied onSignOut={() => void signOut()} signingOut={signingOut} />;
  // Any other failure to load the user (server down…) lets the screens show their own errors.
  if (needsUser && !me.data && !me.error) return <PageSpinner label={t('loading')} />;
  if (user?.two_factor.setup_required && location !== paths.twoFactorSetup)
    return <Redirect to={paths.twoFactorSetup} replace />;
  return children;
}
