import { Button, Center, Heading, Text, VStack } from '@chakra-ui/react';
import { Link } from 'wouter';
import { paths } from '@/lib/paths';
import { useT } from './messages';

/** Shown for any route the app does not know (docs/product.md §2). */
export function NotFoundPage() {
  const t = useT();
  return (
    <Center as="main" minH="100vh">
      <VStack gap="4">
        <Heading as="h1" size="6xl">
          {t('title')}
        </Heading>
        <Text fontSize="xl">{t('message')}</Text>
        <Button asChild variant="outline">
          <Link href={paths.landing}>{t('home')}</Link>
        </Button>
      </VStack>
    </Center>
  );
}
