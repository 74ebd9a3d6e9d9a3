import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { Toaster } from '@/components/ui/toaster';
import { gcCacheProvider, swrDefaults } from '@/lib/swr';

const swrConfig = { ...swrDefaults, provider: gcCacheProvider };

/**
 * Providers every screen needs; stories and tests wrap screens in the same one. Each mount gets
 * its own SWR cache (a story or test never sees another's data).
 */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={defaultSystem}>
      <SWRConfig value={swrConfig}>{children}</SWRConfig>
      <Toaster />
    </ChakraProvider>
  );
}
