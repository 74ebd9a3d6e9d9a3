import { Box, Button, Stack } from '@chakra-ui/react';
import { useCallback, useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { getAdminMe } from '@generated/hooks/auth/auth';
import { PageHeader } from '@/components/layout/PageHeader';
import { useSignOut } from '@/lib/auth/sign-out';
import { authStore, setUser } from '@/lib/auth/store';
import { paths } from '@/lib/paths';
import { PasskeysSection } from '../passkeys/PasskeysSection';
import { useT } from './messages';
import { TwoFactorSection } from './TwoFactorSection';

/**
 * /admin/account/two-factor: where an admin whose role the shop requires a second factor of, and
 * who has none, is kept (AdminGuard) until they set up an authenticator app or a passkey; then
 * on to the dashboard. Signing out is the other way out.
 */
export function TwoFactorSetupPage() {
  const t = useT();
  const { user } = useSnapshot(authStore);
  const [, navigate] = useLocation();
  const { signOut, signingOut } = useSignOut();
  // Kept here on arrival: leaves once a factor is set up (an admin who came by hand stays).
  const [keptHere] = useState(() => authStore.user?.two_factor.setup_required === true);
  const setUp = user !== null && !user.two_factor.setup_required;
  useEffect(() => {
    if (keptHere && setUp) navigate(paths.admin.dashboard, { replace: true });
  }, [keptHere, setUp, navigate]);
  const reloadMe = useCallback(() => {
    // A failure leaves the user as it was: the section has said what went wrong.
    void getAdminMe().then(setUser, () => undefined);
  }, []);

  return (
    <>
      <PageHeader title={t('setupTitle')} description={t('setupDescription')} />
      <Stack gap="6" maxW="4xl">
        <TwoFactorSection />
        <PasskeysSection onFactorsChange={reloadMe} />
        <Box>
          <Button variant="outline" loading={signingOut} onClick={() => void signOut()}>
            {t('signOut')}
          </Button>
        </Box>
      </Stack>
    </>
  );
}
