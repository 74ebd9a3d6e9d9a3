export { defineMessages, type Translate } from './define-messages';
export { activateLocale, activeLocale, isolate, storedLocale } from './i18n';
export {
  DEFAULT_LOCALE,
  directionOf,
  INTL_TAGS,
  isLocale,
  LOCALE_NAMES,
  LOCALES,
  type Locale,
} from './locales';
export { I18nRoot, useLocale } from './I18nRoot';
