import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { LocaleProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import rtl from 'stylis-plugin-rtl';
import { directionOf, INTL_TAGS, useLocale } from '@/lib/i18n';
import { system } from './theme';

// One Emotion cache per direction (distinct keys, so both sets of rules can coexist): the RTL one
// mirrors physical properties (margin-left → margin-right…) of every Chakra style.
const caches: Record<'ltr' | 'rtl', EmotionCache> = {
  ltr: createCache({ key: 'css' }),
  rtl: createCache({ key: 'css-rtl', stylisPlugins: [rtl] }),
};

/** Marks the <style> that declares the order of Chakra's cascade layers. */
export const LAYER_ORDER_ATTRIBUTE = 'data-chakra-layers';

/**
 * Chakra's cascade layers in their order (reset < base < tokens < recipes), declared once, first
 * in <head>, for as long as the page lives. A browser orders layers as it first meets them in the
 * page. Chakra's provider declares the order in its global styles, which follow its cache: on a
 * switch of direction they go to the other cache's sheet, and Emotion appends that sheet after
 * every tag in <head> while the cache has drawn nothing yet, so after the first cache's
 * `@layer recipes {…}` rules. Recipes then came first, lowest: the reset won over them (cards
 * without borders, inputs without outlines, headings at 16 px) until a reload (issue #26).
 */
export function declareLayerOrder(doc: Document): void {
  if (doc.head.querySelector(`style[${LAYER_ORDER_ATTRIBUTE}]`)) return;
  const style = doc.createElement('style');
  style.setAttribute(LAYER_ORDER_ATTRIBUTE, '');
  style.textContent = system.layers.atRule;
  doc.head.prepend(style);
}

// With the module, before Chakra's first style: the providers are remounted on every language
// switch (I18nRoot), and nothing they mount may reorder the layers.
if (typeof document !== 'undefined') declareLayerOrder(document);

/** Chakra's (Ark's) locale and the mirrored styles of the active language, for what Chakra draws. */
export function DirectionProvider({ children }: { children: ReactNode }) {
  const locale = useLocale();
  return (
    <CacheProvider value={caches[directionOf(locale)]}>
      <LocaleProvider locale={INTL_TAGS[locale]}>{children}</LocaleProvider>
    </CacheProvider>
  );
}
