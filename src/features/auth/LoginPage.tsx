import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { Redirect, useLocation } from 'wouter';
import { notify } from '@/components/ui/notify';
import { authStore, sessionEnd } from '@/lib/auth/store';
import { usePageTitle } from '@/lib/hooks/use-page-title';
import { LoginForm, type LoginValues } from './LoginForm';
import type { SecondStep, SecondStepAnswer } from './sign-in';
import { paths } from '@/lib/paths';
import { t } from './messages';

/**
 * /auth (docs/product.md §2): signs an admin in, or sends an already signed-in admin on to /admin. A signed-in
 * customer gets the form (sending them to /admin would only show 'Access Denied'). After a session
 * ended on its own (failed refresh) the form says why. An admin with a second factor is asked for
 * it on the same page after a right password: the sign-in is sent again with the code (or the
 * passkey).
 */
export function LoginPage() {
  usePageTitle(t('loginTitle'));
  const [, navigate] = useLocation();
  const { reason } = useSnapshot(sessionEnd);
  // Decided on arrival only: signing in here must finish (toast, then /admin) on its own terms.
  const [adminOnArrival] = useState(
    () => authStore.isAuthenticated && authStore.userType === 'admin',
  );
  // After a right password: the credentials to send again with the second step, and what the
  // server asked for.
  const [pending, setPending] = useState<{ credentials: LoginValues; step: SecondStep } | null>(
    null,
  );

  async function signIn(credentials: LoginValues, answer?: SecondStepAnswer) {
    // The HTTP client (axios) and the auth calls load with the first attempt, not with the page.
    const [{ signInAdmin }, { ApiError, serverMessage }] = await Promise.all([
      import('./sign-in'),
      import('@/lib/http'),
    ]);
    let step: SecondStep | null;
    try {
      step = await signInAdmin({ ...credentials, ...answer });
    } catch (error) {
      notify.error(t('error'), serverMessage(error, t('loginFailed')));
      // The password itself no longer passes (changed, account deactivated): start again.
      if (error instanceof ApiError && error.status === 401) setPending(null);
      return;
    }
    if (step) {
      // A code or passkey was sent and refused: say why, as a failed sign-in does.
      if (answer) notify.error(t('error'), step.detail);
      setPending({ credentials, step });
      return;
    }
    notify.success(t('success'), t('loggedIn'));
    navigate(paths.admin.dashboard);
  }

  if (adminOnArrival) return <Redirect to={paths.admin.dashboard} replace />;
  return (
    <LoginForm
      onSubmit={(values) => signIn(values)}
      sessionEndReason={reason}
      secondStep={pending?.step ?? null}
      onSecondStep={(answer) => (pending ? signIn(pending.credentials, answer) : undefined)}
      onCancelSecondStep={() => setPending(null)}
    />
  );
}
