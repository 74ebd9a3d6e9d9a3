import { activeLocale, INTL_TAGS } from '@/lib/i18n';

const formats = new Map<string, Intl.NumberFormat>();

/** A count with the active language's separators: '10,000', French '10 000'. */
export function formatCount(count: number): string {
  const tag = INTL_TAGS[activeLocale()];
  let found = formats.get(tag);
  if (!found) {
    found = new Intl.NumberFormat(tag);
    formats.set(tag, found);
  }
  return found.format(count);
}
