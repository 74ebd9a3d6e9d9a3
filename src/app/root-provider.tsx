import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { ToasterOnDemand } from '@/components/ui/toaster-on-demand';
import { I18nRoot } from '@/lib/i18n';
import { gcCacheProvider, swrDefaults } from '@/lib/swr';

const swrConfig = { ...swrDefaults, provider: gcCacheProvider };

/**
 * The providers at the app's root, on every page, the sign-in page included: the language, SWR (each mount gets
 * its own cache: a story or test never sees another's data) and the toaster. Not Chakra's, which
 * the pages drawn with Chakra bring with them (ChakraScope): /auth is plain CSS.
 */
export function RootProvider({ children }: { children: ReactNode }) {
  return (
    <I18nRoot>
      <SWRConfig value={swrConfig}>{children}</SWRConfig>
      <ToasterOnDemand />
    </I18nRoot>
  );
}
