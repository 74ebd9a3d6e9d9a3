import { t } from './messages';

/** The code as sent: an app may show it in two groups of three. */
export const typedCode = (code: string) => code.replace(/\s/g, '');

/** Why the typed code cannot be an authenticator app's code, or undefined. */
export function codeError(code: string): string | undefined {
  const typed = typedCode(code);
  if (!typed) return t('codeRequired');
  return /^\d{6}$/.test(typed) ? undefined : t('codeDigits');
}

/** What a call asked of the admin came to: done, a message for its field, or failed (toasted). */
export type Outcome<T> = { done: T } | { fieldError: string } | { failed: true };
