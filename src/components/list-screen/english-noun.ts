import type { Noun } from './count';

/** A Noun in plain English for tests of the kit itself (a feature's nouns come from its messages). */
export const englishNoun = (one: string, other: string): Noun => ({
  id: one,
  count: (count) => `${count.toLocaleString('en-GB')} ${count === 1 ? one : other}`,
  plural: () => other,
});
