import { Card, Heading, Stack, Text } from '@chakra-ui/react';
import { useId, type ReactNode } from 'react';

/** A titled card of a long form (the product form, the shop settings), named by its heading. */
export function FormSection({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <Card.Root as="section" aria-labelledby={id} size={{ base: 'sm', md: 'md' }}>
      <Card.Header gap="1">
        <Heading as="h2" size="md" id={id}>
          {title}
        </Heading>
        {description && (
          <Text fontSize="sm" color="fg.muted">
            {description}
          </Text>
        )}
      </Card.Header>
      <Card.Body>
        <Stack gap="5">{children}</Stack>
      </Card.Body>
    </Card.Root>
  );
}
