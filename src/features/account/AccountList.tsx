import { Box, Flex, Stack, Text } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { LoadErrorState, LoadingState } from '@/components/list-screen';

export interface AccountListProps<T> {
  /** undefined while loading. */
  items: readonly T[] | undefined;
  /** Why the list could not be loaded, else null. */
  loadError: string | null;
  onRetry: () => void;
  /** The list's messages: each list's catalogue has these four keys. */
  t: (key: 'loadFailed' | 'loading' | 'empty' | 'listLabel') => string;
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
  t,
  testId,
  itemKey,
  details,
  actions,
}: AccountListProps<T>) {
  if (loadError)
    return <LoadErrorState title={t('loadFailed')} message={loadError} onRetry={onRetry} />;
  if (!items) return <LoadingState text={t('loading')} />;
  if (items.length === 0) {
    return (
      <Text color="fg.muted" data-testid={`${testId}s-empty`}>
        {t('empty')}
      </Text>
    );
  }
  return (
    <Stack as="ul" aria-label={t('listLabel')} gap="0" listStyleType="none" m="0" p="0">
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

/**
 * The item a confirmation dialog asks about, and the action under way: the dialog stays open
 * (busy) until `action` settles and closes when it resolves true; the container toasts.
 */
export function useConfirmation<T>(action: (item: T) => Promise<boolean>) {
  const [target, setTarget] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    if (!target) return;
    setBusy(true);
    const done = await action(target);
    setBusy(false);
    if (done) setTarget(null);
  };
  return { target, busy, ask: setTarget, cancel: () => setTarget(null), confirm };
}
