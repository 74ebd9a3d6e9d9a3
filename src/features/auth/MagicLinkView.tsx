import { Button, Card, Center, Heading, HStack, Spinner, Text, VStack } from '@chakra-ui/react';
import { Link } from 'wouter';
import { paths } from '@/lib/paths';
import { useT } from './messages';

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
  const t = useT();
  if (state.status === 'verifying')
    return (
      <Center as="main" minH="100vh" px="4" role="status" aria-live="polite">
        <VStack gap="3">
          <Spinner size="lg" />
          <Text color="fg.muted">{t('magic.verifying')}</Text>
        </VStack>
      </Center>
    );

  const { title, description } = {
    'signed-in': {
      title: t('magic.signedInTitle'),
      description:
        state.status === 'signed-in' ? t('magic.signedInDescription', { email: state.email }) : '',
    },
    expired: { title: t('magic.expiredTitle'), description: t('magic.expiredDescription') },
    incomplete: {
      title: t('magic.incompleteTitle'),
      description: t('magic.incompleteDescription'),
    },
    failed: {
      title: t('magic.failedTitle'),
      description: state.status === 'failed' ? state.message : '',
    },
  }[state.status];

  return (
    <Center as="main" minH="100vh" px="4" bg="bg.subtle">
      <Card.Root width="full" maxW="md" role={state.status === 'signed-in' ? undefined : 'alert'}>
        <Card.Body>
          <VStack gap="4" textAlign="center">
            <Heading as="h1" size="xl">
              {title}
            </Heading>
            <Text color="fg.muted">{description}</Text>
            <HStack gap="3" wrap="wrap" justify="center">
              {state.status === 'failed' && <Button onClick={onRetry}>{t('magic.retry')}</Button>}
              <Button asChild variant={state.status === 'failed' ? 'outline' : 'solid'}>
                <Link href={paths.landing}>{t('returnHome')}</Link>
              </Button>
            </HStack>
          </VStack>
        </Card.Body>
      </Card.Root>
    </Center>
  );
}
