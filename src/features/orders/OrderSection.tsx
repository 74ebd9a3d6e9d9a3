import { Box, Button, Card, Flex, HStack, Spinner, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useT } from './messages';

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
 * What a panel shows until its data is there: "Loading documents...", or "The documents could not
 * be loaded." with Retry.
 */
export function PanelPending({
  loadingText,
  failedText,
  failed,
  onRetry,
}: {
  loadingText: string;
  failedText: string;
  failed: boolean;
  onRetry: () => void;
}) {
  const t = useT();
  return failed ? (
    <Flex align="center" justify="space-between" gap="3">
      <Text color="fg.muted">{failedText}</Text>
      <Button size="xs" variant="outline" onClick={onRetry}>
        {t('retry')}
      </Button>
    </Flex>
  ) : (
    <HStack role="status" color="fg.muted">
      <Spinner size="sm" />
      <Text>{loadingText}</Text>
    </HStack>
  );
}
