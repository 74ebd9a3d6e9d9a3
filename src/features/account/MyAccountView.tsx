import { Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { PageHeader } from '@/components/layout/PageHeader';
import { useT } from './messages';

export interface MyAccountViewProps {
  /** Who is signed in (the header's description names them). */
  username: string;
  fullName: string;
  /** The sections, in this order: password, sessions, two-factor sign-in, passkeys. */
  password: ReactNode;
  sessions: ReactNode;
  twoFactor: ReactNode;
  passkeys: ReactNode;
}

/**
 * My account (/admin/account, every role, from the user menu): the signed-in admin's own password,
 * sessions and second factors.
 */
export function MyAccountView({
  username,
  fullName,
  password,
  sessions,
  twoFactor,
  passkeys,
}: MyAccountViewProps) {
  const t = useT();
  return (
    <>
      <PageHeader title={t('title')} description={t('description', { username, fullName })} />
      <Stack gap="6" maxW="4xl">
        {password}
        {sessions}
        {twoFactor}
        {passkeys}
      </Stack>
    </>
  );
}
