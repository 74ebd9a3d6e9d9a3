import { useCallback } from 'react';
import { useSnapshot } from 'valtio';
import { getAdminMe } from '@generated/hooks/auth/auth';
import { authStore, setUser } from '@/lib/auth/store';
import { MyAccountView } from './MyAccountView';
import { PasskeysSection } from './passkeys/PasskeysSection';
import { PasswordSection } from './password/PasswordSection';
import { SessionsSection } from './sessions/SessionsSection';
import { TwoFactorSection } from './two-factor/TwoFactorSection';

/**
 * My account (/admin/account): each section loads and sends its own calls (the account
 * operations, open to every role). A change of second factors reloads the signed-in admin, whose
 * /me says which they have.
 */
export function MyAccountPage() {
  const { user } = useSnapshot(authStore);
  const reloadMe = useCallback(() => {
    // A failure leaves the user as it was: the section has said what went wrong.
    void getAdminMe().then(setUser, () => undefined);
  }, []);
  return (
    <MyAccountView
      username={user?.username ?? ''}
      fullName={user?.full_name ?? ''}
      password={<PasswordSection />}
      sessions={<SessionsSection />}
      twoFactor={<TwoFactorSection />}
      passkeys={<PasskeysSection onFactorsChange={reloadMe} />}
    />
  );
}
