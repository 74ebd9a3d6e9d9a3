import { Flex, HStack, Text, type FlexProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface SelectionBarProps extends Omit<FlexProps, 'children'> {
  /** How many rows are selected, as the list says it: '3 selected'. */
  label: string;
  /** The region's accessible name ('Bulk actions'), in the feature's words. */
  regionLabel: string;
  /** The actions on the selection, small buttons in a row that wraps. */
  children: ReactNode;
}

/** The bar over a list with selected rows: how many, then the actions on them (one look for all). */
export function SelectionBar({ label, regionLabel, children, ...frame }: SelectionBarProps) {
  return (
    <Flex
      gap="3"
      px="4"
      py="2"
      align="center"
      wrap="wrap"
      bg="bg.muted"
      rounded="l2"
      role="region"
      aria-label={regionLabel}
      {...frame}
    >
      <Text fontWeight="medium" flex="1" minW="max-content">
        {label}
      </Text>
      <HStack gap="2" wrap="wrap">
        {children}
      </HStack>
    </Flex>
  );
}
