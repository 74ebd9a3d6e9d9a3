import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { LocaleProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import rtl from 'stylis-plugin-rtl';
import { directionOf, INTL_TAGS, useLocale } from '@/lib/i18n';

// One Emotion cache per direction (distinct keys, so both sets of rules can coexist): the RTL one
// mirrors physical properties (margin-left → margin-right…) of every Chakra style.
const caches: Record<'ltr' | 'rtl', EmotionCache> = {
  ltr: createCache({ key: 'css' }),
  rtl: createCache({ key: 'css-rtl', stylisPlugins: [rtl] }),
};

/** Chakra's (Ark's) locale and the mirrored styles of the active language, for what Chakra draws. */
export function DirectionProvider({ children }: { children: ReactNode }) {
  const locale = useLocale();
  return (
    <CacheProvider value={caches[directionOf(locale)]}>
      <LocaleProvider locale={INTL_TAGS[locale]}>{children}</LocaleProvider>
    </CacheProvider>
  );
}
