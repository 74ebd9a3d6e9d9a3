import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { system } from '@/components/ui/theme';
import { ToasterOnDemand } from '@/components/ui/toaster-on-demand';
import { gcCacheProvider, swrDefaults } from '@/lib/swr';

const swrConfig = { ...swrDefaults, provider: gcCacheProvider };

/**
 * Providers every screen needs; stories and tests wrap screens in the same one. Each mount gets
 * its own SWR cache (a story or test never sees another's data).
 */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={system}>
      <SWRConfig value={swrConfig}>{children}</SWRConfig>
      <ToasterOnDemand />
    </ChakraProvider>
  );
}
