import { Box, Flex, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LoadErrorState, LoadingState } from '@/components/list-screen';

export interface AccountListProps<T> {
  /** undefined while loading. */
  items: readonly T[] | undefined;
  /** Why the list could not be loaded, else null. */
  loadError: string | null;
  onRetry: () => void;
  texts: { loadFailed: string; loading: string; empty: string; listLabel: string };
  /** Each row's test id; the empty state's is `<testId>s-empty`. */
  testId: string;
  itemKey: (item: T) => string | number;
  /** The item's name and facts. */
  details: (item: T) => ReactNode;
  /** The item's buttons, kept on one line beside the details (below them on a phone). */
  actions: (item: T) => ReactNode;
}

/**
 * One list of My account (sessions, passkeys): loading, load error with a retry, empty, or one
 * row per item with its details and buttons.
 */
export function AccountList<T>({
  items,
  loadError,
  onRetry,
  texts,
  testId,
  itemKey,
  details,
  actions,
}: AccountListProps<T>) {
  if (loadError)
    return <LoadErrorState title={texts.loadFailed} message={loadError} onRetry={onRetry} />;
  if (!items) return <LoadingState text={texts.loading} />;
  if (items.length === 0) {
    return (
      <Text color="fg.muted" data-testid={`${testId}s-empty`}>
        {texts.empty}
      </Text>
    );
  }
  return (
    <Stack as="ul" aria-label={texts.listLabel} gap="0" listStyleType="none" m="0" p="0">
      {items.map((item) => (
        <Flex
          as="li"
          key={itemKey(item)}
          data-testid={testId}
          align={{ base: 'stretch', sm: 'center' }}
          direction={{ base: 'column', sm: 'row' }}
          gap="3"
          py="3"
          borderBottomWidth="1px"
          _last={{ borderBottomWidth: 0 }}
        >
          <Box flex="1" minW="0">
            {details(item)}
          </Box>
          <Flex gap="2" flexShrink={0}>
            {actions(item)}
          </Flex>
        </Flex>
      ))}
    </Stack>
  );
}
