import { Button, Center, Heading, Text, VStack } from '@chakra-ui/react';
import { Link } from 'wouter';
import { paths } from '@/lib/paths';

/** Shown for any route the app does not know (docs/product.md §2). */
export function NotFoundPage() {
  return (
    <Center minH="100vh">
      <VStack gap="4">
        <Heading as="h1" size="6xl">
          404
        </Heading>
        <Text fontSize="xl">Oops! Page not found</Text>
        <Button asChild variant="outline">
          <Link href={paths.landing}>Return to Home</Link>
        </Button>
      </VStack>
    </Center>
  );
}
