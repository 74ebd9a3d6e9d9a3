import { Button, Flex, HStack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { BULK_ACTION_TITLES, type BulkActionKind } from './actions';

/** A button per bulk action, each opening its dialog. */
export function BulkEditButtons({
  kinds,
  onAction,
}: {
  kinds: readonly BulkActionKind[];
  onAction: (kind: BulkActionKind) => void;
}) {
  return (
    <>
      {kinds.map((kind) => (
        <Button key={kind} size="sm" variant="outline" onClick={() => onAction(kind)}>
          {BULK_ACTION_TITLES[kind]}
        </Button>
      ))}
    </>
  );
}

/** The bar over a list with selected rows: 'N selected', the actions, Clear Selection. */
export function BulkActionBar({
  count,
  children,
  onClear,
}: {
  count: number;
  /** The actions (BulkEditButtons and any other). */
  children: ReactNode;
  onClear: () => void;
}) {
  if (count === 0) return null;
  return (
    <Flex
      gap="3"
      px="4"
      py="2"
      mb="4"
      align="center"
      wrap="wrap"
      bg="bg.muted"
      rounded="l2"
      role="region"
      aria-label="Bulk actions"
    >
      <Text fontWeight="medium" flex="1" minW="max-content" data-testid="selected-count">
        {count} selected
      </Text>
      <HStack gap="2" wrap="wrap">
        {children}
        <Button size="sm" variant="ghost" onClick={onClear}>
          Clear Selection
        </Button>
      </HStack>
    </Flex>
  );
}
