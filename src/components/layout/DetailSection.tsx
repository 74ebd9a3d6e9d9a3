import { Box, Card, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A card of a detail page (an order, a customer): a region named by its title. */
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
