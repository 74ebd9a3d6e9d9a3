import { formatCount } from '@/lib/format';
import type { Translate } from '@/lib/i18n';

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
