import { Button, Card, Center, Heading, HStack, Spinner, Text, VStack } from '@chakra-ui/react';
import { Link } from 'wouter';
import { MAGIC_LINK_TEXTS as TEXT } from './magic-link';
import { paths } from '@/lib/paths';

export type MagicLinkState =
  | { status: 'verifying' }
  | { status: 'signed-in'; email: string }
  | { status: 'expired' }
  | { status: 'incomplete' }
  | { status: 'failed'; message: string };

interface MagicLinkViewProps {
  state: MagicLinkState;
  /** Offered after a failure that did not use the link up (network, server error, rate limit). */
  onRetry: () => void;
}

/** What /auth/magic shows while it signs a customer in, and after. */
export function MagicLinkView({ state, onRetry }: MagicLinkViewProps) {
  if (state.status === 'verifying')
    return (
      <Center minH="100vh" px="4" role="status" aria-live="polite">
        <VStack gap="3">
          <Spinner size="lg" />
          <Text color="fg.muted">{TEXT.verifying}</Text>
        </VStack>
      </Center>
    );

  const { title, description } = {
    'signed-in': {
      title: TEXT.signedInTitle,
      description: state.status === 'signed-in' ? TEXT.signedInDescription(state.email) : '',
    },
    expired: { title: TEXT.expiredTitle, description: TEXT.expiredDescription },
    incomplete: { title: TEXT.incompleteTitle, description: TEXT.incompleteDescription },
    failed: {
      title: TEXT.failedTitle,
      description: state.status === 'failed' ? state.message : '',
    },
  }[state.status];

  return (
    <Center minH="100vh" px="4" bg="bg.subtle">
      <Card.Root width="full" maxW="md" role={state.status === 'signed-in' ? undefined : 'alert'}>
        <Card.Body>
          <VStack gap="4" textAlign="center">
            <Heading as="h1" size="xl">
              {title}
            </Heading>
            <Text color="fg.muted">{description}</Text>
            <HStack gap="3" wrap="wrap" justify="center">
              {state.status === 'failed' && <Button onClick={onRetry}>{TEXT.retry}</Button>}
              <Button asChild variant={state.status === 'failed' ? 'outline' : 'solid'}>
                <Link href={paths.landing}>{TEXT.home}</Link>
              </Button>
            </HStack>
          </VStack>
        </Card.Body>
      </Card.Root>
    </Center>
  );
}
