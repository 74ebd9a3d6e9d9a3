// The console's active language: Lingui's runtime (messages precompiled at build time by
// scripts/vite-messages.ts, so no ICU parser ships), the French or Arabic catalogue loaded on
// demand (English is in each screen's own code), the choice remembered in this browser.
import { setupI18n, type Messages } from '@lingui/core';
import { DEFAULT_LOCALE, directionOf, INTL_TAGS, isLocale, type Locale } from './locales';

export const i18n = setupI18n({ locale: DEFAULT_LOCALE, messages: { [DEFAULT_LOCALE]: {} } });

const STORAGE_KEY = 'locale';

const loaders: Record<Exclude<Locale, 'en'>, () => Promise<{ messages: Messages }>> = {
  fr: () => import('./catalogue-fr'),
  ar: () => import('./catalogue-ar'),
};

/** The language chosen in this browser before, else English. */
export function storedLocale(): Locale {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return isLocale(value) ? value : DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE; // storage blocked: English, every time
  }
}

/** Loads the language's catalogue (once), makes it active, and sets the page's lang and dir. */
export async function activateLocale(locale: Locale, { remember = true } = {}): Promise<void> {
  if (locale !== 'en') {
    const { messages } = await loaders[locale]();
    i18n.load(locale, messages);
  }
  // Numbers in messages ('#' in plurals) as the rest of the console writes them: Tunisian
  // conventions, Latin digits in Arabic too (ar-TN).
  i18n.activate(locale, [INTL_TAGS[locale]]);
  if (typeof document !== 'undefined') {
    document.documentElement.lang = INTL_TAGS[locale].slice(0, 2);
    document.documentElement.dir = directionOf(locale);
  }
  if (remember) {
    try {
      localStorage.setItem(STORAGE_KEY, locale);
    } catch {
      // storage blocked: the choice lasts this visit
    }
  }
}

export function activeLocale(): Locale {
  return isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE;
}

/**
 * A value set inside a sentence (a SKU, a signed number, a code) kept whole in a right-to-left
 * language, where beside Arabic words '-3' would show as '3-' and 'KAIWEA-FOU: -3' in pieces
 * (Unicode's first-strong isolate). Left-to-right languages get the value as it is.
 */
export function isolate(value: string): string {
  return directionOf(activeLocale()) === 'rtl' ? `\u2068${value}\u2069` : value;
}
