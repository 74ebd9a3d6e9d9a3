import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { ToasterOnDemand } from '@/components/ui/toaster-on-demand';
import { gcCacheProvider, swrDefaults } from '@/lib/swr';

const swrConfig = { ...swrDefaults, provider: gcCacheProvider };

/**
 * Providers every screen needs; stories and tests wrap screens in the same one. Each mount gets
 * its own SWR cache (a story or test never sees another's data). Chakra's provider is not one of
 * them: the screens drawn with Chakra bring it (ChakraScope).
 */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <>
      <SWRConfig value={swrConfig}>{children}</SWRConfig>
      <ToasterOnDemand />
    </>
  );
}
