import { Button, Container, Heading, HStack, Text, VStack } from '@chakra-ui/react';
import { Link } from 'wouter';
import { paths } from '@/lib/paths';

/** Public landing page (docs/product.md §2): a heading and the two ways in. */
export function LandingPage() {
  return (
    <Container maxW="3xl" py="24">
      <VStack gap="6" textAlign="center">
        <Heading as="h1" size="4xl">
          Store back office
        </Heading>
        <Text fontSize="lg" color="fg.muted">
          The store management dashboard: products, stock, VAT rates, orders and customers.
        </Text>
        <HStack gap="4">
          <Button asChild>
            <Link href={paths.admin.dashboard}>Go to Dashboard</Link>
          </Button>
          <Button asChild variant="outline">
            <Link href={paths.signIn}>Login</Link>
          </Button>
        </HStack>
      </VStack>
    </Container>
  );
}
