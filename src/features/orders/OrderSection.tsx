import { Button, Flex, HStack, Spinner, Text } from '@chakra-ui/react';
import { useT } from './messages';

// The order detail's cards and label/value lines are the detail pages' own (components/layout).
export { Detail, Section } from '@/components/layout/DetailSection';

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
