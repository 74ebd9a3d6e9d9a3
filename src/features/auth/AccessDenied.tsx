import { Button, Center, Heading, HStack, Text, VStack } from '@chakra-ui/react';
import { Link } from 'wouter';
import { ShieldIcon } from '@/components/icons';
import { PageHeader } from '@/components/layout/PageHeader';
import { usePageTitle } from '@/lib/hooks/use-page-title';
import { paths } from '@/lib/paths';
import { useT } from './messages';

interface AccessDeniedProps {
  /** Ends the session (the signed-in user is not an admin, so it would otherwise trap them). */
  onSignOut: () => void;
  /** While the server is told (the button is disabled meanwhile). */
  signingOut?: boolean;
}

/** Shown to a signed-in user who is not an admin (docs/product.md §2, access guard). */
export function AccessDenied({ onSignOut, signingOut = false }: AccessDeniedProps) {
  const t = useT();
  usePageTitle(t('accessDenied'));
  return (
    <Center as="main" minH="100vh" px="4">
      <VStack gap="4" textAlign="center" maxW="md">
        <ShieldIcon boxSize="12" color="fg.error" />
        <Heading as="h1" size="2xl">
          {t('accessDenied')}
        </Heading>
        <Text color="fg.muted">{t('accessDeniedText')}</Text>
        <HStack gap="3" wrap="wrap" justify="center">
          <Button asChild>
            <Link href={paths.landing}>{t('returnHome')}</Link>
          </Button>
          <Button variant="outline" onClick={onSignOut} disabled={signingOut}>
            {t('signOut')}
          </Button>
        </HStack>
      </VStack>
    </Center>
  );
}

/**
 * Shown inside the admin layout on a screen the signed-in admin's role does not allow (typed by
 * hand or followed from an old link: the menu and buttons do not offer it), instead of a screen
 * whose every request would answer 403.
 */
export function NotAllowed() {
  const t = useT();
  return (
    <VStack gap="4" align="flex-start" maxW="xl" data-testid="not-allowed">
      <ShieldIcon boxSize="10" color="fg.error" aria-hidden="true" />
      <PageHeader title={t('notAllowed')} description={t('notAllowedText')} />
      <Button asChild>
        <Link href={paths.admin.dashboard}>{t('backToDashboard')}</Link>
      </Button>
    </VStack>
  );
}
