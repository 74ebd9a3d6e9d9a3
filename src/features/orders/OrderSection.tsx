import { Box, Button, Card, Flex, HStack, Spinner, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A card of the order detail: a region named by its title. */
export function Section({
  title,
  children,
  testId,
}: {
  title: string;
  children: ReactNode;
  testId: string;
}) {
  return (
    <Card.Root size="sm" role="region" aria-label={title} data-testid={testId}>
      <Card.Header>
        <Card.Title as="h2">{title}</Card.Title>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}

/** A label and its value, one per line. */
export function Detail({
  label,
  children,
  testId,
}: {
  label: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Box data-testid={testId}>
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Box fontWeight="medium" overflowWrap="anywhere">
        {children}
      </Box>
    </Box>
  );
}

/**
 * What a panel shows until its data is there: "Loading <what>...", or "The <what> could not be
 * loaded." with Retry.
 */
export function PanelPending({
  what,
  failed,
  onRetry,
}: {
  what: string;
  failed: boolean;
  onRetry: () => void;
}) {
  return failed ? (
    <Flex align="center" justify="space-between" gap="3">
      <Text color="fg.muted">The {what} could not be loaded.</Text>
      <Button size="xs" variant="outline" onClick={onRetry}>
        Retry
      </Button>
    </Flex>
  ) : (
    <HStack role="status" color="fg.muted">
      <Spinner size="sm" />
      <Text>Loading {what}...</Text>
    </HStack>
  );
}
