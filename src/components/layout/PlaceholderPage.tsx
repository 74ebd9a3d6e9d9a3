import { Text } from '@chakra-ui/react';
import { PageHeader } from './PageHeader';

/** Stand-in for a screen not built yet: its title and a note. Replace, don't extend. */
export function PlaceholderPage({ title, description }: { title: string; description?: string }) {
  return (
    <>
      <PageHeader title={title} description={description} />
      <Text color="fg.muted" data-testid="placeholder">
        This screen is not built yet.
      </Text>
    </>
  );
}
