import { Box } from '@chakra-ui/react';
import type { Decorator } from '@storybook/react-vite';

/** Stories only: a component shown on its own, padded and centred at most `maxW` wide. */
export function padded(maxW: string): Decorator {
  return function Padded(Story) {
    return (
      <Box p={{ base: '4', md: '8' }} maxW={maxW} mx="auto">
        <Story />
      </Box>
    );
  };
}
