import { Button, Center, Heading, HStack, Text, VStack } from '@chakra-ui/react';
import { Link } from 'wouter';
import { ShieldIcon } from '@/components/icons';
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
