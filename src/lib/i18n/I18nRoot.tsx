import { useSyncExternalStore, type ReactNode } from 'react';
import { i18n } from './i18n';
import { DEFAULT_LOCALE, isLocale, type Locale } from './locales';

const subscribe = (onChange: () => void) => i18n.on('change', onChange);
const snapshot = (): Locale => (isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE);

/** The active language; the component re-renders when it changes (no provider needed). */
export function useLocale(): Locale {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/**
 * The tree below drawn again from scratch when the language changes: many components format
 * numbers and dates (src/lib/format) without reading a message, and a remount is the one way
 * every one of them follows the switch.
 */
export function I18nRoot({ children }: { children: ReactNode }) {
  const locale = useLocale();
  return (
    <div key={locale} style={{ display: 'contents' }}>
      {children}
    </div>
  );
}
