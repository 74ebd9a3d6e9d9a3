import { Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** The title (h2) of a section of a screen, and the line under it that says what it holds. */
export function SectionTitle({ title, description }: { title: string; description: ReactNode }) {
  return (
    <Stack gap="1">
      <Heading as="h2" size="lg">
        {title}
      </Heading>
      <Text color="fg.muted" fontSize="sm">
        {description}
      </Text>
    </Stack>
  );
}
