import type { ReactNode } from 'react';
import { ChakraScope } from '@/components/ui/chakra-scope';
import { RootProvider } from './root-provider';

/**
 * Providers every screen needs; stories and tests wrap screens in the same one: the app's root
 * providers and Chakra's, as every page but the sign-in page has it.
 */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <ChakraScope>
      <RootProvider>{children}</RootProvider>
    </ChakraScope>
  );
}
