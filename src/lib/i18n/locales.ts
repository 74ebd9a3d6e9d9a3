/** The console's languages. English is the default and the spec's own wording. */
export const LOCALES = ['en', 'fr', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** The BCP 47 tag Intl formats with: Tunisian conventions (TND with 3 decimals in all three). */
export const INTL_TAGS: Record<Locale, string> = { en: 'en-GB', fr: 'fr-TN', ar: 'ar-TN' };

/** Each language's own name, as the language menu shows it (never translated). */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  fr: 'Français',
  ar: 'العربية',
};

export function directionOf(locale: Locale): 'ltr' | 'rtl' {
  return locale === 'ar' ? 'rtl' : 'ltr';
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}
