import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { Redirect, useLocation } from 'wouter';
import { notify } from '@/components/ui/notify';
import { authStore, sessionEnd } from '@/lib/auth/store';
import { usePageTitle } from '@/lib/hooks/use-page-title';
import { LoginForm, type LoginValues } from './LoginForm';
import { paths } from '@/lib/paths';
import { t } from './messages';

/**
 * /auth (docs/product.md §2): signs an admin in, or sends an already signed-in admin on to /admin. A signed-in
 * customer gets the form (sending them to /admin would only show 'Access Denied'). After a session
 * ended on its own (failed refresh) the form says why.
 */
export function LoginPage() {
  usePageTitle(t('loginTitle'));
  const [, navigate] = useLocation();
  const { reason } = useSnapshot(sessionEnd);
  // Decided on arrival only: signing in here must finish (toast, then /admin) on its own terms.
  const [adminOnArrival] = useState(
    () => authStore.isAuthenticated && authStore.userType === 'admin',
  );

  async function handleSubmit(values: LoginValues) {
    // The HTTP client (axios) and the auth calls load with the first attempt, not with the page.
    const [{ signInAdmin }, { serverMessage }] = await Promise.all([
      import('./sign-in'),
      import('@/lib/http'),
    ]);
    try {
      await signInAdmin(values);
    } catch (error) {
      notify.error(t('error'), serverMessage(error, t('loginFailed')));
      return;
    }
    notify.success(t('success'), t('loggedIn'));
    navigate(paths.admin.dashboard);
  }

  if (adminOnArrival) return <Redirect to={paths.admin.dashboard} replace />;
  return <LoginForm onSubmit={handleSubmit} sessionEndReason={reason} />;
}
