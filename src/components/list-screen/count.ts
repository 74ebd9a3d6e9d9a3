import { formatCount } from '@/lib/format';
import type { Translate } from '@/lib/i18n';
import { t } from './messages';

/**
 * What a list counts, in the language of the moment. A [singular, plural] pair cannot say it:
 * Arabic has six plural forms (one, two, few, many…), so each noun is one ICU plural message.
 */
export interface Noun {
  /** Names the count for tests, in any language: 'order' → data-testid 'order-count'. */
  readonly id: string;
  /** '1,200 orders', '1 order'; in Arabic 'طلب واحد', 'طلبان', '3 طلبات', '11 طلبًا'. */
  readonly count: (count: number) => string;
  /** The noun alone, for sentences ('Failed to update the orders'). */
  readonly plural: () => string;
}

/**
 * A folder's noun from its messages: `countKey` is an ICU plural on {count} that prints {n}, the
 * count formatted in the active language ("{count, plural, one {{n} order} other {{n} orders}}").
 */
export function defineNoun<K extends string>(
  id: string,
  t: Translate<K>,
  countKey: K,
  pluralKey: K,
): Noun {
  return {
    id,
    count: (count) => t(countKey, { count, n: formatCount(count) }),
    plural: () => t(pluralKey),
  };
}

/** How many rows a list screen shows (ListScreen's count). */
export interface ListCount {
  /** What the list counts: the text ('12 products'), and the test id ('product-count'). */
  noun: Noun;
  /** How many rows match, of `all` the rows. */
  shown: number;
  all: number;
  /** A search or filter is applied: 'shown of total'. */
  filtered: boolean;
  /** More than `shown` rows match (the server stops counting a search at 1,000). */
  capped?: boolean;
}

/**
 * '12 products', or '3 of 12 products' when filtered; 'More than 1,000 products' when the
 * server stopped counting the matches there (against a total, the floor would read as a count).
 */
export function countText({ noun, shown, all, filtered, capped }: ListCount): string {
  if (capped) return t('countMoreThan', { total: noun.count(shown) });
  const total = noun.count(all);
  return filtered ? t('countOf', { shown: formatCount(shown), total }) : total;
}
