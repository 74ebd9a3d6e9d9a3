import type { MessageDescriptor } from '@lingui/core';
import { i18n } from './i18n';
import { useLocale } from './I18nRoot';

/** Values of a message's ICU arguments ({count}, {name}…). */
type MessageValues = Record<string, unknown>;

export type Translate<K extends string> = (key: K, values?: MessageValues) => string;

/**
 * A folder's messages: `english` is its messages/en.json (compiled at build time; the French and
 * Arabic files beside it load with their language). `namespace` is the folder's path under src/
 * (catalogues.ts); keys are local to the folder.
 *
 * - `useT()` in components: re-renders when the language changes.
 * - `t()` outside React (schemas' messages as functions, toasts): the language of the moment.
 */
export function defineMessages<K extends string>(namespace: string, english: Record<K, string>) {
  const t: Translate<K> = (key, values) => {
    // English is the fallback of a missing translation (a test keeps catalogues complete).
    const descriptor: MessageDescriptor = {
      id: `${namespace}.${key}`,
      message: english[key],
      values,
    };
    return i18n._(descriptor);
  };
  function useT(): Translate<K> {
    useLocale(); // re-renders on a language change
    return t;
  }
  return { t, useT, namespace, keys: Object.keys(english) as K[] };
}
