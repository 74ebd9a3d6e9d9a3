import { activeLocale, INTL_TAGS } from '@/lib/i18n';

/** A count with the active language's separators ('1,200'). */
export function formatCount(count: number): string {
  return new Intl.NumberFormat(INTL_TAGS[activeLocale()]).format(count);
}

/** '1,200 orders': the count and the noun, [singular, plural], that fits it. */
export function countOf(count: number, [singular, plural]: readonly [string, string]): string {
  return `${formatCount(count)} ${count === 1 ? singular : plural}`;
}
