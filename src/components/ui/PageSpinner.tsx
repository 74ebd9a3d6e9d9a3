import { Center, Spinner, Text, VStack } from '@chakra-ui/react';

/** Full-height spinner with a label, e.g. while the session loads ('Loading...'). */
export function PageSpinner({ label = 'Loading...' }: { label?: string }) {
  return (
    <Center minH="60vh" role="status" aria-live="polite">
      <VStack gap="3">
        <Spinner size="lg" color="colorPalette.fg" />
        <Text color="fg.muted">{label}</Text>
      </VStack>
    </Center>
  );
}
