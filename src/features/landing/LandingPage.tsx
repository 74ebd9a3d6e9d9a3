import { Button, Container, Heading, HStack, Text, VStack } from '@chakra-ui/react';
import { Link } from 'wouter';
import { paths } from '@/lib/paths';
import { useT } from './messages';

/** Public landing page (docs/product.md §2): a heading and the two ways in. */
export function LandingPage() {
  const t = useT();
  return (
    <Container as="main" maxW="3xl" py="24">
      <VStack gap="6" textAlign="center">
        <Heading as="h1" size="4xl">
          {t('title')}
        </Heading>
        <Text fontSize="lg" color="fg.muted">
          {t('description')}
        </Text>
        <HStack gap="4" wrap="wrap" justify="center">
          <Button asChild>
            <Link href={paths.admin.dashboard}>{t('dashboard')}</Link>
          </Button>
          <Button asChild variant="outline">
            <Link href={paths.signIn}>{t('login')}</Link>
          </Button>
        </HStack>
      </VStack>
    </Container>
  );
}
