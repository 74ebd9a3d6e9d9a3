import { Button, Center, Heading, Text, VStack } from '@chakra-ui/react';
import { Link } from 'wouter';
import { ShieldIcon } from '@/components/icons';
import { usePageTitle } from '@/lib/hooks/use-page-title';

/** Shown to a signed-in user who is not an admin (spec §2, access guard). */
export function AccessDenied() {
  usePageTitle('Access Denied');
  return (
    <Center minH="100vh" px="4">
      <VStack gap="4" textAlign="center" maxW="md">
        <ShieldIcon boxSize="12" color="fg.error" />
        <Heading as="h1" size="2xl">
          Access Denied
        </Heading>
        <Text color="fg.muted">
          You don&apos;t have permission to access this area. Admin privileges are required.
        </Text>
        <Button asChild>
          <Link href="/">Return Home</Link>
        </Button>
      </VStack>
    </Center>
  );
}
