// How strong a new password is, by zxcvbn (@zxcvbn-ts): it estimates how many guesses an attacker
// needs, knowing the common passwords, English and French words and names, Arabic names written in
// Latin letters, keyboard patterns, dates, repeats, and the user's own details. A password scoring
// below 3 (of 0-4; 3 is "safely unguessable", about 10^8 guesses, enough against an online attack
// and a slow hash like ours) is refused with zxcvbn's English explanation.
//
// @zxcvbn-ts/language-ar is still at 3.1.0 (older than core 4): its lists are plain string arrays,
// which core 4 takes as they are. Its names are those without a language suffix, so they get the
// suffix here like the other languages' ("-ar" keeps "names" in the name, which is how zxcvbn tells
// a name from a word in its feedback). Its `wikipedia` list is empty; its translations are Arabic
// and unused (the API speaks English).
import type { ZxcvbnFactory, ZxcvbnResult } from '@zxcvbn-ts/core';
import { invalid } from '../api/problem';

/** The lowest accepted zxcvbn score. */
export const MIN_PASSWORD_SCORE = 3;

/** The `type` of the 422 issue of a password refused as too weak. */
const WEAK_PASSWORD_TYPE = 'password_strength';

/** What zxcvbn suggests when it has no specific advice (its "anotherWord" suggestion). */
const DEFAULT_ADVICE = 'Add more words that are less common.';

let factory: Promise<ZxcvbnFactory> | undefined;

/**
 * The estimator, built on first use: its dictionaries take a few MB and ~0.2 s to rank, which
 * a server that never sees a new password (and every start) should not pay.
 */
function estimator(): Promise<ZxcvbnFactory> {
  factory ??= (async () => {
    const [core, common, en, fr, ar] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
      import('@zxcvbn-ts/language-en'),
      import('@zxcvbn-ts/language-fr'),
      import('@zxcvbn-ts/language-ar'),
    ]);
    return new core.ZxcvbnFactory({
      translations: en.translations,
      graphs: common.adjacencyGraphs,
      dictionary: {
        ...common.dictionary,
        ...en.dictionary,
        ...fr.dictionary,
        'firstnames-ar': ar.dictionary.firstnames,
        'lastnames-ar': ar.dictionary.lastnames,
      },
    });
  })();
  // A failed load is tried again by the next call rather than kept.
  factory.catch(() => {
    factory = undefined;
  });
  return factory;
}

/**
 * The words zxcvbn should take as known to an attacker: the user's username, e-mail (and its
 * local part), full name (and each of its words), the shop's name and its words.
 */
export function personalWords(...values: (string | null | undefined)[]): string[] {
  const words = new Set<string>();
  for (const value of values) {
    const text = value?.trim().toLowerCase();
    if (!text) continue;
    words.add(text);
    const local = text.split('@')[0];
    if (local && local !== text) words.add(local);
    for (const part of text.split(/[\s@._-]+/)) if (part.length >= 3) words.add(part);
  }
  return [...words];
}

export async function estimatePassword(
  password: string,
  userInputs: string[] = [],
): Promise<ZxcvbnResult> {
  return (await estimator()).check(password, userInputs);
}

/** Why the password is too weak (zxcvbn's warning and suggestions), or null when strong enough. */
export async function weakPasswordReason(
  password: string,
  userInputs: string[] = [],
): Promise<string | null> {
  const { score, feedback } = await estimatePassword(password, userInputs);
  if (score >= MIN_PASSWORD_SCORE) return null;
  const advice = [feedback.warning, ...feedback.suggestions].filter(
    (text): text is string => typeof text === 'string' && text !== '',
  );
  return `Password is too weak: ${(advice.length > 0 ? advice : [DEFAULT_ADVICE]).join(' ')}`;
}

/** Throws 422 on `loc` (e.g. ['body', 'password']) when the password is too weak, saying why. */
export async function assertStrongPassword(
  password: string,
  loc: (string | number)[],
  userInputs: string[] = [],
): Promise<void> {
  const reason = await weakPasswordReason(password, userInputs);
  if (reason !== null) throw invalid(loc, reason, WEAK_PASSWORD_TYPE);
}
